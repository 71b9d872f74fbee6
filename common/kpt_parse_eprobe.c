// SPDX-License-Identifier: GPL-2.0
/*
 * The parts of an e: line (an event probe) that no other line has: the
 * attached event SYSTEM.EVENT (or SYSTEM/EVENT), its $FIELD arguments and
 * the filter after "if".  Whether the event and its fields exist is the
 * module's job; this is the text.
 */
#include "kpt_parse_internal.h"

/* SYSTEM.EVENT or SYSTEM/EVENT at s[b, e): module = SYSTEM, symbol = EVENT */
int kpt_parse_eprobe_point(struct kpt_parser *p, size_t b, size_t e)
{
	struct kpt_probe_def *def = p->def;
	size_t sep = kpt_find(p->s, b, e, '/');

	if (sep == e)
		sep = kpt_find(p->s, b, e, '.');
	/* the kernel's caret: at the start of the attached event */
	if (sep == e || sep == b || sep + 1 == e)
		return kpt_fail(p, KPT_ERR_NO_EVENT_INFO, b);
	if (sep - b > KPT_NAME_MAX)
		return kpt_fail(p, KPT_ERR_GROUP_TOO_LONG, b);
	if (kpt_ident_bad(p->s + b, sep - b) < sep - b)
		return kpt_fail(p, KPT_ERR_BAD_GROUP_NAME, b);
	if (e - sep - 1 > KPT_NAME_MAX)
		return kpt_fail(p, KPT_ERR_EVENT_TOO_LONG, sep + 1);
	if (kpt_ident_bad(p->s + sep + 1, e - sep - 1) < e - sep - 1)
		return kpt_fail(p, KPT_ERR_BAD_EVENT_NAME, sep + 1);
	def->module = kpt_pool_add(def, p->s + b, sep - b);
	def->symbol = kpt_pool_add(def, p->s + sep + 1, e - sep - 1);
	if (!def->module || !def->symbol)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b);
	def->loc = KPT_LOC_EVENT;
	/* a deletion's arguments are then read as an e: line's */
	def->flags |= KPT_DEF_EPROBE;
	return 0;
}

/*
 * FILTER: s[b, p->len) after the "if" token, its blanks collapsed to one
 * space as the kernel rejoins its words (in the pool, in place).
 */
int kpt_parse_eprobe_filter(struct kpt_parser *p, size_t b)
{
	struct kpt_probe_def *def = p->def;
	size_t e = p->len, n = 0, i;
	char *t;

	/* the kernel's caret: where the filter's first word would be */
	if (b + 1 >= e)
		return kpt_fail(p, KPT_ERR_NO_EP_FILTER, b + 1);
	while (b < e && kpt_isspace(p->s[b]))
		b++;
	while (e > b && kpt_isspace(p->s[e - 1]))
		e--;
	if (b == e)
		return kpt_fail(p, KPT_ERR_NO_EP_FILTER, p->len + 1);
	def->filter_pos = b;
	def->filter = kpt_pool_add(def, p->s + b, e - b);
	if (!def->filter)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b);
	t = &def->pool[def->filter];
	for (i = 0; t[i]; i++) {
		if (kpt_isspace(t[i]) && n && t[n - 1] == ' ')
			continue;
		t[n++] = kpt_isspace(t[i]) ? ' ' : t[i];
	}
	t[n] = '\0';
	def->pool_used = def->filter + n + 1;
	return 0;
}

size_t kpt_eprobe_filter_caret(const char *line, size_t len,
			       size_t filter_pos, size_t off)
{
	size_t i = filter_pos;

	while (off && i < len) {
		/* a run of blanks is one byte of the filter */
		if (kpt_isspace(line[i]))
			while (i + 1 < len && kpt_isspace(line[i + 1]))
				i++;
		i++;
		off--;
	}
	return i + off;
}

/*
 * The value of an e: argument at s[b, e): $FIELD, or what reads no
 * register: @ADDR, @SYM, \IMM, \"str" (the caller's).  A register is an
 * invalid fetch argument, as the kernel's; any other word (a seed token,
 * a BTF name) is refused, at its start.
 */
int kpt_parse_eprobe_value(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e)
{
	const char *s = p->s + b;
	size_t n = e - b;
	u16 name;

	if (s[0] == '%')
		return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, b);
	if (s[0] != '$')
		return kpt_fail(p, KPT_ERR_EP_BAD_ARG, b);
	if (n < 2 || kpt_isdigit(s[1]) || kpt_ident_bad(s + 1, n - 1) < n - 1)
		return kpt_fail(p, KPT_ERR_BAD_VAR, b);
	if (n - 1 > KPT_SYM_MAX)
		return kpt_fail(p, KPT_ERR_SYMBOL_TOO_LONG, b + 1);
	name = kpt_pool_add(p->def, s + 1, n - 1);
	if (!name)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b + 1);
	/* val: where the field's name is written, for the module's carets */
	kpt_add_op(arg, KPT_FOP_EFIELD, b)->sym = name;
	return 0;
}
