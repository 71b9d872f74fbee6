// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace: a kprobe-based event tracer as an out-of-tree module.
 *
 * This file only wires the module together, room by room (docs/DESIGN.md):
 * it resolves the kernel symbols we need (kpt_ksyms.c), sets up the hit
 * path, the events and the module notifier, runs the load-time selftest
 * (parameter selftest, on by default), and creates the files, each room
 * its own, in /sys/kernel/tracing/kprobetrace/ (kpt_files.c).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include "kpt_boundary.h"
#include "kpt_btf_mod.h"
#include "kpt_control.h"
#include "kpt_cpuctr.h"
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_files.h"
#include "kpt_otype.h"
#include "kpt_hit.h"
#include "kpt_latency.h"
#include "kpt_fprobe.h"
#include "kpt_ksyms.h"
#include "kpt_lean.h"
#include "kpt_modnotify.h"
#include "kpt_printk.h"
#include "kpt_rethook_pool.h"
#include "kpt_remove.h"
#include "kpt_selftest.h"
#include "kpt_wtrig.h"

static bool selftest = true;
module_param(selftest, bool, 0444);
MODULE_PARM_DESC(selftest, "run the selftest at load time (default: on)");

static bool testhooks;
module_param(testhooks, bool, 0444);
MODULE_PARM_DESC(testhooks, "create files used only by tests (default: off)");

/* every file: the last step of the load, a room's file with its room */
static int kpt_files_create(void)
{
	int ret = kpt_files_init();

	if (ret)
		return ret;
	ret = kpt_errlog_init() ?: kpt_control_init() ?:
	      kpt_fprobe_files_init() ?: kpt_latency_init() ?:
	      kpt_aggregate_init() ?: kpt_wtrig_init() ?:
	      (testhooks ? kpt_boundary_testhook_init() : 0);
	if (ret)
		kpt_files_exit();
	return ret;
}

static int __init kpt_init(void)
{
	int ret;

	ret = kpt_ksyms_init() ?: kpt_rethook_pool_init();
	if (ret)
		return ret;
	/*
	 * Before any probe, the selftest's too: the lowest kernel address
	 * the hit path may read (kpt_kaddr_ok()).
	 */
	kpt_hit_init();
	kpt_lean_init();
	kpt_printk_init();
	ret = kpt_event_init();
	if (ret)
		return ret;
	ret = kpt_modnotify_init();
	if (ret)
		return ret;
	ret = kpt_cpuctr_init();
	if (ret) {
		kpt_modnotify_exit();
		return ret;
	}
	if (selftest) {
		ret = kpt_selftest_run();
		if (ret) {
			pr_err("selftest failed: not loading\n");
			goto fail;
		}
	}
	ret = kpt_files_create();
	if (ret)
		goto fail;
	kpt_btf_warm();
	pr_info("loaded\n");
	return 0;

fail:
	kpt_remove_exit();
	kpt_cpuctr_exit();
	kpt_modnotify_exit();
	kpt_otype_exit();
	kpt_printk_exit();
	kpt_errlog_exit();
	return ret;
}

static void __exit kpt_exit(void)
{
	/* no new opens; open files hold a module reference */
	kpt_files_exit();
	kpt_modnotify_exit();
	/* events armed by the aggregate file: disarmed, as enabled ones */
	kpt_aggregate_exit();
	/* triggers name events: gone before the events */
	kpt_wtrig_exit();
	kpt_remove_exit();
	kpt_cpuctr_exit();
	kpt_otype_exit();
	kpt_printk_exit();
	kpt_errlog_exit();
	kpt_btf_exit();
	pr_info("unloaded\n");
}

module_init(kpt_init);
module_exit(kpt_exit);

MODULE_DESCRIPTION("kprobe-based event tracer with an x86 instruction decoder");
MODULE_LICENSE("GPL");
