// SPDX-License-Identifier: GPL-2.0
/*
 * BTF names in definitions: a definition's names against one function
 * (see kpt_btf_ctx.h).  A name becomes what the offset syntax would have
 * said: PARAM is $argN (N its register slot), each "->" a dereference, "."
 * and "[i]" offsets (common/kpt_btf_path.c); the type is BTF's when none
 * was written, as the kernel's tracer picks it (signed/unsigned integers
 * by size, pointers x64).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include "kpt_btf_ctx.h"
#include "kpt_btf_mod.h"
#include "kpt_resolve.h"

/* the table's BTF block follows enum kpt_btf_err */
static_assert(KPT_ERR_BTF_FIRST + KPT_BTF_E_NO_BTF == KPT_ERR_BTF_NO_BTF);
static_assert(KPT_ERR_BTF_FIRST + KPT_BTF_E_NO_MEMBER == KPT_ERR_BTF_NO_MEMBER);
static_assert(KPT_ERR_BTF_FIRST + KPT_BTF_E_TOO_DEEP == KPT_ERR_BTF_TOO_DEEP);

static const char *kpt_btf_sym(const struct kpt_btf_ctx *c)
{
	if (c->tpfn[0])
		return c->tpfn;
	return kpt_def_str(c->def, c->def->symbol);
}

/* The module holding SYM, if it is a module's ("" for vmlinux). */
static int kpt_btf_sym_module(struct kpt_btf_ctx *c, char *mod)
{
	const struct kpt_probe_def *def = c->def;
	unsigned long addr;
	bool loaded = true;
	int ret;

	mod[0] = '\0';
	ret = kpt_resolve_symbol_mod(def->module ?
				     kpt_def_str(def, def->module) : NULL,
				     kpt_btf_sym(c), &addr, mod, &loaded,
				     c->e, def->loc_pos);
	if (ret == -ENOENT && def->module && !loaded) {
		memset(c->e, 0, sizeof(*c->e));
		return kpt_error(c->e, KPT_ERR_BTF_MOD_NOT_LOADED,
				 def->loc_pos, kpt_def_str(def, def->module));
	}
	return ret;
}

/* The BTF of vmlinux, or of module mod (if mod[0]), into c->b. */
int kpt_btf_load(struct kpt_btf_ctx *c, const char *mod, size_t pos)
{
	char path[MODULE_NAME_LEN + 32];
	const struct kpt_btf *vm;
	size_t size;
	int r;

	vm = kpt_btf_vmlinux(&r);
	if (!vm)
		return kpt_error(c->e, KPT_ERR_BTF_FIRST + r, pos,
				 "vmlinux has no BTF (/sys/kernel/btf/vmlinux, CONFIG_DEBUG_INFO_BTF)");
	c->b = vm;
	if (mod[0]) {
		vfree(c->mod_data);	/* a try before */
		c->mod_data = NULL;
		snprintf(path, sizeof(path), "/sys/kernel/btf/%s", mod);
		if (kpt_btf_read_file(path, &c->mod_data, &size)) {
			snprintf(path, sizeof(path), "module %s has no BTF",
				 mod);
			return kpt_error(c->e, KPT_ERR_BTF_NO_BTF, pos, path);
		}
		r = kpt_btf_init(&c->mod, c->mod_data, size, vm);
		if (r)
			return kpt_error(c->e, KPT_ERR_BTF_FIRST + r, pos, mod);
		c->b = &c->mod;
	}
	return 0;
}

/* The probed function's BTF: vmlinux's, or its module's. */
int kpt_btf_find_fn(struct kpt_btf_ctx *c, size_t pos)
{
	const struct kpt_probe_def *def = c->def;
	const char *sym = kpt_btf_sym(c);
	char mod[MODULE_NAME_LEN];
	int r;

	if (c->tried) {
		if (c->err && (def->flags & KPT_DEF_FSET))
			*c->e = c->set_err;
		return c->err;
	}
	c->tried = true;
	if (def->loc != KPT_LOC_SYMBOL || (def->offset &&
					   def->kind != KPT_PROBE_RETURN))
		return c->err = kpt_error(c->e, KPT_ERR_BTF_NOT_ENTRY, pos);
	if (def->flags & KPT_DEF_FSET)	/* kpt_btf_set_begin() failed */
		return c->err = kpt_error(c->e, KPT_ERR_BTF_FSET, pos);
	r = kpt_btf_sym_module(c, mod);
	if (r)
		return c->err = r;
	r = kpt_btf_load(c, mod, pos);
	if (r)
		return c->err = r;
	r = kpt_btf_func_find(c->b, sym, strlen(sym), &c->fn);
	if (r)
		return c->err = kpt_error(c->e, KPT_ERR_BTF_FIRST + r,
					  r == KPT_BTF_E_NO_FUNC ? pos :
					  def->loc_pos, mod[0] ? mod : "vmlinux");
	/* a tracepoint's: its iterator's, data hidden (kpt_btf_ctx.h) */
	if (c->tpfn[0] && c->fn.nparams) {
		c->fn.first = 1;
		c->fn.nparams--;
	}
	return 0;
}

/* Where FETCHARG starts in the line (after NAME=), from arg->pos. */
size_t kpt_btf_body_pos(const struct kpt_btf_ctx *c,
			const struct kpt_probe_arg *arg)
{
	size_t i;

	for (i = arg->pos; i < c->len && c->line[i] != ' ' &&
	     c->line[i] != '\t'; i++)
		if (c->line[i] == '=')
			return i + 1;
	return arg->pos;
}

/* Where the text t (a part of arg as written) starts in the line. */
size_t kpt_btf_text_pos(const struct kpt_btf_ctx *c,
			const struct kpt_probe_arg *arg, const char *t)
{
	size_t b = kpt_btf_body_pos(c, arg), n = strlen(t), i;

	for (i = b; i + n <= c->len && c->line[i] != ' '; i++)
		if (!memcmp(c->line + i, t, n))
			return i;
	return b;
}

/* Where :TYPE starts (after the ':'), for type errors. */
static size_t kpt_btf_type_pos(const struct kpt_btf_ctx *c,
			       const struct kpt_probe_arg *arg)
{
	size_t i;

	for (i = kpt_btf_body_pos(c, arg); i < c->len && c->line[i] != ' ';
	     i++)
		if (c->line[i] == ':')
			return i + 1;
	return arg->pos;
}

static bool kpt_is_string(const struct kpt_probe_arg *arg)
{
	return (arg->type == KPT_T_STRING || arg->type == KPT_T_USTRING) &&
	       !(arg->aflags & (KPT_ARG_PD | KPT_ARG_PDD));
}

/* Replace ops[0] of arg by ops[0..n) (the rest moves behind them). */
static int kpt_btf_splice(struct kpt_btf_ctx *c, struct kpt_probe_arg *arg,
			  const struct kpt_fetch_op *ops, unsigned int n,
			  size_t pos)
{
	unsigned int rest = arg->nops - 1;

	if (n + rest > KPT_MAX_OPS)
		return kpt_error(c->e, KPT_ERR_BTF_TOO_DEEP, pos);
	memmove(&arg->ops[n], &arg->ops[1], rest * sizeof(arg->ops[0]));
	memcpy(arg->ops, ops, n * sizeof(ops[0]));
	arg->nops = n + rest;
	return 0;
}

static const u8 kpt_int_types[2][4] = {
	{ KPT_T_U8, KPT_T_U16, KPT_T_U32, KPT_T_U64 },
	{ KPT_T_S8, KPT_T_S16, KPT_T_S32, KPT_T_S64 },
};

static void kpt_btf_int_type(struct kpt_probe_arg *arg, u32 size,
			     bool is_signed)
{
	unsigned int i = size == 1 ? 0 : size == 2 ? 1 : size == 4 ? 2 : 3;

	arg->type = kpt_int_types[is_signed][i];
	arg->size = 1 << i;
	arg->aflags |= KPT_ARG_TYPE_BTF;
}

/* The type BTF gives a value of class cls, when none was written. */
static void kpt_btf_default_type(struct kpt_probe_arg *arg,
				 const struct kpt_btf_path *p)
{
	switch (p->fetch) {
	case KPT_BTF_F_INT:
		kpt_btf_int_type(arg, p->size, p->is_signed);
		break;
	case KPT_BTF_F_BITFIELD:
		arg->type = KPT_T_BITFIELD;
		arg->size = p->size;
		arg->bf_width = p->bf_size;
		arg->bf_offset = p->bf_shift;
		arg->aflags |= KPT_ARG_TYPE_BTF;
		break;
	case KPT_BTF_F_STRING:
		/* char[]: its text (the kernel's tracer has no type for it) */
		arg->type = p->user ? KPT_T_USTRING : KPT_T_STRING;
		arg->size = 0;
		arg->aflags |= KPT_ARG_TYPE_BTF;
		break;
	default:		/* pointers, char * too (as the kernel) */
		arg->type = KPT_T_X64;
		arg->size = 8;
		arg->aflags |= KPT_ARG_TYPE_BTF;
	}
}

static int kpt_btf_path_error(struct kpt_btf_ctx *c, int r,
			      const char *t, size_t tpos,
			      const struct kpt_btf_path *p)
{
	size_t pos = tpos;
	int code = KPT_ERR_BTF_FIRST + r;

	switch (r) {
	case KPT_BTF_E_NO_PARAM:
	case KPT_BTF_E_EXPECT_PARAM:
	case KPT_BTF_E_PARAM_ON_RETURN:
	case KPT_BTF_E_RETVAL_ON_ENTRY:
	case KPT_BTF_E_VOID_RETVAL:
	case KPT_BTF_E_PARAM_BY_VALUE:
	case KPT_BTF_E_PARAM_REG_UNKNOWN:
	case KPT_BTF_E_NOT_PRINTABLE:
		break;
	case KPT_BTF_E_UNEXPECTED:
		pos += p->err_pos;
		if (t[p->err_pos] == '-')
			code = KPT_ERR_BTF_BAD_HYPHEN;
		break;
	default:
		pos += p->err_pos;
	}
	if (r == KPT_BTF_E_BAD_BTF || r == KPT_BTF_E_NO_BTF)
		return kpt_error(c->e, code, pos, "a malformed type");
	return kpt_error(c->e, code, pos);
}

/* One arg whose ops[0] is a name: into ops and a type. */
int kpt_btf_resolve_arg(struct kpt_btf_ctx *c,
			struct kpt_probe_arg *arg)
{
	const char *t = kpt_def_str(c->def, arg->ops[0].sym);
	struct kpt_fetch_op ops[KPT_BTF_MAX_STEPS + 1] = {};
	bool outer = arg->nops > 1, want_str = kpt_is_string(arg);
	size_t tpos = kpt_btf_text_pos(c, arg, t);
	unsigned int flags = 0, n = 0, i, nsteps;
	struct kpt_btf_path *p;
	int r;

	r = kpt_btf_find_fn(c, tpos);
	if (r)
		return r;
	/*
	 * Names in a return probe stand for the entry's values (the
	 * kernel's since 6.10): a parameter compiles to $argN flagged
	 * KPT_FOPF_ENTRY (below), as the parser flags a written $argN
	 * there, and the probe keeps it at the entry (kpt_probe.c,
	 * KPT_COP_EDATA); its steps run at the exit.  $retval and
	 * $retval->m are the exit's own.
	 */
	if (c->def->kind == KPT_PROBE_RETURN)
		flags |= KPT_BTF_RETURN | KPT_BTF_ENTRY_ARGS;
	p = kmalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return kpt_error(c->e, KPT_ERR_NOMEM, 0);
	r = kpt_btf_path_resolve(c->b, &c->fn, t, strlen(t), flags, p);
	if (r) {
		r = kpt_btf_path_error(c, r, t, tpos, p);
		goto out;
	}
	if (want_str && !outer && p->fetch != KPT_BTF_F_STRING) {
		/* the kernel's caret: the argument, not its type */
		r = kpt_error(c->e, KPT_ERR_BTF_TYPE4STR,
			      kpt_btf_body_pos(c, arg));
		goto out;
	}
	nsteps = p->nsteps;
	/* a char * as a value (not :string): the pointer itself */
	if (p->fetch == KPT_BTF_F_STRING && p->cls == KPT_BTF_C_STR_PTR &&
	    (!want_str || outer))
		nsteps--;
	ops[n].op = p->src == KPT_BTF_SRC_RETVAL ? KPT_FOP_RETVAL :
						   KPT_FOP_ARG;
	ops[n].sym = 0;
	ops[n].flags = 0;
	ops[n].val = p->src == KPT_BTF_SRC_RETVAL ? 0 : p->argno - 1;
	if (p->src != KPT_BTF_SRC_RETVAL && c->def->kind == KPT_PROBE_RETURN) {
		if (ops[n].val >= KPT_MAX_ENTRY_ARGS) {
			r = kpt_error(c->e, KPT_ERR_RET_ARG_TOO_FAR, tpos);
			goto out;
		}
		ops[n].flags |= KPT_FOPF_ENTRY;
	}
	n++;
	for (i = 0; i < nsteps; i++) {
		ops[n].op = p->step[i].user ? KPT_FOP_UDEREF : KPT_FOP_DEREF;
		ops[n].sym = 0;
		ops[n++].val = p->step[i].off;
	}
	r = kpt_btf_splice(c, arg, ops, n, tpos);
	if (r)
		goto out;
	if (arg->type == KPT_T_DEFAULT && !arg->array_len && !outer) {
		if (p->fetch == KPT_BTF_F_STRING && nsteps < p->nsteps) {
			arg->type = KPT_T_X64;
			arg->size = 8;
			arg->aflags |= KPT_ARG_TYPE_BTF;
		} else {
			kpt_btf_default_type(arg, p);
		}
	}
	if (arg->type == KPT_T_USTRING || (want_str && p->user))
		arg->type = KPT_T_USTRING;
	if (arg->array_len && (arg->nops < 2 ||
			       (arg->ops[arg->nops - 1].op != KPT_FOP_DEREF &&
				arg->ops[arg->nops - 1].op != KPT_FOP_UDEREF)))
		r = kpt_error(c->e, KPT_ERR_BAD_ARRAY_ARG,
			      kpt_btf_type_pos(c, arg));
out:
	kfree(p);
	return r;
}

/* An untyped $retval of a function BTF knows: its return type. */
int kpt_btf_type_retval(struct kpt_btf_ctx *c,
			struct kpt_probe_arg *arg)
{
	struct kpt_btf_class_info ci;
	struct kpt_err quiet;
	struct kpt_err *e = c->e;
	int r;

	/* no BTF for it: untyped, as before (x64) */
	memset(&quiet, 0, sizeof(quiet));
	c->e = &quiet;
	r = kpt_btf_find_fn(c, arg->pos);
	c->e = e;
	if (r) {
		c->tried = c->def->flags & KPT_DEF_FSET;
		return 0;
	}
	if (!c->fn.ret_type && (c->def->flags & KPT_DEF_FSET))
		return 0;	/* a member returns nothing: untyped */
	if (!c->fn.ret_type)
		return kpt_error(e, KPT_ERR_BTF_VOID_RETVAL,
				 kpt_btf_body_pos(c, arg));
	if (kpt_btf_classify(c->b, c->fn.ret_type, &ci))
		return 0;
	switch (ci.cls) {
	case KPT_BTF_C_INT:
	case KPT_BTF_C_ENUM:
		kpt_btf_int_type(arg, ci.size, ci.is_signed);
		break;
	case KPT_BTF_C_BOOL:
		kpt_btf_int_type(arg, 1, false);
		break;
	case KPT_BTF_C_PTR:
	case KPT_BTF_C_STR_PTR:
		arg->type = KPT_T_X64;
		arg->size = 8;
		arg->aflags |= KPT_ARG_TYPE_BTF | KPT_ARG_RET_PTR;
		break;
	default:
		break;
	}
	return 0;
}

/* :%pd and :%pD: the name of a dentry / a file, as the kernel reads it. */
int kpt_btf_dentry(struct kpt_btf_ctx *c, struct kpt_probe_arg *arg)
{
	unsigned int n = arg->aflags & KPT_ARG_PDD ? 3 : 2;
	struct kpt_fetch_op *o;

	if (arg->nops + n > KPT_MAX_OPS)
		return kpt_error(c->e, KPT_ERR_BTF_TOO_DEEP,
				 kpt_btf_type_pos(c, arg));
	o = &arg->ops[arg->nops];
	memset(o, 0, n * sizeof(*o));
	if (n == 3)
		(o++)->val = offsetof(struct file, f_path.dentry);
	o[0].val = offsetof(struct dentry, d_name.name);
	o[1].val = 0;
	for (o = &arg->ops[arg->nops]; n--; o++)
		o->op = KPT_FOP_DEREF;
	arg->nops += arg->aflags & KPT_ARG_PDD ? 3 : 2;
	arg->type = KPT_T_STRING;
	arg->size = 0;
	return 0;
}

bool kpt_is_var_args(const struct kpt_probe_def *def,
		     const struct kpt_probe_arg *arg)
{
	return arg->ops[0].op == KPT_FOP_BTF &&
	       !strcmp(kpt_def_str(def, arg->ops[0].sym), "$arg*");
}

/* $arg* at args[i]: one arg per parameter, named after it. */
int kpt_btf_expand(struct kpt_btf_ctx *c, unsigned int i)
{
	struct kpt_probe_def *def = c->def;
	struct kpt_probe_arg *arg = &def->args[i];
	unsigned int np, k, pos = arg->pos;
	int r;

	if (def->loc != KPT_LOC_SYMBOL || def->offset)
		return kpt_error(c->e, KPT_ERR_BTF_NOFENTRY_ARGS, pos);
	r = kpt_btf_find_fn(c, pos);
	if (r)
		return r;
	np = c->fn.nparams;
	for (k = 0; k < np; k++) {
		const char *name;
		u32 type;

		if (kpt_btf_param(c->b, &c->fn, k, &name, &type))
			return kpt_error(c->e, KPT_ERR_BTF_BAD_BTF, pos,
					 "a parameter");
		if (!type) {	/* the ... of a variadic function */
			np = k;
			break;
		}
	}
	if (!np)
		return kpt_error(c->e, KPT_ERR_BTF_NO_PARAM, pos);
	if (def->nargs - 1 + np > KPT_MAX_ARGS)
		return kpt_error(c->e, KPT_ERR_BTF_TOO_MANY_ARGS, pos);
	memmove(&def->args[i + np], &def->args[i + 1],
		(def->nargs - i - 1) * sizeof(def->args[0]));
	for (k = 0; k < np; k++) {
		struct kpt_probe_arg *a = &def->args[i + k];
		const char *name;
		u32 type;
		u16 off;

		kpt_btf_param(c->b, &c->fn, k, &name, &type);
		off = kpt_def_pool_add(def, name, strlen(name));
		if (!off)
			return kpt_error(c->e, KPT_ERR_POOL_FULL, pos);
		memset(a, 0, sizeof(*a));
		if (strlen(name) <= KPT_ARG_NAME_MAX && name[0])
			strscpy(a->name, name, sizeof(a->name));
		else
			snprintf(a->name, sizeof(a->name), "arg%u", i + k + 1);
		a->pos = pos;
		a->expr = off;
		a->nops = 1;
		a->ops[0].op = KPT_FOP_BTF;
		a->ops[0].sym = off;
		a->type = KPT_T_DEFAULT;
		a->size = 8;
	}
	def->nargs += np - 1;
	return 0;
}
