/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Watchpoint probes (w: lines, kpt_wprobe.c): a probe whose point is data,
 * watched by a hardware breakpoint on every CPU (a perf event per CPU, as
 * the kernel's register_wide_hw_breakpoint() makes them, and on each CPU
 * that comes online later: kpt_cpuctr.h).  The breakpoint is
 * registered when the probe is (at the write that defines it, disabled, so
 * that its debug register is taken then: a write that asks for more than
 * the CPU has fails), enabled while the event is used, and unregistered
 * when the probe goes, or when the module that holds the address goes
 * (kpt_modnotify.c, through kpt_probe.h).
 *
 * A trigger moves or parks the watchpoint from a hit (kpt_wtrig.c, the
 * hit path's kpt_wprobe_request()): the move is done later, in a work.
 *
 * Offers: the w: parts of a probe's life, called by kpt_probe.c.  May
 * touch: the hardware breakpoint API, perf_event_enable()/disable(); its
 * handler is the hit path's (kpt_hit.h).
 */
#ifndef KPT_WPROBE_H
#define KPT_WPROBE_H

#include "kpt_err.h"
#include "kpt_probe_types.h"

/* its state (p->w), 0 or -ENOMEM; freed with the probe */
int kpt_wprobe_alloc(struct kpt_probe *p);
void kpt_wprobe_free(struct kpt_probe *p);
/*
 * 0, or the error: *addr can be watched as p's definition says (@-1: it
 * becomes a place of ours, where the breakpoints stay parked)
 */
int kpt_wprobe_check(struct kpt_probe *p, unsigned long *addr,
		     struct kpt_err *e, size_t pos);
/* the breakpoints at p->addr, enabled if armed (event_mutex held then) */
int kpt_wprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed);
void kpt_wprobe_unregister(struct kpt_probe *p);
/* enable or disable them on every CPU (event_mutex held) */
void kpt_wprobe_set_armed(struct kpt_probe *p, bool on);

#endif /* KPT_WPROBE_H */
