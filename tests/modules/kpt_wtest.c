// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_wtest: data for watchpoint probes (w:) to watch, loaded and
 * unloaded by the tests themselves (a watchpoint on a module's variable
 * must go with the module).
 *
 * Writing to /sys/kernel/debug/kprobetrace_wtest/call:
 *   "write N"  stores 1, 2, ..., N into kpt_wtest_var (u64), in that order
 *   "read N"   loads kpt_wtest_var N times
 *   "touch N"  calls kpt_wtest_touch(&kpt_wtest_objs[i % 2], i) for i =
 *              0..N-1: each call stores i + 1 and then i + 2 into the
 *              object's field a (two writes per call, to the object it was
 *              handed); kpt_wtest_objs[1] is written as often as [0]
 * kpt_wtest_var starts at 0x1234; kpt_wtest_touch is __noipa, so that a
 * probe on its entry sees its arguments.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define __kpt_target __attribute__((__noipa__))

struct kpt_wtest_obj {
	u64 a;
	u64 b;
};

u64 kpt_wtest_var __aligned(8) = 0x1234;
u64 kpt_wtest_sink;
struct kpt_wtest_obj kpt_wtest_objs[2] __aligned(64);

__kpt_target void kpt_wtest_touch(struct kpt_wtest_obj *o, u64 i)
{
	WRITE_ONCE(o->a, i + 1);
	WRITE_ONCE(o->a, i + 2);
}

static __kpt_target void kpt_wtest_run(const char *cmd, unsigned long n)
{
	unsigned long i;

	if (!strcmp(cmd, "write")) {
		for (i = 1; i <= n; i++)
			WRITE_ONCE(kpt_wtest_var, i);
	} else if (!strcmp(cmd, "read")) {
		for (i = 0; i < n; i++)
			WRITE_ONCE(kpt_wtest_sink, READ_ONCE(kpt_wtest_var));
	} else {
		for (i = 0; i < n; i++)
			kpt_wtest_touch(&kpt_wtest_objs[i % 2], i);
	}
}

static ssize_t call_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char buf[32], cmd[8];
	unsigned long n;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sscanf(buf, "%7s %lu", cmd, &n) != 2 || n > 100000)
		return -EINVAL;
	if (strcmp(cmd, "write") && strcmp(cmd, "read") &&
	    strcmp(cmd, "touch"))
		return -EINVAL;
	kpt_wtest_run(cmd, n);
	return count;
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.write = call_write,
	.llseek = noop_llseek,
};

static struct dentry *kpt_wtest_dir;

static int __init kpt_wtest_init(void)
{
	kpt_wtest_dir = debugfs_create_dir("kprobetrace_wtest", NULL);
	if (IS_ERR(kpt_wtest_dir))
		return PTR_ERR(kpt_wtest_dir);
	debugfs_create_file("call", 0200, kpt_wtest_dir, NULL, &call_fops);
	return 0;
}

static void __exit kpt_wtest_exit(void)
{
	debugfs_remove_recursive(kpt_wtest_dir);
}

module_init(kpt_wtest_init);
module_exit(kpt_wtest_exit);

MODULE_DESCRIPTION("kprobetrace test module: data to watch");
MODULE_LICENSE("GPL");
