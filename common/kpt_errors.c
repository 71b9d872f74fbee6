// SPDX-License-Identifier: GPL-2.0
/* The texts and errnos of every error and note (kpt_errors.h). */
#include "kpt_compat.h"
#include "kpt_errors.h"

struct kpt_err_info {
	int err;		/* negative errno, 0 for notes */
	const char *msg;
};

#define P(code, eno, text) \
	[KPT_ERR_##code] = { -(eno), text },
#define M(code, eno, text) \
	[KPT_ERR_##code] = { -(eno), text },
#define N(code, text) \
	[KPT_ERR_##code] = { 0, text },

static const struct kpt_err_info kpt_errors[KPT_ERR_ALL] = {
#include "kpt_errors_table.h"
};

#undef P
#undef M
#undef N

const char *kpt_err_text(int code)
{
	if (code < 0 || code >= KPT_ERR_ALL || !kpt_errors[code].msg)
		return "Unknown error";
	return kpt_errors[code].msg;
}

int kpt_err_errno(int code)
{
	if (code <= 0 || code >= KPT_ERR_ALL)
		return -EINVAL;
	return kpt_errors[code].err;
}

const char *kpt_parse_strerror(int code)
{
	if (code >= KPT_ERR_NR)
		return "Unknown error";
	return kpt_err_text(code);
}

int kpt_parse_errno(int code)
{
	if (code <= 0 || code >= KPT_ERR_NR || !kpt_errors[code].err)
		return -EINVAL;
	return kpt_errors[code].err;
}
