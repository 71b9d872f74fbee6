# Events printed to the console as they are recorded (the tp_printk boot
# option and the kernel.tracepoint_printk sysctl): while that is on, the
# lean record path leaves every hit to the generic one, and each record is
# both in the buffer and in the kernel log ("kprobetrace: " and the line
# the trace file shows), a filtered-out one in neither; with the sysctl
# off, records reach the buffer and nothing is printed.  A kernel event
# printed the same way shows that the boot prints at all.  Both settings
# of the module parameter lean, where the lean path exists.
# needs: tp_printk
# timeout: 90
. /kpt/lib.sh

LEAN=/sys/module/kprobetrace/parameters/lean
PK=/proc/sys/kernel/tracepoint_printk
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace

[ "$(cat $PK)" = 1 ] || fail "booted without tp_printk: $PK reads $(cat $PK)"
if echo Y > $LEAN 2>/dev/null; then modes="Y N"; else modes=N; fi

define 'p:kprobetrace/lp kpt_test_six_args x=$arg1 c=$comm'
define 'r:kprobetrace/lpr kpt_test_six_args rv=$retval'
define 'f:kprobetrace/lpf kpt_test_six_args y=$arg2'
define 'p:lps kpt_test_six_args a0 a1'
for ev in lp lpr lpf lps; do echo 1 > $D/$ev/enable || fail "enable $ev"; done

# the pattern of each event's line, in the trace and in the kernel log
pat() {
	case $1 in
	lp) echo ' lp: \(kpt_test_six_args\+[^)]*\) x=0x11 c="sh"$' ;;
	lpr) echo ' lpr: \([^)]* <- kpt_test_six_args\) rv=(0x165|357)$' ;;	# typed from BTF: decimal
	lpf) echo ' lpf: \(kpt_test_six_args\+[^)]*\) y=0x22$' ;;
	lps) echo ' kpt_test_six_args\+[^:]*: 0x11 0x22$' ;;	# the seed's: no name
	esac
}
in_trace() { grep -Ec "$(pat $1)" $T; }
in_log() { dmesg | grep -Ec "$(pat $1)"; }

# the control: a kernel event prints
echo 1 > $TRACEFS/events/sched/sched_process_fork/enable
sh -c true
echo 0 > $TRACEFS/events/sched/sched_process_fork/enable
[ "$(dmesg | grep -c 'sched_process_fork: comm=')" -gt 0 ] ||
	fail "tp_printk boot: the kernel's own event was not printed"

# phase PK N LINES: with the sysctl at PK, N calls: N records of each
# event in the trace, LINES more lines of each in the kernel log
phase() {
	echo $1 > $PK || fail "tracepoint_printk=$1"
	for ev in lp lpr lpf lps; do eval "b_$ev=\$(in_log $ev)"; done
	: > $T
	echo "six_args $2" > $KPT_TEST/call || fail "six_args"
	for ev in lp lpr lpf lps; do
		assert_eq "$(in_trace $ev)" $2 "lean=$m, printk=$1: $ev records"
		eval "b=\$b_$ev"
		assert_eq "$(($(in_log $ev) - b))" $3 "lean=$m, printk=$1: $ev lines in the kernel log"
	done
}

for m in $modes; do
	echo $m > $LEAN || fail "lean=$m"
	phase 1 3 3
	phase 0 2 0

	# a filter: what it drops is neither recorded nor printed
	echo 1 > $PK
	echo 'x == 0x12' > $D/lp/filter || fail "filter"
	b=$(in_log lp)
	: > $T
	echo 'six_args 2' > $KPT_TEST/call || fail "six_args"
	assert_eq "$(in_trace lp)" 0 "lean=$m, filtered: lp records"
	assert_eq "$(($(in_log lp) - b))" 0 "lean=$m, filtered: lp lines in the kernel log"
	assert_eq "$(($(in_log lps) - b_lps))" 2 "lean=$m, filtered: lps lines (no filter)"
	echo 0 > $D/lp/filter
done
dmesg | grep -E "$(pat lp)|$(pat lps)" | tail -n 4
echo 0 > $D/enable
echo "tp_printk OK (lean modes: $modes)"
