# Our tracer and the kernel's own kprobe_events in one boot: probes on the
# same function, both recording, each cleared without disturbing the other.
. /kpt/lib.sh

E=$KPT/kprobe_events
K=$TRACEFS/kprobe_events
T=$TRACEFS/trace
echo > $T

echo 'p:kprobes/kin kpt_test_six_args arg1=$arg1' > $K || fail "in-kernel probe"
echo 1 > $TRACEFS/events/kprobes/kin/enable
echo 'p:ours kpt_test_six_args a0' > $E || fail "our probe"
echo 'r:oursr kpt_test_six_args rv' >> $E
echo 'r:kprobes/kinr kpt_test_six_args ret=$retval' >> $K || fail "in-kernel return probe"
echo 1 > $TRACEFS/events/kprobes/kinr/enable
[ -d $TRACEFS/events/kprobes/kin ] && [ -d $TRACEFS/events/kprobetrace/ours ] || fail "events"

echo "six_args 4" > $KPT_TEST/call
cat $T | tail -n 8
assert_eq "$(grep -c 'kin: (kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]) arg1=0x11' $T)" 4 "in-kernel entry records"
# (6.12's tracer types $retval from BTF: a long prints in decimal)
assert_eq "$(grep -Ec 'kinr: \(call_six_args\+0x[0-9a-f]*/0x[0-9a-f]* \[kprobetrace_test\] <- kpt_test_six_args\) ret=(0x165|357)$' $T)" 4 "in-kernel return records"
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x11$' $T)" 4 "our entry records"
assert_eq "$(grep -c ' call_six_args+0x[0-9a-f]*/0x[0-9a-f]* \[kprobetrace_test\] <- kpt_test_six_args \[kprobetrace_test\]: 0x165$' $T)" 4 "our return records (true caller)"
grep -E '^  (kin|kinr) +4 +0' $TRACEFS/kprobe_profile | wc -l | grep -q 2 || { cat $TRACEFS/kprobe_profile; fail "in-kernel profile"; }
grep -E '^  (ours|oursr) +4 +0' $KPT/kprobe_profile | wc -l | grep -q 2 || { cat $KPT/kprobe_profile; fail "our profile"; }

# clearing ours leaves the kernel's probes working
echo > $E
echo > $T
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(grep -c 'kin: ' $T)" 2 "in-kernel still records"
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]:' $T)" 0 "ours gone"
assert_eq "$(wc -l < $K)" 2 "in-kernel definitions untouched"

# and the other way round
echo 'p:ours2 kpt_test_six_args a1' > $E
echo 0 > $TRACEFS/events/kprobes/kin/enable
echo 0 > $TRACEFS/events/kprobes/kinr/enable
echo > $K || fail "clearing the in-kernel probes"
echo > $T
echo "six_args 3" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x22$' $T)" 3 "ours still records"
assert_eq "$(grep -c 'kin: ' $T)" 0 "theirs gone"
echo > $E
echo "side by side OK"
