# make bench-latency, guest side (busybox sh, root): what one call's
# latency costs to measure, per tool, on the same function in one boot.
# bench/bench-latency copies it to /kpt/bench.sh with bpftrace and
# /kpt/bench/config (N calls a measurement, ROUNDS rounds).
#
# The function is __do_sys_getppid, called N times by kpt-bench-loop; each
# tool measures its duration and keeps a histogram of it:
#   bare       nothing armed
#   bt-kprobe  bpftrace: kprobe + kretprobe, start time in a tid-keyed map,
#              hist() of the difference (funclatency's way)
#   bt-fentry  bpftrace: kfunc + kretfunc (fentry/fexit trampolines), same
#   synth      the kernel's recipe: kprobe events at entry and return, a
#              hist trigger keeping common_timestamp per pid, onmatch()
#              into a synthetic event, a hist trigger on it (lat.log2)
#   ours-rec   kprobetrace: r: event with $duration, enabled: a ring-buffer
#              record per call, and the in-kernel histogram
#   ours-frec  an f: exit event (ftrace + rethook) with $duration, enabled
#   ours-agg   the r: event armed for aggregation only: disabled (a
#              definition is live at once with lifecycle=seed), no record
#   ours-fagg  an f: exit event (ftrace + rethook), aggregation only
#   ours-many  the function as one member of an f: exit event over ~10,000
#              functions the loop does not enter, aggregation only
# Lines: "@@LAT TRACER ROUND INSNS_PER_CALL CALLS_COUNTED RECORDS" (RECORDS:
# lines in the trace file after the loop; kpt-bench-loop
# -n N makes N + N/10 + 11 calls, its warm-up included; na when the tool
# or the kernel cannot), and "@@END".  bpftrace runs the loop itself (-c),
# so that its maps are printed when the loop is done.
# shellcheck shell=sh
set -u
. /kpt/bench/config
T=/sys/kernel/tracing
KPT=/sys/kernel/tracing/kprobetrace
FUNC=__do_sys_getppid
export PATH=/kpt/bin:$PATH

note() { echo "# $*"; }

note "kernel $(uname -r), $(nproc) CPUs, bpftrace $(bpftrace --version 2>/dev/null)"
echo "@@INFO kernel $(uname -r)"
insmod /kpt/kprobetrace.ko 2>&1 || note "kprobetrace.ko does not load"
echo 0 > $T/events/enable
echo 1 > $T/tracing_on
mount -t bpf bpf /sys/fs/bpf 2>/dev/null

# cold_set: ~10,000 functions the loop does not enter
. /kpt/bench/cold-set.sh

# bpftrace PROGRAM: the loop run under it (-c: bpftrace starts it once its
# probes are attached, and prints its maps when it exits); the loop's
# result is the output's first line that is a number
BT_PROG=
bt_run() {
	bpftrace -e "$BT_PROG" -c "/kpt/bin/kpt-bench-loop -c 0 -n $N" > /tmp/bt.out 2>&1 ||
		{ sed 's/^/#   /' /tmp/bt.out; return 1; }
	ns=$(grep -m1 -E '^[0-9]+([.][0-9]+)?$' /tmp/bt.out)
	n=$(sed -n 's/^@n: \([0-9]*\)$/\1/p' /tmp/bt.out)
	[ -n "$ns" ]
}

# arm TRACER (its probes in place); count TRACER (calls it counted);
# disarm TRACER.  Non-zero from arm: not on this kernel/tool.
arm() {
	case $1 in
	bare) ;;
	bt-kprobe)
		BT_PROG="kprobe:$FUNC { @s[tid] = nsecs; }
kretprobe:$FUNC /@s[tid]/ { @h = hist(nsecs - @s[tid]); @n = count(); delete(@s[tid]); }"
		bt_run ;;
	bt-fentry)
		BT_PROG="kfunc:$FUNC { @s[tid] = nsecs; }
kretfunc:$FUNC /@s[tid]/ { @h = hist(nsecs - @s[tid]); @n = count(); delete(@s[tid]); }"
		bt_run ;;
	synth)
		echo "p:kprobes/lat_e $FUNC" >> $T/kprobe_events &&
		echo "r:kprobes/lat_r $FUNC" >> $T/kprobe_events &&
		echo 'getppid_lat u64 lat' >> $T/synthetic_events &&
		echo 'hist:keys=common_pid:ts0=common_timestamp' > $T/events/kprobes/lat_e/trigger &&
		echo 'hist:keys=common_pid:lat=common_timestamp-$ts0:onmatch(kprobes.lat_e).getppid_lat($lat)' \
			> $T/events/kprobes/lat_r/trigger &&
		echo 'hist:keys=lat.log2' > $T/events/synthetic/getppid_lat/trigger ;;
	ours-rec)
		echo "r:lat/rec $FUNC \$duration" > $KPT/kprobe_events &&
		echo 1 > $T/events/lat/rec/enable ;;
	ours-frec)
		echo "f:lat/frec $FUNC%return \$duration" > $KPT/kprobe_events &&
		echo 1 > $T/events/lat/frec/enable ;;
	ours-agg)
		[ -e $KPT/aggregate ] &&
		echo "r:lat/agg $FUNC \$duration" > $KPT/kprobe_events &&
		echo 0 > $T/events/lat/agg/enable &&
		echo lat/agg > $KPT/aggregate ;;
	ours-fagg)
		[ -e $KPT/aggregate ] &&
		echo "f:lat/fagg $FUNC%return \$duration" > $KPT/kprobe_events &&
		echo 0 > $T/events/lat/fagg/enable &&
		echo lat/fagg > $KPT/aggregate ;;
	ours-many)
		[ -e $KPT/aggregate ] &&
		echo "f:lat/many $FUNC,$(cold_set)%return \$duration" > $KPT/kprobe_events &&
		note "ours-many: $(sed -n 's/.* # \([0-9]*\) functions$/\1/p' $KPT/kprobe_events) functions" &&
		echo 0 > $T/events/lat/many/enable &&
		echo lat/many > $KPT/aggregate ;;
	esac
}
count() {
	case $1 in
	bare) echo 0 ;;
	bt-*) echo "$n" ;;
	synth) sed -n 's/^ *Hits: \([0-9]*\)$/\1/p' $T/events/synthetic/getppid_lat/hist | head -n 1 ;;
	ours-many)
		# the member's own count (the set's other functions run too)
		awk -v l="lat/many:$FUNC" '$1 == l && $2 == "count" { print $3 }' $KPT/latency ;;
	ours-*)
		ev=lat/${1#ours-}
		awk -v l="$ev" '$1 == l && $2 == "count" { print $3 }' $KPT/latency ;;
	esac
}
disarm() {
	case $1 in
	synth)
		echo '!hist:keys=lat.log2' >> $T/events/synthetic/getppid_lat/trigger
		echo '!hist:keys=common_pid:lat=common_timestamp-$ts0:onmatch(kprobes.lat_e).getppid_lat($lat)' \
			>> $T/events/kprobes/lat_r/trigger
		echo '!hist:keys=common_pid:ts0=common_timestamp' >> $T/events/kprobes/lat_e/trigger
		echo '!getppid_lat' >> $T/synthetic_events
		echo > $T/kprobe_events ;;
	ours-*)
		ev=lat/${1#ours-}
		{ echo "!$ev" > $KPT/aggregate; } 2>/dev/null
		{ echo 0 > $T/events/$ev/enable; } 2>/dev/null
		{ echo > $KPT/kprobe_events; } 2>/dev/null ;;
	esac
	echo > $T/trace
	return 0
} 2>/dev/null

TRACERS=${TRACERS:-"bare bt-kprobe bt-fentry synth ours-rec ours-frec ours-agg ours-fagg ours-many"}
for r in $(seq 1 "$ROUNDS"); do
	for t in $TRACERS; do
		if ! arm $t; then
			disarm $t
			echo "@@LAT $t $r na na"
			continue
		fi
		# (records of the set's other functions, made while it was
		# live before its enable went to 0, are not the loop's)
		echo > $T/trace
		case $t in bt-*) ;; *) ns=$(kpt-bench-loop -c 0 -n "$N") ;; esac
		n=$(count $t)
		recs=$(grep -vc '^#' $T/trace)
		echo "@@LAT $t $r $ns ${n:-na} $recs"
		[ "$r" = 1 ] && case $t in
		bt-*) note "$t output:"; sed 's/^/#   /' /tmp/bt.out ;;
		synth) sed 's/^/#   /' $T/events/synthetic/getppid_lat/hist ;;
		ours-*) grep "^lat/${t#ours-}[ :]" $KPT/latency | head -n 12 | sed 's/^/#   /' ;;
		esac
		disarm $t
	done
	note "round $r done"
done

# kprobetrace latency 'vfs_*': guest time from the command's start to its
# first histogram (-i 1: one a second), and the functions it measured
now_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }
t0=$(now_ms)
kprobetrace latency -i 1 -d 2 'vfs_*' 2>&1 | while IFS= read -r l; do
	echo "$(( $(now_ms) - t0 )) $l"
done > /tmp/cmd.out
first=$(awk '$2 == "nsecs" || $3 == "nsecs" { print $1; exit }' /tmp/cmd.out)
sed 's/^/#   /' /tmp/cmd.out | head -n 30
echo "@@LATCMD vfs_* first_histogram_ms=${first:-na} functions=$(grep -c '^vfs_' $T/available_filter_functions)"
[ -z "$(cat $KPT/kprobe_events)" ] || echo "@@LATCMD left definitions behind"
echo "@@END"
