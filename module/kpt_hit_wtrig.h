/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hit path's part of the watchpoint triggers (kpt_hit_wtrig.c),
 * called by kpt_hit.c when the hit event has a trigger (kpt_wtrig.h):
 * its field's value at this hit moves or parks the watchpoint, through
 * an irq_work (kpt_wprobe.c does the move).  NOKPROBE.
 */
#ifndef KPT_HIT_WTRIG_H
#define KPT_HIT_WTRIG_H

#include <linux/ptrace.h>

struct kpt_probe;

void kpt_wtrig_fire(struct kpt_probe *p, struct pt_regs *regs,
		    const unsigned long *edata);

#endif /* KPT_HIT_WTRIG_H */
