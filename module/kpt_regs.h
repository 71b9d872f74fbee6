/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pt_regs access (seed patch 005) on the one register table,
 * common/kpt_regs_table.h (names <-> slots, the argument registers), which
 * the parser and the command share.  Compiling a fetch argument turns a
 * slot into a byte offset here; the hit path (kpt_fetch.h) reads a
 * register or a kernel stack entry here.  No lock, no allocation; a stack
 * read goes through the hit path's faulting-safe kernel read.
 *
 * Offers: kpt_regs_offset(), kpt_regs_get_register(),
 * kpt_regs_within_kernel_stack().  Touches nothing but struct pt_regs.
 */
#ifndef KPT_REGS_H
#define KPT_REGS_H

#include <linux/build_bug.h>
#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched/task_stack.h>
#include "kpt_regs_table.h"

#define KPT_CHECK_SLOT(slot, field) \
	BUILD_BUG_ON((slot) * sizeof(long) != offsetof(struct pt_regs, field))

/* Byte offset in struct pt_regs of a register slot (< KPT_REG_NR). */
static inline unsigned int kpt_regs_offset(unsigned int slot)
{
	/* the shared table's slots are this kernel's struct pt_regs */
	KPT_CHECK_SLOT(KPT_REG_R15, r15);
	KPT_CHECK_SLOT(KPT_REG_R14, r14);
	KPT_CHECK_SLOT(KPT_REG_R13, r13);
	KPT_CHECK_SLOT(KPT_REG_R12, r12);
	KPT_CHECK_SLOT(KPT_REG_BP, bp);
	KPT_CHECK_SLOT(KPT_REG_BX, bx);
	KPT_CHECK_SLOT(KPT_REG_R11, r11);
	KPT_CHECK_SLOT(KPT_REG_R10, r10);
	KPT_CHECK_SLOT(KPT_REG_R9, r9);
	KPT_CHECK_SLOT(KPT_REG_R8, r8);
	KPT_CHECK_SLOT(KPT_REG_AX, ax);
	KPT_CHECK_SLOT(KPT_REG_CX, cx);
	KPT_CHECK_SLOT(KPT_REG_DX, dx);
	KPT_CHECK_SLOT(KPT_REG_SI, si);
	KPT_CHECK_SLOT(KPT_REG_DI, di);
	KPT_CHECK_SLOT(KPT_REG_ORIG_AX, orig_ax);
	KPT_CHECK_SLOT(KPT_REG_IP, ip);
	KPT_CHECK_SLOT(KPT_REG_CS, cs);
	KPT_CHECK_SLOT(KPT_REG_FLAGS, flags);
	KPT_CHECK_SLOT(KPT_REG_SP, sp);
	KPT_CHECK_SLOT(KPT_REG_SS, ss);
	BUILD_BUG_ON(KPT_REG_NR * sizeof(long) != sizeof(struct pt_regs));
	return slot * sizeof(long);
}

/* The register at byte offset off (a kpt_regs_offset(): not checked). */
static nokprobe_inline unsigned long
kpt_regs_get_register(struct pt_regs *regs, unsigned long off)
{
	return *(unsigned long *)((unsigned long)regs + off);
}

/* Is addr on the kernel stack regs were saved on? */
static nokprobe_inline bool
kpt_regs_within_kernel_stack(struct pt_regs *regs, unsigned long addr)
{
	return !((addr ^ kernel_stack_pointer(regs)) & ~(THREAD_SIZE - 1));
}

#endif /* KPT_REGS_H */
