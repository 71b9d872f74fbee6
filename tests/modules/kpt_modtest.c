// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_modtest: a module for probes defined before it loads.
 *
 * Its init function calls kpt_modtest_init_target() `calls` times (module
 * parameter, default 3) with 0, 1, 2, ..., then kpt_modtest_core(0x100)
 * once, so that a probe armed when the module comes (before its init
 * function runs) records a known number of hits in init code.  Writing N
 * to /sys/kernel/debug/kprobetrace_modtest/call calls kpt_modtest_core(N)
 * once more, afterwards.  The targets are __noipa, as in kpt_testmod.c.
 * Its tracepoint kpt_modtest_tp(v, w), for t: probes on a module's
 * tracepoint, fires in init with (0x100, calls) and on each call write
 * with (N, 2 * N).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>

DECLARE_TRACE(kpt_modtest_tp, TP_PROTO(long v, long w), TP_ARGS(v, w));
DEFINE_TRACE(kpt_modtest_tp, TP_PROTO(long v, long w), TP_ARGS(v, w));

#define __kpt_target __attribute__((__noipa__))

static int calls = 3;
module_param(calls, int, 0444);
MODULE_PARM_DESC(calls, "how often init calls kpt_modtest_init_target (default 3)");

static long kpt_modtest_sink;

__kpt_target int __init kpt_modtest_init_target(int i)
{
	return i * 2 + 1;
}

__kpt_target long kpt_modtest_core(long v)
{
	return v + 1;
}

static ssize_t call_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	long v;
	int ret;

	ret = kstrtol_from_user(ubuf, count, 0, &v);
	if (ret)
		return ret;
	trace_kpt_modtest_tp(v, 2 * v);
	WRITE_ONCE(kpt_modtest_sink, kpt_modtest_core(v));
	return count;
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.write = call_write,
	.llseek = noop_llseek,
};

static struct dentry *kpt_modtest_dir;

static int __init kpt_modtest_init(void)
{
	int i;

	for (i = 0; i < calls; i++)
		WRITE_ONCE(kpt_modtest_sink, kpt_modtest_init_target(i));
	WRITE_ONCE(kpt_modtest_sink, kpt_modtest_core(0x100));
	trace_kpt_modtest_tp(0x100, calls);
	kpt_modtest_dir = debugfs_create_dir("kprobetrace_modtest", NULL);
	if (IS_ERR(kpt_modtest_dir))
		return PTR_ERR(kpt_modtest_dir);
	debugfs_create_file("call", 0200, kpt_modtest_dir, NULL, &call_fops);
	return 0;
}

static void __exit kpt_modtest_exit(void)
{
	debugfs_remove_recursive(kpt_modtest_dir);
}

module_init(kpt_modtest_init);
module_exit(kpt_modtest_exit);

MODULE_DESCRIPTION("kprobetrace test module: init code to probe");
MODULE_LICENSE("GPL");
