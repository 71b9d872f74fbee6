// SPDX-License-Identifier: GPL-2.0
/*
 * One fetch argument: [NAME=]FETCHARG[:TYPE] into a fetch program (see
 * kpt_probe_def.h).  Dereferences are parsed iteratively: the +|-offs(
 * prefixes are scanned, then the innermost value, then exactly as many ')'
 * - so hostile nesting costs neither stack nor time (and an expression is
 * at most KPT_ARG_LEN_MAX bytes anyway).
 */
#include "kpt_parse_internal.h"


/*
 * A name for the module to resolve through BTF: s[b, e) is PARAM..., or
 * $retval followed by ->, . or [, or $arg*.
 */
static int kpt_parse_btf(struct kpt_parser *p, struct kpt_probe_arg *arg,
			 size_t b, size_t e)
{
	const char *s = p->s;
	size_t i = b;
	u16 text;

	/* the shape: NAME (->NAME | .NAME | [N])...; the module the rest */
	if (s[i] == '$')
		i = e - b == 5 ? e : b + 7;	/* $arg*, $retval */
	else
		while (i < e && kpt_isident(s[i]))
			i++;
	while (i < e) {
		size_t m;

		if (s[i] == '-' && (i + 1 == e || s[i + 1] != '>'))
			return kpt_fail(p, KPT_ERR_BAD_HYPHEN, i);
		if (s[i] == '[') {
			m = kpt_find(s, i, e, ']');
			if (m == e || m == i + 1)
				return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, i);
			while (++i < m)
				if (!kpt_isident(s[i]))
					return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG,
							i);
			i = m + 1;
			continue;
		}
		if (s[i] == '-')
			i += 2;
		else if (s[i] == '.')
			i++;
		else
			return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, i);
		if (i == e || kpt_isdigit(s[i]) || !kpt_isident(s[i]))
			return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, i);
		while (i < e && kpt_isident(s[i]))
			i++;
	}
	text = kpt_pool_add(p->def, s + b, e - b);

	if (!text)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b);
	p->today = true;
	kpt_add_op(arg, KPT_FOP_BTF, 0)->sym = text;
	return 0;
}

/* $stackN, $argN: decimal N (as the kernel); else an unknown variable. */
static int kpt_parse_var_nth(struct kpt_parser *p, struct kpt_probe_arg *arg,
			     size_t b, size_t e, size_t pfx, u8 op)
{
	u64 v;

	if (!kpt_parse_dec(p->s + b + pfx, e - b - pfx, &v))
		return kpt_fail(p, KPT_ERR_BAD_VAR, b);
	if (op == KPT_FOP_ARG && (!v || v > KPT_MAX_STACK_NTH))
		return kpt_fail(p, KPT_ERR_BAD_ARG_NUM, b);
	if (v > KPT_MAX_STACK_NTH)
		return kpt_fail(p, KPT_ERR_BAD_STACK_NUM, b);
	kpt_add_op(arg, op, (s64)v - (op == KPT_FOP_ARG));
	return 0;
}

/* $-variables of today's syntax: s[b, e) starts with '$'. */
static int kpt_parse_var(struct kpt_parser *p, struct kpt_probe_arg *arg,
			 size_t b, size_t e)
{
	const char *s = p->s + b;
	size_t n = e - b;

	p->today = true;
	if (n > 7 && !memcmp(s, "$retval", 7) &&
	    (s[7] == '-' || s[7] == '.' || s[7] == '[')) {
		if (p->def->kind == KPT_PROBE_ENTRY)
			return kpt_fail(p, KPT_ERR_RETVAL_ON_PROBE, b);
		return kpt_parse_btf(p, arg, b, e);
	}
	if (kpt_word_eq(s, n, "$arg*")) {
		if (p->var_args)
			return kpt_fail(p, KPT_ERR_DOUBLE_ARGS,
					p->argpos[p->def->nargs]);
		p->var_args = true;
		return kpt_parse_btf(p, arg, b, e);
	}
	if (kpt_word_eq(s, n, "$retval")) {
		if (p->def->kind == KPT_PROBE_ENTRY)
			return kpt_fail(p, KPT_ERR_RETVAL_ON_PROBE, b);
		kpt_add_op(arg, KPT_FOP_RETVAL, 0);
	} else if (kpt_word_eq(s, n, "$duration")) {
		if (p->def->kind == KPT_PROBE_ENTRY)
			return kpt_fail(p, KPT_ERR_DURATION_ON_PROBE, b);
		if (!p->duration)
			p->duration_pos = b;
		p->duration = true;
		kpt_add_op(arg, KPT_FOP_DURATION, 0);
	} else if (kpt_word_eq(s, n, "$comm") || kpt_word_eq(s, n, "$COMM")) {
		kpt_add_op(arg, KPT_FOP_COMM, 0);
	} else if (kpt_word_eq(s, n, "$stack")) {
		kpt_add_op(arg, KPT_FOP_STACK_ADDR, 0);
	} else if (n > 6 && !memcmp(s, "$stack", 6)) {
		return kpt_parse_var_nth(p, arg, b, e, 6, KPT_FOP_STACK);
	} else if (n > 4 && !memcmp(s, "$arg", 4)) {
		return kpt_parse_var_nth(p, arg, b, e, 4, KPT_FOP_ARG);
	} else {
		return kpt_fail(p, KPT_ERR_BAD_VAR, b);
	}
	return 0;
}

/* @ADDR or @SYM[+|-offs]: s[b, e) starts with '@'. */
static int kpt_parse_at(struct kpt_parser *p, struct kpt_probe_arg *arg,
			size_t b, size_t e)
{
	const char *s = p->s;
	size_t i, so;
	s64 offs = 0;
	u64 v;
	u16 sym;

	if (b + 1 < e && kpt_isdigit(s[b + 1])) {
		if (!kpt_parse_u64(s + b + 1, e - b - 1, &v))
			return kpt_fail(p, KPT_ERR_BAD_MEM_ADDR, b);
		kpt_add_op(arg, KPT_FOP_IMM, (s64)v);
		kpt_add_op(arg, KPT_FOP_DEREF, 0);
		return 0;
	}
	so = b + 1;
	while (so < e && s[so] != '+' && s[so] != '-')
		so++;
	if (so == b + 1)
		return kpt_fail(p, KPT_ERR_BAD_MEM_ADDR, b);
	for (i = b + 1; i < so; i++)
		if (!kpt_isident(s[i]) && s[i] != '.' && s[i] != '$')
			return kpt_fail(p, KPT_ERR_BAD_MEM_ADDR, b);
	if (so - b - 1 > KPT_SYM_MAX)
		return kpt_fail(p, KPT_ERR_SYMBOL_TOO_LONG, b + 1);
	if (so < e && !kpt_parse_signed(s + so, e - so, &offs))
		return kpt_fail(p, KPT_ERR_BAD_SYM_OFFS, so);
	sym = kpt_pool_add(p->def, s + b + 1, so - b - 1);
	if (!sym)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b + 1);
	kpt_add_op(arg, KPT_FOP_SYMBOL, offs)->sym = sym;
	kpt_add_op(arg, KPT_FOP_DEREF, 0);
	return 0;
}

/* \"STRING": the bytes between the quotes, in the pool. */
static int kpt_parse_imm_string(struct kpt_parser *p,
				struct kpt_probe_arg *arg, size_t b, size_t e)
{
	u16 str;

	if (e < b + 3 || p->s[e - 1] != '"')
		return kpt_fail(p, KPT_ERR_IMMSTR_NO_CLOSE, e);
	str = kpt_pool_add(p->def, p->s + b + 2, e - b - 3);
	if (!str)
		return kpt_fail(p, KPT_ERR_POOL_FULL, b + 2);
	kpt_add_op(arg, KPT_FOP_DATA, 0)->sym = str;
	return 0;
}

/* \IMM: like the kernel, digits, or a signed number; kept as u64 bits. */
static int kpt_parse_imm(struct kpt_parser *p, struct kpt_probe_arg *arg,
			 size_t b, size_t e)
{
	const char *s = p->s + b + 1;
	size_t n = e - b - 1;
	s64 sv;
	u64 v;

	p->today = true;
	if (n && s[0] == '"')
		return kpt_parse_imm_string(p, arg, b, e);
	if (n && (s[0] == '+' || s[0] == '-')) {
		if (!kpt_parse_signed(s, n, &sv))
			return kpt_fail(p, KPT_ERR_BAD_IMM, b + 1);
		v = (u64)sv;
	} else if (!kpt_parse_u64(s, n, &v)) {
		return kpt_fail(p, KPT_ERR_BAD_IMM, b + 1);
	}
	kpt_add_op(arg, KPT_FOP_IMM, (s64)v);
	return 0;
}

/* Seed's aN / sN: s[b, e) is the letter then decimal digits. */
static int kpt_parse_nth(struct kpt_parser *p, struct kpt_probe_arg *arg,
			 size_t b, size_t e, u8 op, int code)
{
	u64 v;
	size_t i;

	for (i = b + 1; i < e; i++)
		if (!kpt_isdigit(p->s[i]))
			return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, b);
	if (!kpt_parse_dec(p->s + b + 1, e - b - 1, &v) ||
	    v > KPT_MAX_STACK_NTH)
		return kpt_fail(p, code, b);
	kpt_add_op(arg, op, (s64)v);
	return 0;
}

/*
 * Seed's aN / sN: the letter then a digit (the rest is checked by
 * kpt_parse_nth()); other words starting with a or s are BTF names.
 */
static bool kpt_seed_nth(const char *s, size_t n)
{
	return n > 1 && kpt_isdigit(s[1]);
}

/* The innermost value s[b, e) of a fetch argument: one value op. */
static int kpt_parse_value(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e)
{
	const char *s = p->s + b;
	size_t n = e - b;
	int slot;

	if (!n)
		return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, b);
	if ((p->def->flags & KPT_DEF_EPROBE) && s[0] != '@' && s[0] != '\\')
		return kpt_parse_eprobe_value(p, arg, b, e);
	/* t: no registers, no seed tokens (a0 is a name), as 6.12's */
	if ((p->def->flags & KPT_DEF_TPROBE) && s[0] == '%')
		return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, b);
	if ((p->def->flags & KPT_DEF_TPROBE) && (kpt_isalpha(s[0]) || s[0] == '_'))
		return kpt_parse_btf(p, arg, b, e);
	if ((p->def->flags & KPT_DEF_WPROBE) && s[0] != '@' && s[0] != '\\')
		return kpt_parse_wprobe_value(p, arg, b, e);
	switch (s[0]) {
	case '%':
		/* f: events read no registers, as the kernel's (6.5+) */
		if (p->def->flags & KPT_DEF_FPROBE)
			return kpt_fail(p, KPT_ERR_BAD_VAR, b);
		slot = kpt_reg_slot_by_name(s + 1, n - 1);
		if (slot < 0)
			return kpt_fail(p, KPT_ERR_BAD_REG_NAME, b);
		kpt_add_op(arg, KPT_FOP_REG, slot);
		return 0;
	case '$':
		return kpt_parse_var(p, arg, b, e);
	case '@':
		return kpt_parse_at(p, arg, b, e);
	case '\\':
		return kpt_parse_imm(p, arg, b, e);
	case 's':
		if (kpt_word_eq(s, n, "sa")) {
			p->seed = true;
			kpt_add_op(arg, KPT_FOP_STACK_ADDR, 0);
			return 0;
		}
		if (kpt_seed_nth(s, n)) {
			p->seed = true;
			return kpt_parse_nth(p, arg, b, e, KPT_FOP_STACK,
					     KPT_ERR_BAD_STACK_NUM);
		}
		break;
	case 'a':
		if (kpt_seed_nth(s, n)) {
			p->seed = true;
			return kpt_parse_nth(p, arg, b, e, KPT_FOP_ARG,
					     KPT_ERR_BAD_ARG_NUM);
		}
		break;
	case 'r':
		if (kpt_word_eq(s, n, "rv") || kpt_word_eq(s, n, "ra"))
			p->seed = true;
		if (kpt_word_eq(s, n, "rv")) {
			if (p->def->kind == KPT_PROBE_ENTRY)
				return kpt_fail(p, KPT_ERR_RETVAL_ON_PROBE, b);
			kpt_add_op(arg, KPT_FOP_RETVAL, 0);
			return 0;
		}
		if (kpt_word_eq(s, n, "ra")) {
			if (p->def->kind == KPT_PROBE_ENTRY)
				return kpt_fail(p, KPT_ERR_RETADDR_ON_PROBE, b);
			kpt_add_op(arg, KPT_FOP_RETADDR, 0);
			return 0;
		}
		break;
	}
	/* anything else that starts like a C name: a BTF name */
	if (kpt_isalpha(s[0]) || s[0] == '_')
		return kpt_parse_btf(p, arg, b, e);
	return kpt_fail(p, KPT_ERR_BAD_FETCH_ARG, b);
}

/* Where the inside of the idx-th (0 = outermost) dereference starts. */
static size_t kpt_deref_inside(struct kpt_parser *p, size_t q, size_t e,
			       unsigned int idx)
{
	do {
		q = kpt_find(p->s, q, e, '(') + 1;
	} while (idx--);
	return q;
}

/*
 * FETCHARG s[b, e): scan the dereference prefixes, outermost first, parking
 * the first KPT_MAX_OPS of them at the top of ops[] in run order (the
 * program runs inside out, so the outermost is last); check the closing
 * braces; parse the value into ops[0..]; slide the dereferences down behind
 * it.  No array on the stack, no recursion.  Carets follow the kernel's.
 */
static int kpt_parse_fetch(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e)
{
	const char *s = p->s;
	unsigned int depth = 0, closed = 0;
	size_t q = b, br, ve;
	u64 mag;
	s64 offs;
	int ret;

	while (q < e && (s[q] == '+' || s[q] == '-')) {
		size_t num = q + 1;
		u8 op = KPT_FOP_DEREF;

		if (num < e && s[num] == 'u') {
			op = KPT_FOP_UDEREF;
			num++;
			p->today = true;
		}
		br = kpt_find(s, num, e, '(');
		if (br == e)
			return kpt_fail(p, KPT_ERR_DEREF_NEED_BRACE, q);
		/* the sign applies to the digits after an optional 'u' */
		if (!kpt_parse_u64(s + num, br - num, &mag) ||
		    !kpt_apply_sign(s[q], mag, &offs))
			return kpt_fail(p, KPT_ERR_BAD_DEREF_OFFS, q);
		if (depth < KPT_MAX_OPS) {
			struct kpt_fetch_op *o = &arg->ops[KPT_MAX_OPS - 1 - depth];

			o->op = op;
			o->val = offs;
		}
		depth++;
		q = br + 1;
	}
	ve = kpt_find(s, q, e, ')');
	while (ve + closed < e && s[ve + closed] == ')' && closed < depth)
		closed++;
	if (closed < depth)
		return kpt_fail(p, KPT_ERR_DEREF_OPEN_BRACE, ve);
	/* value ops land below the parked dereferences unless too deep */
	ret = kpt_parse_value(p, arg, q, ve);
	if (ret)
		return ret;
	if (depth && (arg->ops[0].op == KPT_FOP_COMM ||
		      arg->ops[0].op == KPT_FOP_DATA ||
		      arg->ops[0].op == KPT_FOP_DURATION))
		return kpt_fail(p, KPT_ERR_COMM_CANT_DEREF, q);
	if (depth && arg->ops[0].op == KPT_FOP_BTF &&
	    !strcmp(kpt_def_str(p->def, arg->ops[0].sym), "$arg*"))
		return kpt_fail(p, KPT_ERR_BAD_VAR_ARGS, q);
	if (arg->nops + depth > KPT_MAX_OPS)
		/* the first dereference, from inside, that finds no slot */
		return kpt_fail(p, KPT_ERR_TOO_DEEP,
				kpt_deref_inside(p, b, e, depth + arg->nops -
						 KPT_MAX_OPS - 1));
	if (ve + closed < e)
		return kpt_fail(p, KPT_ERR_TRAILING_CHARS, ve + closed);
	if (depth) {
		memmove(&arg->ops[arg->nops], &arg->ops[KPT_MAX_OPS - depth],
			depth * sizeof(arg->ops[0]));
		arg->nops += depth;
		/* unused slots stay zero, so equal programs are equal bytes */
		memset(&arg->ops[arg->nops], 0,
		       (KPT_MAX_OPS - arg->nops) * sizeof(arg->ops[0]));
	}
	return 0;
}

/* TYPE[N]: the "[N]" part s[b, e), b at '['. */
static int kpt_parse_array(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e)
{
	size_t cl = kpt_find(p->s, b, e, ']');
	u64 n;

	if (cl == e)
		return kpt_fail(p, KPT_ERR_ARRAY_NO_CLOSE, e);
	if (cl + 1 != e)
		return kpt_fail(p, KPT_ERR_BAD_ARRAY_SUFFIX, cl + 1);
	if (!kpt_parse_u64(p->s + b + 1, cl - b - 1, &n) || !n)
		return kpt_fail(p, KPT_ERR_BAD_ARRAY_NUM, b + 1);
	if (n > KPT_MAX_ARRAY)
		return kpt_fail(p, KPT_ERR_ARRAY_TOO_BIG, b + 1);
	arg->array_len = n;
	return 0;
}

/* b<width>@<offset>/<container>: s[b, e), b at 'b'. */
static int kpt_parse_bitfield(struct kpt_parser *p, struct kpt_probe_arg *arg,
			      size_t b, size_t e)
{
	const char *s = p->s;
	size_t at = kpt_find(s, b, e, '@'), sl = kpt_find(s, b, e, '/');
	u64 w, o, c;

	if (at == e || sl == e || sl < at ||
	    !kpt_parse_dec(s + b + 1, at - b - 1, &w) ||
	    !kpt_parse_dec(s + at + 1, sl - at - 1, &o) ||
	    !kpt_parse_dec(s + sl + 1, e - sl - 1, &c) ||
	    (c != 8 && c != 16 && c != 32 && c != 64) ||
	    !w || w > c || o > c - w)
		return kpt_fail(p, KPT_ERR_BAD_BITFIELD, b);
	arg->type = KPT_T_BITFIELD;
	arg->size = c / 8;
	arg->bf_width = w;
	arg->bf_offset = o;
	return 0;
}

/* TYPE s[b, e) (after ':'). */
static int kpt_parse_type(struct kpt_parser *p, struct kpt_probe_arg *arg,
			  size_t b, size_t e)
{
	size_t te = kpt_find(p->s, b, e, '[');
	unsigned int t;
	int ret;

	if (te == b)
		return kpt_fail(p, te == e ? KPT_ERR_NO_TYPE : KPT_ERR_BAD_TYPE,
				b);
	/* a dentry's / a file's name: the module adds the dereferences */
	if (kpt_word_eq(p->s + b, e - b, "%pd") ||
	    kpt_word_eq(p->s + b, e - b, "%pD")) {
		arg->type = KPT_T_STRING;
		arg->size = 0;
		arg->aflags |= p->s[b + 2] == 'd' ? KPT_ARG_PD : KPT_ARG_PDD;
		return 0;
	}
	if (te < e) {
		ret = kpt_parse_array(p, arg, te, e);
		if (ret)
			return ret;
	}
	if (p->s[b] == 'b' && te - b > 1 && kpt_isdigit(p->s[b + 1])) {
		if (arg->array_len)
			return kpt_fail(p, KPT_ERR_BAD_ARRAY_SUFFIX, te);
		return kpt_parse_bitfield(p, arg, b, te);
	}
	for (t = KPT_T_DEFAULT + 1; t < KPT_T_BITFIELD; t++) {
		if (kpt_word_eq(p->s + b, te - b, kpt_type_name(t))) {
			arg->type = t;
			arg->size = kpt_type_size(t);
			return 0;
		}
	}
	return kpt_fail(p, KPT_ERR_BAD_TYPE, b);
}

static bool kpt_ends_in_deref(const struct kpt_probe_arg *arg)
{
	u8 last = arg->ops[arg->nops - 1].op;

	return arg->nops > 1 &&
	       (last == KPT_FOP_DEREF || last == KPT_FOP_UDEREF);
}

/* The rules that tie a type to the shape of the program. */
static int kpt_check_type(struct kpt_parser *p, struct kpt_probe_arg *arg,
			  size_t tpos)
{
	u8 last = arg->ops[arg->nops - 1].op;

	if (arg->ops[0].op == KPT_FOP_BTF || (arg->aflags &
					       (KPT_ARG_PD | KPT_ARG_PDD))) {
		/* the module checks it against the types BTF gives */
		if (arg->ops[0].op == KPT_FOP_BTF && arg->array_len &&
		    arg->nops == 1)
			return kpt_fail(p, KPT_ERR_BAD_ARRAY_ARG, tpos);
		if ((arg->aflags & (KPT_ARG_PD | KPT_ARG_PDD)) &&
		    (arg->ops[0].op == KPT_FOP_COMM ||
		     arg->ops[0].op == KPT_FOP_DATA ||
		     arg->ops[0].op == KPT_FOP_IMM))
			return kpt_fail(p, KPT_ERR_BAD_STRING, tpos);
		return 0;
	}
	if (arg->ops[0].op == KPT_FOP_DURATION) {
		if (arg->type == KPT_T_DEFAULT) {
			arg->type = KPT_T_U64;
			arg->size = 8;
		}
		if (arg->array_len || arg->type > KPT_T_X64)
			return kpt_fail(p, KPT_ERR_DURATION_BAD_TYPE, tpos);
		return 0;
	}
	if (arg->ops[0].op == KPT_FOP_COMM || arg->ops[0].op == KPT_FOP_DATA) {
		if (arg->type == KPT_T_DEFAULT) {
			arg->type = KPT_T_STRING;
			arg->size = 0;
		}
		if (arg->type != KPT_T_STRING || arg->array_len)
			return kpt_fail(p, KPT_ERR_BAD_COMM_TYPE, tpos);
		return 0;
	}
	if (arg->array_len && !kpt_ends_in_deref(arg))
		return kpt_fail(p, KPT_ERR_BAD_ARRAY_ARG, tpos);
	/* a field alone: a string field, or $comm; the module checks it */
	if (arg->ops[0].op == KPT_FOP_EFIELD && arg->nops == 1)
		return 0;
	switch (arg->type) {
	case KPT_T_STRING:
	case KPT_T_USTRING:
		if (!kpt_ends_in_deref(arg))
			return kpt_fail(p, KPT_ERR_BAD_STRING, tpos);
		break;
	case KPT_T_SYMSTR:
		/* like the kernel: a kernel address held in a value */
		if (last == KPT_FOP_IMM || last == KPT_FOP_UDEREF ||
		    last == KPT_FOP_STACK_ADDR)
			return kpt_fail(p, KPT_ERR_BAD_STRING, tpos);
		break;
	}
	return 0;
}

/* [NAME=]FETCHARG[:TYPE] at s[start, end) into def->args[def->nargs]. */
int kpt_parse_arg(struct kpt_parser *p, size_t start, size_t end)
{
	struct kpt_probe_def *def = p->def;
	struct kpt_probe_arg *arg = &def->args[def->nargs];
	size_t eq = kpt_find(p->s, start, end, '='), body = start, colon, bad;
	int ret;

	if (eq < end) {
		if (eq == start)
			return kpt_fail(p, KPT_ERR_NO_ARG_NAME, start);
		if (eq - start > KPT_ARG_NAME_MAX)
			return kpt_fail(p, KPT_ERR_ARG_NAME_TOO_LONG, start);
		bad = kpt_ident_bad(p->s + start, eq - start);
		if (bad < eq - start)
			return kpt_fail(p, KPT_ERR_BAD_ARG_NAME, start);
		memcpy(arg->name, p->s + start, eq - start);
		arg->name[eq - start] = '\0';
		p->named[def->nargs / 8] |= 1 << (def->nargs % 8);
		p->today = true;
		body = eq + 1;
	}
	if (end - body > KPT_ARG_LEN_MAX)
		return kpt_fail(p, KPT_ERR_ARG_TOO_LONG, body);
	colon = kpt_find(p->s, body, end, ':');
	if (colon == body)
		return kpt_fail(p, KPT_ERR_NO_ARG_BODY, body);
	arg->type = KPT_T_DEFAULT;
	arg->size = 8;
	ret = kpt_parse_fetch(p, arg, body, colon);
	if (ret)
		return ret;
	if (arg->ops[0].op == KPT_FOP_BTF &&
	    !strcmp(kpt_def_str(def, arg->ops[0].sym), "$arg*") &&
	    (eq < end || colon < end))
		return kpt_fail(p, KPT_ERR_BAD_VAR_ARGS, body);
	if (colon < end) {
		p->today = true;
		ret = kpt_parse_type(p, arg, colon + 1, end);
		if (ret)
			return ret;
	}
	ret = kpt_check_type(p, arg, colon < end ? colon + 1 : body);
	if (ret)
		return ret;
	/* listed as written, as the kernel lists such arguments */
	if (arg->ops[0].op == KPT_FOP_BTF ||
	    (arg->aflags & (KPT_ARG_PD | KPT_ARG_PDD))) {
		arg->expr = kpt_pool_add(def, p->s + body, end - body);
		if (!arg->expr)
			return kpt_fail(p, KPT_ERR_POOL_FULL, body);
	}
	return 0;
}
