/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hit path's argument fetching, inlined into the handlers and the
 * record stores (kpt_hit.c, its only user).  No lock, no allocation, and no
 * call for a register, a stack slot or a kernel memory read: a kernel read
 * is the range check of copy_from_kernel_nofault_allowed() and one
 * exception-table load under pagefault_disable(), inline.
 *
 * Offers: kpt_kread(), kpt_uread(), kpt_mem_allowed(), kpt_convert(),
 * kpt_eval(), kpt_fetch_vals(), kpt_store_edata().  May touch: registers
 * and the kernel stack (kpt_regs.h), kernel and user memory (faults
 * caught), the lockdown level, a probe's compiled ops (read only).
 */
#ifndef KPT_FETCH_H
#define KPT_FETCH_H

#include <linux/kprobes.h>
#include <linux/sched/clock.h>
#include <linux/security.h>
#include <linux/uaccess.h>
#include <asm/page.h>
#include <asm/processor.h>
#include <asm/vsyscall.h>
#include "kpt_ksyms.h"
#include "kpt_probe_types.h"
#include "kpt_regs.h"
#include "kpt_unaligned.h"

/*
 * May the hit path read kernel memory at addr?  As x86-64's
 * copy_from_kernel_nofault_allowed(): canonical (a non-canonical address
 * would raise #GP, not a page fault) and above user space with its guard
 * page, that is at or above kpt_kaddr_min (kpt_hit_init()), and not the
 * vsyscall page.
 */
extern unsigned long kpt_kaddr_min;

static nokprobe_inline bool kpt_kaddr_ok(unsigned long addr)
{
	return addr >= kpt_kaddr_min && (addr & PAGE_MASK) != VSYSCALL_ADDR;
}

/*
 * Read size (1 2 4 8) bytes of kernel memory at addr into *val (zero
 * extended); false, *val untouched, if the address is refused or faults.
 */
static nokprobe_inline bool kpt_kread(unsigned long addr, unsigned int size,
				      unsigned long *val)
{
	u8 b;
	u16 w;
	u32 l;
	u64 q;

	if (!kpt_kaddr_ok(addr))
		return false;
	pagefault_disable();
	switch (size) {
	case 1:
		__get_kernel_nofault(&b, (void *)addr, u8, fault);
		q = b;
		break;
	case 2:
		__get_kernel_nofault(&w, (void *)addr, u16, fault);
		q = w;
		break;
	case 4:
		__get_kernel_nofault(&l, (void *)addr, u32, fault);
		q = l;
		break;
	default:
		__get_kernel_nofault(&q, (void *)addr, u64, fault);
		break;
	}
	pagefault_enable();
	*val = q;
	return true;
fault:
	pagefault_enable();
	return false;
}

/* The same from user memory (not inlined: the hit path rarely needs it). */
static nokprobe_inline bool kpt_uread(unsigned long addr, unsigned int size,
				      unsigned long *val)
{
	unsigned long v = 0;

	if (copy_from_user_nofault(&v, (void __user *)addr, size))
		return false;
	*val = v;
	return true;
}

/*
 * Memory reads through our probes stop once the kernel is locked down
 * (LOCKDOWN_KPROBES, the confidentiality level).  The lockdown LSM's
 * level is read directly when kpt_ksyms found it: an LSM call per hit
 * costs several indirect calls; the level only ever goes up.  (Other
 * LSMs' locked_down hooks, e.g. a BPF LSM program, are then consulted
 * at definition time only.)
 */
static nokprobe_inline bool kpt_mem_allowed(void)
{
	const int *level = kpt_ksyms.lockdown_level;

	if (level)
		return READ_ONCE(*level) < LOCKDOWN_KPROBES;
	return !security_locked_down(LOCKDOWN_KPROBES);
}

/* Narrowing, sign extension, bitfield (a->conv: compiled in, not tested) */
static nokprobe_inline unsigned long
kpt_convert(const struct kpt_carg *a, unsigned long v)
{
	if (a->size < sizeof(long)) {
		unsigned int bits = a->size * 8;

		v &= (1UL << bits) - 1;
		if (a->type >= KPT_T_S8 && a->type <= KPT_T_S64 &&
		    (v & (1UL << (bits - 1))))
			v |= ~((1UL << bits) - 1);
	}
	if (a->type == KPT_T_BITFIELD) {
		v >>= a->bf_offset;
		if (a->bf_width < BITS_PER_LONG)
			v &= (1UL << a->bf_width) - 1;
	}
	return v;
}

/*
 * Kernel stack entry n (s0 is the word at the stack pointer) into *val;
 * false if it is not on the stack the registers were saved on (as the
 * kernel's regs_get_kernel_stack_nth()) or cannot be read.
 */
static nokprobe_inline bool
kpt_regs_get_kernel_stack_nth(struct pt_regs *regs, long n, unsigned long *val)
{
	unsigned long addr = kernel_stack_pointer(regs) + n * sizeof(long);

	return kpt_regs_within_kernel_stack(regs, addr) &&
	       kpt_kread(addr, sizeof(long), val);
}

/* An e: probe's field of the attached event's record rec (op: EFIELD*) */
static nokprobe_inline unsigned long kpt_efield(const void *rec,
						const struct kpt_cop *op)
{
	const u8 *a = (const u8 *)rec + op->val;
	bool s = op->op == KPT_COP_EFIELD_S;

	switch (op->op) {
	case KPT_COP_EFIELD_DSTR:
		return (unsigned long)rec + (get_unaligned((const u32 *)a) & 0xffff);
	case KPT_COP_EFIELD_RSTR:
		return (unsigned long)a + sizeof(u32) +
		       (get_unaligned((const u32 *)a) & 0xffff);
	case KPT_COP_EFIELD_ADDR:
		return (unsigned long)a;
	}
	switch (op->size) {
	case 1:
		return s ? (long)*(const s8 *)a : *a;
	case 2:
		return s ? (long)get_unaligned((const s16 *)a) :
			   get_unaligned((const u16 *)a);
	case 4:
		return s ? (long)get_unaligned((const s32 *)a) :
			   get_unaligned((const u32 *)a);
	default:
		return get_unaligned((const unsigned long *)a);
	}
}

/*
 * Evaluate the arg's ops into *val; false if a memory read faults.  typed
 * (a constant): today's format, whose ops may also be COMM.  The return
 * value, return address and stack address were compiled into REG ops.
 * edata: a return's entry values (kpt_store_edata()), an e: probe's
 * attached record, NULL at an entry.
 */
static nokprobe_inline bool
kpt_eval(struct kpt_probe *p, const struct kpt_carg *a, struct pt_regs *regs,
	 const unsigned long *edata, bool mem_ok, unsigned long *val,
	 bool typed)
{
	const struct kpt_cop *op = &p->ops[a->first];
	const struct kpt_cop *end = op + a->nops;
	unsigned long v = 0, addr;

	switch (op->op) {
	case KPT_COP_REG:
		v = kpt_regs_get_register(regs, op->val);
		break;
	case KPT_COP_STACK:
		if (!kpt_regs_get_kernel_stack_nth(regs, op->val, &v))
			return false;
		break;
	case KPT_COP_IMM:
		v = op->val;
		break;
	case KPT_COP_COMM:
		if (typed)
			v = (unsigned long)current->comm;
		break;
	case KPT_COP_EDATA:
		/* compiled in return probes only: edata is never NULL there */
		v = edata[op->val];
		break;
	case KPT_COP_WADDR:
		v = READ_ONCE(p->addr);
		break;
	case KPT_COP_EFIELD ... KPT_COP_EFIELD_ADDR:
		/* compiled in e: probes only: edata is their record */
		v = kpt_efield(edata, op);
		break;
	}
	for (op++; op < end; op++) {
		if (!mem_ok)
			return false;
		addr = v + op->val;
		if (likely(op->op == KPT_COP_DEREF)) {
			if (!kpt_kread(addr, op->size, &v))
				return false;
		} else if (!kpt_uread(addr, op->size, &v)) {
			return false;
		}
	}
	*val = v;
	return true;
}

/*
 * The seed's format: every argument (n = p->nargs) an unsigned long, into
 * vals (the record's args[]).
 */
static nokprobe_inline void kpt_fetch_vals(struct kpt_probe *p,
					   struct pt_regs *regs,
					   const unsigned long *edata,
					   unsigned long *vals, unsigned int n)
{
	const struct kpt_carg *a = p->args, *end = a + n;
	bool mem_ok = !p->has_mem || kpt_mem_allowed();
	unsigned long v;

	for (; a < end; a++, vals++) {
		switch (a->fast) {
		case KPT_FAST_REG:
			v = kpt_regs_get_register(regs, a->reg);
			break;
		case KPT_FAST_MEM:
			v = kpt_regs_get_register(regs, a->reg);
			if (!mem_ok ||
			    !kpt_kread(v + a->moff[0], sizeof(long), &v) ||
			    (a->nderef > 1 &&
			     !kpt_kread(v + a->moff[1], sizeof(long), &v)))
				v = KPT_FAULT_VALUE;
			break;
		default:
			if (unlikely(!kpt_eval(p, a, regs, edata, mem_ok, &v, false)))
				v = KPT_FAULT_VALUE;
			else if (unlikely(a->conv))
				v = kpt_convert(a, v);
			break;
		}
		*vals = v;
	}
}

/*
 * The entry values of a return probe: at the function's entry, $arg1 ..
 * $arg<p->edata_n> (the argument registers, then the stack: s0 is the
 * return address there) into edata, which the return's KPT_COP_EDATA ops
 * read (as the kernel does since 6.10: the argument's value is the
 * entry's; a dereference through it reads memory at the return).  One
 * mechanism for both kinds of return: a kretprobe's entry_handler stores
 * into its instance's data, an f: exit's entry into its rethook node.  The
 * registers are the register table's (common/kpt_regs_table.h), as for
 * $argN at an entry.
 *
 * A timed probe ($duration) keeps the entry's time in word 0, taken last
 * (the fetching above is not the call's time): local_clock(), the
 * scheduler's clock in nanoseconds, cheap (sched_clock, TSC based) and
 * safe in any context, NMI included.  Unlike ftrace's "local" clock
 * (trace_clock_local(), sched_clock itself) it is kept monotonic per CPU
 * and within a tick of the other CPUs' when the TSC is not stable, so a
 * call that migrated between its entry and its return (preemption) still
 * gets a sane duration, at worst off by that bound, never negative.
 */
static nokprobe_inline void kpt_store_edata(struct kpt_probe *p,
					    struct pt_regs *regs,
					    unsigned long *edata)
{
	unsigned int i;

	if (p->timed)
		edata++;
	for (i = 0; i < p->edata_n; i++) {
		if (i < KPT_NR_ARG_REGS)
			edata[i] = kpt_regs_get_register(regs,
					kpt_regs_offset(kpt_arg_reg_slots[i]));
		else if (!kpt_regs_get_kernel_stack_nth(regs,
							i - KPT_NR_ARG_REGS + 1,
							&edata[i]))
			edata[i] = KPT_FAULT_VALUE;
	}
	if (p->timed)
		edata[-1] = local_clock();
}

#endif /* KPT_FETCH_H */
