# bpftrace (Debian's 0.17) on our events as tracepoints. bpftrace lists them
# and compiles a program for them from their format file, but 6.1's
# perf_event_set_bpf_prog() attaches BPF programs only to events flagged as
# kernel tracepoints, kprobes, uprobes or syscalls; ours are dynamic events
# (TRACE_EVENT_FL_DYNAMIC), so the attach ioctl fails with EINVAL
# (docs/kprobetrace.md, "bpftrace"). This test passes when bpftrace works
# (exact count) or fails for exactly that reason; anything else fails it.
# needs: bpftrace
# timeout: 150
. /kpt/lib.sh
E=$KPT/kprobe_events
echo 'p:bpf kpt_test_six_args a0 a1 a2' > $E
cd /tmp
# bpftrace compiles against BTF (Debian's kernel has it) or kernel headers;
# the debug kernel (make check-debug) has neither: nothing to learn there.
needs_debian_btf bpftrace
bpftrace -l 'tracepoint:kprobetrace:*' > list.txt 2>&1
assert_file_has list.txt '^tracepoint:kprobetrace:bpf$' "bpftrace -l lists the event"
timeout $((100 * $(cat /kpt/timeout-scale 2>/dev/null || echo 1))) bpftrace -e 'tracepoint:kprobetrace:bpf { @hits = count(); @sum = sum(args->a1); }' \
	-c "sh -c \"echo 'six_args 100' > $KPT_TEST/call\"" > bt.txt 2>&1
rc=$?
cat bt.txt
if [ $rc -eq 0 ] && grep -q '^@hits: 100$' bt.txt; then
	assert_file_has bt.txt '^@sum: 3400$' "bpftrace read a1 by name"
	echo "bpftrace attaches to our events"
	exit 0
fi
assert_file_has bt.txt '^ioctl\(PERF_EVENT_IOC_SET_BPF\): Invalid argument$' "the known reason"
assert_file_has bt.txt '^ERROR: Error attaching probe: tracepoint:kprobetrace:bpf$' "bpftrace's error"
echo "bpftrace cannot attach: PERF_EVENT_IOC_SET_BPF refuses our dynamic events (EINVAL), as documented"
