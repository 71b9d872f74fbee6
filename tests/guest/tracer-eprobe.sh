# matrix: core
# e: events (event probes) on every kernel: sched_switch's fields read by
# an e: event, checked against the kernel's own sched_switch record of the
# same switch (both come from the one tracepoint call, on its CPU); a
# __data_loc string field (sched_process_exec's filename); an e: event on
# one of our own events (a t: event on a test module's tracepoint) with
# known values; hits only while enabled; the attached event cannot be
# removed while an e: event uses it, and the reverse order works; filters
# (if ...): numbers, strings and globs, the task's name, && || ! ( ), with
# exact counts on the test module's event and sched_switch's records
# beside the kernel's own, filtered by the same filter; a CPU onlined
# after the write, or offlined and onlined while enabled; the errors a
# write gets (no such event, field, a bad filter, an e: event on an e:
# event), with nothing half-applied; the command's list.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
D=$TRACEFS/events/eprobes
M=kprobetrace_modtest
[ -d $TRACEFS/events/sched/sched_switch ] || skip "no sched/sched_switch event"

define "e:eprobes/esw sched/sched_switch pp=\$prev_pid:s32 np=\$next_pid:s32 nc=\$next_comm:string prio=\$prev_prio"
define "e:eprobes/ex sched.sched_process_exec fn=\$filename:string pid=\$pid:s32 c=\$comm:string"
cat $E
assert_file_has $E '^e:eprobes/esw sched\.sched_switch pp=\$prev_pid:s32' "listing"
fmt_has $D/esw s32 pp
fmt_has $D/esw u64 prio
grep -q __probe_ip $D/esw/format && fail "an e: record has no ip field"
grep -q 'print fmt: " pp=%d np=%d nc=\\"%s\\" prio=0x%llx", REC->pp' $D/esw/format ||
	{ cat $D/esw/format; fail "print fmt"; }

# hits only while enabled (the seed's lifecycle enables at once)
echo 0 > $D/enable
n0=$(hits esw)
sleep 0.1
assert_eq "$(hits esw)" "$n0" "no hit while disabled"

echo > $T
echo 1 > $TRACEFS/events/sched/sched_switch/enable
echo 1 > $D/enable
for i in 1 2 3 4 5; do sleep 0.02; done
/bin/true
echo 0 > $D/enable
echo 0 > $TRACEFS/events/sched/sched_switch/enable
n=$(hits esw)
[ "$((n - n0))" -gt 4 ] || fail "esw: $n hits"
sleep 0.1
assert_eq "$(hits esw)" "$n" "no hit after disabling"

# each of our records against the kernel's beside it on its CPU
NORM='
function norm(l, ours,   a, i, w, pp, np, nc, pr) {
	if (ours)
		return l
	w = split(l, a, " ")
	for (i = 1; i <= w; i++) {
		if (a[i] ~ /^prev_pid=/) pp = substr(a[i], 10)
		if (a[i] ~ /^next_pid=/) np = substr(a[i], 10)
		if (a[i] ~ /^next_comm=/) nc = substr(a[i], 11)
		if (a[i] ~ /^prev_prio=/) pr = substr(a[i], 11)
	}
	return sprintf("pp=%d np=%d nc=\"%s\" prio=0x%x", pp, np, nc, pr)
}'
beside esw sched_switch "$NORM"
grep -q ' ex: (sched\.sched_process_exec) fn="/bin/true" pid=[0-9]* c="true"$' $T ||
	{ grep ' ex: ' $T; fail "ex: a __data_loc string"; }

# a filter on sched_switch: the kernel's sched_switch records, filtered
# by the same filter (its filter file), beside ours and none between ours
# missing from ours
F='prev_pid != 0 && (next_comm ~ "*sh*" || prev_comm ~ "kworker*" || next_pid < 10) && !(prev_prio > 200)'
define "e:eprobes/fsw sched/sched_switch pp=\$prev_pid:s32 np=\$next_pid:s32 nc=\$next_comm:string prio=\$prev_prio if $F"
echo 0 > $D/fsw/enable
echo "$F" > $TRACEFS/events/sched/sched_switch/filter
echo > $T
echo 1 > $TRACEFS/events/sched/sched_switch/enable
echo 1 > $D/fsw/enable
for i in 1 2 3 4; do sleep 0.02; done
echo 0 > $D/fsw/enable
echo 0 > $TRACEFS/events/sched/sched_switch/enable
echo 0 > $TRACEFS/events/sched/sched_switch/filter
beside fsw sched_switch "$NORM"
beside_all fsw sched_switch
# a __data_loc string, globbed: only /bin/true's exec
define "e:eprobes/fx sched.sched_process_exec fn=\$filename:string if filename ~ \"*/tr?e\" && !(filename ~ \"/usr*\")"
/bin/true
/bin/sh -c :
echo 0 > $D/fx/enable
assert_eq "$(grep -c ' fx: ' $T)" 1 "fx: one exec of /bin/true"

# on our own event: a t: event on the test module's tracepoint
insmod /kpt/$M.ko calls=0 || fail "insmod"
define "t:tpm/src $M:kpt_modtest_tp v=\$arg1:s64 w=\$arg2"
define "e:eprobes/eo tpm.src v=\$v w=\$w:s32 c=\$comm:string vs=\$v:s64"
assert_file_has $TRACEFS/events/tpm/src/format 'field:u64 w' "t: w"
echo 0 > $D/eo/enable
echo > $T
echo 1 > $D/eo/enable
echo 7 > /sys/kernel/debug/$M/call
echo -3 > /sys/kernel/debug/$M/call
echo 0 > $D/eo/enable
assert_eq "$(hits eo)" 2 "two records of our t: event"
assert_eq "$(grep -c ' eo: (tpm\.src) ' $T)" 2 "two records"
# an untyped field is an x64, sign-extended from a signed field
grep -q ' eo: (tpm\.src) v=0x7 w=14 c="sh" vs=7$' $T || { cat $T; fail "eo: 7"; }
grep -q ' eo: (tpm\.src) v=0xfffffffffffffffd w=-6 c="sh" vs=-3$' $T ||
	{ cat $T; fail "eo: -3"; }

# filters on it: each value's record where the filter takes it
define "e:eprobes/f1 tpm.src v=\$v:s64 if v > 0 && w != 14"
define "e:eprobes/f2 tpm.src v=\$v:s64 if v < 0 || (v >= 5 && !(w & 4))"
define "e:eprobes/f3 tpm.src v=\$v:s64 if comm == \"sh\" && common_pid > 0 && CPU >= 0"
define "e:eprobes/f4 tpm.src v=\$v:s64 if comm ~ \"s*\" && comm ~ \"*h\" && comm ~ \"[a-s]?\" && comm != \"bash\" && v == -3"
define "e:eprobes/f5 tpm.src v=\$v:s64 if !comm ~ \"s[!x]\" || v & 0x100"
echo > $T
for v in 7 -3 5 0; do echo $v > /sys/kernel/debug/$M/call; done
echo 0 > $D/enable
got=""
for e in f1 f2 f3 f4 f5; do
	got="$got $e:$(grep " $e: " $T | sed 's/.*v=//' | tr '\n' ,)$(hits $e)"
done
# f5: -3 has bit 8 (a signed field's & is on its two's complement)
assert_eq "$got" " f1:5,1 f2:-3,5,2 f3:7,-3,5,0,4 f4:-3,1 f5:-3,1" "filtered records, hits"
for e in f1 f2 f3 f4 f5; do echo "-:eprobes/$e" >> $E || fail "-:eprobes/$e"; done

# the attached event stays while an e: event uses it; the reverse works
r=$(kpt-write -a $E "-:tpm/src\n")
[ "$r" != OK ] || fail "the attached event removed under its e: event"
grep -q '^t:tpm/src ' $E || fail "tpm/src gone after the refusal"
echo "-:eprobes/eo" >> $E || fail "-:eprobes/eo"
echo "-:tpm/src" >> $E || { cat $LOG; fail "-:tpm/src after its e: event went"; }
rmmod $M || fail "rmmod"

# CPUs that come later: an e: event written while CPU 1 is offline hits
# on it once it is online, and again after it went and came back enabled
C1=/sys/devices/system/cpu/cpu1/online
# (the counters of a CPU that came are made by a worker: within 3 s)
cpu1_hits() {
	for i in $(seq 30); do
		taskset -c 1 sh -c 'sleep 0.05; sleep 0.05'
		grep -q '\[001\].* esw: ' $T && return 0
	done
	return 1
}
if [ -w $C1 ]; then
	echo "-:eprobes/esw" >> $E || fail "-:eprobes/esw"
	echo 0 > $C1 || fail "CPU 1 offline"
	define "e:eprobes/esw sched/sched_switch pp=\$prev_pid:s32"
	echo 0 > $D/esw/enable
	echo 1 > $C1 || fail "CPU 1 online"
	echo > $T
	echo 1 > $D/esw/enable
	cpu1_hits || { cat $T; fail "no e: hit on a CPU onlined after the write"; }
	echo 0 > $C1 || fail "CPU 1 offline (enabled)"
	echo 1 > $C1 || fail "CPU 1 online (enabled)"
	echo > $T
	cpu1_hits || { cat $T; fail "no e: hit on CPU 1 after it went and came"; }
	echo 0 > $D/esw/enable
else
	echo "note: CPU 1 cannot go offline here: the hotplug case is not run"
fi

# errors, each from its write, nothing applied
kpt-write -t $LOG '' > /dev/null
r=$(kpt-write -a $E "e:eprobes/b1 sched/sched_switch x=\$no_such_field\n")
assert_eq "$r" "write: EINVAL" "no such field"
assert_file_has $LOG "Invalid \\\$-variable specified" "no such field: error_log"
r=$(kpt-write -a $E "e:eprobes/b2 sched/no_such_event_kpt\n")
assert_eq "$r" "write: ENODEV" "no such event"
r=$(kpt-write -a $E "e:eprobes/b3 eprobes.esw\n")
assert_eq "$r" "write: ENODEV" "an e: event on an e: event"
r=$(kpt-write -a $E "e:eprobes/b4 sched/sched_switch \$prev_pid if prev_pid == 1  &&\tnope < 2\n")
assert_eq "$r" "write: EINVAL" "a filter's unknown field"
# the kernel's text and caret: one past the name, and a blank (at '<';
# the kernel's position in the filter, its blanks collapsed, mapped back)
assert_file_has $LOG "Field not found" "a filter: error_log"
l=$(grep 'Command: e:eprobes/b4' $LOG | sed 's/^  Command: //')
c=$(grep -A1 'Command: e:eprobes/b4' $LOG | tail -n 1 | awk '{ print index($0, "^") }')
[ "$(echo "$l" | cut -c$((c - 11)))" = "<" ] || { cat $LOG; fail "a filter's caret"; }
r=$(kpt-write -a $E "e:eprobes/g1 sched/sched_switch \$prev_pid\ne:eprobes/b5 sched/sched_switch \$nope\n")
[ "$r" != OK ] || fail "a bad e: line taken"
[ -d $D/g1 ] && fail "half a write applied: $(cat $E)"

# the command: the prefix as written; list shows the kind
kprobetrace add 'e:ec/x sched.sched_switch $prev_pid:s32' || fail "kprobetrace add e:"
grep -q '^e:ec/x sched\.sched_switch ' $E || fail "add e: listing"
kprobetrace list | grep -q '^eprobes/esw  *event ' || { kprobetrace list; fail "kprobetrace list: the kind"; }
echo > $E || fail "clear"
echo "e: OK"
