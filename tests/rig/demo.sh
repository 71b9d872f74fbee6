# make demo: the seed's usage example (Documentation/trace/kprobetrace.txt
# of the 2009 series), verbatim but for the paths: our control files are in
# /sys/kernel/tracing/kprobetrace/, our events in tracefs events/kprobetrace/.
#
# On Debian's 6.1 kernel do_sys_open() still exists and can be probed, but
# every open syscall (open, openat, creat, compat) inlines it and calls
# do_sys_openat2() directly: nothing calls the out-of-line do_sys_open, so
# the verbatim example records nothing.  The demo therefore runs it twice:
# verbatim, then with do_sys_openat2 (dfd, filename, struct open_how *).
K=/sys/kernel/tracing/kprobetrace
T=/sys/kernel/tracing

example() {
	sym=$1
	echo 0 > $T/tracing_on; echo > $T/trace; echo 1 > $T/tracing_on
	echo "# echo p:myprobe $sym a0 a1 a2 a3 > $K/kprobe_events"
	echo p:myprobe $sym a0 a1 a2 a3 > $K/kprobe_events
	echo "# echo r:myretprobe $sym rv ra >> $K/kprobe_events"
	echo r:myretprobe $sym rv ra >> $K/kprobe_events
	echo "# cat $K/kprobe_events"
	cat $K/kprobe_events
	echo "# cat $T/events/kprobetrace/myprobe/format"
	cat $T/events/kprobetrace/myprobe/format
	# the events are live at once: open a few files
	cat /proc/version > /dev/null
	ls / > /dev/null
	echo "# cat $K/kprobe_profile"
	cat $K/kprobe_profile
	echo "# echo > $K/kprobe_events"
	echo > $K/kprobe_events
	echo "# cat $T/trace"
	cat $T/trace | head -n 24
	echo
}

echo "== kprobetrace demo on $(uname -r)"
grep -E ' (do_sys_open|do_sys_openat2)$' /proc/kallsyms
echo
echo "== 1. the seed's example, verbatim (do_sys_open: inlined everywhere on 6.1)"
example do_sys_open
echo "== 2. the same on do_sys_openat2, which the open syscalls call on 6.1"
example do_sys_openat2
