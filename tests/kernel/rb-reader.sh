# The kernel ring buffer with a reader racing its writers, apart from
# kprobetrace (tests/modules/kpt_rbreader.c): a reproduction of a kernel
# defect, not part of `make check` (README.md here).
#
# A private ring buffer (KPT_RB_KB KiB a CPU, default 4: two pages;
# KPT_RB_OVERWRITE=1 for overwrite mode, default off), a writer thread
# bound to each CPU writing as fast as it can, a timer on each CPU
# (KPT_RB_TIMERS: 0 none, 1 ticks only, 2 default: also writes from hard
# interrupt context), a reader thread consuming records, for KPT_RB_SECS
# seconds (default 10). Values go on the kernel command line (KPT_APPEND).
# Checked, as the ring buffer's API promises: every record written is
# read, overwritten or left; what the buffer counts as left can be drained
# at the end; no record read is damaged; a full buffer refused records
# (overwrite off); and (the rig) no kernel warning.
# timeout: 240
. /kpt/lib.sh
SECS=${KPT_RB_SECS:-10}
[ "$(grep -c ^processor /proc/cpuinfo)" -ge 2 ] || skip "needs 2 CPUs"
insmod /kpt/kprobetrace_rbreader.ko turns=0 secs=$SECS \
	timers=${KPT_RB_TIMERS:-2} kb=${KPT_RB_KB:-4} \
	overwrite=${KPT_RB_OVERWRITE:-0} reader=${KPT_RB_READER:-1} ||
	fail "insmod kprobetrace_rbreader"
P=/sys/module/kprobetrace_rbreader/parameters
v() { cat $P/$1; }
echo "rb: $(v kb) KiB a CPU, overwrite $(v overwrite), timers $(v timers), reader $(v reader), $SECS s: written $(v rb_written) ($(v rb_irq_written) from the timers), refused $(v rb_refused), read $(v rb_read), left $(v rb_left) (drained $(v rb_drained)), overwritten $(v rb_overrun); the buffer's counts: dropped $(v rb_dropped), read $(v rb_read_events); damaged $(v rb_damaged)"
assert_eq "$(($(v rb_read) + $(v rb_left) + $(v rb_overrun)))" "$(v rb_written)" "read + left + overwritten = written"
assert_eq "$(v rb_read_events)" "$(v rb_read)" "the buffer's read count = records read"
assert_eq "$(v rb_drained)" "$(v rb_left)" "drained at the end = left"
assert_eq "$(v rb_damaged)" 0 "damaged records"
[ "$(v timers)" != 2 ] || [ "$(v rb_irq_written)" -gt 0 ] ||
	fail "the timers wrote nothing"
[ "$(v overwrite)" = Y ] || [ "$(v rb_dropped)" -gt 0 ] ||
	fail "the full buffer never refused a record"
[ "$(v rb_dropped)" -le "$(v rb_refused)" ] || fail "more dropped than refused"
[ "$(v reader)" = N ] || [ "$(v rb_read)" -gt 1000 ] ||
	fail "too few records read to cross pages"
rmmod kprobetrace_rbreader || fail "rmmod kprobetrace_rbreader"
echo "rb-reader OK"
