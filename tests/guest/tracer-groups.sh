# Event groups: p:GRP/EVENT puts the event in events/GRP/EVENT; the same
# name in two groups is two events; -:GRP/EVENT deletes one, -:EVENT every
# group's; the listing names the group; groups of the kernel's own events
# (sched, the kernel tracer's kprobes, ...) and reserved names are refused.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
EV=$TRACEFS/events

expect() {
	want=$1; shift
	got=$(kpt-write -a $E "$*\n")
	[ "$got" = "$want" ] || { cat $LOG; fail "'$*': got '$got', want $want"; }
}

expect OK 'p:grp1/ev kpt_test_six_args a0'
expect OK 'p:grp2/ev kpt_test_six_args a1 a2'
expect OK 'p:ev kpt_test_ret'
expect OK 'r:grp2/rev kpt_test_ret rv'
cat $E
assert_file_has $E '^p:grp1/ev kpt_test_six_args arg1=\$arg1$' "grp1/ev listed with its group"
assert_file_has $E '^p:grp2/ev kpt_test_six_args arg1=\$arg2 arg2=\$arg3$' "grp2/ev listed"
assert_file_has $E '^p:ev kpt_test_ret\+0$' "default group listed without it"
assert_file_has $E '^r:grp2/rev kpt_test_ret arg1=\$retval$' "grp2/rev listed"
for d in grp1/ev grp2/ev kprobetrace/ev grp2/rev; do
	[ -f $EV/$d/id ] || fail "no events/$d"
done
id1=$(cat $EV/grp1/ev/id); id2=$(cat $EV/grp2/ev/id); id3=$(cat $EV/kprobetrace/ev/id)
[ "$id1" != "$id2" ] && [ "$id2" != "$id3" ] && [ "$id1" != "$id3" ] || fail "ids not distinct: $id1 $id2 $id3"
assert_file_has $EV/grp2/ev/format 'field:.* arg2;' "grp2/ev has two args"
grep -q 'arg2;' $EV/grp1/ev/format && fail "grp1/ev has one arg"

# each records its own values
echo > $T
echo "six_args 3" > $KPT_TEST/call
echo "ret 2" > $KPT_TEST/call
cat $T | tail -n 4
assert_eq "$(grep -Ec 'kpt_test_six_args\+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\].*[ =]0x11$' $T)" 3 "grp1/ev records"
assert_eq "$(grep -Ec 'kpt_test_six_args\+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\].*[ =]0x22 (arg2=)?0x33$' $T)" 3 "grp2/ev records"
assert_eq "$(grep -Ec '<- kpt_test_ret.*[ =]0x1234abcd$' $T)" 2 "grp2/rev records"
# the group's enable file works on our events
echo 0 > $EV/grp2/enable
assert_eq "$(cat $EV/grp2/ev/enable)$(cat $EV/grp2/rev/enable)" 00 "grp2 disabled"
echo > $T
echo "six_args 1" > $KPT_TEST/call
assert_eq "$(grep -Ec '[ =]0x22 (arg2=)?0x33$' $T)" 0 "grp2/ev disabled"
assert_eq "$(grep -Ec '[ =]0x11$' $T)" 1 "grp1/ev still on"
echo 1 > $EV/grp2/enable

# -:GRP/EVENT deletes that one only
expect OK '-:grp1/ev'
[ -d $EV/grp1/ev ] && fail "grp1/ev not removed"
[ -d $EV/grp1 ] && fail "empty group grp1 not removed"
[ -d $EV/grp2/ev ] && [ -d $EV/kprobetrace/ev ] || fail "other ev removed"
expect 'write: ENOENT' '-:grp1/ev'
assert_file_has $LOG 'no event grp1/ev to delete' "error_log for a missing event"
# -:EVENT deletes the event of that name in every group
expect OK '-:ev'
[ -d $EV/grp2/ev ] || [ -d $EV/kprobetrace/ev ] && fail "-:ev left an ev"
assert_eq "$(cat $E)" 'r:grp2/rev kpt_test_ret arg1=$retval' "only grp2/rev left"

# replacing works within a group
expect OK 'p:grp3/x kpt_test_ret'
expect OK 'p:grp3/x kpt_test_six_args a3'
assert_file_has $E '^p:grp3/x kpt_test_six_args arg1=\$arg4$' "grp3/x replaced"
assert_eq "$(grep -c '^p:grp3/x ' $E)" 1 "one grp3/x"

# refused groups: the kernel's own systems and reserved names
for g in sched syscalls kprobes uprobes enable header_page; do
	# (a kernel without syscall tracepoints, e.g. the debug kernel, has no syscalls/)
	[ $g = syscalls ] && [ ! -d $EV/syscalls ] && continue
	expect 'write: EINVAL' "p:$g/mine kpt_test_ret"
done
assert_file_has $LOG 'group sched holds events that are not kprobetrace.s \(sched/' "error_log for sched"
assert_file_has $LOG 'group kprobes is reserved' "error_log for kprobes"
assert_file_has $LOG '^  Command: p:sched/mine kpt_test_ret$' "command logged"
grep -A1 -F 'Command: p:sched/mine' $LOG | tail -n 1 | grep -Eq '^ {13}\^$' || { cat $LOG; fail "caret at the group"; }
# a group in which the kernel's tracer has events
echo 'p:kgrp/kin kpt_test_ret' > $TRACEFS/kprobe_events || fail "in-kernel probe"
expect 'write: EINVAL' 'p:kgrp/mine kpt_test_ret'
assert_file_has $LOG 'group kgrp holds events that are not kprobetrace.s \(kgrp/kin\)' "error_log for kgrp"
echo > $TRACEFS/kprobe_events
expect OK 'p:kgrp/mine kpt_test_ret'
# nothing of a refused write was applied
grep 'mine' $E | grep -qv kgrp && fail "a refused group was applied"

# the listing with groups writes back
cat $E > /tmp/l1
echo > $E
assert_eq "$(kpt-write -f /tmp/l1 $E)" OK "writing the listing back"
cat $E > /tmp/l2
cmp /tmp/l1 /tmp/l2 || { diff /tmp/l1 /tmp/l2; fail "listing differs"; }
# O_TRUNC removes every group's events
echo > $E
ls $EV | grep -E '^(grp|kgrp)' && fail "groups left after clearing"
echo "groups OK"
