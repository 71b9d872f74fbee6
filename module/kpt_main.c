// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace: a kprobe-based event tracer as an out-of-tree module.
 *
 * This file only wires the module together: it owns the debugfs directory
 * /sys/kernel/debug/kprobetrace/ under which every control file lives.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *kpt_debugfs_dir;

static int __init kpt_init(void)
{
	kpt_debugfs_dir = debugfs_create_dir("kprobetrace", NULL);
	if (IS_ERR(kpt_debugfs_dir)) {
		pr_err("cannot create debugfs directory: %ld\n",
		       PTR_ERR(kpt_debugfs_dir));
		return PTR_ERR(kpt_debugfs_dir);
	}
	pr_info("loaded\n");
	return 0;
}

static void __exit kpt_exit(void)
{
	debugfs_remove_recursive(kpt_debugfs_dir);
	pr_info("unloaded\n");
}

module_init(kpt_init);
module_exit(kpt_exit);

MODULE_DESCRIPTION("kprobe-based event tracer with an x86 instruction decoder");
MODULE_LICENSE("GPL");
