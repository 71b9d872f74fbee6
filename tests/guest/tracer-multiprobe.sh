# Several probes on one event.  lifecycle=today (as the kernel's tracer): a
# second p:EVENT OTHER_SYM with the same fields is appended (one event,
# several probe points; other fields, another probe kind or the very same
# probe are refused with EEXIST); -:EVENT SYM deletes only the matching
# probe, -:EVENT all; kprobe_profile has one line per probe.
# lifecycle=seed: redefining an EVENT replaces it.
# timeout: 120
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
EV=$TRACEFS/events/kprobetrace
PROF=$KPT/kprobe_profile

expect() {
	want=$1; shift
	got=$(kpt-write -a $E "$*\n")
	[ "$got" = "$want" ] || { cat $LOG; fail "'$*': got '$got', want $want"; }
}
prof() { awk -v n="$1" '$1 == n { printf "%s ", $2 }' $PROF; }

# seed: replaces
expect OK 'p:mp kpt_test_six_args val=%di'
expect OK 'p:mp kpt_test_ret val=%di'
assert_eq "$(cat $E)" 'p:kprobetrace/mp kpt_test_ret val=%di' "seed: replaced"
echo > $E

rmmod kprobetrace || fail "unloading"
insmod /kpt/kprobetrace.ko lifecycle=today || fail "loading with lifecycle=today"

expect OK 'p:mp kpt_test_six_args val=%di'
id=$(cat $EV/mp/id)
expect OK 'p:mp kpt_test_obj_walk val=%di'
expect OK 'p:mp kpt_test_ret val=%di'
cat $E
assert_eq "$(grep -c '^p:kprobetrace/mp ' $E)" 3 "three probes listed"
assert_file_has $E '^p:kprobetrace/mp kpt_test_obj_walk val=%di$' "obj_walk listed"
assert_eq "$(ls $EV | grep -c mp)" 1 "one event"
assert_eq "$(cat $EV/mp/id)" "$id" "same event"
echo 1 > $EV/mp/enable
echo > $T
echo "six_args 2" > $KPT_TEST/call
echo "obj_walk 3" > $KPT_TEST/call
echo "ret 1" > $KPT_TEST/call
cat $PROF
assert_eq "$(prof mp)" "2 3 1 " "one profile line per probe"
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/' $T)" 2 "six_args records"
assert_eq "$(grep -c 'kpt_test_obj_walk+'"$E0"'/' $T)" 3 "obj_walk records"
assert_eq "$(grep -c 'kpt_test_ret+'"$E0"'/' $T)" 1 "ret records"
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/.*0x11$' $T)" 2 "six_args value"

# what cannot be appended
kpt-write -t $LOG '' > /dev/null
expect 'write: EEXIST' 'p:mp kpt_test_string other=%di'
assert_file_has $LOG "the arguments differ from event mp's" "error_log: other fields"
grep -A2 'arguments differ' $LOG | tail -n 1 | grep -Eq '^ {32}\^$' || { cat $LOG; fail "caret at the arguments"; }
expect 'write: EEXIST' 'p:mp kpt_test_string val=%di:u32'
expect 'write: EEXIST' 'p:mp kpt_test_string'
expect 'write: EEXIST' 'r:mp kpt_test_string val=%di'
assert_file_has $LOG 'event mp has entry probes: cannot append a return probe' "error_log: kind"
expect 'write: EEXIST' 'p:mp kpt_test_ret val=%di'
assert_file_has $LOG 'event mp already has this probe' "error_log: same probe"
assert_eq "$(grep -c '^p:kprobetrace/mp ' $E)" 3 "nothing appended"

# deleting one probe of an enabled event: EBUSY (today's lifecycle)
expect 'write: EBUSY' '-:mp kpt_test_obj_walk'
echo 0 > $EV/mp/enable
# the first probe (the one the event was made with) goes; the event stays
expect OK '-:mp kpt_test_six_args'
assert_eq "$(grep -c '^p:kprobetrace/mp ' $E)" 2 "two probes left"
grep -q 'kpt_test_six_args' $E && fail "six_args probe still listed"
assert_eq "$(cat $EV/mp/id)" "$id" "the event stayed"
assert_eq "$(prof mp)" "3 1 " "profile without the deleted probe"
echo 1 > $EV/mp/enable
echo > $T
echo "six_args 2" > $KPT_TEST/call
echo "obj_walk 1" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/' $T)" 0 "deleted probe silent"
assert_eq "$(grep -c 'kpt_test_obj_walk+'"$E0"'/' $T)" 1 "remaining probe records"
# appending to an enabled event arms the new probe at once
expect OK 'p:mp kpt_test_six_args val=%si'
echo "six_args 1" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/.*0x22$' $T)" 1 "appended probe armed at once"
echo 0 > $EV/mp/enable
# by point and args
expect 'write: ENOENT' '-:mp kpt_test_obj_walk %si'
assert_file_has $LOG 'no event mp with such a probe to delete' "error_log: no such probe"
expect OK '-:mp kpt_test_obj_walk %di'
assert_eq "$(grep -c '^p:kprobetrace/mp ' $E)" 2 "two probes left"
expect OK '-:mp'
[ -d $EV/mp ] && fail "mp not removed"
assert_eq "$(cat $E)" "" "all gone"

# several probes in one write; all or nothing
expect OK 'p:m2 kpt_test_ret v=%di\np:m2 kpt_test_six_args v=%di\np:m2 kpt_test_obj_walk v=%di'
assert_eq "$(grep -c '^p:kprobetrace/m2 ' $E)" 3 "three probes from one write"
expect 'write: EEXIST' 'p:m3 kpt_test_ret v=%di\np:m3 kpt_test_six_args w=%di'
[ -d $EV/m3 ] && fail "m3 made by a refused write"
# a new event replacing a deleted one in the same write
expect OK '-:m2\np:m2 kpt_test_string s=%di'
assert_eq "$(cat $E)" 'p:kprobetrace/m2 kpt_test_string s=%di' "made anew"
expect OK 'p:m2 kpt_test_ret s=%di\n-:m2 kpt_test_string'
assert_eq "$(cat $E)" 'p:kprobetrace/m2 kpt_test_ret s=%di' "delete the first, append in one write"
# (one type: the module's BTF, where it has one, types them differently)
expect OK 'r:rm kpt_test_ret v=$retval:x64'
expect OK 'r:rm kpt_test_six_args v=$retval:x64'
echo 1 > $EV/rm/enable
echo > $T
echo "ret 2" > $KPT_TEST/call
echo "six_args 1" > $KPT_TEST/call
assert_eq "$(prof rm)" "2 1 " "return probes appended"
echo 0 > $EV/rm/enable

# the listing writes back as it is
cat $E > /tmp/l1
echo > $E
assert_eq "$(kpt-write -f /tmp/l1 $E)" OK "writing the listing back"
cat $E > /tmp/l2
cmp /tmp/l1 /tmp/l2 || { diff /tmp/l1 /tmp/l2; fail "listing differs"; }
# a probe on a module not loaded yet appended to an event
expect OK 'p:rm2 kprobetrace_modtest:kpt_modtest_core v=%di'
expect OK 'p:rm2 kpt_test_ret v=%di'
echo 1 > $EV/rm2/enable
insmod /kpt/kprobetrace_modtest.ko || fail "loading modtest"
echo "ret 1" > $KPT_TEST/call
assert_eq "$(prof rm2)" "1 1 " "module probe armed into an enabled event"
rmmod kprobetrace_modtest
echo 0 > $EV/rm2/enable
echo > $E || fail "clearing"

# concurrency: appending and deleting probes of one event while it is
# enabled and disabled and its probes fire (errors such as EBUSY expected)
echo 'p:sh kpt_test_ret v=%di' > $E
for sym in kpt_test_six_args kpt_test_obj_walk kpt_test_string; do
	(i=0; while [ $i -lt 25 ]; do
		kpt-write -a $E "p:sh $sym v=%di\n" > /dev/null
		kpt-write -a $E "-:sh $sym\n" > /dev/null
		i=$((i + 1)); done) &
done
(i=0; while [ $i -lt 40 ]; do echo 1 > $EV/sh/enable; echo 0 > $EV/sh/enable; i=$((i + 1)); done) &
(i=0; while [ $i -lt 40 ]; do for t in six_args obj_walk string ret; do echo "$t 5" > $KPT_TEST/call; done; cat $E $PROF > /dev/null; i=$((i + 1)); done) &
wait
echo 0 > $EV/sh/enable
cat $E
grep -q '^p:kprobetrace/sh kpt_test_ret v=%di$' $E || fail "the first probe of sh went"
echo > $E || fail "clearing after the concurrent run"
rmmod kprobetrace || fail "unloading"
insmod /kpt/kprobetrace.ko || fail "reloading"
echo "multiprobe OK"
