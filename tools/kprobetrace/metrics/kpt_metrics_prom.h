/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the module's aggregation (the latency file, parsed by
 * kpt_lathist.c) as Prometheus's text exposition format 0.0.4
 * (kpt_metrics_prom.c).
 *
 * Per event (the label event: the name the configuration gave it) and
 * per function (label function: each member of an event over a set, or
 * the event's one function):
 *
 *   kprobetrace_function_duration_seconds  histogram: _bucket{le}, _sum,
 *                                          _count
 *   kprobetrace_function_calls_total       counter
 *   kprobetrace_function_missed_total      counter: returns not measured
 *   kprobetrace_function_unreturned        gauge: entered, not returned
 *   kprobetrace_function_errors_total      counter, label errno (ENOMEM,
 *                                          ..., other)
 *   kprobetrace_function_null_returns_total counter
 *   kprobetrace_event_armed                gauge (label event)
 *   kprobetrace_event_start_time_seconds   gauge (label event): when its
 *                                          counters last started from 0
 *   kprobetrace_up                         gauge: the module's files read
 *
 * The buckets are the module's log-linear ones (8 a power of 2): for each
 * bucket that has counted anything, its lower and its upper edge, so the
 * interval between two edges holds exactly one bucket's calls (or none)
 * and histogram_quantile() lands inside the true bucket.  The module
 * keeps no sum of durations: _sum counts each call at its bucket's
 * middle (within 1/16 of the true sum).
 */
#ifndef KPT_METRICS_PROM_H
#define KPT_METRICS_PROM_H

#include <stdbool.h>
#include <stdio.h>
#include "kpt_lathist.h"

enum { KPT_MX_DUR = 1, KPT_MX_ERR = 2 };

/* One configured event and the blocks read for it. */
struct kpt_mx_ev {
	const char *name;	/* label event */
	unsigned int what;	/* KPT_MX_DUR | KPT_MX_ERR */
	bool armed;		/* defined and aggregating */
	const struct kpt_lh *v;	/* its blocks: members (GRP/EV:FUNC) or its own */
	int n;
	double since;		/* Unix time its counters started; 0: unknown */
};

/* Every family, HELP and TYPE first, each family's samples together. */
void kpt_mx_render(FILE *f, const struct kpt_mx_ev *ev, int n, bool up);

#endif /* KPT_METRICS_PROM_H */
