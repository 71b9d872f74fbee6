// SPDX-License-Identifier: GPL-2.0
/*
 * The probe-definition parser: one kprobe_events line into a
 * struct kpt_probe_def (syntax: kpt_probe_def.h).  This file does the line:
 * probe type, names, probe point, splitting the arguments, argument names.
 * kpt_parse_arg.c does each argument.  Every loop is bounded by the line
 * length and nothing recurses.
 */
#include "kpt_parse_internal.h"

/* Next whitespace-separated token at or after *pos: [*b, *e). */
static bool kpt_next_token(struct kpt_parser *p, size_t *pos, size_t *b,
			   size_t *e)
{
	size_t i = *pos;

	while (i < p->len && kpt_isspace(p->s[i]))
		i++;
	if (i == p->len)
		return false;
	*b = i;
	while (i < p->len && !kpt_isspace(p->s[i]))
		i++;
	*e = i;
	*pos = i;
	return true;
}

/* Group or event name s[b, e) into buf; codes: NO_, _TOO_LONG, BAD_. */
static int kpt_copy_name(struct kpt_parser *p, size_t b, size_t e, char *buf,
			 int no, int too_long, int bad_code)
{
	if (b == e)
		return kpt_fail(p, no, b);
	if (e - b > KPT_NAME_MAX)
		return kpt_fail(p, too_long, b);
	/* the caret at the name, as the kernel puts it */
	if (kpt_ident_bad(p->s + b, e - b) < e - b)
		return kpt_fail(p, bad_code, b);
	memcpy(buf, p->s + b, e - b);
	buf[e - b] = '\0';
	return 0;
}

/* [GRP/]EVENT at s[b, e), after the ':'. */
static int kpt_parse_names(struct kpt_parser *p, size_t b, size_t e)
{
	struct kpt_probe_def *def = p->def;
	size_t sl = kpt_find(p->s, b, e, '/');
	int ret;

	if (sl < e) {
		ret = kpt_copy_name(p, b, sl, def->group,
				    KPT_ERR_NO_GROUP_NAME,
				    KPT_ERR_GROUP_TOO_LONG,
				    KPT_ERR_BAD_GROUP_NAME);
		if (ret)
			return ret;
		/* only another group than ours needs today's syntax */
		if (strcmp(def->group, KPT_DEFAULT_GROUP))
			p->today = true;
		b = sl + 1;
		/* today's p:GRP/ SYM: the event name is generated */
		if (b == e && def->kind != KPT_PROBE_DELETE)
			return 0;
		/* -:GRP/ deletes the whole group, as the kernel's */
		if (b == e) {
			def->flags |= KPT_DEF_WHOLE_GROUP;
			return 0;
		}
	} else if (def->kind == KPT_PROBE_DELETE) {
		def->flags |= KPT_DEF_ANY_GROUP;
	}
	return kpt_copy_name(p, b, e, def->event, KPT_ERR_NO_EVENT_NAME,
			     KPT_ERR_EVENT_TOO_LONG, KPT_ERR_BAD_EVENT_NAME);
}

/* p, r, rN, -, each optionally followed by :[GRP/]EVENT. */
static int kpt_parse_head(struct kpt_parser *p, size_t b, size_t e)
{
	struct kpt_probe_def *def = p->def;
	size_t q = b + 1, colon = kpt_find(p->s, q, e, ':');
	u64 v;

	switch (p->s[b]) {
	case 'p':
		def->kind = KPT_PROBE_ENTRY;
		break;
	case 'r':
		def->kind = KPT_PROBE_RETURN;
		break;
	case 'f':
		/* entry until SYM%return says exit; maxactive is exit's */
		def->kind = KPT_PROBE_ENTRY;
		def->flags |= KPT_DEF_FPROBE;
		memcpy(def->group, KPT_FPROBE_GROUP, sizeof(KPT_FPROBE_GROUP));
		p->today = true;
		break;
	case 't':
		def->kind = KPT_PROBE_ENTRY;
		def->flags |= KPT_DEF_TPROBE;
		memcpy(def->group, KPT_TPROBE_GROUP, sizeof(KPT_TPROBE_GROUP));
		p->today = true;
		break;
	case 'e':
		def->kind = KPT_PROBE_ENTRY;
		def->flags |= KPT_DEF_EPROBE;
		memcpy(def->group, KPT_EPROBE_GROUP, sizeof(KPT_EPROBE_GROUP));
		p->today = true;
		break;
	case 'w':
		def->kind = KPT_PROBE_ENTRY;
		def->flags |= KPT_DEF_WPROBE;
		memcpy(def->group, KPT_WPROBE_GROUP, sizeof(KPT_WPROBE_GROUP));
		p->today = true;
		break;
	case '-':
		def->kind = KPT_PROBE_DELETE;
		p->today = true;
		if (colon != q || colon == e)
			return kpt_fail(p, KPT_ERR_BAD_PROBE_HEAD, q);
		break;
	default:
		return kpt_fail(p, KPT_ERR_BAD_PROBE_TYPE, b);
	}
	if (colon > q) {
		if (!kpt_isdigit(p->s[q]))
			return kpt_fail(p, KPT_ERR_BAD_PROBE_HEAD, q);
		if (def->kind != KPT_PROBE_RETURN &&
		    !(def->flags & (KPT_DEF_FPROBE | KPT_DEF_TPROBE)))
			return kpt_fail(p, KPT_ERR_MAXACT_NO_RETPROBE, q);
		if (!kpt_parse_u64(p->s + q, colon - q, &v) ||
		    (!v && (def->flags & KPT_DEF_TPROBE)))
			return kpt_fail(p, KPT_ERR_BAD_MAXACT, q);
		if (v > KPT_MAX_MAXACTIVE)
			return kpt_fail(p, KPT_ERR_MAXACT_TOO_BIG, q);
		def->maxactive = v;
		/* r0 is plain r ("0 for the default"), and lists so */
		if (v)
			p->today = true;
	}
	if (colon < e) {
		p->def->group_pos = colon + 1;
		return kpt_parse_names(p, colon + 1, e);
	}
	return 0;
}

static int kpt_parse_location(struct kpt_parser *p, size_t b, size_t e);

/* w:'s place at s[b, e): its access and length, then the location */
static int kpt_parse_wplace(struct kpt_parser *p, size_t b, size_t e)
{
	int ret = kpt_parse_wprobe_point(p, &b, &e);

	if (ret || p->def->loc != KPT_LOC_NONE)
		return ret;
	return kpt_parse_location(p, b, e);
}

static bool kpt_fset_char(char c)
{
	return kpt_isident(c) || c == '.' || c == '*' || c == '?' ||
	       c == '[' || c == ']' || c == '^' || c == '-';
}

/*
 * f:'s probe point at s[b, e): [MOD:]SYM, or a set PAT[,PAT...] (globs,
 * !PAT excluding), then %return, :entry or :exit.
 */
static int kpt_parse_fset(struct kpt_parser *p, size_t b, size_t e)
{
	struct kpt_probe_def *def = p->def;
	const char *s = p->s;
	size_t i, start, pct = kpt_find(s, b, e, '%');
	size_t colon = b;
	bool set = false, any = false, ret_suffix = pct < e;

	if (ret_suffix) {
		if (!kpt_word_eq(s + pct, e - pct, "%return"))
			return kpt_fail(p, KPT_ERR_BAD_ADDR_SUFFIX, pct);
		def->kind = KPT_PROBE_RETURN;
		e = pct;
	}
	/* :entry / :exit (the proposed list syntax), else MOD: */
	for (i = b; i < e; i++)
		if (s[i] == ':')
			colon = i;
	if (s[colon] == ':' && !ret_suffix &&
	    (kpt_word_eq(s + colon, e - colon, ":entry") ||
	     kpt_word_eq(s + colon, e - colon, ":exit"))) {
		if (s[colon + 2] == 'x')
			def->kind = KPT_PROBE_RETURN;
		e = colon;
	}
	if (b == e || kpt_isdigit(s[b]))
		return kpt_fail(p, KPT_ERR_FPROBE_BAD_POINT, b);
	for (i = b; i < e; i++) {
		/* the kernel's caret: on the symbol, not its offset */
		if (s[i] == '+')
			return kpt_fail(p, KPT_ERR_FPROBE_BAD_POINT, b);
		if (s[i] == ',' || s[i] == '!' || s[i] == '*' ||
		    s[i] == '?' || s[i] == '[')
			set = true;
	}
	if (!set)
		return kpt_parse_location(p, b, e);
	/* each item: [!]PAT, PAT not empty */
	for (start = b; start <= e; start = i + 1) {
		size_t ib = start;

		if (ib < e && s[ib] == '!')
			ib++;
		else
			any = true;
		for (i = ib; i < e && s[i] != ','; i++)
			if (!kpt_fset_char(s[i]))
				return kpt_fail(p, KPT_ERR_FPROBE_BAD_SET, i);
		if (i == ib)
			return kpt_fail(p, KPT_ERR_FPROBE_BAD_SET, ib);
	}
	if (!any)
		return kpt_fail(p, KPT_ERR_FPROBE_BAD_SET, b);
	if (e - b > KPT_SYM_MAX)
		return kpt_fail(p, KPT_ERR_SYMBOL_TOO_LONG, b);
	def->symbol = kpt_pool_add(def, s + b, e - b);
	if (!def->symbol)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b);
	def->flags |= KPT_DEF_FSET;
	def->loc = KPT_LOC_SYMBOL;
	return 0;
}

/* [MOD:]SYM[+|-offs][%return] or MEMADDR at s[b, e). */
static int kpt_parse_location(struct kpt_parser *p, size_t b, size_t e)
{
	struct kpt_probe_def *def = p->def;
	const char *s = p->s;
	size_t pct = kpt_find(s, b, e, '%'), colon, sym, so, i;

	if (pct < e) {
		/* a deletion names the probe point as it is listed: r: form */
		if (kpt_isdigit(s[b]) || def->kind == KPT_PROBE_DELETE ||
		    !kpt_word_eq(s + pct, e - pct, "%return"))
			return kpt_fail(p, KPT_ERR_BAD_ADDR_SUFFIX, pct);
		/* the kernel lists SYM%return as r: so it marks no syntax */
		def->kind = KPT_PROBE_RETURN;
		e = pct;
	}
	if (kpt_isdigit(s[b])) {
		if (!kpt_parse_u64(s + b, e - b, &def->addr))
			return kpt_fail(p, KPT_ERR_BAD_ADDR, b);
		def->loc = KPT_LOC_ADDR;
		return 0;
	}
	colon = kpt_find(s, b, e, ':');
	sym = b;
	if (colon < e) {
		if (colon == b)
			return kpt_fail(p, KPT_ERR_BAD_MODULE_NAME, b);
		if (colon - b > KPT_MOD_NAME_MAX)
			return kpt_fail(p, KPT_ERR_MODULE_TOO_LONG, b);
		for (i = b; i < colon; i++)
			if (!kpt_isident(s[i]) && s[i] != '-')
				return kpt_fail(p, KPT_ERR_BAD_MODULE_NAME, i);
		def->module = kpt_pool_add(def, s + b, colon - b);
		if (!def->module)
			return kpt_fail(p, KPT_ERR_POOL_FULL, b);
		p->today = true;
		sym = colon + 1;
	}
	so = sym;
	while (so < e && s[so] != '+' && s[so] != '-')
		so++;
	if (so == sym || kpt_isdigit(s[sym]))
		return kpt_fail(p, KPT_ERR_BAD_SYMBOL, sym);
	for (i = sym; i < so; i++)
		if (!kpt_isident(s[i]) && s[i] != '.' && s[i] != '$')
			return kpt_fail(p, KPT_ERR_BAD_SYMBOL, i);
	if (so - sym > KPT_SYM_MAX)
		return kpt_fail(p, KPT_ERR_SYMBOL_TOO_LONG, sym);
	/* offset errors point at the probe point, as the kernel's do */
	if (so < e && !kpt_parse_signed(s + so, e - so, &def->offset))
		return kpt_fail(p, KPT_ERR_BAD_PROBE_OFFS, b);
	if (def->kind == KPT_PROBE_RETURN && def->offset)
		return kpt_fail(p, KPT_ERR_RETPROBE_OFFS, b);
	def->symbol = kpt_pool_add(def, s + sym, so - sym);
	if (!def->symbol)
		return kpt_fail(p, KPT_ERR_POOL_FULL, sym);
	def->loc = KPT_LOC_SYMBOL;
	return 0;
}

/* Names the field of every reserved name today's format already uses. */
static const char * const kpt_reserved_names[] = {
	"common_type", "common_flags", "common_preempt_count", "common_pid",
	"common_tgid", "__probe_ip", "__probe_func", "__probe_ret_ip",
};

static bool kpt_reserved(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(kpt_reserved_names); i++)
		if (!strcmp(name, kpt_reserved_names[i]))
			return true;
	return false;
}

/* "argN", N = 1-based position, as today's kernel names unnamed args. */
void kpt_default_arg_name(char buf[KPT_ARG_NAME_MAX + 1], unsigned int n)
{
	char digits[12];
	int i = 0;

	do {
		digits[i++] = '0' + n % 10;
		n /= 10;
	} while (n);
	memcpy(buf, "arg", 3);
	buf += 3;
	while (i)
		*buf++ = digits[--i];
	*buf = '\0';
}

/*
 * Argument names once the syntax is known: today's are field names and must
 * be unique; the seed's are optional aliases, dropped when repeated.
 */
/*
 * Today's name of an unnamed arg: a bare BTF name (PARAM, no -> or .)
 * names its field after itself, as the kernel's; else argN.
 */
static void kpt_btf_default_name(const struct kpt_probe_def *def,
				 struct kpt_probe_arg *arg, unsigned int i)
{
	const char *t = kpt_def_str(def, arg->ops[0].sym);
	size_t n = strlen(t);

	if (arg->ops[0].op == KPT_FOP_DURATION) {
		memcpy(arg->name, "duration", sizeof("duration"));
		return;
	}
	/* (the kernel names a %pd/%pD arg after its rewritten form: argN) */
	if (arg->nops == 1 && arg->ops[0].op == KPT_FOP_BTF &&
	    !(arg->aflags & (KPT_ARG_PD | KPT_ARG_PDD)) &&
	    n <= KPT_ARG_NAME_MAX && kpt_ident_bad(t, n) == n) {
		memcpy(arg->name, t, n + 1);
		return;
	}
	kpt_default_arg_name(arg->name, i + 1);
}

static int kpt_finish_names(struct kpt_parser *p)
{
	struct kpt_probe_def *def = p->def;
	unsigned int i, j;

	for (i = 0; i < def->nargs; i++) {
		struct kpt_probe_arg *arg = &def->args[i];

		if (!p->today)
			kpt_seed_alias(def, arg, arg->name);
		else if (!(p->named[i / 8] & (1 << (i % 8))))
			kpt_btf_default_name(def, arg, i);
		if (p->today && kpt_reserved(arg->name))
			return kpt_fail(p, KPT_ERR_RESERVED_ARG_NAME,
					p->argpos[i]);
		for (j = 0; j < i && arg->name[0]; j++) {
			if (strcmp(arg->name, def->args[j].name))
				continue;
			if (p->today)
				return kpt_fail(p, KPT_ERR_USED_ARG_NAME,
						p->argpos[i]);
			arg->name[0] = '\0';
		}
	}
	return 0;
}

/*
 * $argN in a return probe of today's syntax (r: with $-variables, and
 * every f: exit) is the entry's value, as the kernel's since 6.10:
 * KPT_FOPF_ENTRY, up to $arg<KPT_MAX_ENTRY_ARGS>.  The seed's r: (aN,
 * no $-variable) reads the register at the return, as the seed did.
 */
static int kpt_entry_args(struct kpt_parser *p)
{
	struct kpt_probe_def *def = p->def;
	unsigned int i;

	if (def->kind != KPT_PROBE_RETURN ||
	    (!p->today && !(def->flags & KPT_DEF_FPROBE)))
		return 0;
	for (i = 0; i < def->nargs; i++) {
		struct kpt_fetch_op *o = &def->args[i].ops[0];

		if (o->op != KPT_FOP_ARG)
			continue;
		if (o->val >= KPT_MAX_ENTRY_ARGS)
			return kpt_fail(p, KPT_ERR_RET_ARG_TOO_FAR,
					p->argpos[i]);
		o->flags |= KPT_FOPF_ENTRY;
	}
	return 0;
}

static int kpt_parse_line(struct kpt_parser *p)
{
	struct kpt_probe_def *def = p->def;
	size_t pos = 0, b, e;
	int ret;

	if (!kpt_next_token(p, &pos, &b, &e))
		return 0;	/* blank or comment: KPT_PROBE_NONE */
	ret = kpt_parse_head(p, b, e);
	if (ret)
		return ret;
	if (def->kind == KPT_PROBE_DELETE)
		def->syntax = KPT_SYNTAX_TODAY;
	if (!kpt_next_token(p, &pos, &b, &e)) {
		if (def->kind == KPT_PROBE_DELETE)
			return 0;	/* -:[GRP/]EVENT: the whole event */
		return kpt_fail(p, KPT_ERR_NO_PROBE_POINT, p->len);
	}
	if (def->flags & KPT_DEF_WHOLE_GROUP)
		return kpt_fail(p, KPT_ERR_NO_EVENT_NAME, b);
	def->loc_pos = b;
	if (def->flags & KPT_DEF_FPROBE)
		ret = kpt_parse_fset(p, b, e);
	else if (def->flags & KPT_DEF_TPROBE)
		ret = kpt_parse_tprobe_point(p, b, e);
	else if (def->flags & KPT_DEF_WPROBE)
		ret = kpt_parse_wplace(p, b, e);
	else if ((def->flags & KPT_DEF_EPROBE) ||
		 (def->kind == KPT_PROBE_DELETE &&
		  kpt_find(p->s, b, e, '/') < e))
		ret = kpt_parse_eprobe_point(p, b, e);
	else
		ret = kpt_parse_location(p, b, e);
	if (ret)
		return ret;
	if ((def->flags & KPT_DEF_FPROBE) &&
	    (def->loc != KPT_LOC_SYMBOL || def->offset))
		return kpt_fail(p, KPT_ERR_FPROBE_BAD_POINT, b);
	if (def->maxactive && def->kind != KPT_PROBE_RETURN)
		return kpt_fail(p, KPT_ERR_MAXACT_NO_RETPROBE, 1);
	while (kpt_next_token(p, &pos, &b, &e)) {
		if ((def->flags & KPT_DEF_EPROBE) &&
		    def->kind != KPT_PROBE_DELETE &&
		    kpt_word_eq(p->s + b, e - b, "if")) {
			ret = kpt_parse_eprobe_filter(p, e);
			if (ret)
				return ret;
			break;
		}
		if (def->nargs == KPT_MAX_ARGS)
			return kpt_fail(p, KPT_ERR_TOO_MANY_ARGS, b);
		p->argpos[def->nargs] = b;
		def->args[def->nargs].pos = b;
		ret = kpt_parse_arg(p, b, e);
		if (ret)
			return ret;
		def->nargs++;
	}
	ret = kpt_entry_args(p);
	if (ret)
		return ret;
	if (p->duration && p->seed)
		return kpt_fail(p, KPT_ERR_DURATION_SEED, p->duration_pos);
	if (p->today)
		def->syntax = KPT_SYNTAX_TODAY;
	else
		def->syntax = p->seed ? KPT_SYNTAX_SEED : KPT_SYNTAX_EITHER;
	if (!def->event[0] && (def->flags & KPT_DEF_FSET))
		return kpt_fail(p, KPT_ERR_FPROBE_SET_NO_EVENT, 0);
	if (!def->event[0])
		kpt_default_event_name(def, def->event);
	return kpt_finish_names(p);
}

int kpt_parse_probe(const char *line, size_t len, struct kpt_probe_def *def,
		    struct kpt_parse_error *err)
{
	struct kpt_parser p;
	const char *nul;
	size_t i;
	int ret;

	memset(&p, 0, sizeof(p));
	p.s = line;
	p.len = len;
	p.def = def;
	p.err = err;
	err->code = KPT_ERR_NONE;
	err->pos = 0;
	if (len > KPT_LINE_MAX)
		return kpt_fail(&p, KPT_ERR_LINE_TOO_LONG, KPT_LINE_MAX);
	nul = len ? memchr(line, '\0', len) : NULL;	/* line may be NULL */
	if (nul)
		return kpt_fail(&p, KPT_ERR_NUL_BYTE, nul - line);
	p.len = kpt_find(line, 0, len, '#');	/* a comment ends the line */

	/*
	 * Blank or comment: KPT_PROBE_NONE, and only the head and pool[0]
	 * are cleared (a 1 MiB write of comment lines must not clear 40 KiB
	 * per line).  Else the whole def, padding included, so that
	 * memcmp/copies are stable.
	 */
	for (i = 0; i < p.len && kpt_isspace(line[i]); i++)
		;
	if (i == p.len) {
		memset(def, 0, offsetof(struct kpt_probe_def, args));
		def->pool[0] = '\0';
	} else {
		memset(def, 0, sizeof(*def));
	}
	memcpy(def->group, KPT_DEFAULT_GROUP, sizeof(KPT_DEFAULT_GROUP));
	def->pool_used = 1;
	ret = kpt_parse_line(&p);
	if (!ret && kpt_format_probe(def, NULL, 0) > KPT_LINE_MAX)
		return kpt_fail(&p, KPT_ERR_LISTING_TOO_LONG, 0);
	return ret;
}
