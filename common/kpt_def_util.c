// SPDX-License-Identifier: GPL-2.0
/*
 * Helpers around a parsed definition: the fetch types' names and sizes
 * (the parser reads them, the listing writes them), default event name,
 * equality.
 */
#include "kpt_parse_internal.h"

struct kpt_type_info {
	const char *name;
	u8 size;
};

static const struct kpt_type_info kpt_types[KPT_T_NR] = {
	[KPT_T_DEFAULT] = { "", 8 },
	[KPT_T_U8] = { "u8", 1 }, [KPT_T_U16] = { "u16", 2 },
	[KPT_T_U32] = { "u32", 4 }, [KPT_T_U64] = { "u64", 8 },
	[KPT_T_S8] = { "s8", 1 }, [KPT_T_S16] = { "s16", 2 },
	[KPT_T_S32] = { "s32", 4 }, [KPT_T_S64] = { "s64", 8 },
	[KPT_T_X8] = { "x8", 1 }, [KPT_T_X16] = { "x16", 2 },
	[KPT_T_X32] = { "x32", 4 }, [KPT_T_X64] = { "x64", 8 },
	[KPT_T_STRING] = { "string", 0 },
	[KPT_T_USTRING] = { "ustring", 0 },
	[KPT_T_SYMBOL] = { "symbol", 8 },
	[KPT_T_SYMSTR] = { "symstr", 0 },
	[KPT_T_CHAR] = { "char", 1 },
	[KPT_T_BITFIELD] = { "b", 0 },
};

const char *kpt_type_name(unsigned int type)
{
	return type < KPT_T_NR ? kpt_types[type].name : "";
}

u8 kpt_type_size(unsigned int type)
{
	return type < KPT_T_NR ? kpt_types[type].size : 0;
}

void kpt_probe_def_compact(struct kpt_probe_def *dst,
			   const struct kpt_probe_def *def)
{
	size_t head = offsetof(struct kpt_probe_def, args) +
		      (size_t)def->nargs * sizeof(struct kpt_probe_arg);

	memcpy(dst, def, head);
	memcpy((char *)dst + head, kpt_def_str(def, 0), def->pool_used);
	dst->compact = true;
}

/* Appends s to buf (KPT_NAME_MAX + 1 bytes) at *n, cutting at the limit. */
static void kpt_name_put(char *buf, size_t *n, const char *s)
{
	while (*s && *n < KPT_NAME_MAX)
		buf[(*n)++] = *s++;
}

static void kpt_name_put_num(char *buf, size_t *n, u64 v, unsigned int base)
{
	char digits[24];
	char rev[24];
	int i = 0, j = 0;

	do {
		digits[i++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	while (i)
		rev[j++] = digits[--i];
	rev[j] = '\0';
	kpt_name_put(buf, n, rev);
}

void kpt_default_event_name(const struct kpt_probe_def *def,
			    char buf[KPT_NAME_MAX + 1])
{
	size_t n = 0, i;

	if (def->flags & KPT_DEF_EPROBE) {
		/* as the kernel's: the attached event's name */
		kpt_name_put(buf, &n, kpt_def_str(def, def->symbol));
		goto out;
	}
	if (def->flags & KPT_DEF_TPROBE) {
		/* as the kernel's: the tracepoint's name, "_" before a digit */
		if (kpt_def_str(def, def->symbol)[0] >= '0' &&
		    kpt_def_str(def, def->symbol)[0] <= '9')
			kpt_name_put(buf, &n, "_");
		kpt_name_put(buf, &n, kpt_def_str(def, def->symbol));
		goto out;
	}
	if (def->flags & KPT_DEF_FPROBE) {
		/* as the kernel's fprobe events: SYM__entry, SYM__exit */
		kpt_name_put(buf, &n, kpt_def_str(def, def->symbol));
		kpt_name_put(buf, &n, def->kind == KPT_PROBE_RETURN ?
			     "__exit" : "__entry");
		goto out;
	}
	kpt_name_put(buf, &n, def->kind == KPT_PROBE_RETURN ? "r_" :
		     def->flags & KPT_DEF_WPROBE ? "w_" : "p_");
	if (def->loc == KPT_LOC_ADDR) {
		kpt_name_put(buf, &n, "0x");
		kpt_name_put_num(buf, &n, def->addr, 16);
	} else {
		if (def->module) {
			kpt_name_put(buf, &n, kpt_def_str(def, def->module));
			kpt_name_put(buf, &n, "_");
		}
		kpt_name_put(buf, &n, kpt_def_str(def, def->symbol));
		/* like the kernel's "%ld": -16 becomes "_-16", then "__16" */
		kpt_name_put(buf, &n, def->offset < 0 ? "_-" : "_");
		kpt_name_put_num(buf, &n, def->offset < 0 ?
				 0 - (u64)def->offset : (u64)def->offset, 10);
	}
out:
	buf[n] = '\0';
	/* '.', '-', '$' ... are not valid in tracefs or filter names */
	for (i = 0; i < n; i++)
		if (!kpt_isident(buf[i]))
			buf[i] = '_';
}

u16 kpt_def_pool_add(struct kpt_probe_def *def, const char *s, size_t n)
{
	return kpt_pool_add(def, s, n);
}

/* Both args written with BTF names or %pd/%pD, or neither, and the same */
static bool kpt_exprs_equal(const struct kpt_probe_def *a,
			    const struct kpt_probe_arg *x,
			    const struct kpt_probe_def *b,
			    const struct kpt_probe_arg *y)
{
	if (!x->expr || !y->expr)
		return !x->expr && !y->expr;
	return !strcmp(kpt_def_str(a, x->expr), kpt_def_str(b, y->expr));
}

static bool kpt_ops_equal(const struct kpt_probe_def *a,
			  const struct kpt_fetch_op *x,
			  const struct kpt_probe_def *b,
			  const struct kpt_fetch_op *y)
{
	/* an e: field's val is where it is written: no part of its meaning */
	if (x->op != y->op || (x->op != KPT_FOP_EFIELD && x->val != y->val))
		return false;
	return (x->op != KPT_FOP_SYMBOL && x->op != KPT_FOP_DATA &&
		x->op != KPT_FOP_BTF && x->op != KPT_FOP_EFIELD) ||
	       !strcmp(kpt_def_str(a, x->sym), kpt_def_str(b, y->sym));
}

static bool kpt_args_equal(const struct kpt_probe_def *a,
			   const struct kpt_probe_arg *x,
			   const struct kpt_probe_def *b,
			   const struct kpt_probe_arg *y)
{
	unsigned int i;

	if (strcmp(x->name, y->name) || x->type != y->type ||
	    x->size != y->size || x->bf_width != y->bf_width ||
	    x->bf_offset != y->bf_offset || x->array_len != y->array_len ||
	    x->nops != y->nops || x->nops > KPT_MAX_OPS ||
	    x->aflags != y->aflags || !kpt_exprs_equal(a, x, b, y))
		return false;
	for (i = 0; i < x->nops; i++)
		if (!kpt_ops_equal(a, &x->ops[i], b, &y->ops[i]))
			return false;
	return true;
}

bool kpt_probe_def_equal(const struct kpt_probe_def *a,
			 const struct kpt_probe_def *b)
{
	unsigned int i;

	if (a->kind != b->kind || a->syntax != b->syntax ||
	    a->loc != b->loc || a->flags != b->flags ||
	    a->maxactive != b->maxactive || a->nargs != b->nargs ||
	    a->nargs > KPT_MAX_ARGS || a->offset != b->offset ||
	    a->addr != b->addr || a->waccess != b->waccess ||
	    a->wlen != b->wlen || strcmp(a->group, b->group) ||
	    strcmp(a->event, b->event) ||
	    strcmp(kpt_def_str(a, a->module), kpt_def_str(b, b->module)) ||
	    strcmp(kpt_def_str(a, a->symbol), kpt_def_str(b, b->symbol)) ||
	    strcmp(kpt_def_str(a, a->filter), kpt_def_str(b, b->filter)))
		return false;
	for (i = 0; i < a->nargs; i++)
		if (!kpt_args_equal(a, &a->args[i], b, &b->args[i]))
			return false;
	return true;
}

static bool kpt_fields_equal(const struct kpt_probe_arg *x,
			     const struct kpt_probe_arg *y)
{
	return !strcmp(x->name, y->name) && x->type == y->type &&
	       x->size == y->size && x->bf_width == y->bf_width &&
	       x->bf_offset == y->bf_offset && x->array_len == y->array_len;
}

bool kpt_probe_def_same_fields(const struct kpt_probe_def *a,
			       const struct kpt_probe_def *b)
{
	unsigned int i;

	if (a->kind != b->kind || a->nargs != b->nargs ||
	    a->nargs > KPT_MAX_ARGS)
		return false;
	for (i = 0; i < a->nargs; i++)
		if (!kpt_fields_equal(&a->args[i], &b->args[i]))
			return false;
	return true;
}

/* A deletion's SYSTEM.EVENT, read as a symbol, names e:'s event. */
static bool kpt_event_as_symbol(const struct kpt_probe_def *del,
				const struct kpt_probe_def *probe)
{
	const char *s = kpt_def_str(del, del->symbol);
	const char *sys = kpt_def_str(probe, probe->module);
	size_t n = strlen(sys);

	return del->loc == KPT_LOC_SYMBOL && probe->loc == KPT_LOC_EVENT &&
	       !del->module && !del->offset && !strncmp(s, sys, n) &&
	       s[n] == '.' && !strcmp(s + n + 1,
				      kpt_def_str(probe, probe->symbol));
}

bool kpt_probe_def_delete_matches(const struct kpt_probe_def *del,
				  const struct kpt_probe_def *probe)
{
	unsigned int i;

	if (del->flags & KPT_DEF_WHOLE_GROUP)
		return !strcmp(del->group, probe->group);
	if (strcmp(del->event, probe->event) ||
	    (!(del->flags & KPT_DEF_ANY_GROUP) &&
	     strcmp(del->group, probe->group)))
		return false;
	if (del->loc == KPT_LOC_NONE)
		return true;
	if (kpt_event_as_symbol(del, probe))
		return !del->nargs;
	if (del->loc != probe->loc || del->nargs > probe->nargs ||
	    del->nargs > KPT_MAX_ARGS)
		return false;
	if (del->loc == KPT_LOC_ADDR ? del->addr != probe->addr :
	    del->offset != probe->offset ||
	    strcmp(kpt_def_str(del, del->module),
		   kpt_def_str(probe, probe->module)) ||
	    strcmp(kpt_def_str(del, del->symbol),
		   kpt_def_str(probe, probe->symbol)))
		return false;
	/* by program and type: a seed probe's "a0" is a deletion's arg1 */
	for (i = 0; i < del->nargs; i++) {
		const struct kpt_probe_arg *x = &del->args[i];
		const struct kpt_probe_arg *y = &probe->args[i];
		unsigned int j;

		/* names: as written (the probe's are resolved, del's not) */
		if (x->expr || y->expr) {
			if (!kpt_exprs_equal(del, x, probe, y))
				return false;
			continue;
		}
		if (x->type != y->type || x->size != y->size ||
		    x->bf_width != y->bf_width ||
		    x->bf_offset != y->bf_offset ||
		    x->array_len != y->array_len || x->nops != y->nops ||
		    x->nops > KPT_MAX_OPS)
			return false;
		for (j = 0; j < x->nops; j++)
			if (!kpt_ops_equal(del, &x->ops[j], probe, &y->ops[j]))
				return false;
	}
	return true;
}
