/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Definition-time errors and notes: what a rejected (or accepted, with a
 * remark) line reports, with the caret position into the line.  Every
 * code, the parser's and the module's, with its errno and text, is in the
 * one table common/kpt_errors_table.h; the module's texts are printf
 * formats whose arguments follow the position here.  Every room that
 * checks a definition fills a struct kpt_err; the write transaction hands
 * it to the error log (kpt_errlog.h).
 *
 * Offers: struct kpt_err, kpt_error(), kpt_error_with(), kpt_note().
 * Touches nothing.
 */
#ifndef KPT_ERR_H
#define KPT_ERR_H

#include <linux/compiler.h>
#include <linux/types.h>
#include "kpt_errors.h"

struct kpt_err {
	int err;			/* negative errno; 0: none, or a note */
	bool note;			/* a note: the line was accepted */
	size_t pos;			/* caret, byte offset into the line */
	char msg[200];
	char extra[640];		/* more lines (candidates), or "" */
};

/* Error code (KPT_ERR_*) with the table's errno; returns that errno. */
int kpt_error(struct kpt_err *e, int code, size_t pos, ...);
/* The same with the caller's errno err (table errno 0); returns err. */
int kpt_error_with(struct kpt_err *e, int code, int err, size_t pos, ...);
/* A note (KPT_ERR_NOTE_*) about an accepted line. */
void kpt_note(struct kpt_err *e, int code, size_t pos, ...);

#endif /* KPT_ERR_H */
