/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): records from the binary ring buffer pages that
 * per_cpu/cpuN/trace_pipe_raw returns, laid out as events/header_page and
 * events/header_event describe, and the fields of a record, placed as the
 * event's format file says.  Nothing here assumes a kernel's numbers: a
 * PREEMPT_RT 6.1 kernel's records, for one, have 12 bytes of common fields
 * where others have 8.
 */
#ifndef KPT_RINGBUF_H
#define KPT_RINGBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where a format file (or header_page) puts a field. */
struct kpt_field {
	int offset, size;	/* offset -1: not in the format */
	bool data_loc;		/* __data_loc: (length << 16) | offset */
};

/*
 * Field NAME of a format text: a line "field:TYPE NAME[N];\toffset:O;\t
 * size:S;..." (header_page writes "field: TYPE NAME;").  offset -1 if
 * there is none.
 */
struct kpt_field kpt_fmt_field(const char *fmt, const char *name);

/* The unsigned little-endian value of field f of a record of len bytes. */
uint64_t kpt_field_get(const uint8_t *rec, int len, struct kpt_field f);

/*
 * The common fields every record starts with, as the format files say
 * (their number and size differ between kernels: 6.1 PREEMPT_RT adds
 * common_preempt_lazy_count).  type.offset -1: not known yet.
 */
struct kpt_common {
	struct kpt_field type, pid;
	int size;		/* where the last of them ends */
};
extern struct kpt_common kpt_common;
/* Read them from a format text: 0, or -1 if it lacks one. */
int kpt_common_parse(const char *fmt, struct kpt_common *c);

/* A ring buffer page and its event headers. */
struct kpt_rb_layout {
	struct kpt_field ts, commit, data;	/* header_page */
	int type_len_bits, delta_bits;		/* header_event */
	int padding, time_extend, time_stamp, data_max;
};
extern struct kpt_rb_layout kpt_rb_layout;

/*
 * Take the layout from the texts of events/header_page and
 * events/header_event: 0, or -1 with *why saying what is missing or not
 * understood (the page parser then keeps the previous layout; it parses
 * nothing before a layout was set).
 */
int kpt_rb_set_layout(const char *header_page, const char *header_event,
		      const char **why);
/* Bytes one read of trace_pipe_raw returns: the header and the data. */
size_t kpt_rb_page_size(void);

struct kpt_rec {
	uint64_t ts;		/* trace clock, ns */
	int cpu, len;
	uint8_t *data;		/* the record: the common fields first */
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
