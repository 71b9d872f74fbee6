// SPDX-License-Identifier: GPL-2.0
/*
 * The rethook pool: what a kernel needs beyond the calls every kernel has
 * (see kpt_rethook_pool.h for how kernels differ).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/printk.h>
#include <linux/static_call.h>
#include "../kpt_ksyms.h"
#include "kpt_rethook_pool.h"

#ifdef KPT_HAVE_RETHOOK_OBJPOOL

int kpt_rethook_pool_init(void)
{
	return 0;
}

#else /* 6.1: the user hands each node over with rethook_add_node() */

DEFINE_STATIC_CALL_NULL(kpt_kcall_rethook_add_node, rethook_add_node);

int kpt_rethook_pool_init(void)
{
	unsigned long addr = kpt_ksym_addr("rethook_add_node");

	if (!addr) {
		pr_err("cannot resolve kernel symbol rethook_add_node\n");
		return -ENOENT;
	}
	static_call_update(kpt_kcall_rethook_add_node,
			   (typeof(&rethook_add_node))addr);
	return 0;
}

#endif /* KPT_HAVE_RETHOOK_OBJPOOL */
