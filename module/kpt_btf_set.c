// SPDX-License-Identifier: GPL-2.0
/*
 * BTF names in definitions: an f: set (see kpt_btf_ctx.h).  Its members
 * and each one's function in BTF; a name compiles against the reference
 * (the first member that has every name), then every other member must
 * compile it alike (one fetch program, one type per field): else refused,
 * naming the first few that differ and why.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kallsyms.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kpt_btf_ctx.h"
#include "kpt_fprobe.h"
#include "kpt_fset.h"

/* A member's name (no " [module]"). */
static void kpt_btf_member_name(unsigned long addr, char *buf)
{
	sprint_symbol_no_offset(buf, addr);
	buf[strcspn(buf, " ")] = '\0';
}

/* Is t[0..len) a parameter of fn? */
static bool kpt_btf_has_param(const struct kpt_btf *b,
			      const struct kpt_btf_fn *fn, const char *t,
			      size_t len)
{
	const char *pn;
	u32 k, type;

	for (k = 0; k < fn->nparams; k++)
		if (!kpt_btf_param(b, fn, k, &pn, &type) &&
		    strlen(pn) == len && !memcmp(pn, t, len))
			return true;
	return false;
}

/* Has fn a parameter for each name of the definition? */
static bool kpt_btf_has_names(const struct kpt_btf_ctx *c,
			      const struct kpt_btf_fn *fn)
{
	const struct kpt_probe_def *def = c->def;
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct kpt_probe_arg *a = &def->args[i];
		const char *t = kpt_def_str(def, a->ops[0].sym);

		if (a->ops[0].op != KPT_FOP_BTF || t[0] == '$')
			continue;
		if (!kpt_btf_has_param(c->b, fn, t, strcspn(t, "-.[")))
			return false;
	}
	return true;
}

/*
 * An f: set: find its members and each one's function in BTF (indexed:
 * O(log n) each), the first that has one the reference.  A failure is
 * kept (set_err) for the names that need BTF to report.
 */
int kpt_btf_set_begin(struct kpt_btf_ctx *c, size_t pos)
{
	char name[KSYM_SYMBOL_LEN];
	struct kpt_err *e = c->e;
	unsigned int k, found = 0;
	int r;

	c->tried = true;
	c->e = &c->set_err;
	if (!c->pre) {
		c->pre = kzalloc(sizeof(*c->pre), GFP_KERNEL);
		if (!c->pre) {
			r = kpt_error(c->e, KPT_ERR_NOMEM, 0);
			goto out;
		}
		c->own_pre = true;
	}
	r = kpt_fprobe_set_members(c->def, c->pre, c->e, pos);
	if (r)
		goto out;
	c->ips = c->pre->ips;
	c->n = c->pre->n;
	r = kpt_btf_load(c, c->pre->mod, pos);
	if (r)
		goto out;
	c->fns = kvcalloc(c->n, sizeof(*c->fns), GFP_KERNEL);
	if (!c->fns) {
		r = kpt_error(c->e, KPT_ERR_NOMEM, 0);
		goto out;
	}
	for (k = 0; k < c->n; k++) {
		kpt_btf_member_name(c->ips[k], name);
		if (kpt_btf_func_find(c->b, name, strlen(name), &c->fns[k]))
			c->fns[k].func_id = 0;
		else if (!found++)
			c->ref = k;
		if (!(k % 256))
			cond_resched();
	}
	/* the reference: the first member that has every name */
	for (k = 0; k < c->n; k++)
		if (c->fns[k].func_id && kpt_btf_has_names(c, &c->fns[k])) {
			c->ref = k;
			break;
		}
	if (!found) {
		r = kpt_error(c->e, KPT_ERR_BTF_NO_FUNC, pos,
			      c->pre->mod[0] ? c->pre->mod : "vmlinux");
		goto out;
	}
	c->fn = c->fns[c->ref];
out:
	c->e = e;
	c->err = r;
	return r;
}

static bool kpt_btf_same_arg(const struct kpt_probe_arg *a,
			     const struct kpt_probe_arg *b)
{
	unsigned int i;

	if (a->nops != b->nops || a->type != b->type || a->size != b->size ||
	    a->bf_width != b->bf_width || a->bf_offset != b->bf_offset ||
	    a->aflags != b->aflags || a->array_len != b->array_len)
		return false;
	for (i = 0; i < a->nops; i++)
		if (a->ops[i].op != b->ops[i].op ||
		    a->ops[i].flags != b->ops[i].flags ||
		    a->ops[i].sym != b->ops[i].sym ||
		    a->ops[i].val != b->ops[i].val)
			return false;
	return true;
}

/* Why member fn's params differ from the reference's (NULL: they do not) */
static const char *kpt_btf_params_differ(struct kpt_btf_ctx *c,
					 const struct kpt_btf_fn *fn)
{
	const struct kpt_btf_fn *ref = &c->fns[c->ref];
	const char *n1, *n2;
	u32 t1, t2, k;

	if (fn->nparams != ref->nparams)
		return "other parameters";
	for (k = 0; k < fn->nparams; k++) {
		if (kpt_btf_param(c->b, fn, k, &n1, &t1) ||
		    kpt_btf_param(c->b, ref, k, &n2, &t2) || strcmp(n1, n2))
			return "other parameters";
	}
	return NULL;
}

/* Why arg i (as written: c->saved[i]) compiles otherwise for member k. */
static const char *kpt_btf_member_differs(struct kpt_btf_ctx *c,
					  unsigned int i, char *why,
					  size_t size)
{
	const struct kpt_probe_arg *ref = &c->def->args[i];
	struct kpt_probe_arg *tmp = &c->saved[KPT_MAX_ARGS];
	const char *t = kpt_def_str(c->def, c->saved[i].ops[0].sym);
	struct kpt_err quiet = {}, *e = c->e;
	int r;

	*tmp = c->saved[i];
	c->e = &quiet;
	r = kpt_btf_resolve_arg(c, tmp);
	c->e = e;
	if (r) {
		size_t len = strcspn(t, "-.[");

		if (t[0] != '$' && !kpt_btf_has_param(c->b, &c->fn, t, len))
			snprintf(why, size, "no parameter %.*s", (int)len, t);
		else
			snprintf(why, size, "%.60s", quiet.msg);
		return why;
	}
	if (kpt_btf_same_arg(tmp, ref))
		return NULL;
	if (tmp->ops[0].op == ref->ops[0].op && tmp->ops[0].val !=
	    ref->ops[0].val && ref->ops[0].op == KPT_FOP_ARG)
		snprintf(why, size, "%.*s is $arg%lld, not $arg%lld",
			 (int)strcspn(t, "-.["), t, tmp->ops[0].val + 1,
			 ref->ops[0].val + 1);
	else if (tmp->type != ref->type || tmp->size != ref->size)
		snprintf(why, size, "%s has another type", t);
	else
		snprintf(why, size, "%s has other offsets", t);
	return why;
}

/*
 * Every other member of the set must compile each name as the reference
 * did (one fetch program, one type per field): else refused, naming the
 * first few that differ and why.  A plain $retval whose type differs goes
 * back to untyped (x64), as a set's $retval was.
 */
int kpt_btf_set_check(struct kpt_btf_ctx *c)
{
	struct kpt_probe_def *def = c->def;
	char name[KSYM_SYMBOL_LEN], why[96], list[100];
	unsigned int k, i, bad = 0, first_arg = def->nargs;
	size_t used = 0;
	const char *w;

	list[0] = '\0';
	for (k = 0; k < c->n; k++) {
		if (k == c->ref)
			continue;
		w = NULL;
		if (!c->fns[k].func_id) {
			for (i = 0; i < def->nargs; i++) {
				if (c->kind[i] == KPT_BTF_K_NAME || c->star)
					w = "no BTF";
				if (c->kind[i] == KPT_BTF_K_RETVAL) {
					def->args[i] = c->saved[i];
					c->kind[i] = KPT_BTF_K_NONE;
				}
			}
		} else {
			c->fn = c->fns[k];
			if (c->star)
				w = kpt_btf_params_differ(c, &c->fns[k]);
			for (i = 0; i < def->nargs && !w; i++) {
				if (c->kind[i] == KPT_BTF_K_NAME) {
					w = kpt_btf_member_differs(c, i, why,
								   sizeof(why));
					if (w && first_arg > i)
						first_arg = i;
				} else if (c->kind[i] == KPT_BTF_K_RETVAL) {
					struct kpt_probe_arg *tmp =
						&c->saved[KPT_MAX_ARGS];

					*tmp = c->saved[i];
					if (kpt_btf_type_retval(c, tmp) ||
					    !kpt_btf_same_arg(tmp,
							      &def->args[i])) {
						def->args[i] = c->saved[i];
						c->kind[i] = KPT_BTF_K_NONE;
					}
				}
			}
		}
		if (w) {
			if (!bad++ || used + 8 < sizeof(list)) {
				kpt_btf_member_name(c->ips[k], name);
				used += scnprintf(list + used,
						  sizeof(list) - used,
						  "%s%s: %s", used ? "; " : "",
						  name, w);
			}
		}
		if (!(k % 64))
			cond_resched();
	}
	c->fn = c->fns[c->ref];
	if (!bad)
		return 0;
	if (used >= sizeof(list) - 1)
		strscpy(list + sizeof(list) - 5, " ...", 5);
	kpt_btf_member_name(c->ips[c->ref], name);
	return kpt_error(c->e, KPT_ERR_BTF_SET_DIFFERS,
			 first_arg < def->nargs ?
			 kpt_btf_text_pos(c, &c->saved[first_arg],
					  kpt_def_str(def,
						      c->saved[first_arg].ops[0].sym)) :
			 def->loc_pos, bad, c->n, name, list);
}
