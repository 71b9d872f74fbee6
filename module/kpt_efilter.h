/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The filter of an e: line (e:... SYSTEM.EVENT [ARGS] if FILTER): the
 * tracing core's filter language, read against the attached event's
 * fields, compiled at write() time into one allocation that the hit path
 * runs on the raw record before an e: record is written.
 *
 * The language is the kernel's (Documentation/trace/events.rst, "Event
 * filtering"): predicates FIELD OP VALUE joined by && and || (&& first),
 * each, or a parenthesised group, negated by !.  FIELD: the event's own
 * fields, then CPU, cpu, common_cpu (the CPU) and COMM, comm (the
 * current task's name), then the common_* fields.  A number field takes
 * ==, !=, <, <=, >, >=, & with a number (C syntax, read by the field's
 * signedness, compared at the field's size; a field of another size
 * never matches, as the kernel's); a string field (char[N], __data_loc,
 * __rel_loc, COMM) takes ==, != and ~ with a quoted string, ~ being a
 * glob: "x*", "*x", "*x*" or a full glob (?, [...], [!...], \).  A
 * record whose string is not where its field says never matches.
 *
 * Refused, as the kernel's 6.1 refuses them: .ustring and .function
 * suffixes, CPUS{...} lists.  Refused where the kernel accepts: a
 * string compared in a char * field (that is a read of memory, not of
 * the record).  Where the kernel's "*x" on a char[N] field or COMM
 * compares the array's last bytes, ours compares the string's.
 *
 * The errors: the kernel's texts, errno EINVAL, and its caret (its
 * positions, into the filter as the line gives it).
 *
 * Offers: kpt_efilter_compile(), kpt_efilter_match() (hit path: no
 * allocation, no lock, work bounded by the program and the record),
 * kpt_efilter_free().  Touches the attached event's field list
 * (compat/kpt_event_fields.h) at compile time only.
 */
#ifndef KPT_EFILTER_H
#define KPT_EFILTER_H

#include <linux/trace_events.h>
#include <linux/types.h>
#include "kpt_err.h"

struct kpt_efilter;

/*
 * text (the filter, its blanks collapsed to single spaces, as the kernel
 * rejoins its words) for call's records: 0 and *out, or the error in e,
 * its caret at base + its position in text.
 */
int kpt_efilter_compile(struct trace_event_call *call, const char *text,
			size_t base, struct kpt_efilter **out,
			struct kpt_err *e);
/* Does the record rec[0..size) pass f? */
bool kpt_efilter_match(const struct kpt_efilter *f, const void *rec,
		       u32 size);
void kpt_efilter_free(struct kpt_efilter *f);

#endif /* KPT_EFILTER_H */
