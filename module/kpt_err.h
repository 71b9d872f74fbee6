/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Definition-time errors and notes: what a rejected (or accepted, with a
 * remark) line reports, with the caret position into the line.  Every
 * room that checks a definition fills one; the write transaction hands it
 * to the error log (kpt_errlog.h).  The parser's errors have their codes,
 * errnos and texts in common/kpt_errors.c.
 *
 * Offers: struct kpt_err, kpt_err_set(), kpt_note_set().  Touches nothing.
 */
#ifndef KPT_ERR_H
#define KPT_ERR_H

#include <linux/compiler.h>
#include <linux/types.h>

struct kpt_err {
	int err;			/* negative errno; 0: none, or a note */
	bool note;			/* a note: the line was accepted */
	size_t pos;			/* caret, byte offset into the line */
	char msg[200];
	char extra[640];		/* more lines (candidates), or "" */
};

/* An error: returns err. */
__printf(4, 5)
int kpt_err_set(struct kpt_err *e, int err, size_t pos, const char *fmt, ...);

/* A note about an accepted line ("note: ..." in error_log). */
__printf(3, 4)
void kpt_note_set(struct kpt_err *e, size_t pos, const char *fmt, ...);

#endif /* KPT_ERR_H */
