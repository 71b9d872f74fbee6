// SPDX-License-Identifier: GPL-2.0
/*
 * Watchpoint probes: w: lines through the kernel's hardware breakpoints
 * (kpt_wprobe.h).  x86 data breakpoints trap after the access: the hit's
 * registers are the accessing code's, its ip the instruction after the
 * access, and the memory holds the new value.
 *
 * A trigger (kpt_wtrig.c) moves a watchpoint from a hit: the hit path
 * leaves the address in w->next and queues w->iw (an irq_work: safe in
 * any context, NMI included); that queues w->work, which moves every
 * CPU's breakpoint with modify_user_hw_breakpoint() (it sleeps: process
 * context only).  So the watch starts a little after the hit that asked
 * for it: what is accessed in between is not seen.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "kpt_hit.h"
#include "kpt_wprobe.h"

/* where an @-1 watchpoint's breakpoints wait, parked, for a trigger */
static u64 kpt_wprobe_nowhere __aligned(8);

static bool kpt_wprobe_unset(const struct kpt_probe *p)
{
	return p->def->loc == KPT_LOC_ADDR &&
	       p->def->addr == KPT_WPROBE_UNSET;
}

int kpt_wprobe_check(struct kpt_probe *p, unsigned long *addrp,
		     struct kpt_err *e, size_t pos)
{
	unsigned int len = p->def->wlen;
	unsigned long addr = *addrp;
	u8 byte;

	if (kpt_wprobe_unset(p)) {
		*addrp = (unsigned long)&kpt_wprobe_nowhere;
		return 0;
	}
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

/* every CPU's breakpoint at addr, enabled or not (w->lock held) */
static void kpt_wprobe_move(struct kpt_probe *p, unsigned long addr, bool en)
{
	struct perf_event_attr attr = p->w->bp.attr;

	/* a CPU that comes later gets the new place too */
	attr.bp_addr = addr;
	if (kpt_cpuctr_modify(&p->w->bp, &attr, en))
		pr_warn_ratelimited("cannot move watchpoint %s/%s to 0x%lx\n",
				    kpt_probe_group(p), kpt_probe_name(p), addr);
	WRITE_ONCE(p->addr, addr);
}

/* a trigger's request, in process context */
static void kpt_wprobe_work(struct work_struct *work)
{
	struct kpt_wp *w = container_of(work, struct kpt_wp, work);
	struct kpt_probe *p = w->bp_owner;
	unsigned long next = atomic_long_xchg(&w->next, 0);

	if (!next)
		return;
	mutex_lock(&w->lock);
	if (!w->has_bp) {
		mutex_unlock(&w->lock);
		return;
	}
	w->parked = next == KPT_WREQ_CLEAR;
	if (w->parked)
		kpt_wprobe_move(p, p->addr, false);
	else
		kpt_wprobe_move(p, next, w->on);
	mutex_unlock(&w->lock);
}

static void kpt_wprobe_iw(struct irq_work *iw)
{
	schedule_work(&container_of(iw, struct kpt_wp, iw)->work);
}

int kpt_wprobe_alloc(struct kpt_probe *p)
{
	p->w = kzalloc(sizeof(*p->w), GFP_KERNEL);
	if (!p->w)
		return -ENOMEM;
	mutex_init(&p->w->lock);
	init_irq_work(&p->w->iw, kpt_wprobe_iw);
	INIT_WORK(&p->w->work, kpt_wprobe_work);
	p->w->bp_owner = p;
	return 0;
}

void kpt_wprobe_free(struct kpt_probe *p)
{
	if (!p->w)
		return;
	/* a request left after an unregistration (its module went) */
	irq_work_sync(&p->w->iw);
	cancel_work_sync(&p->w->work);
	kfree(p->w);
	p->w = NULL;
}

int kpt_wprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	struct kpt_wp *w = p->w;
	struct perf_event_attr attr;
	int ret;

	hw_breakpoint_init(&attr);
	attr.bp_addr = p->addr;
	attr.bp_len = p->def->wlen;
	attr.bp_type = p->def->waccess == KPT_WACCESS_W ?
		       HW_BREAKPOINT_W : HW_BREAKPOINT_RW;
	ret = kpt_cpuctr_alloc(&w->bp, &attr, kpt_wprobe_handler, p, &w->lock);
	if (!ret) {
		w->bp.update = modify_user_hw_breakpoint;
		ret = kpt_cpuctr_start(&w->bp);
		if (ret)
			kpt_cpuctr_stop(&w->bp);
	}
	if (ret == -ENOSPC)
		return kpt_error(e, KPT_ERR_W_NO_SLOT, 0, kpt_probe_group(p),
				 kpt_probe_name(p), HBP_NUM);
	if (ret)
		return kpt_error_with(e, KPT_ERR_W_REGISTER_FAILED, ret, 0,
				      ret);
	if (armed)
		p->ev->armed_once = true;
	mutex_lock(&w->lock);
	w->has_bp = true;
	w->on = armed;
	w->parked = kpt_wprobe_unset(p);
	if (armed && !w->parked)
		kpt_cpuctr_enable(&w->bp, true);
	mutex_unlock(&w->lock);
	p->registered = true;
	return 0;
}

void kpt_wprobe_unregister(struct kpt_probe *p)
{
	struct kpt_wp *w = p->w;

	if (!w || !w->has_bp)
		return;
	mutex_lock(&w->lock);
	w->has_bp = false;
	mutex_unlock(&w->lock);
	/* no request runs after this: a new one finds no breakpoints */
	irq_work_sync(&w->iw);
	cancel_work_sync(&w->work);
	atomic_long_set(&w->next, 0);
	kpt_cpuctr_stop(&w->bp);
	p->registered = false;
}

void kpt_wprobe_set_armed(struct kpt_probe *p, bool on)
{
	struct kpt_wp *w = p->w;

	mutex_lock(&w->lock);
	w->on = on;
	if (w->has_bp && !(on && w->parked))
		kpt_cpuctr_enable(&w->bp, on);
	mutex_unlock(&w->lock);
}
