// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace: a kprobe-based event tracer as an out-of-tree module.
 *
 * This file only wires the module together: it resolves the kernel
 * symbols we need (kpt_ksyms.c), owns the debugfs directory
 * /sys/kernel/debug/kprobetrace/ under which every control file lives,
 * and runs the load-time selftest (parameter selftest, on by default).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/module.h>
#include "kpt_ksyms.h"
#include "kpt_probe.h"

static bool selftest = true;
module_param(selftest, bool, 0444);
MODULE_PARM_DESC(selftest, "run the selftest at load time (default: on)");

static bool testhooks;
module_param(testhooks, bool, 0444);
MODULE_PARM_DESC(testhooks, "create debugfs hooks used only by tests (default: off)");

static struct dentry *kpt_debugfs_dir;

static int __init kpt_init(void)
{
	int ret;

	ret = kpt_ksyms_init();
	if (ret)
		return ret;
	ret = kpt_event_init();
	if (ret)
		return ret;
	/*
	 * Before the selftest: it sets the lowest kernel address the hit
	 * path may read (kpt_kaddr_ok()), and watches modules coming.
	 */
	ret = kpt_probe_init();
	if (ret)
		goto fail_event;
	if (selftest) {
		ret = kpt_selftest_run();
		if (ret) {
			pr_err("selftest failed: not loading\n");
			goto fail_probe;
		}
	}
	kpt_debugfs_dir = debugfs_create_dir("kprobetrace", NULL);
	if (IS_ERR(kpt_debugfs_dir)) {
		ret = PTR_ERR(kpt_debugfs_dir);
		pr_err("cannot create debugfs directory: %d\n", ret);
		goto fail_probe;
	}
	kpt_errlog_init(kpt_debugfs_dir);
	kpt_control_init(kpt_debugfs_dir);
	if (testhooks)
		kpt_boundary_testhook_init(kpt_debugfs_dir);
	pr_info("loaded\n");
	return 0;

fail_probe:
	kpt_control_exit();
	kpt_probe_exit();
	kpt_errlog_exit();
fail_event:
	kpt_event_exit();
	return ret;
}

static void __exit kpt_exit(void)
{
	/* no new opens; open files hold a module reference */
	debugfs_remove_recursive(kpt_debugfs_dir);
	kpt_probe_exit();
	kpt_control_exit();
	kpt_event_exit();
	kpt_errlog_exit();
	pr_info("unloaded\n");
}

module_init(kpt_init);
module_exit(kpt_exit);

MODULE_DESCRIPTION("kprobe-based event tracer with an x86 instruction decoder");
MODULE_LICENSE("GPL");
