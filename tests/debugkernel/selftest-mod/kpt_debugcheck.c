// SPDX-License-Identifier: GPL-2.0
/*
 * kpt_debugcheck.ko: deliberate bugs for the debug kernel's selftest
 * (make check-debug). Loaded only inside debug-kernel guests; each write
 * to /sys/kernel/debug/kpt_debugcheck/NAME commits one bug, which the
 * debug kernel must report and the test rig must turn into a failure:
 *
 *   leak     kmalloc() and drop the pointer (kmemleak)
 *   uaf      read a freed object (KASAN)
 *   lockdep  take two locks in both orders (lockdep)
 *   sleep    sleep under a spinlock (DEBUG_ATOMIC_SLEEP)
 */
#include <linux/module.h>
#include <linux/debugfs.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/delay.h>
#include <linux/fs.h>

static struct dentry *kpt_dc_dir;
static DEFINE_MUTEX(kpt_dc_a);
static DEFINE_MUTEX(kpt_dc_b);
static DEFINE_SPINLOCK(kpt_dc_spin);
static long kpt_dc_sink;

static noinline void kpt_dc_leak(void)
{
	int i;

	for (i = 0; i < 8; i++) {
		char *p = kmalloc(256, GFP_KERNEL);

		if (p)
			memset(p, 0x5a, 256);
		OPTIMIZER_HIDE_VAR(p);
	}
}

static noinline void kpt_dc_uaf(void)
{
	char *p = kmalloc(64, GFP_KERNEL);

	if (!p)
		return;
	kfree(p);
	OPTIMIZER_HIDE_VAR(p);
	WRITE_ONCE(kpt_dc_sink, READ_ONCE(p[8]));
}

static noinline void kpt_dc_lockdep(void)
{
	mutex_lock(&kpt_dc_a);
	mutex_lock(&kpt_dc_b);
	mutex_unlock(&kpt_dc_b);
	mutex_unlock(&kpt_dc_a);

	mutex_lock(&kpt_dc_b);
	mutex_lock(&kpt_dc_a);
	mutex_unlock(&kpt_dc_a);
	mutex_unlock(&kpt_dc_b);
}

static noinline void kpt_dc_sleep(void)
{
	spin_lock(&kpt_dc_spin);
	msleep(20);
	spin_unlock(&kpt_dc_spin);
}

static ssize_t kpt_dc_write(struct file *file, const char __user *buf,
			    size_t count, loff_t *ppos)
{
	void (*fn)(void) = file->f_inode->i_private;

	fn();
	return count;
}

static const struct file_operations kpt_dc_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = kpt_dc_write,
	.llseek = noop_llseek,
};

static int __init kpt_dc_init(void)
{
	kpt_dc_dir = debugfs_create_dir("kpt_debugcheck", NULL);
	debugfs_create_file("leak", 0200, kpt_dc_dir, kpt_dc_leak, &kpt_dc_fops);
	debugfs_create_file("uaf", 0200, kpt_dc_dir, kpt_dc_uaf, &kpt_dc_fops);
	debugfs_create_file("lockdep", 0200, kpt_dc_dir, kpt_dc_lockdep,
			    &kpt_dc_fops);
	debugfs_create_file("sleep", 0200, kpt_dc_dir, kpt_dc_sleep,
			    &kpt_dc_fops);
	return 0;
}

static void __exit kpt_dc_exit(void)
{
	debugfs_remove_recursive(kpt_dc_dir);
}

module_init(kpt_dc_init);
module_exit(kpt_dc_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kprobetrace: deliberate bugs for the debug kernel's selftest");
