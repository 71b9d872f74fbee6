// SPDX-License-Identifier: GPL-2.0
/*
 * trace-events-sample.ko: our stand-in for the kernel's sample module of
 * the same name, which Debian does not build (CONFIG_SAMPLE_TRACE_EVENTS).
 * The kernel's ftrace selftest test.d/dynevent/add_remove_tprobe_module.tc
 * loads it to put t: events on its tracepoints foo_bar and
 * foo_bar_with_cond; it needs only that they exist.  Here they are bare
 * tracepoints (no trace event), fired once from the init function.
 * Loaded only in test guests (tests/guest/ftracetest-fprobe.sh).
 */
#include <linux/init.h>
#include <linux/module.h>
#include <linux/tracepoint.h>

DECLARE_TRACE(foo_bar, TP_PROTO(const char *foo, int bar), TP_ARGS(foo, bar));
DEFINE_TRACE(foo_bar, TP_PROTO(const char *foo, int bar), TP_ARGS(foo, bar));
DECLARE_TRACE(foo_bar_with_cond, TP_PROTO(const char *foo, int bar),
	      TP_ARGS(foo, bar));
DEFINE_TRACE(foo_bar_with_cond, TP_PROTO(const char *foo, int bar),
	     TP_ARGS(foo, bar));

static int __init kpt_standin_events_init(void)
{
	trace_foo_bar("init", 1);
	trace_foo_bar_with_cond("init", 2);
	return 0;
}

static void __exit kpt_standin_events_exit(void)
{
}

module_init(kpt_standin_events_init);
module_exit(kpt_standin_events_exit);

MODULE_DESCRIPTION("stand-in for the kernel's trace-events-sample module (tests only)");
MODULE_LICENSE("GPL");
