// SPDX-License-Identifier: GPL-2.0
/* Definition-time errors and notes: see kpt_err.h. */
#include <linux/kernel.h>
#include "kpt_err.h"

int kpt_err_set(struct kpt_err *e, int err, size_t pos, const char *fmt, ...)
{
	va_list ap;

	e->err = err;
	e->note = false;
	e->pos = pos;
	va_start(ap, fmt);
	vscnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	return err;
}

void kpt_note_set(struct kpt_err *e, size_t pos, const char *fmt, ...)
{
	size_t n;
	va_list ap;

	e->err = 0;
	e->note = true;
	e->pos = pos;
	n = scnprintf(e->msg, sizeof(e->msg), "note: ");
	va_start(ap, fmt);
	vscnprintf(e->msg + n, sizeof(e->msg) - n, fmt, ap);
	va_end(ap);
}
