/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Latency aggregation (kpt_latency.c): the durations of the return events
 * that have a $duration field, counted in the module, per CPU, without the
 * ring buffer (the counters and their histogram: kpt_lat_types.h), and
 * the file /sys/kernel/tracing/kprobetrace/latency that sums and prints
 * them; the aggregate file (kpt_aggregate.c), which arms an event for
 * aggregation only.
 *
 * Offers: kpt_latency_init(), the aggregate file.  May touch: the probe
 * list (kpt_probe.h), read under kpt_mutex, the probes' per-CPU
 * histograms and members (kpt_lat_types.h), their misses, arming through
 * kpt_event.h.
 */
#ifndef KPT_LATENCY_H
#define KPT_LATENCY_H

int kpt_latency_init(void);
/* the aggregate file (kpt_aggregate.c) */
int kpt_aggregate_init(void);
/* at unload: disarm every event armed through the aggregate file */
void kpt_aggregate_exit(void);

#endif /* KPT_LATENCY_H */
