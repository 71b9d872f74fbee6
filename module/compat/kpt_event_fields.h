/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fields of another trace event, for an e: line's $FIELD: each is a
 * struct ftrace_event_field on the event's list (trace_get_fields(), a
 * public inline), but the struct itself is the tracing core's own
 * (kernel/trace/trace.h, in no headers package), so its layout cannot be
 * read at build time.
 *
 * Kernels differ:
 *   6.1   { list_head link; const char *name, *type; int filter_type,
 *         offset, size, is_signed, len; }
 *   6.12  the same up to size, then "unsigned int is_signed:1,
 *         needs_test:1", then len.
 * Chosen at run time, once, from the running kernel's BTF (which
 * describes its struct ftrace_event_field exactly): the offsets of name,
 * filter_type, offset and size and the bit of is_signed are taken from
 * it, and a kernel whose struct has another shape (link not first, a
 * member missing or of another size) refuses e: lines with a clear error
 * instead of reading what it does not know.  The filter types
 * (FILTER_DYN_STRING, ...) are public, in <linux/trace_events.h>.
 *
 * Offers: kpt_event_fields_layout(), kpt_event_field_find().
 */
#ifndef KPT_COMPAT_EVENT_FIELDS_H
#define KPT_COMPAT_EVENT_FIELDS_H

#include <linux/trace_events.h>
#include "kpt_btf_reader.h"

struct kpt_efield {
	int offset;		/* from the start of the record */
	int size;		/* bytes */
	int filter_type;	/* FILTER_* */
	bool is_signed;
};

/*
 * 0 if the layout of vm's struct ftrace_event_field is known (checked
 * once, the answer kept), else -EOPNOTSUPP.  vm: vmlinux's BTF, or NULL.
 */
int kpt_event_fields_layout(const struct kpt_btf *vm);
/* Field name of call into *f: 0, or -ENOENT (the layout checked first). */
int kpt_event_field_find(struct trace_event_call *call, const char *name,
			 struct kpt_efield *f);

#endif /* KPT_COMPAT_EVENT_FIELDS_H */
