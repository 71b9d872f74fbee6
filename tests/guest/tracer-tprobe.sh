# matrix: core
# t: events (tracepoint probes) on every kernel, 6.1 included (whose own
# tracer has none): sched_switch's arguments by BTF name, $argN, $arg*
# and member chains, checked against the kernel's own sched_switch record
# of the same switch (both are written from the one tracepoint call, on
# its CPU, the kernel's first); several t: events on one tracepoint; the
# callback registered only while the event is enabled (hits counted only
# then); a module's tracepoint defined before the module loads, by
# MOD:TP and by its bare name (as the kernel's), armed when it comes, gone
# with it and back with it; the command's add and list.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
M=kprobetrace_modtest
D=$TRACEFS/events/tpk
needs_debian_btf "t: arguments by name"

define "t:tpk/sw sched_switch prev_pid=prev->pid next_pid=next->pid prev_state nc=next->comm:string"
define "t:tpk/sw2 sched_switch pre=\$arg1:u8 p=\$arg2"
define "t:tpk/all sched_switch \$arg*"
cat $E
assert_file_has $E '^t:tpk/sw sched_switch prev_pid=prev->pid' "listing"
fmt_has $D/sw s32 prev_pid
fmt_has $D/sw u32 prev_state
fmt_has $D/all u8 preempt
fmt_has $D/all u64 prev

# registered only while enabled (the seed's lifecycle enables at once)
echo 0 > $D/enable
n0=$(hits sw); m0=$(hits sw2)
sleep 0.1
assert_eq "$(hits sw)" "$n0" "no hit while disabled"

echo > $T
echo 1 > $TRACEFS/events/sched/sched_switch/enable
echo 1 > $D/enable
for i in 1 2 3 4 5; do sleep 0.02; done
echo 0 > $D/enable
echo 0 > $TRACEFS/events/sched/sched_switch/enable
n=$(hits sw)
[ "$((n - n0))" -gt 4 ] || fail "sw: $n hits"
assert_eq "$(($(hits sw2) - m0))" "$((n - n0))" "two events on one tracepoint: the same hits"
sleep 0.1
assert_eq "$(hits sw)" "$n" "no hit after disabling"

# each of our records against the kernel's just before it on its CPU
ok=0
for f in $TRACEFS/per_cpu/cpu*/trace; do
	r=$(awk '
	/ sched_switch: / {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^prev_pid=/) pp = $i
			if ($i ~ /^next_pid=/) np = $i
			if ($i ~ /^next_comm=/) { nc = $i; sub(/^next_comm=/, "", nc) }
		}
		k = 1; next
	}
	/ sw: / && k {
		want = pp " " np
		if (index($0, want) == 0 || index($0, "nc=\"" nc "\"") == 0) {
			print "BAD " want " nc=" nc " | " $0; exit
		}
		good++
	}
	END { print "good " good + 0 }' $f)
	case "$r" in BAD*) cat $f | tail -n 20; fail "$r" ;; esac
	ok=$((ok + ${r#good }))
done
[ $ok -gt 4 ] || { cat $T | tail -n 20; fail "only $ok records matched the kernel's"; }
echo "sched_switch: $ok records as the kernel's"
grep -q ' sw2: (.*) pre=[01] p=0x' $T || { tail $T; fail "sw2 record"; }
grep -q ' all: (.*) preempt=[01] prev=0x[0-9a-f]* next=0x' $T || { tail $T; fail "all record"; }

# a stack trace from the callback's regs (the generic record path)
echo > $T
echo 1 > $TRACEFS/options/stacktrace
echo 1 > $D/sw/enable
sleep 0.05
echo 0 > $D/sw/enable
echo 0 > $TRACEFS/options/stacktrace
grep -A3 ' sw: (' $T | grep -q '=> .*__schedule' || { head -n 30 $T; fail "stack trace"; }

# a module's tracepoint, before the module loads
kpt-write -t $LOG '' > /dev/null
define "t:tpm/a $M:kpt_modtest_tp v=\$arg1 w=\$arg2"
assert_file_has $LOG "note: module $M is not loaded" "MOD: note"
define "t:tpm/b kpt_modtest_tp v=\$arg1:s64"
assert_file_has $LOG "note: tracepoint kpt_modtest_tp is not loaded" "bare name note"
echo 1 > $TRACEFS/events/tpm/enable
echo > $T
insmod /kpt/$M.ko calls=3 || fail "insmod"
echo 7 > /sys/kernel/debug/kprobetrace_modtest/call
assert_eq "$(hits a)" 2 "module tracepoint: init, then call"
assert_eq "$(hits b)" 2 "by bare name"
grep -q ' a: (.*) v=0x100 w=0x3$' $T || { tail $T; fail "a: init's record"; }
grep -q ' a: (.*) v=0x7 w=0xe$' $T || { tail $T; fail "a: the call's record"; }
grep -q ' b: (.*) v=7$' $T || { tail $T; fail "b: the call's record"; }
rmmod $M || fail "rmmod with t: events armed on its tracepoint"
insmod /kpt/$M.ko calls=1 || fail "insmod again"
echo 9 > /sys/kernel/debug/kprobetrace_modtest/call
assert_eq "$(hits a)" 4 "armed again when it came back"
assert_eq "$(hits b)" 4 "the bare name too"
echo 0 > $TRACEFS/events/tpm/enable
# perf alone arms a t: event, and counts its hits
define "t:tpp/p $M:kpt_modtest_tp"
echo 0 > $TRACEFS/events/tpp/p/enable
got=$(kpt-perf $(cat $TRACEFS/events/tpp/p/id) sh -c "echo 5 > /sys/kernel/debug/kprobetrace_modtest/call; echo 6 > /sys/kernel/debug/kprobetrace_modtest/call")
assert_eq "$got" "count=2" "perf counts a t: event"
echo "-:tpp/p" >> $E || fail "-:tpp/p"
rmmod $M || fail "rmmod again"
echo > $E || fail "clear"

# the command: the prefix as written; list shows the kind
kprobetrace add 't:tpc/x sched_switch prev->pid' || fail "kprobetrace add t:"
kprobetrace list | grep -q '^tpc/x  *tracepoint  *sched_switch ' ||
	{ kprobetrace list; fail "kprobetrace list: the kind"; }
kprobetrace add -n -e y 't sched_switch' 2> /dev/null && fail "add -e with t: taken"
kprobetrace clear || fail "kprobetrace clear"

# t: and other kinds never share an event (lifecycle=today appends)
echo today > /sys/module/kprobetrace/parameters/lifecycle || fail "lifecycle=today"
define "t:tpa/x sched_switch \$arg1:u8"
r=$(kpt-write -a $E "f:tpa/x vfs_read \$arg1:u8\n")
assert_eq "$r" "write: EEXIST" "f: appended to a t: event"
assert_file_has $LOG "event tpa/x has tracepoint probes" "append: error_log"
echo "-:tpa/x" >> $E || fail "-:tpa/x"
echo seed > /sys/module/kprobetrace/parameters/lifecycle || fail "lifecycle=seed"

# a write with a good t: line and a bad one applies nothing
r=$(kpt-write -a $E "t:tpb/good sched_switch prev->pid\nt:tpb/bad sched_switch no_such_param\n")
[ "$r" != OK ] || fail "a bad t: line taken"
[ -d $TRACEFS/events/tpb ] && fail "half a write applied: $(cat $E)"
# an event armed once, then disarmed, left for the rig's unload
define "t:tpu/u sched_switch prev->pid"
echo 1 > $TRACEFS/events/tpu/u/enable
sleep 0.05
echo 0 > $TRACEFS/events/tpu/u/enable
echo "t: OK"
