/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output formats: how an event's record is laid out, described (fields,
 * print fmt) and printed.  Two backends behind one table of operations:
 * the seed's (kpt_fmt_seed.c: ip, nargs, arg0.. as unsigned longs;
 * "SYM+off/size: 0x.. 0x..") and today's (kpt_fmt_today.c: the kernel's
 * typed, named fields; "EVENT: (SYM+off/size) NAME=VAL ...").  A probe
 * picks one when it is created (p->fmt).  The output types that print
 * the records, and outlive their events, are kept by kpt_otype.c.
 *
 * The store, the one operation of the hit path, is kpt_hit.c's: it picks
 * the backend's store by p->today (a direct call, no indirect one per hit).
 *
 * Offers: the record layouts, struct kpt_fmt_ops and the two tables.  May touch: a probe's compiled arguments and its event's
 * description (print_fmt, field_names, pdesc), the trace-event output API.
 */
#ifndef KPT_FMT_H
#define KPT_FMT_H

#include <linux/list.h>
#include <linux/trace_events.h>
#include "kpt_err.h"
#include "kpt_probe_def.h"

struct kpt_probe;

/* The seed's records (the format file shows these fields). */
struct kpt_entry_rec {
	struct trace_entry ent;
	unsigned long ip;
	int nargs;
	unsigned long args[];
};

struct kpt_return_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long ret_ip;
	int nargs;
	unsigned long args[];
};

/*
 * Today's records (the kernel's layout): the arguments follow the header,
 * packed, at the offsets of their fields; strings follow them, located by
 * __data_loc words ((length << 16) | offset from the record).
 */
struct kpt_typed_entry_rec {
	struct trace_entry ent;
	unsigned long ip;
	u8 data[];
};

struct kpt_typed_return_rec {
	struct trace_entry ent;
	unsigned long func;
	unsigned long ret_ip;
	u8 data[];
};

/* Bounds: one string (with its NUL), a whole today's record. */
#define KPT_STR_MAX		4096
#define KPT_TYPED_REC_MAX	4000

struct kpt_fmt_ops {
	const char *name;
	/* after an arg's ops are compiled: how it is stored (or NULL) */
	int (*compile_arg)(struct kpt_probe *p, const struct kpt_probe_def *def,
			   unsigned int idx, struct kpt_err *e);
	/* the record's fixed size (p->rec_size), offsets, the description */
	int (*size)(struct kpt_probe *p, const struct kpt_probe_def *def,
		    struct kpt_err *e);
	/* the event class's fields */
	struct trace_event_fields *(*fields)(struct kpt_probe *p);
	/* p->print_fmt and p->field_names; -ENOMEM */
	int (*print_fmt)(struct kpt_probe *p);
	/* the printers of an entry and a return event's records */
	struct trace_event_functions *print_entry, *print_return;
	/* a description (p->pdesc) an output type keeps: compare, free */
	bool (*desc_equal)(const void *a, const void *b);
	void (*desc_free)(void *d);
};

extern const struct kpt_fmt_ops kpt_fmt_seed;
extern const struct kpt_fmt_ops kpt_fmt_today;

/* Module parameter: lines valid in both syntaxes use today's format. */
extern bool kpt_either_today;

#endif /* KPT_FMT_H */
