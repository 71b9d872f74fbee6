# Unloading kprobetrace with probes defined and enabled cleans up; an
# event enabled in another trace instance refuses the unload (and the
# clearing of kprobe_events) until it is disabled.  No crash either way,
# also when the trace is read afterwards.
. /kpt/lib.sh

E=$KPT/kprobe_events
T=$TRACEFS/trace
echo > $T
echo 'p:u1 kpt_test_six_args a0' > $E
echo 'r:u2 kpt_test_six_args rv' >> $E
echo 'p:u3 kpt_test_ret' >> $E
echo 0 > $TRACEFS/events/kprobetrace/u3/enable
# returns with entry values: a kretprobe's entry handler, an f: exit's
# rethook nodes (an exit set too)
echo 'r:u2e kpt_test_six_args a=$arg1' >> $E || fail "r: with \$arg1"
echo 'f:u2f kpt_test_six_args%return a=$arg1 r=$retval' >> $E || fail "f: exit"
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(grep -c 'u2e: (.* <- kpt_test_six_args) a=0x11$' $T)" 2 "r: entry values"
# (r=357 where the test module carries BTF, which types $retval s64)
assert_eq "$(grep -Ec 'u2f: \(.* <- kpt_test_six_args\) a=0x11 r=(0x165|357)$' $T)" 2 "f: exit entry values"
# (reading the trace with vfs_read traced would never end: not read now)
echo 'f:grp/u2s kpt_test_*,vfs_*:exit a=$arg2' >> $E || fail "f: exit set"
echo "six_args 2" > $KPT_TEST/call
rmmod kprobetrace || fail "rmmod with enabled probes"
[ -d $TRACEFS/events/kprobetrace ] && fail "events/kprobetrace still there"
assert_eq "$(grep -c . $EF)" 0 "nothing armed after the unload"
cat $T > /dev/null || fail "reading the trace after unload"
echo "six_args 2" > $KPT_TEST/call
insmod /kpt/kprobetrace.ko || fail "reloading"

# enabled in a second trace instance: the module is pinned
echo 'p:u4 kpt_test_six_args a1' > $E
mkdir $TRACEFS/instances/kpt || fail "instance"
echo 1 > $TRACEFS/instances/kpt/events/kprobetrace/u4/enable || fail "enable in the instance"
echo "six_args 3" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x22$' $TRACEFS/instances/kpt/trace)" 3 "instance records"
rmmod kprobetrace 2>/dev/null && fail "unloaded while enabled in an instance"
got=$(kpt-write -t $E '')
assert_eq "$got" "open: EBUSY" "clearing while enabled in an instance"
assert_file_has $KPT/error_log 'event u4 is in use' "error_log says why"
# nor can it be replaced or deleted
assert_eq "$(kpt-write -a $E 'p:u4 kpt_test_ret\n')" "write: EBUSY" "replacing u4"
assert_file_has $KPT/error_log 'event u4 cannot be replaced or deleted' "error_log for replacing"
assert_eq "$(kpt-write -a $E '-:u4\n')" "write: EBUSY" "deleting u4"
assert_file_has $E '^p:u4 kpt_test_six_args\+0 a1$' "u4 unchanged"
echo 0 > $TRACEFS/instances/kpt/events/kprobetrace/u4/enable
rmdir $TRACEFS/instances/kpt || fail "removing the instance"
rmmod kprobetrace || fail "rmmod after disabling"
insmod /kpt/kprobetrace.ko || fail "reloading"

# a removed instance does not leave a dangling link: the probe still works
echo 'p:u5 kpt_test_six_args a2' > $E
mkdir $TRACEFS/instances/kpt2
echo 1 > $TRACEFS/instances/kpt2/events/kprobetrace/u5/enable
echo "six_args 1" > $KPT_TEST/call
rmdir $TRACEFS/instances/kpt2 || fail "removing an instance with our event enabled"
echo > $T
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x33$' $T)" 2 "top instance records"
echo > $E
rmmod kprobetrace || fail "rmmod after the instance went"
insmod /kpt/kprobetrace.ko || fail "reloading"
echo "unload OK"

# the probed module goes away under enabled probes, and comes back
echo 'p:m1 kpt_test_six_args a0' > $E
echo 'r:m2 kpt_test_ret rv' >> $E
echo "six_args 1" > $KPT_TEST/call
rmmod kprobetrace_test || fail "rmmod kprobetrace_test under our probes"
cat $E > /dev/null
cat $KPT/kprobe_profile
cat $T > /dev/null || fail "reading the trace"
insmod /kpt/kprobetrace_test.ko || fail "reloading kprobetrace_test"
echo "six_args 1" > $KPT_TEST/call
echo > $E || fail "clearing probes of the gone module"
echo 'p:m3 kpt_test_six_args a0' > $E || fail "probing the reloaded module"
echo "six_args 2" > $KPT_TEST/call
assert_file_has $KPT/kprobe_profile '^  m3 +2 +0$' "probe on the reloaded module"
echo > $E
echo "module reload OK"
