# The lean record path (module parameter lean=Y) against the generic one
# (lean=N): the same records and headers, filters, triggers, pid lists, two
# instances, a snapshot swap and a buffer resize while hit, the stacktrace
# option, a trace export, timestamps in order with trace_marker writes.
# matrix: core
# timeout: 300
. /kpt/lib.sh

LEAN=/sys/module/kprobetrace/parameters/lean
E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace
I=$TRACEFS/instances/lean

# Where the lean path is built (the kernels whose record header
# module/compat/kpt_trace_ctx.h knows: not the PREEMPT_RT ones), it is on
# by default and both modes are compared; elsewhere lean reads N, refuses
# Y, and every case runs once, on the generic path.
if echo Y > $LEAN 2>/dev/null; then
	assert_eq "$(cat $LEAN)" Y "lean after writing Y"
	modes="Y N"
else
	assert_eq "$(cat $LEAN)" N "lean where it cannot be set"
	case "$(uname -r)" in
	*-rt-* | *-rt) ;;
	*) fail "no lean path on $(uname -r): $(dmesg | grep 'lean record path')" ;;
	esac
	echo "no lean path on $(uname -r): the generic path alone"
	modes=N
fi

define 'p:le kpt_test_six_args a0 a1 a2'
define 'r:ler kpt_test_six_args rv'
define 'p:kprobetrace/lestr kpt_test_string s=+0(%di):string n=$comm'
define 'f:kprobetrace/lef kpt_test_six_args $arg1 $arg2 x=$arg6'
six() { echo "six_args $1" > $KPT_TEST/call || fail "six_args $1"; }
str() { echo "string $1" > $KPT_TEST/call || fail "string $1"; }
on() { for ev; do echo 1 > $D/$ev/enable || fail "enable $ev"; done; }
off() { echo 0 > $D/enable; echo 0 > $I/events/enable 2>/dev/null; true; }
# Empty pid lists: an open with O_TRUNC and no write (any write, even of
# nothing but a newline, leaves every event of the instance flagged for
# pid filtering, which sends it to the generic path)
nopids() {
	: > $TRACEFS/set_event_pid
	[ ! -e $TRACEFS/set_event_notrace_pid ] || : > $TRACEFS/set_event_notrace_pid
}
# the records of a trace file without their timestamps and CPUs (the
# shell may move between the modes), and without the need-resched flag
# (the second of the flags: N, n, p or .), which says whether a tick or
# a wakeup asked for a reschedule just before that record, whichever path
# wrote it (seen: one record ".N..." in one mode, "....." in the other,
# on a loaded host); the other flags and the preempt depth are compared
norm() {
	grep -v '^#' "$1" |
		sed -E 's/ +[0-9]+\.[0-9]+: / TS: /; s/ \[[0-9]+\] (.)[Nnp.]/ [CPU] \1./'
}
# n EV FILE: EV's records in FILE (le and ler print the seed's format,
# without their names)
n() {
	case $1 in
	le) grep -c ': 0x11 0x22 0x33$' "$2" ;;
	ler) grep -c '<- kpt_test_six_args .*: 0x165$' "$2" ;;
	*) grep -c " $1: " "$2" ;;
	esac
}
count() { n le "$1"; }

# ---- the cases: each writes what it shows to $out ------------------------

case_plain() {
	on le ler lestr lef
	six 3
	str 2
	norm $T > $out
	for ev in le ler lestr lef; do
		assert_eq "$(n $ev $out)" "$([ $ev = lestr ] && echo 2 || echo 3)" \
			"lean=$m: records of $ev"
	done
}

case_filter() {
	echo 'a1 == 0x22' > $D/le/filter || fail "filter"
	echo 'rv == 0' > $D/ler/filter || fail "filter"
	on le ler
	six 3
	norm $T > $out
	echo 0 > $D/le/filter
	echo 0 > $D/ler/filter
	assert_eq "$(n le $out) $(n ler $out)" "3 0" "lean=$m: filtered records"
}

case_hist() {
	echo 'hist:keys=a0:vals=a1' > $D/le/trigger || fail "hist trigger"
	on le
	six 7
	grep -E '^\{|Hits|Entries' $D/le/hist > $out
	echo '!hist:keys=a0:vals=a1' > $D/le/trigger
	assert_file_has $out '^\{ a0: +17 \} hitcount: +7 +a1: +238$' "lean=$m: hist"
}

case_traceoff() {
	echo 'traceoff:1 if a0 == 0x11' > $D/le/trigger || fail "traceoff trigger"
	on le ler
	six 2
	{ cat $TRACEFS/tracing_on; norm $T; } > $out
	echo '!traceoff' > $D/le/trigger
	echo 1 > $TRACEFS/tracing_on
	assert_eq "$(head -n 1 $out)" 0 "lean=$m: traceoff"
}

case_enable_event() {
	echo 'enable_event:kprobetrace:ler:1' > $D/le/trigger || fail "enable_event"
	on le
	six 2
	{ cat $D/ler/enable; norm $T; } > $out
	echo '!enable_event:kprobetrace:ler' > $D/le/trigger
	# "1*": enabled, in the soft mode the trigger keeps it in
	assert_match "$(head -n 1 $out) $(n ler $out)" '^1\*? 2$' "lean=$m: enable_event"
}

case_pid() {
	on le lef
	echo 1 > $TRACEFS/set_event_pid		# init: not this shell
	six 2
	echo $$ > $TRACEFS/set_event_pid
	six 1
	nopids
	if [ -e $TRACEFS/set_event_notrace_pid ]; then
		echo $$ > $TRACEFS/set_event_notrace_pid
		six 2
		nopids
	fi
	six 1
	norm $T > $out
	assert_eq "$(n le $out) $(n lef $out)" "2 2" "lean=$m: pid lists"
}

case_instances() {
	on le
	echo 1 > $I/events/kprobetrace/le/enable || fail "instance enable"
	echo 1 > $I/events/kprobetrace/lef/enable || fail "instance enable"
	six 3
	{ norm $T; echo --; norm $I/trace; } > $out
	assert_eq "$(count $T) $(count $I/trace) $(n lef $I/trace)" "3 3 3" \
		"lean=$m: two instances"
	echo > $I/trace
}

case_stacktrace() {
	on le
	echo 1 > $TRACEFS/options/stacktrace
	six 1
	echo 0 > $TRACEFS/options/stacktrace
	norm $T > $out
	assert_file_has $out '<stack trace>' "lean=$m: the stacktrace option"
	assert_file_has $out '=> kpt_test_six_args$' "lean=$m: the stack"
}

# a trace export of events is handed every record (the lean path leaves
# them to the generic one while it is registered)
case_export() {
	echo 1 > $KPT_TEST/export || fail "registering a trace export"
	on le
	six 3
	{ cat $KPT_TEST/export; norm $T; } > $out
	echo 0 > $KPT_TEST/export
	assert_eq "$(head -n 1 $out) $(count $out)" "3 3" "lean=$m: the export's records"
}

# N calls in the background while the foreground runs "$@" until they end
calls_while() {
	n=$1; shift
	(i=0; while [ $i -lt $n ]; do six 1; i=$((i + 1)); done) &
	bg=$!
	steps=0
	while kill -0 $bg 2>/dev/null; do
		"$@" $steps
		steps=$((steps + 1))
	done
	wait $bg || fail "the calls"
}

swap() { echo 1 > $TRACEFS/snapshot || fail "snapshot"; }
# records go to the live buffer of the moment: none lost across the swaps
# (buffer + snapshot); after them, to the new live buffer only
case_snapshot() {
	on le
	calls_while 400 swap
	echo "lean=$m: $steps snapshots while hit"
	a=$(count $T) b=$(count $TRACEFS/snapshot)
	six 5
	echo "$((a + b)) +$(($(count $T) - a)) +$(($(count $TRACEFS/snapshot) - b))" > $out
	echo 0 > $TRACEFS/snapshot
	assert_eq "$(cat $out)" "400 +5 +0" "lean=$m: records in the buffer and its snapshot"
}

grow() {
	[ "$1" -lt 40 ] || return 0
	echo $((size + 64 * ($1 + 1))) > $TRACEFS/buffer_size_kb || fail "resize"
}
# a resize may drop what the buffer held (the generic path's records too);
# after the resizes, records land in the resized buffer
case_resize() {
	size=$(sed "s/.*expanded: //; s/[^0-9].*//" $TRACEFS/buffer_size_kb)
	on le
	calls_while 400 grow
	echo "lean=$m: $steps resizes while hit, $(count $T) records left"
	a=$(count $T)
	six 5
	echo "+$(($(count $T) - a))" > $out
	echo $size > $TRACEFS/buffer_size_kb
	assert_eq "$(cat $out)" "+5" "lean=$m: records after the resizes"
}

case_marker() {
	on le
	i=1
	while [ $i -le 20 ]; do
		echo "m$i" > $TRACEFS/trace_marker
		six 1
		i=$((i + 1))
	done
	norm $T > $out
	# marker, record, marker ... in buffer order, timestamps never back
	grep -v '^#' $T | awk '
		{ t = $0; sub(/: .*/, "", t); sub(/.* /, "", t)
		  if (t + 0 < last) { print "back at " NR; exit 1 } last = t + 0 }
		/: 0x11 0x22 0x33$/ { s = s " le"; next }
		{ m = $NF; s = s " " m }
		END { print s }' > /tmp/seq || { cat $T; fail "lean=$m: timestamps go back"; }
	want=$(i=1; while [ $i -le 20 ]; do printf ' m%d le' $i; i=$((i + 1)); done)
	assert_eq "$(cat /tmp/seq)" "$want" "lean=$m: records and markers in order"
}

# ---- each case in each mode; the modes must agree ------------------------

rmdir $I 2>/dev/null	# a run that failed half-way left it
mkdir $I || fail "instance"
for c in plain filter hist traceoff enable_event pid instances stacktrace \
	export snapshot resize marker; do
	for m in $modes; do
		echo $m > $LEAN || fail "lean=$m"
		off
		nopids
		echo > $T
		out=/tmp/lean-$c.$m
		case_$c
		off
		[ -s $out ] || fail "$c, lean=$m: nothing recorded"
	done
	if [ "$modes" = "Y N" ]; then
		cmp -s /tmp/lean-$c.Y /tmp/lean-$c.N || {
			diff /tmp/lean-$c.Y /tmp/lean-$c.N
			fail "$c: the lean path (<) and the generic one (>) differ"
		}
	fi
	echo "$c: $(wc -l < /tmp/lean-$c.N) lines alike"
done
echo Y > $LEAN 2>/dev/null
rmdir $I || fail "removing the instance"
echo > $E || fail "clearing"
echo "lean OK"
