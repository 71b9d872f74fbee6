// SPDX-License-Identifier: GPL-2.0
/*
 * The hit path's part of the watchpoint triggers (kpt_hit_wtrig.h): an
 * event's set_wprobe/clear_wprobe evaluated at its hit, and the request
 * left for the watchpoint.  NOKPROBE, as all of the hit path.
 */
#include <linux/irq_work.h>
#include <linux/kprobes.h>
#include "kpt_fetch.h"
#include "kpt_hit_wtrig.h"
#include "kpt_probe_types.h"

DEFINE_STATIC_KEY_FALSE(kpt_wtrig_on);

/*
 * A w: probe's move (set_wprobe: v) or parking (KPT_WREQ_CLEAR), asked
 * for by a trigger's hit: done in process context (kpt_wprobe.c), the
 * last request winning.  An irq_work may be queued in any context.
 */
static noinline void kpt_wprobe_request(struct kpt_probe *wp, unsigned long v)
{
	atomic_long_set(&wp->w->next, v);
	irq_work_queue(&wp->w->iw);
}
NOKPROBE_SYMBOL(kpt_wprobe_request);

/*
 * The event's set_wprobe/clear_wprobe trigger (kpt_wtrig.c): its field's
 * value at this hit, plus the adjustment.  A value that is no kernel
 * address, or not aligned to the watchpoint's length, moves nothing.
 */
noinline void kpt_wtrig_fire(struct kpt_probe *p, struct pt_regs *regs,
			     const unsigned long *edata)
{
	struct kpt_wtrig *t = rcu_dereference_raw(p->ev->wtrig);
	unsigned long v = 0;

	if (!t)
		return;
	if (t->has_field) {
		if (!kpt_eval(p, &p->args[t->field], regs, edata,
			      !p->has_mem || kpt_mem_allowed(), &v, p->today))
			return;
		v += t->adj;
	}
	if (t->clear) {
		if (!t->has_field || READ_ONCE(t->wp->addr) == v)
			kpt_wprobe_request(t->wp, KPT_WREQ_CLEAR);
		return;
	}
	if (v < TASK_SIZE_MAX || (v & (t->wp->def->wlen - 1)))
		return;
	kpt_wprobe_request(t->wp, v);
}
NOKPROBE_SYMBOL(kpt_wtrig_fire);
