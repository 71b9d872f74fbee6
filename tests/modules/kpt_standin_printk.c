// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk (trace-printk.ko): our stand-in for the kernel's sample
 * module of the same name, which Debian does not build
 * (CONFIG_SAMPLE_TRACE_PRINTK). The kernel's ftrace selftest
 * test.d/kprobe/kprobe_module.tc loads and unloads it to probe a module
 * function, trace_printk_irq_work, before the module is loaded, while it is
 * and after it is gone; the test expects a probe armed before the load to
 * hit while the module initialises. This module provides exactly that: the
 * function, called once from the init function. Loaded only in test guests
 * (tests/guest/ftracetest-*.sh).
 */
#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/module.h>

static unsigned long kpt_standin_calls;

/* Not inlined, not cloned: the probe site the selftest names. */
static noinline __attribute__((__noipa__)) void trace_printk_irq_work(void)
{
	WRITE_ONCE(kpt_standin_calls, kpt_standin_calls + 1);
}

static int __init kpt_standin_init(void)
{
	trace_printk_irq_work();
	return 0;
}

static void __exit kpt_standin_exit(void)
{
}

module_init(kpt_standin_init);
module_exit(kpt_standin_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kprobetrace tests: stand-in for the trace-printk sample module");
