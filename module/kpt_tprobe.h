/* SPDX-License-Identifier: GPL-2.0 */
/*
 * t: events (kpt_tprobe.c), part of the probes room: a tracepoint probe's
 * tracepoint found (its struct tracepoint, by the symbol
 * __tracepoint_NAME, in vmlinux or a module; a tracepoint no loaded code
 * has waits for a module that has it, as the kernel's tracer does) and
 * armed by registering a callback on it, only while the event is used:
 * the callback is a trampoline (kpt_tprobe_tramp.S) that hands the hit
 * path a pt_regs holding the tracepoint's arguments where a function's
 * would be ($arg1 in %di, ...), so that the fetch and BTF names work as
 * at a function's entry.
 *
 * Offers: what kpt_probe.c and the module notifier call for a probe with
 * p->tprobe.  May touch: the tracepoint core (tracepoint_probe_register()
 * and _unregister()), symbols (kpt_resolve.h); the callback is the hit
 * path's (kpt_hit.h).
 */
#ifndef KPT_TPROBE_H
#define KPT_TPROBE_H

#include <linux/module.h>
#include "kpt_err.h"
#include "kpt_probe_types.h"

/* 0: found (p->addr); 1: not loaded (waits); or -errno with e filled */
int kpt_tprobe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos,
		      char *found_mod);
/* does p wait for module mod (its MOD:, or a tracepoint of its name)? */
bool kpt_tprobe_waits_for(struct kpt_probe *p, struct module *mod);
int kpt_tprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed);
int kpt_tprobe_set_armed(struct kpt_probe *p, bool on);
void kpt_tprobe_unregister(struct kpt_probe *p);

#endif /* KPT_TPROBE_H */
