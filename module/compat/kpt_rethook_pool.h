/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A rethook with its pool of num nodes of size bytes (f: exits,
 * kpt_fprobe.c).  rethook_* are not exported on any kernel of the matrix:
 * they are static calls (kpt_kcall(), kpt_ksyms.h); what 6.1 needs besides
 * is resolved here, by kpt_rethook_pool_init() (kpt_rethook_pool.c).
 *
 * Kernels differ:
 *   6.1   rethook_alloc(data, handler) returns an empty rethook (NULL on
 *         failure); the user kmallocs each node and hands it over with
 *         rethook_add_node().  The rethook kfree()s the nodes when it goes
 *         (rethook_free(): after an RCU grace period, and each node still
 *         in flight when it comes back).
 *   6.12  (since 6.7) rethook_alloc(data, handler, size, num) allocates the
 *         nodes itself in an objpool (an ERR_PTR on failure); there is no
 *         rethook_add_node().
 * Chosen by KPT_HAVE_RETHOOK_OBJPOOL (features.sh reads rethook_alloc()'s
 * declaration in <linux/rethook.h>).
 *
 * kpt_rethook_new() returns the rethook or an ERR_PTR on both.
 */
#ifndef KPT_COMPAT_RETHOOK_POOL_H
#define KPT_COMPAT_RETHOOK_POOL_H

#include <linux/err.h>
#include <linux/rethook.h>
#include <linux/slab.h>
#include <linux/static_call.h>
#include "../kpt_ksyms.h"

/* at load, before any f: exit: 0 or -ENOENT (a symbol missing) */
int kpt_rethook_pool_init(void);

#ifdef KPT_HAVE_RETHOOK_OBJPOOL

static inline struct rethook *kpt_rethook_new(void *data,
					      rethook_handler_t handler,
					      int size, int num)
{
	return kpt_kcall(rethook_alloc)(data, handler, size, num);
}

#else

DECLARE_STATIC_CALL(kpt_kcall_rethook_add_node, rethook_add_node);

static inline struct rethook *kpt_rethook_new(void *data,
					      rethook_handler_t handler,
					      int size, int num)
{
	struct rethook *rh = kpt_kcall(rethook_alloc)(data, handler);
	int i;

	if (!rh)
		return ERR_PTR(-ENOMEM);
	for (i = 0; i < num; i++) {
		struct rethook_node *node = kzalloc(size, GFP_KERNEL);

		if (!node) {
			/* frees the nodes added so far */
			kpt_kcall(rethook_free)(rh);
			return ERR_PTR(-ENOMEM);
		}
		kpt_kcall(rethook_add_node)(rh, node);
	}
	return rh;
}

#endif

#endif /* KPT_COMPAT_RETHOOK_POOL_H */
