// SPDX-License-Identifier: GPL-2.0
/*
 * An e: line's filter, compiled (kpt_efilter.h).  Two passes over the
 * text, as the kernel's reader makes them (so that the same error wins
 * and its caret is under the same byte): quotes and parentheses first,
 * then the terms left to right into a postfix program (&& before ||, !
 * on the next term or group), each predicate checked against its field.
 */
#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kpt_efilter.h"
#include "kpt_efilter_prog.h"
#include "kpt_event_fields.h"

#define KPT_EF_STR_MAX	256	/* a pattern's bytes, the kernel's bound */
#define KPT_EF_NUM_MAX	24	/* a number's characters, the same */

struct kpt_efp {
	const char *s;
	size_t len;
	struct trace_event_call *call;
	struct kpt_efilter *f;
	char *pool;
	u16 pool_used;
	u8 *ops;		/* pending '(', '!', '&', '|' */
	unsigned int nops, depth, terms;
	int code;		/* the error, at pos */
	size_t pos;
};

static int kpt_ef_fail(struct kpt_efp *p, int code, size_t pos)
{
	p->code = code;
	p->pos = pos;
	return -EINVAL;
}

/* an unclosed '(' of the text, searched back from its end (the kernel's) */
static size_t kpt_ef_open_at(const char *s, size_t i, int open)
{
	int level = open;
	char quote = 0;

	for (i--; i; i--) {
		if (quote) {
			if (s[i] == quote)
				quote = 0;
			continue;
		}
		if (s[i] == '(') {
			if (level == open)
				return i;
			level--;
		} else if (s[i] == ')') {
			level++;
		} else if (s[i] == '\'' || s[i] == '"') {
			quote = s[i];
		}
	}
	return 0;
}

/* First pass: quotes closed, parentheses balanced, some term; *bangs: '!'s */
static int kpt_ef_prepass(struct kpt_efp *p, unsigned int *terms,
			  unsigned int *bangs)
{
	const char *s = p->s;
	size_t i, last_quote = 0;
	bool in_term = false;
	char quote = 0;
	int open = 1;

	*terms = 0;
	*bangs = 0;
	for (i = 0; s[i]; i++) {
		if (isspace(s[i]))
			continue;
		if (quote) {
			if (s[i] == quote)
				quote = 0;
			continue;
		}
		switch (s[i]) {
		case '\'':
		case '"':
			quote = s[i];
			last_quote = i;
			break;
		case '!':
			(*bangs)++;
			break;
		case '|':
		case '&':
			if (s[i + 1] != s[i])
				break;
			in_term = false;
			continue;
		case '(':
			in_term = false;
			open++;
			continue;
		case ')':
			in_term = false;
			if (open == 1)
				return kpt_ef_fail(p, KPT_ERR_EF_TOO_MANY_CLOSE, i);
			open--;
			continue;
		}
		if (!in_term)
			(*terms)++;
		in_term = true;
	}
	if (quote)
		return kpt_ef_fail(p, KPT_ERR_EF_MISSING_QUOTE, last_quote);
	if (open != 1)
		return kpt_ef_fail(p, KPT_ERR_EF_TOO_MANY_OPEN,
				   kpt_ef_open_at(s, i, open));
	if (!*terms)
		return kpt_ef_fail(p, KPT_ERR_EF_ERROR, 0);
	return 0;
}

/* the field name into *f: the event's, the CPU or COMM, a common_ one */
static bool kpt_ef_field(struct kpt_efp *p, const char *name,
			 struct kpt_efield *f)
{
	static const struct {
		const char *name;
		u8 off, size, is_signed;
	} common[] = {
		{ "common_type", offsetof(struct trace_entry, type),
		  sizeof_field(struct trace_entry, type), 0 },
		{ "common_flags", offsetof(struct trace_entry, flags),
		  sizeof_field(struct trace_entry, flags), 0 },
		{ "common_preempt_count",
		  offsetof(struct trace_entry, preempt_count),
		  sizeof_field(struct trace_entry, preempt_count), 0 },
		{ "common_pid", offsetof(struct trace_entry, pid),
		  sizeof_field(struct trace_entry, pid), 1 },
	};
	unsigned int i;

	if (!kpt_event_field_find(p->call, name, f))
		return true;
	memset(f, 0, sizeof(*f));
	if (!strcmp(name, "CPU") || !strcmp(name, "cpu") ||
	    !strcmp(name, "common_cpu")) {
		f->filter_type = FILTER_CPU;
		f->is_signed = true;
		return true;
	}
	if (!strcmp(name, "COMM") || !strcmp(name, "comm")) {
		f->filter_type = FILTER_COMM;
		return true;
	}
	for (i = 0; i < ARRAY_SIZE(common); i++) {
		if (strcmp(name, common[i].name))
			continue;
		f->offset = common[i].off;
		f->size = common[i].size;
		f->is_signed = common[i].is_signed;
		f->filter_type = FILTER_OTHER;
		return true;
	}
	return false;
}

static bool kpt_ef_is_string(const struct kpt_efield *f)
{
	switch (f->filter_type) {
	case FILTER_DYN_STRING:
	case FILTER_RDYN_STRING:
	case FILTER_STATIC_STRING:
	case FILTER_PTR_STRING:
	case FILTER_COMM:
		return true;
	}
	return false;
}

/* how the pattern of ~ matches (the kernel's reading); *pat, *len: its part */
static u8 kpt_ef_glob_kind(struct kpt_ef_insn *in, char **pat, u16 *len)
{
	char *b = *pat;
	u8 kind = KPT_EF_FULL;
	u16 i, n = *len;

	if (b[0] == '!') {		/* ~ "!x": not x */
		in->not = true;
		b++;
		n--;
	}
	*pat = b;
	*len = n;
	if (isdigit(b[0]))
		return KPT_EF_FULL;
	for (i = 0; i < n; i++) {
		if (b[i] == '*' && !i) {
			kind = KPT_EF_END;
		} else if (b[i] == '*' && i == n - 1) {
			kind = kind == KPT_EF_END ? KPT_EF_MIDDLE : KPT_EF_FRONT;
			b[i] = '\0';
			*len = i;
			break;
		} else if (b[i] == '*' || strchr("[?\\", b[i])) {
			return KPT_EF_GLOB;
		}
	}
	if (b[0] == '*') {
		(*pat)++;
		(*len)--;
	}
	return kind;
}

/* a quoted string at s[i] for field f; returns the index after it */
static int kpt_ef_string(struct kpt_efp *p, struct kpt_ef_insn *in,
			 const struct kpt_efield *f, u8 op, size_t at, size_t i)
{
	const char *s = p->s + at;
	char q = s[i], *pat;
	size_t b = i + 1;
	u16 n;

	if (op != KPT_EF_EQ && op != KPT_EF_NE && op != 0xff)
		return kpt_ef_fail(p, KPT_ERR_EF_ILLEGAL_FIELD_OP, at + 1 + i);
	if (!kpt_ef_is_string(f))
		return kpt_ef_fail(p, KPT_ERR_EF_EXPECT_DIGIT, at + 1 + i);
	for (i++; s[i] && s[i] != q; i++)
		;
	if (!s[i])	/* the first pass has seen it closed */
		return kpt_ef_fail(p, KPT_ERR_EF_MISSING_QUOTE, at + 1 + i);
	if (i - b >= KPT_EF_STR_MAX)
		return kpt_ef_fail(p, KPT_ERR_EF_OPERAND_TOO_LONG, at + 1 + i);
	if (f->filter_type == FILTER_PTR_STRING)
		return kpt_ef_fail(p, KPT_ERR_EF_PTR_STRING, at + 1 + b - 1);
	pat = p->pool + p->pool_used;
	n = i - b;
	memcpy(pat, s + b, n);
	pat[n] = '\0';
	in->code = KPT_EF_STR;
	in->off = f->offset;
	in->size = f->size;
	in->not = op == KPT_EF_NE;
	in->cmp = KPT_EF_FULL;
	if (op == 0xff)
		in->cmp = kpt_ef_glob_kind(in, &pat, &n);
	in->pat = pat - p->pool;
	in->plen = n;
	p->pool_used += i - b + 1;
	in->where = f->filter_type == FILTER_COMM ? KPT_EF_COMM :
		    f->filter_type == FILTER_DYN_STRING ? KPT_EF_DLOC :
		    f->filter_type == FILTER_RDYN_STRING ? KPT_EF_RLOC :
		    KPT_EF_STATIC;
	return i + 1;
}

/* val at the field's size, sign-extended from a signed field */
static u64 kpt_ef_fit(u64 v, int size, bool is_signed)
{
	int sh = 64 - 8 * size;

	if (size >= 8 || size <= 0)
		return v;
	return is_signed ? (u64)((s64)(v << sh) >> sh) : (v << sh) >> sh;
}

/* a number at s[i] for field f; returns the index after it */
static int kpt_ef_number(struct kpt_efp *p, struct kpt_ef_insn *in,
			 const struct kpt_efield *f, u8 op, size_t at, size_t i)
{
	const char *s = p->s + at;
	char buf[KPT_EF_NUM_MAX];
	size_t b = i;
	int ret;

	if (kpt_ef_is_string(f))
		return kpt_ef_fail(p, KPT_ERR_EF_EXPECT_STRING, at + 1 + i);
	if (op == 0xff)
		return kpt_ef_fail(p, KPT_ERR_EF_ILLEGAL_FIELD_OP, at + 1 + i);
	if (s[i] == '-')
		i++;
	while (isalnum(s[i]))
		i++;
	if (i - b >= sizeof(buf))
		return kpt_ef_fail(p, KPT_ERR_EF_OPERAND_TOO_LONG, at + 1 + i);
	memcpy(buf, s + b, i - b);
	buf[i - b] = '\0';
	if (f->is_signed)
		ret = kstrtoll(buf, 0, (s64 *)&in->val);
	else
		ret = kstrtoull(buf, 0, &in->val);
	if (ret)
		return kpt_ef_fail(p, KPT_ERR_EF_ILLEGAL_INTVAL, at + 1 + b);
	in->cmp = op;
	if (f->filter_type == FILTER_CPU) {
		in->code = KPT_EF_CPU;
		in->val = (u64)(s64)(int)in->val;
		return i;
	}
	if (f->filter_type != FILTER_OTHER)
		return kpt_ef_fail(p, KPT_ERR_EF_FIELD_TYPE, at + 1 + b);
	in->code = KPT_EF_NUM;
	if (f->size != 1 && f->size != 2 && f->size != 4 && f->size != 8)
		in->code = KPT_EF_NEVER;
	in->off = f->offset;
	in->size = f->size;
	in->where = f->is_signed;
	in->val = kpt_ef_fit(in->val, f->size, f->is_signed);
	return i;
}

/* the operator at s: KPT_EF_* or 0xff (~); its length in *n; -1: none */
static int kpt_ef_op(const char *s, size_t *n)
{
	static const struct { const char *t; u8 op; } ops[] = {
		{ "~", 0xff }, { "!=", KPT_EF_NE }, { "==", KPT_EF_EQ },
		{ "<=", KPT_EF_LE }, { "<", KPT_EF_LT }, { ">=", KPT_EF_GE },
		{ ">", KPT_EF_GT }, { "&", KPT_EF_BAND },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ops); i++) {
		*n = strlen(ops[i].t);
		if (!strncmp(s, ops[i].t, *n))
			return ops[i].op;
	}
	return -1;
}

/*
 * The predicate at s[at]: FIELD[.ustring] OP VALUE into a new instruction;
 * returns the index after it.  The kernel's carets: one past what is read
 * (at + 1 + i).
 */
static int kpt_ef_pred(struct kpt_efp *p, size_t at)
{
	struct kpt_ef_insn *in = &p->f->insn[p->f->n];
	const char *s = p->s + at;
	char name[128];
	struct kpt_efield f;
	size_t i = 0, b, n;
	int op, ret;

	while (isalnum(s[i]) || s[i] == '_')
		i++;
	if (!i)		/* the kernel's parse_pred() gives no reason */
		return kpt_ef_fail(p, KPT_ERR_EF_ERROR, 0);
	if (i < sizeof(name)) {
		memcpy(name, s, i);
		name[i] = '\0';
	}
	if (i >= sizeof(name) || !kpt_ef_field(p, name, &f))
		return kpt_ef_fail(p, KPT_ERR_EF_FIELD_NOT_FOUND, at + 1 + i);
	/* a user string's suffix: only a char * field's reads another way */
	if (!strncmp(s + i, ".ustring", 8))
		i += 8;
	while (isspace(s[i]))
		i++;
	op = kpt_ef_op(s + i, &n);
	if (op < 0)
		return kpt_ef_fail(p, KPT_ERR_EF_INVALID_OP, at + 1 + i);
	i += n;
	while (isspace(s[i]))
		i++;
	b = i;
	memset(in, 0, sizeof(*in));
	if (s[b] == '\'' || s[b] == '"')
		ret = kpt_ef_string(p, in, &f, op, at, b);
	else if (isdigit(s[b]) || s[b] == '-')
		ret = kpt_ef_number(p, in, &f, op, at, b);
	else
		ret = kpt_ef_fail(p, KPT_ERR_EF_INVALID_VALUE, at + 1 + b);
	if (ret < 0)
		return ret;
	p->f->n++;
	return at + ret;
}

/* an AND, OR or NOT after what it takes */
static void kpt_ef_emit(struct kpt_efp *p, u8 code)
{
	struct kpt_ef_insn *in = &p->f->insn[p->f->n++];

	memset(in, 0, sizeof(*in));
	in->code = code;
	if (code != KPT_EF_NOT)
		p->depth--;
}

/* the pending '!'s: they take the term or group just read */
static void kpt_ef_nots(struct kpt_efp *p)
{
	while (p->nops && p->ops[p->nops - 1] == '!') {
		p->nops--;
		kpt_ef_emit(p, KPT_EF_NOT);
	}
}

/* the pending &&s (and ||s if or) down to a '(' */
static void kpt_ef_reduce(struct kpt_efp *p, bool or)
{
	u8 top;

	while (p->nops) {
		top = p->ops[p->nops - 1];
		if (top != '&' && (!or || top != '|'))
			return;
		p->nops--;
		kpt_ef_emit(p, top == '&' ? KPT_EF_AND : KPT_EF_OR);
	}
}

/*
 * After a term at s[*i]: ')'s, then && or || (1: a term follows), or the
 * end (0).
 */
static int kpt_ef_after(struct kpt_efp *p, size_t *i)
{
	const char *s = p->s;
	char c;

	for (;;) {
		while (isspace(s[*i]))
			(*i)++;
		c = s[*i];
		if (!c) {
			kpt_ef_reduce(p, true);
			return 0;
		}
		if ((c == '&' || c == '|') && s[*i + 1] == c) {
			kpt_ef_reduce(p, c == '|');
			p->ops[p->nops++] = c;
			*i += 2;
			return 1;
		}
		if (c != ')')
			return kpt_ef_fail(p, KPT_ERR_EF_TOO_MANY_PREDS, *i);
		kpt_ef_reduce(p, true);
		(*i)++;
		if (!p->nops)	/* the first pass has counted them */
			return kpt_ef_fail(p, KPT_ERR_EF_TOO_MANY_CLOSE, *i);
		p->nops--;
		kpt_ef_nots(p);
	}
}

/* Second pass: the terms into the postfix program */
static int kpt_ef_parse(struct kpt_efp *p)
{
	const char *s = p->s;
	size_t i = 0;
	int ret;

	for (;;) {
		while (isspace(s[i]))
			i++;
		if (!s[i])
			return kpt_ef_fail(p, p->terms ? KPT_ERR_EF_INVALID_FILTER :
					   KPT_ERR_EF_NO_FILTER, i);
		if (s[i] == '(' ||
		    (s[i] == '!' && s[i + 1] != '=' && s[i + 1] != '~')) {
			p->ops[p->nops++] = s[i++];
			continue;
		}
		ret = kpt_ef_pred(p, i);
		if (ret < 0)
			return ret;
		i = ret;
		p->terms++;
		if (++p->depth > KPT_EF_MAX_DEPTH)
			return kpt_ef_fail(p, KPT_ERR_EF_TOO_DEEP, i);
		kpt_ef_nots(p);
		ret = kpt_ef_after(p, &i);
		if (ret <= 0)
			return ret;
	}
}

int kpt_efilter_compile(struct trace_event_call *call, const char *text,
			size_t base, struct kpt_efilter **out,
			struct kpt_err *e)
{
	struct kpt_efp p = { .s = text, .len = strlen(text), .call = call };
	unsigned int terms, bangs, cap;
	int ret;

	*out = NULL;
	ret = kpt_ef_prepass(&p, &terms, &bangs);
	if (ret)
		return kpt_error(e, p.code, base + p.pos);
	/* each term, an operator after each but the last, each '!' */
	cap = 2 * terms + bangs;
	p.f = kvzalloc(struct_size(p.f, insn, cap) + p.len + 1, GFP_KERNEL);
	p.ops = kmalloc(p.len + 1, GFP_KERNEL);
	if (!p.f || !p.ops) {
		ret = kpt_error_with(e, KPT_ERR_EF_ERROR, -ENOMEM, base);
		goto out;
	}
	p.pool = (char *)&p.f->insn[cap];
	p.f->pool = p.pool;
	ret = kpt_ef_parse(&p);
	if (ret)
		ret = kpt_error(e, p.code, base + p.pos);
out:
	kfree(p.ops);
	if (ret)
		kvfree(p.f);
	else
		*out = p.f;
	return ret;
}

void kpt_efilter_free(struct kpt_efilter *f)
{
	kvfree(f);
}
