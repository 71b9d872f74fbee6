/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parameters of a rethook return handler (f: exits, kpt_hit.c).
 *
 * Kernels differ:
 *   6.1   handler(node, data, regs)
 *   6.12  handler(node, data, ret_addr, regs): the true return address is
 *         passed as well (regs->ip holds it on both, which is what the
 *         hit path reads).
 * Chosen by KPT_HAVE_RETHOOK_HANDLER_RET_ADDR (features.sh reads the
 * rethook_handler_t typedef in <linux/rethook.h>).  The handler is stored
 * as a rethook_handler_t, so a kernel that changes the type again fails
 * the build at the rethook's allocation.
 */
#ifndef KPT_COMPAT_RETHOOK_HANDLER_H
#define KPT_COMPAT_RETHOOK_HANDLER_H

#include <linux/rethook.h>

#ifdef KPT_HAVE_RETHOOK_HANDLER_RET_ADDR
#define KPT_RETHOOK_HANDLER_PARAMS(node, data, regs)			\
	struct rethook_node *node, void *data,				\
	unsigned long kpt_ret_addr_unused, struct pt_regs *regs
#else
#define KPT_RETHOOK_HANDLER_PARAMS(node, data, regs)			\
	struct rethook_node *node, void *data, struct pt_regs *regs
#endif

#endif /* KPT_COMPAT_RETHOOK_HANDLER_H */
