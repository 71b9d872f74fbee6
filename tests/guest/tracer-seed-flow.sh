# matrix: core
# The seed's usage example on kprobetrace_test's six-argument function:
# define an entry and a return probe (live at once), read the format file,
# call the target, clear every probe, then read the trace: the records of
# the removed probes still print in the seed's format.
. /kpt/lib.sh

echo 0 > $TRACEFS/tracing_on; echo > $TRACEFS/trace; echo 1 > $TRACEFS/tracing_on
echo 'p:myprobe kpt_test_six_args a0 a1 a2 a3 a4 a5' > $KPT/kprobe_events || fail "adding myprobe"
echo 'r:myretprobe kpt_test_six_args rv ra' >> $KPT/kprobe_events || fail "adding myretprobe"

cat $KPT/kprobe_events
assert_eq "$(cat $KPT/kprobe_events | wc -l)" 2 "two definitions listed"
assert_file_has $KPT/kprobe_events '^p:myprobe kpt_test_six_args(\+0)? a0 a1 a2 a3 a4 a5$' "entry listing"
assert_file_has $KPT/kprobe_events '^r:myretprobe kpt_test_six_args(\+0)? rv ra$' "return listing"

D=$TRACEFS/events/kprobetrace
[ -d $D/myprobe ] || fail "no events/kprobetrace/myprobe"
cat $D/myprobe/format
assert_eq "$(cat $D/myprobe/enable)" 1 "myprobe enabled at once"
assert_file_has $D/myprobe/format '^name: myprobe$' "format name"
# offsets from the first own field (rec_base: 8, or 16 on 6.1 PREEMPT_RT)
B=$(rec_base $D/myprobe/format)
assert_file_has $D/myprobe/format "field:unsigned long ip;[[:space:]]*offset:$B;[[:space:]]*size:8;" "ip field"
assert_file_has $D/myprobe/format "field:int nargs;[[:space:]]*offset:$((B + 8));[[:space:]]*size:4;" "nargs field"
assert_file_has $D/myprobe/format "field:unsigned long arg0;[[:space:]]*offset:$((B + 16));[[:space:]]*size:8;" "arg0 field"
assert_file_has $D/myprobe/format "field:unsigned long arg5;[[:space:]]*offset:$((B + 56));[[:space:]]*size:8;" "arg5 field"
assert_file_has $D/myprobe/format "field:unsigned long a0;[[:space:]]*offset:$((B + 16));[[:space:]]*size:8;" "alias a0"
assert_file_has $D/myprobe/format '^print fmt: "%lx: 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx 0x%lx", REC->ip, REC->arg0, REC->arg1, REC->arg2, REC->arg3, REC->arg4, REC->arg5$' "print fmt"
cat $D/myretprobe/format
assert_eq "$(rec_base $D/myretprobe/format)" $B "the same common fields"
assert_file_has $D/myretprobe/format "field:unsigned long func;[[:space:]]*offset:$B;" "func field"
assert_file_has $D/myretprobe/format "field:unsigned long ret_ip;[[:space:]]*offset:$((B + 8));" "ret_ip field"
assert_file_has $D/myretprobe/format "field:unsigned long rv;[[:space:]]*offset:$((B + 24));" "alias rv"
assert_file_has $D/myretprobe/format '^print fmt: "%lx <- %lx: 0x%lx 0x%lx", REC->ret_ip, REC->func, REC->arg0, REC->arg1$' "ret print fmt"
id=$(cat $D/myprobe/id)
assert_match "$id" '^[0-9]+$' "id"

echo "six_args 3" > $KPT_TEST/call
cat $KPT/kprobe_profile
assert_file_has $KPT/kprobe_profile '^  myprobe +3 +0$' "myprobe hits"
assert_file_has $KPT/kprobe_profile '^  myretprobe +3 +0$' "myretprobe hits"

echo > $KPT/kprobe_events || fail "clearing"
assert_eq "$(cat $KPT/kprobe_events)" "" "cleared"
[ -d $D/myprobe ] && fail "myprobe still in tracefs"
cat $TRACEFS/trace
n=$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x11 0x22 0x33 0x44 0x55 0x66$' $TRACEFS/trace)
assert_eq "$n" 3 "entry records after clearing"
n=$(grep -Ec ' [a-z_]+\+0x[0-9a-f]+/0x[0-9a-f]+ \[kprobetrace_test\] <- kpt_test_six_args \[kprobetrace_test\]: 0x165 0xffffffff[0-9a-f]+$' $TRACEFS/trace)
assert_eq "$n" 3 "return records after clearing"
grep -q 'Unknown type' $TRACEFS/trace && fail "unknown types in the trace"
echo "seed flow OK"
