# Today's types on an event with several probes (lifecycle=today): each
# probe records its own values in the event's layout, strings included;
# a probe whose records would be in the other format (seed vs today's) is
# not appended (EEXIST); the records still print after removal.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
EV=$TRACEFS/events/kprobetrace

expect() {
	want=$1; shift
	got=$(kpt-write -a $E "$*\n")
	[ "$got" = "$want" ] || { cat $LOG; fail "'$*': got '$got', want $want"; }
}

rmmod kprobetrace || fail "unloading"
insmod /kpt/kprobetrace.ko lifecycle=today || fail "loading with lifecycle=today"

expect OK 'p:tm kpt_test_types s=+0(+24(%di)):string n=%cx:s16'
expect OK 'p:tm kpt_test_string s=+0(%di):string n=%si:s16'
cat $E
echo 1 > $EV/tm/enable
echo > $T
echo "types 1" > $KPT_TEST/call
echo "string 1" > $KPT_TEST/call
echo 0 > $EV/tm/enable
cat $T
assert_file_has $T ' tm: \(kpt_test_types\+'"$E0"'/0x[0-9a-f]+ \[kprobetrace_test\]\) s="types-name" n=7$' "first probe's record"
assert_file_has $T ' tm: \(kpt_test_string\+'"$E0"'/0x[0-9a-f]+ \[kprobetrace_test\]\) s="kprobetrace" n=' "appended probe's record"

# the seed's format and today's do not mix in one event
# (MOD:SYM is today's syntax; a line without args or MOD: is valid in both)
expect OK 'p:tmix kprobetrace_test:kpt_test_ret'
expect 'write: EEXIST' 'p:tmix kpt_test_six_args'
grep -q "records in today's format: cannot append a probe in the seed's" $LOG || { cat $LOG; fail "no error_log reason"; }
expect OK 'p:tmix2 kpt_test_ret'
expect 'write: EEXIST' 'p:tmix2 kprobetrace_test:kpt_test_six_args'

before=$(grep ' tm: ' $T)
echo > $E || fail "clearing"
assert_eq "$(grep ' tm: ' $T)" "$before" "records after removal"
echo "types-multi OK"
