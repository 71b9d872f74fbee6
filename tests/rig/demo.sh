# make demo: the seed's usage example (Documentation/trace/kprobetrace.txt
# of the 2009 series), verbatim but for the paths: our control files are in
# /sys/kernel/debug/kprobetrace/, our events in tracefs events/kprobetrace/.
K=/sys/kernel/debug/kprobetrace
T=/sys/kernel/tracing
echo "== kprobetrace demo on $(uname -r)"
grep ' do_sys_open$' /proc/kallsyms
echo 0 > $T/tracing_on; echo > $T/trace; echo 1 > $T/tracing_on

echo '# echo p:myprobe do_sys_open a0 a1 a2 a3 > kprobe_events'
echo p:myprobe do_sys_open a0 a1 a2 a3 > $K/kprobe_events
echo '# echo r:myretprobe do_sys_open rv ra >> kprobe_events'
echo r:myretprobe do_sys_open rv ra >> $K/kprobe_events
echo '# cat kprobe_events'
cat $K/kprobe_events
echo '# cat events/kprobetrace/myprobe/format'
cat $T/events/kprobetrace/myprobe/format
# something that opens files (the events are live at once)
cat /proc/version > /dev/null
ls / > /dev/null
echo '# cat kprobe_profile'
cat $K/kprobe_profile
echo '# echo > kprobe_events'
echo > $K/kprobe_events
echo '# cat trace'
cat $T/trace | head -n 30
