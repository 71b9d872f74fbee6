/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pt_regs inside a struct ftrace_regs, when ftrace saved only part of
 * them (an ftrace_ops without FTRACE_OPS_FL_SAVE_REGS: x86's ftrace_caller
 * stores the argument registers, %ax, %bp, the stack pointer and the ip in
 * the pt_regs layout, and 0 in cs; ftrace_get_regs() then returns NULL).
 *
 * Kernels differ in how struct ftrace_regs is reached:
 *   6.1   <asm/ftrace.h> declares struct ftrace_regs { struct pt_regs regs; }
 *   6.12  struct ftrace_regs is opaque; <linux/ftrace_regs.h> gives
 *         arch_ftrace_regs(fregs), a struct __arch_ftrace_regs holding the
 *         pt_regs.
 * Decided by features.sh: <linux/ftrace_regs.h> defines arch_ftrace_regs()
 * (KPT_HAVE_ARCH_FTRACE_REGS).
 */
#ifndef KPT_COMPAT_FTRACE_REGS_H
#define KPT_COMPAT_FTRACE_REGS_H

#include <linux/ftrace.h>
#include <linux/ptrace.h>

static __always_inline struct pt_regs *
kpt_ftrace_regs_pt(struct ftrace_regs *fregs)
{
#ifdef KPT_HAVE_ARCH_FTRACE_REGS
	return &arch_ftrace_regs(fregs)->regs;
#else
	return &fregs->regs;
#endif
}

#endif /* KPT_COMPAT_FTRACE_REGS_H */
