// SPDX-License-Identifier: GPL-2.0
/*
 * BTF names in definitions: see kpt_btf_args.h; the room's inside is
 * kpt_btf_ctx.h.  Here: which arguments of a definition need BTF, and
 * each taken in order (names, an untyped $retval, $argN's bound, $arg*,
 * %pd/%pD), an f: set's members checked at the end.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include "kpt_btf_args.h"
#include "kpt_btf_ctx.h"
#include "kpt_fprobe.h"
#include "kpt_fset.h"

/*
 * "$retval" as written, untyped, at one function: typed from BTF, as the
 * kernel's (the seed's rv is not).
 */
static bool kpt_btf_plain_retval(const struct kpt_btf_ctx *c,
				 const struct kpt_probe_arg *a)
{
	const struct kpt_probe_def *def = c->def;
	size_t b = kpt_btf_body_pos(c, a);

	return a->ops[0].op == KPT_FOP_RETVAL && a->nops == 1 &&
	       a->type == KPT_T_DEFAULT && !a->array_len &&
	       def->loc == KPT_LOC_SYMBOL &&
	       b + 7 <= c->len && !memcmp(c->line + b, "$retval", 7) &&
	       (b + 7 == c->len || c->line[b + 7] == ' ' ||
		c->line[b + 7] == '\t');
}

/*
 * "$argN[:TYPE]" as a whole argument, at one function's entry or exit
 * (not a set): checked against BTF's parameter count, as 6.12's tracer
 * does (it rewrites each into the parameter's name).
 */
static bool kpt_btf_plain_argn(const struct kpt_btf_ctx *c,
			       const struct kpt_probe_arg *a)
{
	const struct kpt_probe_def *def = c->def;

	return a->ops[0].op == KPT_FOP_ARG && a->nops == 1 &&
	       def->loc == KPT_LOC_SYMBOL && !(def->flags & KPT_DEF_FSET) &&
	       (!def->offset || def->kind == KPT_PROBE_RETURN) &&
	       a->pos + 5 <= c->len && !memcmp(c->line + a->pos, "$arg", 4) &&
	       c->line[a->pos + 4] >= '0' && c->line[a->pos + 4] <= '9';
}

/* $argN past the parameters BTF gives the function: refused. */
static int kpt_btf_check_argn(struct kpt_btf_ctx *c,
			      const struct kpt_probe_arg *arg)
{
	struct kpt_err quiet = {}, *e = c->e;
	const char *name;
	u32 k, type, np;
	int r;

	c->e = &quiet;
	r = kpt_btf_find_fn(c, arg->pos);
	c->e = e;
	if (r) {		/* no BTF for it: as without BTF */
		c->tried = false;
		return 0;
	}
	np = c->fn.nparams;
	for (k = 0; k < np; k++)
		if (!kpt_btf_param(c->b, &c->fn, k, &name, &type) && !type)
			np = k;		/* the ... of a variadic function */
	if (np && arg->ops[0].val >= np)
		return kpt_error(e, KPT_ERR_BTF_NO_PARAM, arg->pos);
	return 0;
}

/*
 * t: an unnamed $argN[:TYPE] becomes the tracepoint's parameter by its
 * name, NAME[:TYPE], as 6.12's tracer rewrites it where BTF has the
 * prototype (else it stays $argN).
 */
static int kpt_btf_tp_argn(struct kpt_btf_ctx *c, struct kpt_probe_arg *arg)
{
	struct kpt_err quiet = {}, *e = c->e;
	char expr[KPT_ARG_LEN_MAX + 1];
	size_t t = arg->pos + 4, end;
	const char *name;
	u16 sym, x;
	u32 type;
	int n;

	c->e = &quiet;
	n = kpt_btf_find_fn(c, arg->pos);
	c->e = e;
	if (n) {
		c->tried = false;
		return 0;
	}
	if (arg->ops[0].val >= c->fn.nparams)
		return kpt_error(e, KPT_ERR_BTF_NO_PARAM, arg->pos);
	if (kpt_btf_param(c->b, &c->fn, arg->ops[0].val, &name, &type) ||
	    !name[0] || strlen(name) > KPT_ARG_NAME_MAX)
		return 0;
	while (t < c->len && c->line[t] >= '0' && c->line[t] <= '9')
		t++;
	for (end = t; end < c->len && c->line[end] != ' ' &&
	     c->line[end] != '\t'; end++)
		;
	n = snprintf(expr, sizeof(expr), "%s%.*s", name, (int)(end - t),
		     c->line + t);
	if (n >= (int)sizeof(expr))
		return 0;
	sym = kpt_def_pool_add(c->def, name, strlen(name));
	x = kpt_def_pool_add(c->def, expr, n);
	if (!sym || !x)
		return kpt_error(e, KPT_ERR_POOL_FULL, arg->pos);
	strscpy(arg->name, name, sizeof(arg->name));
	arg->ops[0].op = KPT_FOP_BTF;
	arg->ops[0].sym = sym;
	arg->ops[0].val = 0;
	arg->expr = x;
	return 0;
}

static bool kpt_btf_needed(const struct kpt_btf_ctx *c)
{
	const struct kpt_probe_def *def = c->def;
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct kpt_probe_arg *a = &def->args[i];

		if (a->ops[0].op == KPT_FOP_BTF || a->expr ||
		    kpt_btf_plain_retval(c, a) || kpt_btf_plain_argn(c, a))
			return true;
	}
	return false;
}

int kpt_btf_prepare(struct kpt_probe_def *def, const char *line, size_t len,
		    struct kpt_err *e, struct kpt_fset_pre *pre)
{
	struct kpt_btf_ctx *c;
	unsigned int i, j;
	int r = 0;

	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return kpt_error(e, KPT_ERR_NOMEM, 0);
	c->def = def;
	c->line = line;
	c->len = len;
	c->e = e;
	c->pre = pre;
	if (def->flags & KPT_DEF_TPROBE)
		snprintf(c->tpfn, sizeof(c->tpfn), "__traceiter_%s",
			 kpt_def_str(def, def->symbol));
	if (!kpt_btf_needed(c))
		goto out;
	if (def->flags & KPT_DEF_FSET) {
		c->saved = kvcalloc(KPT_MAX_ARGS + 1, sizeof(*c->saved),
				    GFP_KERNEL);
		c->kind = kzalloc(KPT_MAX_ARGS, GFP_KERNEL);
		if (!c->saved || !c->kind) {
			r = kpt_error(e, KPT_ERR_NOMEM, 0);
			goto out;
		}
		kpt_btf_set_begin(c, def->loc_pos);
	}
	for (i = 0; i < def->nargs && !r; i++) {
		struct kpt_probe_arg *arg = &def->args[i];

		if (kpt_is_var_args(def, arg)) {
			r = kpt_btf_expand(c, i);
			if (r)
				break;
			c->star = true;
		}
		if (c->saved)
			c->saved[i] = *arg;
		if ((def->flags & KPT_DEF_TPROBE) &&
		    kpt_btf_plain_argn(c, arg) &&
		    kpt_btf_body_pos(c, arg) == arg->pos) {
			r = kpt_btf_tp_argn(c, arg);
			if (r)
				break;
		}
		if (arg->ops[0].op == KPT_FOP_BTF) {
			r = kpt_btf_resolve_arg(c, arg);
			if (c->kind)
				c->kind[i] = KPT_BTF_K_NAME;
		} else if (kpt_btf_plain_retval(c, arg)) {
			r = kpt_btf_type_retval(c, arg);
			if (c->kind && (arg->aflags & KPT_ARG_TYPE_BTF))
				c->kind[i] = KPT_BTF_K_RETVAL;
		} else if (kpt_btf_plain_argn(c, arg)) {
			r = kpt_btf_check_argn(c, arg);
		}
		if (!r && (arg->aflags & (KPT_ARG_PD | KPT_ARG_PDD)))
			r = kpt_btf_dentry(c, arg);
	}
	if (!r && c->fns)
		r = kpt_btf_set_check(c);
	/* $arg* may have brought a name another arg has */
	for (i = 0; i < def->nargs && !r; i++)
		for (j = 0; j < i; j++)
			if (!strcmp(def->args[i].name, def->args[j].name)) {
				r = kpt_error(e, KPT_ERR_BTF_USED_ARG_NAME,
					      def->args[i].pos);
				break;
			}
out:
	vfree(c->mod_data);
	if (c->own_pre) {
		kvfree(c->pre->ips);
		kfree(c->pre);
	}
	kvfree(c->fns);
	kvfree(c->saved);
	kfree(c->kind);
	kfree(c);
	return r;
}
