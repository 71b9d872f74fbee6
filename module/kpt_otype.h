/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output types (kpt_otype.c): the trace_events that print our records,
 * kept registered after their events are gone (the object:
 * kpt_otype_types.h).
 *
 * Offers: getting and releasing a probe's output type, freeing them all
 * at unload.  Touches a probe's otype, pdesc and pdesc_owned under
 * kpt_mutex, the trace-event output API.
 */
#ifndef KPT_OTYPE_H
#define KPT_OTYPE_H

#include "kpt_otype_types.h"

struct kpt_probe;

/* Unused described output types kept for reuse. */
#define KPT_OTYPE_SPARE_MAX	256

/* p->otype: an unused type that prints p's records right, or a new one */
int kpt_otype_get(struct kpt_probe *p);
void kpt_otype_put(struct kpt_probe *p);
void kpt_otype_exit(void);

#endif /* KPT_OTYPE_H */
