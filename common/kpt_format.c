// SPDX-License-Identifier: GPL-2.0
/*
 * A definition back to text: the canonical kprobe_events listing line,
 * which parses back to the same definition (the fuzzer checks it).  Numbers
 * are written by hand because the same code runs in the kernel and in
 * userspace without snprintf.
 */
#include "kpt_parse_internal.h"

/* Output with snprintf semantics: counts everything, stores what fits. */
struct kpt_out {
	char *buf;
	size_t size;
	size_t len;
};

static void kpt_putc(struct kpt_out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void kpt_puts(struct kpt_out *o, const char *s)
{
	while (*s)
		kpt_putc(o, *s++);
}

static void kpt_put_u64(struct kpt_out *o, u64 v, unsigned int base)
{
	char digits[24];
	int i = 0;

	do {
		digits[i++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (base == 16)
		kpt_puts(o, "0x");
	while (i)
		kpt_putc(o, digits[--i]);
}

/* Always signed ("+8", "-8", "+0"), as offsets are written. */
static void kpt_put_offs(struct kpt_out *o, s64 v)
{
	kpt_putc(o, v < 0 ? '-' : '+');
	/* 0 - (u64)v is |v| even for the most negative s64 */
	kpt_put_u64(o, v < 0 ? 0 - (u64)v : (u64)v, 10);
}

static void kpt_end(struct kpt_out *o)
{
	if (o->size)
		o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

/* The value op ops[0] (plus DEREF(0) for @), in the def's syntax. */
static unsigned int kpt_put_value(struct kpt_out *o,
				  const struct kpt_probe_def *def,
				  const struct kpt_probe_arg *arg, bool today)
{
	const struct kpt_fetch_op *op = &arg->ops[0];
	bool at = arg->nops > 1 && arg->ops[1].op == KPT_FOP_DEREF &&
		  !arg->ops[1].val;
	const char *reg;

	switch (op->op) {
	case KPT_FOP_BTF:
		kpt_puts(o, kpt_def_str(def, op->sym));
		break;
	case KPT_FOP_REG:
		reg = kpt_reg_name_by_slot(op->val);
		kpt_putc(o, '%');
		kpt_puts(o, reg ? reg : "?");
		break;
	case KPT_FOP_STACK:
		kpt_puts(o, today ? "$stack" : "s");
		kpt_put_u64(o, op->val, 10);
		break;
	case KPT_FOP_STACK_ADDR:
		kpt_puts(o, today ? "$stack" : "sa");
		break;
	case KPT_FOP_ARG:
		kpt_puts(o, today ? "$arg" : "a");
		kpt_put_u64(o, op->val + today, 10);
		break;
	case KPT_FOP_RETVAL:
		kpt_puts(o, today ? "$retval" : "rv");
		break;
	case KPT_FOP_RETADDR:
		kpt_puts(o, "ra");	/* today's syntax has no other name */
		break;
	case KPT_FOP_COMM:
		kpt_puts(o, "$comm");
		break;
	case KPT_FOP_DURATION:
		kpt_puts(o, "$duration");
		break;
	case KPT_FOP_WADDR:
		kpt_puts(o, op->flags & KPT_FOPF_WVALUE ? "$value" : "$addr");
		return op->flags & KPT_FOPF_WVALUE ? 2 : 1;
	case KPT_FOP_EFIELD:
		kpt_putc(o, '$');
		kpt_puts(o, kpt_def_str(def, op->sym));
		break;
	case KPT_FOP_DATA:
		kpt_puts(o, "\\\"");
		kpt_puts(o, kpt_def_str(def, op->sym));
		kpt_putc(o, '"');
		break;
	case KPT_FOP_IMM:
		kpt_putc(o, at ? '@' : '\\');
		kpt_put_u64(o, op->val, 16);
		return at ? 2 : 1;
	case KPT_FOP_SYMBOL:
		/* only made by @SYM, always followed by DEREF(0) */
		kpt_putc(o, '@');
		kpt_puts(o, kpt_def_str(def, op->sym));
		if (op->val)
			kpt_put_offs(o, op->val);
		return at ? 2 : 1;
	default:
		kpt_puts(o, "?");
	}
	return 1;
}

static void kpt_put_type(struct kpt_out *o, const struct kpt_probe_arg *arg)
{
	/* $comm and \"str" are strings: saying so would only lengthen them */
	if (arg->type == KPT_T_DEFAULT || (arg->aflags & KPT_ARG_TYPE_BTF) ||
	    ((arg->ops[0].op == KPT_FOP_COMM || arg->ops[0].op == KPT_FOP_DATA) &&
	     arg->type == KPT_T_STRING && !arg->array_len) ||
	    (arg->ops[0].op == KPT_FOP_DURATION && arg->type == KPT_T_U64))
		return;
	kpt_putc(o, ':');
	kpt_puts(o, kpt_type_name(arg->type));
	if (arg->type == KPT_T_BITFIELD) {
		kpt_put_u64(o, arg->bf_width, 10);
		kpt_putc(o, '@');
		kpt_put_u64(o, arg->bf_offset, 10);
		kpt_putc(o, '/');
		kpt_put_u64(o, arg->size * 8, 10);
	}
	if (arg->array_len) {
		kpt_putc(o, '[');
		kpt_put_u64(o, arg->array_len, 10);
		kpt_putc(o, ']');
	}
}

/* FETCHARG[:TYPE]: derefs outermost first, then the value, then braces. */
static void kpt_put_arg(struct kpt_out *o, const struct kpt_probe_def *def,
			const struct kpt_probe_arg *arg, bool today)
{
	unsigned int i, first, nops = arg->nops;
	struct kpt_out scratch = { NULL, 0, 0 };

	if (!nops || nops > KPT_MAX_OPS)
		return;
	if (arg->expr) {	/* BTF names, %pd: as written */
		kpt_puts(o, kpt_def_str(def, arg->expr));
		return;
	}
	/* how many ops the value takes: 1, or 2 for @ADDR / @SYM */
	first = kpt_put_value(&scratch, def, arg, today);
	for (i = nops; i-- > first;) {
		const struct kpt_fetch_op *op = &arg->ops[i];

		kpt_putc(o, op->val < 0 ? '-' : '+');
		if (op->op == KPT_FOP_UDEREF)
			kpt_putc(o, 'u');
		kpt_put_u64(o, op->val < 0 ? 0 - (u64)op->val : (u64)op->val,
			    10);
		kpt_putc(o, '(');
	}
	kpt_put_value(o, def, arg, today);
	for (i = first; i < nops; i++)
		kpt_putc(o, ')');
	kpt_put_type(o, arg);
}

size_t kpt_format_arg(const struct kpt_probe_def *def,
		      const struct kpt_probe_arg *arg, char *buf, size_t size)
{
	struct kpt_out o = { buf, size, 0 };

	kpt_put_arg(&o, def, arg, def->syntax == KPT_SYNTAX_TODAY);
	kpt_end(&o);
	return o.len;
}

void kpt_seed_alias(const struct kpt_probe_def *def,
		    const struct kpt_probe_arg *arg,
		    char buf[KPT_ARG_NAME_MAX + 1])
{
	char text[KPT_ARG_NAME_MAX + 2];
	struct kpt_out o = { text, sizeof(text), 0 };
	const char *t = text;

	buf[0] = '\0';
	if (arg->nops != 1)
		return;
	kpt_put_arg(&o, def, arg, false);
	kpt_end(&o);
	if (o.len >= sizeof(text))
		return;
	if (t[0] == '%')
		t++;		/* %REG: the register's name */
	if (kpt_ident_bad(t, strlen(t)) == strlen(t))
		memcpy(buf, t, strlen(t) + 1);
}

/* a w: line's access, before its '@' */
static const char *kpt_waccess_name(const struct kpt_probe_def *def)
{
	switch (def->waccess) {
	case KPT_WACCESS_R:
		return "r";
	case KPT_WACCESS_W:
		return "w";
	default:
		return "rw";
	}
}

static void kpt_put_location(struct kpt_out *o,
			     const struct kpt_probe_def *def,
			     unsigned int opts)
{
	if ((def->flags & KPT_DEF_WPROBE) && def->kind != KPT_PROBE_DELETE) {
		kpt_puts(o, kpt_waccess_name(def));
		kpt_putc(o, '@');
		opts |= KPT_FMT_NO_ZERO_OFFS;
	}
	if ((def->flags & KPT_DEF_WPROBE) && def->loc == KPT_LOC_ADDR &&
	    def->addr == KPT_WPROBE_UNSET) {
		kpt_puts(o, "-1");
		return;
	}
	if (def->loc == KPT_LOC_ADDR) {
		kpt_put_u64(o, def->addr, 16);
		return;
	}
	if (def->loc == KPT_LOC_EVENT) {
		/* '/' in a deletion: SYSTEM.EVENT would read as a symbol */
		kpt_puts(o, kpt_def_str(def, def->module));
		kpt_putc(o, def->kind == KPT_PROBE_DELETE ? '/' : '.');
		kpt_puts(o, kpt_def_str(def, def->symbol));
		return;
	}
	if (def->module) {
		kpt_puts(o, kpt_def_str(def, def->module));
		kpt_putc(o, ':');
	}
	kpt_puts(o, kpt_def_str(def, def->symbol));
	if (def->offset || !(opts & KPT_FMT_NO_ZERO_OFFS))
		kpt_put_offs(o, def->offset);
}

/* ... the place, then a w: line's :LEN */
static void kpt_put_place(struct kpt_out *o, const struct kpt_probe_def *def,
			  unsigned int opts)
{
	kpt_put_location(o, def, opts);
	if ((def->flags & KPT_DEF_WPROBE) && def->kind != KPT_PROBE_DELETE) {
		kpt_putc(o, ':');
		kpt_put_u64(o, def->wlen, 10);
	}
}

/*
 * A module's function named "entry" or "exit": f: MOD:entry would parse
 * back as the function MOD with the suffix :entry, so its listing spells
 * the suffix out (MOD:entry:entry).
 */
static bool kpt_entry_exit_name(const char *sym)
{
	return !strcmp(sym, "entry") || !strcmp(sym, "exit");
}

/* The group a line gets without GRP/ */
static const char *kpt_default_group(const struct kpt_probe_def *def)
{
	if (def->flags & KPT_DEF_FPROBE)
		return KPT_FPROBE_GROUP;
	if ((def->flags & KPT_DEF_EPROBE) && def->kind != KPT_PROBE_DELETE)
		return KPT_EPROBE_GROUP;
	if ((def->flags & KPT_DEF_TPROBE) && def->kind != KPT_PROBE_DELETE)
		return KPT_TPROBE_GROUP;
	if ((def->flags & KPT_DEF_WPROBE) && def->kind != KPT_PROBE_DELETE)
		return KPT_WPROBE_GROUP;
	return KPT_DEFAULT_GROUP;
}

size_t kpt_format_probe(const struct kpt_probe_def *def, char *buf,
			size_t size)
{
	return kpt_format_probe_opts(def, 0, buf, size);
}

size_t kpt_format_probe_opts(const struct kpt_probe_def *def,
			     unsigned int opts, char *buf, size_t size)
{
	struct kpt_out o = { buf, size, 0 };
	bool today = def->syntax == KPT_SYNTAX_TODAY;
	unsigned int i;

	if (def->flags & (KPT_DEF_FPROBE | KPT_DEF_TPROBE))
		opts |= KPT_FMT_NO_ZERO_OFFS;
	switch (def->flags & KPT_DEF_FPROBE ? KPT_PROBE_NONE : def->kind) {
	case KPT_PROBE_NONE:
		if (def->kind != KPT_PROBE_ENTRY &&
		    def->kind != KPT_PROBE_RETURN) {
			kpt_end(&o);
			return 0;
		}
		kpt_putc(&o, 'f');
		if (def->maxactive)
			kpt_put_u64(&o, def->maxactive, 10);
		break;
	case KPT_PROBE_ENTRY:
		kpt_putc(&o, def->flags & KPT_DEF_EPROBE ? 'e' :
			     def->flags & KPT_DEF_TPROBE ? 't' :
			     def->flags & KPT_DEF_WPROBE ? 'w' : 'p');
		break;
	case KPT_PROBE_RETURN:
		kpt_putc(&o, 'r');
		if (def->maxactive)
			kpt_put_u64(&o, def->maxactive, 10);
		break;
	case KPT_PROBE_DELETE:
		kpt_putc(&o, '-');
		break;
	default:
		kpt_end(&o);
		return 0;
	}
	kpt_putc(&o, ':');
	/*
	 * Our group marks no syntax: leaving it out changes nothing, but for
	 * a deletion, where no group means any group.
	 */
	if (!(def->flags & KPT_DEF_ANY_GROUP) &&
	    !((opts & KPT_FMT_NO_DEFAULT_GROUP) &&
	      def->kind != KPT_PROBE_DELETE &&
	      !strcmp(def->group, kpt_default_group(def)))) {
		kpt_puts(&o, def->group);
		kpt_putc(&o, '/');
	}
	kpt_puts(&o, def->event);
	if (def->loc != KPT_LOC_NONE) {
		kpt_putc(&o, ' ');
		kpt_put_place(&o, def, opts);
		if ((def->flags & KPT_DEF_FPROBE) &&
		    def->kind == KPT_PROBE_RETURN)
			kpt_puts(&o, "%return");
		else if ((def->flags & KPT_DEF_FPROBE) && def->module &&
			 kpt_entry_exit_name(kpt_def_str(def, def->symbol)))
			kpt_puts(&o, ":entry");	/* MOD:entry alone reads as MOD */
	}
	for (i = 0; i < def->nargs && i < KPT_MAX_ARGS; i++) {
		kpt_putc(&o, ' ');
		/* $arg* (before the module expands it) takes no name */
		if (today && !(def->args[i].ops[0].op == KPT_FOP_BTF &&
			       !strcmp(kpt_def_str(def, def->args[i].ops[0].sym),
				       "$arg*"))) {
			kpt_puts(&o, def->args[i].name);
			kpt_putc(&o, '=');
		}
		kpt_put_arg(&o, def, &def->args[i], today);
	}
	if (def->filter) {
		kpt_puts(&o, " if ");
		kpt_puts(&o, kpt_def_str(def, def->filter));
	}
	kpt_end(&o);
	return o.len;
}
