// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_wtest: data for watchpoint probes (w:) to watch, loaded and
 * unloaded by the tests themselves (a watchpoint on a module's variable
 * must go with the module).
 *
 * Writing to /sys/kernel/debug/kprobetrace_wtest/call:
 *   "write N"  stores 1, 2, ..., N into kpt_wtest_var (u64), in that order
 *   "read N"   loads kpt_wtest_var N times
 *   "hand I"   calls kpt_wtest_hand(&kpt_wtest_objs[I]) (I: 0 or 1)
 *   "drop I"   calls kpt_wtest_drop(&kpt_wtest_objs[I])
 *   "objw N"   stores 1..N into kpt_wtest_objs[0].a and, after each,
 *              101..100+N into kpt_wtest_objs[1].a
 * kpt_wtest_var starts at 0x1234.
 * The functions are __noipa, so that a probe on their entry sees their
 * arguments.
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

__kpt_target void kpt_wtest_hand(struct kpt_wtest_obj *o)
{
	WRITE_ONCE(kpt_wtest_sink, (unsigned long)o);
}

__kpt_target void kpt_wtest_drop(struct kpt_wtest_obj *o)
{
	WRITE_ONCE(kpt_wtest_sink, (unsigned long)o);
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
	} else if (!strcmp(cmd, "objw")) {
		for (i = 1; i <= n; i++) {
			WRITE_ONCE(kpt_wtest_objs[0].a, i);
			WRITE_ONCE(kpt_wtest_objs[1].a, 100 + i);
		}
	} else if (!strcmp(cmd, "hand")) {
		kpt_wtest_hand(&kpt_wtest_objs[n & 1]);
	} else {
		kpt_wtest_drop(&kpt_wtest_objs[n & 1]);
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
	    strcmp(cmd, "objw") && strcmp(cmd, "hand") && strcmp(cmd, "drop"))
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
