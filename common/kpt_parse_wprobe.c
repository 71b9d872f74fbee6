// SPDX-License-Identifier: GPL-2.0
/*
 * The parts of a w: line (a watchpoint probe) that no other line has: the
 * watched place [r|w|rw]@ADDR|SYM[+|-OFFS][:LEN] and the variables $addr
 * and $value; and how they list back.  Whether the symbol exists and the
 * address can be watched is the module's job; this is the text.
 */
#include "kpt_parse_internal.h"

/* r, w or rw at s[b, at): the access, KPT_WACCESS_* (0: not one) */
static u8 kpt_waccess(const char *s, size_t n)
{
	if (kpt_word_eq(s, n, "r"))
		return KPT_WACCESS_R;
	if (kpt_word_eq(s, n, "w"))
		return KPT_WACCESS_W;
	if (!n || kpt_word_eq(s, n, "rw"))
		return KPT_WACCESS_RW;
	return 0;
}

/* :LEN at s[c, e), c at the ':': 1, 2, 4 or 8 */
static int kpt_wlen(struct kpt_parser *p, size_t c, size_t e)
{
	u64 v;

	if (!kpt_parse_dec(p->s + c + 1, e - c - 1, &v) ||
	    (v != 1 && v != 2 && v != 4 && v != 8))
		return kpt_fail(p, KPT_ERR_W_BAD_LEN, c + 1);
	p->def->wlen = v;
	return 0;
}

/*
 * [r|w|rw]@ADDR|SYM[+|-OFFS][:LEN] at s[*b, *e): the access and length
 * into the definition, [*b, *e) narrowed to the place, which the caller
 * parses as a probe point; or @-1, the place done (def->loc set).
 */
int kpt_parse_wprobe_point(struct kpt_parser *p, size_t *pb, size_t *pe)
{
	size_t b = *pb, e = *pe;
	struct kpt_probe_def *def = p->def;
	const char *s = p->s;
	size_t at = kpt_find(s, b, e, '@'), c;
	int ret;

	if (at == e)
		return kpt_fail(p, KPT_ERR_W_NO_AT, b);
	def->waccess = kpt_waccess(s + b, at - b);
	if (!def->waccess)
		return kpt_fail(p, KPT_ERR_W_BAD_ACCESS, b);
	def->wlen = 4;
	if (kpt_find(s, at, e, '%') < e)
		return kpt_fail(p, KPT_ERR_BAD_ADDR_SUFFIX, kpt_find(s, at, e, '%'));
	/* the last ':' starts LEN if digits follow it (else it is MOD:) */
	for (c = e; c > at && s[c - 1] != ':'; c--)
		;
	if (c > at && c < e && kpt_isdigit(s[c])) {
		ret = kpt_wlen(p, c - 1, e);
		if (ret)
			return ret;
		e = c - 1;
	} else if (c == e && c > at + 1) {
		return kpt_fail(p, KPT_ERR_W_BAD_LEN, e);
	}
	if (at + 1 == e)
		return kpt_fail(p, KPT_ERR_NO_PROBE_POINT, at + 1);
	/* -1: no place yet, for a trigger to give (the series' dummy) */
	if (kpt_word_eq(s + at + 1, e - at - 1, "-1")) {
		def->loc = KPT_LOC_ADDR;
		def->addr = KPT_WPROBE_UNSET;
		*pb = e;
		return 0;
	}
	if (s[at + 1] == '-' || s[at + 1] == '+')
		return kpt_fail(p, KPT_ERR_BAD_SYMBOL, at + 1);
	*pb = at + 1;
	*pe = e;
	return 0;
}

/*
 * A w: argument's value at s[b, e) that is not @, \IMM or \"str":
 * $addr (the watched address), $value (+0($addr)), $comm.  Registers,
 * $argN and BTF names mean nothing at a data access: refused.
 */
int kpt_parse_wprobe_value(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e)
{
	const char *s = p->s + b;
	size_t n = e - b;

	if (s[0] != '$')
		return kpt_fail(p, KPT_ERR_W_BAD_ARG, b);
	p->today = true;
	if (kpt_word_eq(s, n, "$addr")) {
		kpt_add_op(arg, KPT_FOP_WADDR, 0);
	} else if (kpt_word_eq(s, n, "$value")) {
		kpt_add_op(arg, KPT_FOP_WADDR, 0)->flags |= KPT_FOPF_WVALUE;
		kpt_add_op(arg, KPT_FOP_DEREF, 0);
	} else if (kpt_word_eq(s, n, "$comm") || kpt_word_eq(s, n, "$COMM")) {
		kpt_add_op(arg, KPT_FOP_COMM, 0);
	} else {
		return kpt_fail(p, KPT_ERR_W_BAD_ARG, b);
	}
	return 0;
}
