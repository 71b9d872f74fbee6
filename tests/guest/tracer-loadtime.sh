# matrix: core
# modules: none
# timeout: 120
# The second after the load: definitions written the moment the control
# file appears, while the module's init may not have returned yet and its
# BTF index is still being built by its worker: the seed's syntax and
# today's, BTF names, an f: set and an exit set, aggregation, t:, e: and
# w: lines.  Each must be
# taken (or, with a name BTF does not have, refused) as at any later
# moment, hit, and removed at the unload; three rounds, each a fresh load.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace

insmod /kpt/kprobetrace_test.ko || fail "loading kprobetrace_test"
E0=$(kpt_entry_off)
btf=0
[ -e /sys/kernel/btf/vmlinux ] && btf=1
[ $btf = 1 ] || skip_part "no BTF: the definitions by name"

# h EVENT: its hits in kprobe_profile (listed with or without its group)
h() { awk -v e="$1" '$1 == e || $1 ~ ("/" e "$") { print $2 }' $KPT/kprobe_profile; }

round() {
	echo > $T
	insmod /kpt/kprobetrace.ko &
	ipid=$!
	# no sleep: the first write goes out as soon as the file is there
	n=0
	until [ -e $E ]; do
		n=$((n + 1))
		[ $n -lt 2000000 ] || fail "round $1: $E did not appear"
	done
	early=0
	grep -q '^kprobetrace .* Loading' /proc/modules && early=1
	# BTF names first: they wait for the index the load's worker builds
	if [ $btf = 1 ]; then
		echo 'f:ld/rd vfs_read,vfs_write count' >> $E ||
			{ cat $LOG; fail "round $1: BTF names over a set"; }
		assert_eq "$(kpt-write -a $E 'f:ld/bad vfs_read nosuchparam\n')" \
			"write: ENOENT" "round $1: an unknown name, refused by its write"
	fi
	echo 'p:ld1 kpt_test_six_args a0 a1' >> $E ||
		{ cat $LOG; fail "round $1: seed syntax"; }
	echo 'p:ld/two kpt_test_six_args x=$arg1:u32 c=$comm' >> $E ||
		{ cat $LOG; fail "round $1: today's syntax"; }
	echo 'f:ld/m kpt_test_m0*:exit $duration' >> $E ||
		{ cat $LOG; fail "round $1: an exit set"; }
	echo 'r:ld/lat kpt_test_delay $duration' >> $E ||
		{ cat $LOG; fail "round $1: a return probe"; }
	# the other kinds: a tracepoint, an event, a watchpoint
	echo 't:ld/tp sched_switch' >> $E || { cat $LOG; fail "round $1: t:"; }
	echo 'e:ld/ev sched.sched_switch p=$prev_pid:s32' >> $E ||
		{ cat $LOG; fail "round $1: e:"; }
	echo 'w:ld/w rw@kpt_test_data:8 $value:u64' >> $E ||
		{ cat $LOG; fail "round $1: w:"; }
	echo 0 > $TRACEFS/events/ld/m/enable
	echo ld/m > $KPT/aggregate || { cat $LOG; fail "round $1: aggregating"; }
	wait $ipid || fail "round $1: insmod kprobetrace"
	echo "round $1: first write while the load was $( [ $early = 1 ] && echo 'still under way' || echo 'done')"

	echo "six_args 3" > $KPT_TEST/call
	echo "members 0 16" > $KPT_TEST/delay	# m00..m15 once each
	echo "delay 0 2" > $KPT_TEST/delay
	cat /kpt/lib.sh > /dev/null
	cat $KPT/kprobe_profile
	assert_eq "$(h ld1)" 3 "round $1: ld1 hits"
	assert_eq "$(h two)" 3 "round $1: ld/two hits"
	assert_eq "$(h lat)" 2 "round $1: ld/lat hits"
	[ "$(h tp)" -gt 0 ] || fail "round $1: no t: hit"
	[ "$(h ev)" -gt 0 ] || fail "round $1: no e: hit"
	assert_eq "$(grep -c '^ld/m ' $KPT/fprobe_functions)" 10 "round $1: 10 members"
	grep -q '^ld/m count 10 ' $KPT/latency || { cat $KPT/latency; fail "round $1: aggregated"; }
	grep -q '^ld/lat count 2 ' $KPT/latency || { cat $KPT/latency; fail "round $1: ld/lat's durations"; }
	echo 0 > $TRACEFS/tracing_on
	assert_eq "$(grep -c ' two: (kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]) x=17 c="sh"$' $T)" 3 "round $1: today's records"
	if [ $btf = 1 ]; then
		grep -q ' rd: (vfs_read+[0-9a-fx]*/0x[0-9a-f]*) count=' $T ||
			{ head -n 20 $T; fail "round $1: no vfs_read record by name"; }
	fi
	echo 1 > $TRACEFS/tracing_on
	rmmod kprobetrace || fail "round $1: unloading with everything defined"
	[ -e $E ] && fail "round $1: files left after the unload"
	assert_eq "$(armed_any)" 0 "round $1: nothing armed after the unload"
	return 0
}

round 1
round 2
round 3
rmmod kprobetrace_test || fail "unloading kprobetrace_test"
echo "load-time OK"
