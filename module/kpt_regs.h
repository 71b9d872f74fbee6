/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pt_regs register and stack access (seed patch 005) as the module's own
 * small library, on the shared register table (common/kpt_regs_table.h).
 * The accessors the hit path uses are inline here and safe in kprobe
 * context: no locks, no allocation, faulting reads are caught.
 */
#ifndef KPT_REGS_H
#define KPT_REGS_H

#include <linux/kprobes.h>
#include <linux/ptrace.h>
#include <linux/sched/task_stack.h>
#include <linux/uaccess.h>

/* Byte offset in struct pt_regs of register NAME ("ax", "rax", ...). */
int kpt_regs_query_register_offset(const char *name);
/* Canonical name of the register at byte OFFSET, NULL if none. */
const char *kpt_regs_query_register_name(unsigned int offset);
/* Run the library's unit tests; 0 or a negative errno (logged). */
int kpt_regs_selftest(void);

#define KPT_REGS_MAX_OFFSET	(offsetof(struct pt_regs, ss))

/* Value of the register at byte OFFSET (0 if out of range). */
static nokprobe_inline unsigned long
kpt_regs_get_register(struct pt_regs *regs, unsigned int offset)
{
	if (unlikely(offset > KPT_REGS_MAX_OFFSET || (offset & 7)))
		return 0;
	return *(unsigned long *)((unsigned long)regs + offset);
}

/* Is ADDR on the same kernel stack as the one REGS were saved on? */
static nokprobe_inline bool
kpt_regs_within_kernel_stack(struct pt_regs *regs, unsigned long addr)
{
	return (addr & ~(THREAD_SIZE - 1)) ==
	       (kernel_stack_pointer(regs) & ~(THREAD_SIZE - 1));
}

/*
 * Nth entry of the kernel stack (N >= 0; s0 is the word at the stack
 * pointer).  Returns false, leaving *val alone, if the entry is outside
 * the stack or cannot be read.
 */
static nokprobe_inline bool
kpt_regs_get_kernel_stack_nth(struct pt_regs *regs, unsigned int n,
			      unsigned long *val)
{
	unsigned long addr = kernel_stack_pointer(regs) +
			     (unsigned long)n * sizeof(unsigned long);

	if (!kpt_regs_within_kernel_stack(regs, addr))
		return false;
	return !copy_from_kernel_nofault(val, (void *)addr, sizeof(*val));
}

/*
 * Nth function argument (N >= 0) at a function's entry, by the x86-64
 * SysV convention: di si dx cx r8 r9, then the stack above the return
 * address (a6 = s1, a7 = s2, ...).
 */
#define KPT_REGS_NR_ARG_REGS	6
static nokprobe_inline bool
kpt_regs_get_argument_nth(struct pt_regs *regs, unsigned int n,
			  unsigned long *val)
{
	static const unsigned char offs[KPT_REGS_NR_ARG_REGS] = {
		offsetof(struct pt_regs, di), offsetof(struct pt_regs, si),
		offsetof(struct pt_regs, dx), offsetof(struct pt_regs, cx),
		offsetof(struct pt_regs, r8), offsetof(struct pt_regs, r9),
	};

	if (n < KPT_REGS_NR_ARG_REGS) {
		*val = kpt_regs_get_register(regs, offs[n]);
		return true;
	}
	return kpt_regs_get_kernel_stack_nth(regs, n - KPT_REGS_NR_ARG_REGS + 1,
					     val);
}

#endif /* KPT_REGS_H */
