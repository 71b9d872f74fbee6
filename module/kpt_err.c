// SPDX-License-Identifier: GPL-2.0
/* Definition-time errors and notes: see kpt_err.h. */
#include <linux/kernel.h>
#include <linux/string.h>
#include "kpt_err.h"

static int kpt_err_vset(struct kpt_err *e, int code, int err, size_t pos,
			va_list ap)
{
	const char *text = kpt_err_text(code);
	size_t n = 0;

	e->err = err;
	e->note = code >= KPT_ERR_NOTE_FIRST;
	e->pos = pos;
	if (e->note)
		n = scnprintf(e->msg, sizeof(e->msg), "note: ");
	if (code < KPT_ERR_NR)		/* the parser's texts are plain */
		strscpy(e->msg, text, sizeof(e->msg));
	else
		vscnprintf(e->msg + n, sizeof(e->msg) - n, text, ap);
	return err;
}

int kpt_error(struct kpt_err *e, int code, size_t pos, ...)
{
	va_list ap;
	int ret;

	va_start(ap, pos);
	ret = kpt_err_vset(e, code, kpt_err_errno(code), pos, ap);
	va_end(ap);
	return ret;
}

int kpt_error_with(struct kpt_err *e, int code, int err, size_t pos, ...)
{
	va_list ap;
	int ret;

	va_start(ap, pos);
	ret = kpt_err_vset(e, code, err, pos, ap);
	va_end(ap);
	return ret;
}

void kpt_note(struct kpt_err *e, int code, size_t pos, ...)
{
	va_list ap;

	va_start(ap, pos);
	kpt_err_vset(e, code, 0, pos, ap);
	va_end(ap);
}
