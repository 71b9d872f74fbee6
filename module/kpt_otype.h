/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output types (kpt_otype.c): the trace_events that print our records,
 * kept registered after their events are gone.
 *
 * Offers: struct kpt_otype, getting and releasing a probe's.  Touches a
 * probe's otype, pdesc and pdesc_owned under kpt_mutex, the trace-event
 * output API.
 */
#ifndef KPT_OTYPE_H
#define KPT_OTYPE_H

#include <linux/list.h>
#include <linux/trace_events.h>
#include "kpt_fmt.h"

struct kpt_probe;

/*
 * An output type: a trace_event we register ourselves, so that records
 * print after their event is gone (kpt_otype.c).  desc: the backend's
 * description it owns, or NULL.
 */
struct kpt_otype {
	struct trace_event_call shell;	/* only shell.event is used */
	struct list_head list;		/* kpt_otypes, under kpt_mutex */
	const struct kpt_fmt_ops *fmt;
	void *desc;
	bool is_return;
	bool in_use;
};

/* Unused described output types kept for reuse. */
#define KPT_OTYPE_SPARE_MAX	256

/* p->otype: an unused type that prints p's records right, or a new one */
int kpt_otype_get(struct kpt_probe *p);
void kpt_otype_put(struct kpt_probe *p);
void kpt_otype_exit(void);

#endif /* KPT_OTYPE_H */
