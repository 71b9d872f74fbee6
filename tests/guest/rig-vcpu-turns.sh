# matrix: core
# The rig lets a writer finish while a reader waits for it (the kernel ring
# buffer's reader wait: udelay(1) at a time with interrupts off, at most
# 1,000,000 times, then a warning in rb_get_reader_page()).
# kprobetrace_rbreader.ko (tests/modules/kpt_rbreader.c): CPU 0 waits
# udelay(1) 1000 times with interrupts off while CPU 1 counts with
# preemption off all along and no PAUSE, as a writer inside its
# reservation does.
# CPU 1 must move during the waits: the longest run of waits in which it
# did not must be far below the kernel's 1,000,000 and below the 1000
# waits themselves (limit here: 100).
# With one host thread for both vCPUs (the rig's thread=single) every
# udelay(1) lasts one whole turn of CPU 1; with a thread each (thread=multi)
# CPU 1 stands still whenever the host does not run its thread.
. /kpt/lib.sh
[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || skip "needs 2 CPUs"
insmod /kpt/kprobetrace_rbreader.ko turns=1000 secs=0 ||
	fail "insmod kprobetrace_rbreader"
P=/sys/module/kprobetrace_rbreader/parameters
stalled=$(cat $P/turns_stalled) longest=$(cat $P/turns_longest)
echo "1000 udelay(1) waits with interrupts off on CPU 0: $stalled saw CPU 1 not move, longest run $longest, $(cat $P/turns_udelay_ns) ns each"
rmmod kprobetrace_rbreader || fail "rmmod kprobetrace_rbreader"
[ "$longest" -le 100 ] ||
	fail "CPU 1 stood still for $longest of CPU 0's udelay(1) waits in a row"
echo "vcpu turns OK"
