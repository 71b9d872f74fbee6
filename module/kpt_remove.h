/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Removing events and probes, and the lifecycle rules (kpt_remove.c).
 *
 * Offers: the lifecycle in force, why an event cannot go now, removing
 * whole events or some of their probes, clearing all, the unload's
 * clearing.  Touches the probe list (kpt_mutex held, except the clear
 * functions, which take it), events, probes' registration, the error log.
 */
#ifndef KPT_REMOVE_H
#define KPT_REMOVE_H

#include "kpt_probe.h"

/* Module parameter lifecycle: seed (default) or today */
enum { KPT_LIFE_SEED, KPT_LIFE_TODAY };
extern int kpt_lifecycle;

/* NULL if the event (its holder) could be removed now, else why not */
const char *kpt_busy(struct kpt_probe *p);
/* Remove whole events (holders evs[0..n)) and free their probes */
int kpt_remove_events(struct kpt_probe **evs, unsigned int n);
/* Unregister some probes of events that keep others */
void kpt_detach_probes(struct kpt_probe **ps, unsigned int n);
/* Remove every event (force: even busy ones, at unload) */
int kpt_remove_clear(bool force);
/* At unload: refuse new enables, remove everything */
void kpt_remove_exit(void);

#endif /* KPT_REMOVE_H */
