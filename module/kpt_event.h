/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Events (kpt_event.c): the trace_event_call plumbing of an event held by
 * a probe (p->ev == p): adding it to tracefs, enabling and disabling it,
 * the reg() callback through which trace instances and perf arm its
 * probes, removing it and detaching its format files, the group check.
 *
 * Offers: the functions below (struct kpt_link is kpt_probe_types.h's).  May touch: the event part
 * of struct kpt_probe (call, class, links, perf_on, dying, event_added),
 * the trace-event core under event_mutex, arming (kpt_probe_set_armed()),
 * the output types (kpt_fmt.h).
 */
#ifndef KPT_EVENT_H
#define KPT_EVENT_H

#include <linux/list.h>
#include <linux/rcupdate.h>
#include <linux/trace_events.h>
#include "kpt_err.h"
#include "kpt_probe_types.h"

/*
 * Is anyone (a trace instance, perf, the aggregate file) using the event?
 * (event_mutex)
 */
static inline bool kpt_event_used(struct kpt_probe *p)
{
	return !list_empty(&p->links) || p->perf_on || p->agg_on;
}

int kpt_event_add(struct kpt_probe *p);
int kpt_event_enable(struct kpt_probe *p);
int kpt_event_disable(struct kpt_probe *p);
int kpt_event_remove(struct kpt_probe *p);
void kpt_event_keep(struct kpt_probe *p);
/*
 * Arm the event for aggregation only (the aggregate file), or disarm it:
 * its probes stay armed while it is enabled elsewhere.  (kpt_mutex held)
 */
int kpt_event_aggregate(struct kpt_probe *p, bool on);
unsigned int kpt_event_forget_files(struct trace_event_call **calls,
				    unsigned int n);
int kpt_event_group_check(const char *group, struct kpt_err *e, size_t pos);
int kpt_event_init(void);
/* at unload: no event can be enabled any more (event_mutex taken) */
void kpt_event_exiting(void);

#endif /* KPT_EVENT_H */
