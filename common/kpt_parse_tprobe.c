// SPDX-License-Identifier: GPL-2.0
/*
 * The parts of a t: line (a tracepoint probe) that no other line has: the
 * tracepoint's name, [MOD:]TRACEPOINT, and the refusals the kernel's
 * tracer makes before it reads the arguments (a suffix, a character no
 * tracepoint name has, $retval anywhere).  Whether the tracepoint exists
 * is the module's job.
 */
#include "kpt_parse_internal.h"

/* "$retval" in s[b, e) not followed by a name's character: where, or e */
static size_t kpt_find_retval(const char *s, size_t b, size_t e)
{
	size_t i;

	for (i = b; i + 7 <= e; i++)
		if (!memcmp(s + i, "$retval", 7) &&
		    (i + 7 == e || !kpt_isident(s[i + 7])))
			return i;
	return e;
}

/* [MOD:]TRACEPOINT at s[b, e); the rest of the line checked for $retval */
int kpt_parse_tprobe_point(struct kpt_parser *p, size_t b, size_t e)
{
	struct kpt_probe_def *def = p->def;
	const char *s = p->s;
	size_t pct = kpt_find(s, b, e, '%');
	size_t colon = kpt_find(s, b, pct, ':');
	size_t tb = colon < pct ? colon + 1 : b, i;

	/* the kernel's order: the suffix, the name, $retval, maxactive */
	if (pct < e)
		return kpt_fail(p, KPT_ERR_TP_BAD_SUFFIX, pct);
	if (colon < e) {
		if (colon == b || colon - b > KPT_MOD_NAME_MAX ||
		    kpt_ident_bad(s + b, colon - b) < colon - b)
			return kpt_fail(p, KPT_ERR_BAD_MODULE_NAME, b);
		def->module = kpt_pool_add(def, s + b, colon - b);
		if (!def->module)
			return kpt_fail(p, KPT_ERR_POOL_FULL, b);
	}
	for (i = tb; i < e; i++)
		if (!kpt_isident(s[i]))
			return kpt_fail(p, KPT_ERR_TP_BAD_NAME, i);
	if (tb == e)
		return kpt_fail(p, KPT_ERR_TP_BAD_NAME, tb);
	if (e - tb > KPT_SYM_MAX)
		return kpt_fail(p, KPT_ERR_SYMBOL_TOO_LONG, tb);
	i = kpt_find_retval(s, e, p->len);
	if (i < p->len)
		return kpt_fail(p, KPT_ERR_TP_RETVAL, i);
	if (def->maxactive)
		return kpt_fail(p, KPT_ERR_TP_MAXACT, 1);
	def->symbol = kpt_pool_add(def, s + tb, e - tb);
	if (!def->symbol)
		return kpt_fail(p, KPT_ERR_POOL_FULL, tb);
	def->loc = KPT_LOC_SYMBOL;
	return 0;
}
