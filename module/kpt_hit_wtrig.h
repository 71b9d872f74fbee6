/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hit path's part of the watchpoint triggers (kpt_hit_wtrig.c),
 * called by kpt_hit.c when the hit event has a trigger (kpt_wtrig.h):
 * its field's value at this hit moves or parks the watchpoint, through
 * an irq_work (kpt_wprobe.c does the move).  NOKPROBE.
 */
#ifndef KPT_HIT_WTRIG_H
#define KPT_HIT_WTRIG_H

#include <linux/jump_label.h>
#include <linux/ptrace.h>

struct kpt_probe;

/*
 * On while any event has a trigger: the hit path looks for one behind
 * this key alone, so that hits pay nothing while no trigger is set.
 */
DECLARE_STATIC_KEY_FALSE(kpt_wtrig_on);

void kpt_wtrig_fire(struct kpt_probe *p, struct pt_regs *regs,
		    const unsigned long *edata);

#endif /* KPT_HIT_WTRIG_H */
