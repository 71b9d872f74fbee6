/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): records from the binary ring buffer pages that
 * per_cpu/cpuN/trace_pipe_raw returns (events/header_page and
 * events/header_event describe the format).
 */
#ifndef KPT_RINGBUF_H
#define KPT_RINGBUF_H

#include <stddef.h>
#include <stdint.h>

struct kpt_rec {
	uint64_t ts;		/* trace clock, ns */
	int cpu, len;
	uint8_t *data;		/* the record: struct trace_entry first */
};

/* The records collected so far. */
struct kpt_rb {
	struct kpt_rec *recs;
	size_t n, cap;
};
extern struct kpt_rb kpt_rb;

/* Append the records of one page read from cpu's trace_pipe_raw. */
void kpt_rb_parse_page(const uint8_t *page, size_t psize, int cpu);
/* Sort them by time (pages of several CPUs). */
void kpt_rb_sort(void);
/* Free them. */
void kpt_rb_clear(void);

#endif /* KPT_RINGBUF_H */
