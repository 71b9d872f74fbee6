// SPDX-License-Identifier: GPL-2.0
/*
 * Watchpoint probes: w: lines through the kernel's hardware breakpoints
 * (kpt_wprobe.h).  x86 data breakpoints trap after the access: the hit's
 * registers are the accessing code's, its ip the instruction after the
 * access, and the memory holds the new value.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/uaccess.h>
#include "kpt_hit.h"
#include "kpt_wprobe.h"

int kpt_wprobe_check(struct kpt_probe *p, unsigned long addr,
		     struct kpt_err *e, size_t pos)
{
	unsigned int len = p->def->wlen;
	u8 byte;

	if (addr < TASK_SIZE_MAX ||
	    copy_from_kernel_nofault(&byte, (void *)addr, 1))
		return kpt_error(e, KPT_ERR_W_NOT_KERNEL, pos, addr);
	if (addr & (len - 1))
		return kpt_error(e, KPT_ERR_W_UNALIGNED, pos, addr, len);
	/* x86's debug registers watch writes, or reads and writes */
	if (p->def->waccess == KPT_WACCESS_R)
		return kpt_error(e, KPT_ERR_W_READ_ONLY, pos);
	return 0;
}

int kpt_wprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	struct perf_event * __percpu *bp;
	struct perf_event_attr attr;

	hw_breakpoint_init(&attr);
	attr.bp_addr = p->addr;
	attr.bp_len = p->def->wlen;
	attr.bp_type = p->def->waccess == KPT_WACCESS_W ?
		       HW_BREAKPOINT_W : HW_BREAKPOINT_RW;
	attr.disabled = !armed;
	bp = register_wide_hw_breakpoint(&attr, kpt_wprobe_handler, p);
	if (IS_ERR(bp)) {
		int ret = PTR_ERR(bp);

		if (ret == -ENOSPC)
			return kpt_error(e, KPT_ERR_W_NO_SLOT, 0,
					 kpt_probe_group(p), kpt_probe_name(p),
					 HBP_NUM);
		return kpt_error_with(e, KPT_ERR_W_REGISTER_FAILED, ret, 0,
				      ret);
	}
	if (armed)
		p->ev->armed_once = true;
	p->wbp = bp;
	p->registered = true;
	return 0;
}

void kpt_wprobe_unregister(struct kpt_probe *p)
{
	if (!p->wbp)
		return;
	unregister_wide_hw_breakpoint(p->wbp);
	p->wbp = NULL;
	p->registered = false;
}

void kpt_wprobe_set_armed(struct kpt_probe *p, bool on)
{
	int cpu;

	if (!p->wbp)
		return;
	for_each_possible_cpu(cpu) {
		struct perf_event *bp = *per_cpu_ptr(p->wbp, cpu);

		if (!bp)
			continue;
		if (on)
			perf_event_enable(bp);
		else
			perf_event_disable(bp);
	}
}
