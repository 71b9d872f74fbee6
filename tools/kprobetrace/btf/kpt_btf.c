// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): BTF -> fetch arguments.
 *
 * The shared resolver (common/kpt_btf_path.c) turns an expression into a
 * fetch path: $argN or $retval, then dereference steps.  Here it becomes
 * the module's syntax, +OFF(...) for each step (+uOFF for user memory),
 * and a :TYPE that follows the C type; its errors become messages that
 * name what is wrong and list the candidates.  A string is read at the
 * address the last +OFF() computes, so a char * in memory becomes
 * +0(+OFF(BASE)):string and a char array +OFF(BASE):string.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "kpt_btf_fetch.h"
#include "kpt_btf_internal.h"
#include "kpt_base.h"

bool kpt_btf_is_symbolic(const char *expr)
{
	return (expr[0] >= 'a' && expr[0] <= 'z') ||
	       (expr[0] >= 'A' && expr[0] <= 'Z') || expr[0] == '_' ||
	       !strncmp(expr, "$retval", 7);
}

static bool is_alnum(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/* Identifier of an expression: how->flags gives how_flags. */
static size_t name_of(const char *expr, char *out, size_t size)
{
	size_t o = 0, need = 0;

	for (const char *s = expr; *s; s++) {
		char c = is_alnum(*s) ? *s : '_';

		if (c == '_' && (!need || (o && out[o - 1] == '_')))
			continue;
		need++;
		if (o + 1 < size)
			out[o++] = c;
	}
	while (o && out[o - 1] == '_') {
		o--;
		need--;
	}
	out[o] = '\0';
	return need;
}

/*
 * The field name: the whole chain if it fits, else its longest tail of
 * whole steps that does (file->f_path.dentry->d_inode->i_sb->s_id gives
 * f_path_dentry_d_inode_i_sb_s_id).
 */
void kpt_arg_field_name(const char *expr, char *out, size_t size)
{
	const char *s;

	if (name_of(expr, out, size) < size)
		return;
	for (s = expr; *s; s++)
		if ((*s == '.' || *s == '>' || *s == '[') &&
		    name_of(s + 1, out, size) < size)
			return;
}

/* The common reader's function of f. */
static int to_fn(const struct kpt_btf_func *f, struct kpt_btf_fn *fn)
{
	const struct kpt_btf *b = kpt_btf_blob(f->btf);
	struct kpt_btf_type p;

	memset(fn, 0, sizeof(*fn));
	if (kpt_btf_type(b, f->proto_id, &p) || p.kind != KPT_BTF_K_FUNC_PROTO)
		return -1;
	fn->func_id = f->func_id;
	fn->proto_id = f->proto_id;
	fn->nparams = p.vlen;
	fn->ret_type = p.size_type;
	fn->name = f->name;
	return 0;
}

int kpt_fetch_mem(char *buf, size_t size, const char *base, int64_t off)
{
	if (base[0] == '@')
		return off ? snprintf(buf, size, "%s%+" PRId64, base, off) :
			     snprintf(buf, size, "%s", base);
	return snprintf(buf, size, "%+" PRId64 "(%s)", off, base);
}

/*
 * Steps [0, n) of p over its source: $arg3, +8($arg3), ...; a path from
 * memory (KPT_BTF_SRC_MEM) starts at base, its first step is the memory
 * at base + off (kpt_fetch_mem()).
 */
static void render(const struct kpt_btf_path *p, const char *base,
		   unsigned int n, char *out, size_t size)
{
	char tmp[KPT_FETCH_MAX + 32];
	unsigned int i = 0;

	if (p->src == KPT_BTF_SRC_RETVAL)
		snprintf(out, size, "$retval");
	else if (p->src == KPT_BTF_SRC_ARG)
		snprintf(out, size, "$arg%u", p->argno);
	else if (n && p->nsteps)
		kpt_fetch_mem(out, size, base, p->step[i++].off);
	else
		snprintf(out, size, "%s", base);
	for (; i < n && i < p->nsteps; i++) {
		snprintf(tmp, sizeof(tmp), "+%s%d(%s)",
			 p->step[i].user ? "u" : "", p->step[i].off, out);
		snprintf(out, size, "%s", tmp);
	}
}

/* The errors about a parameter or $retval; -1 for any other code. */
static int explain_param(const struct kpt_btf_func *f, const struct kpt_btf *b,
			 const struct kpt_btf_fn *fn, const char *expr,
			 int code, const struct kpt_btf_path *p, char *err,
			 size_t errlen)
{
	int ml = (int)p->err_len;

	switch (code) {
	case KPT_BTF_E_EXPECT_PARAM:
		kpt_btf_msg(err, errlen, "'%s': expected a parameter name", expr);
		return KPT_EXIT_USAGE;
	case KPT_BTF_E_PARAM_ON_RETURN:
		kpt_btf_msg(err, errlen, "'%.*s': parameters are gone when %s returns (only $retval is there)",
		    ml, expr, f->name);
		return KPT_EXIT_USAGE;
	case KPT_BTF_E_RETVAL_ON_ENTRY:
		kpt_btf_msg(err, errlen, "$retval is only there in a return probe (FUNC%%return)");
		return KPT_EXIT_USAGE;
	case KPT_BTF_E_VOID_RETVAL:
		kpt_btf_msg(err, errlen, "%s returns void", f->name);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_NO_PARAM:
		kpt_btf_msg(err, errlen, "%s has no parameter '%.*s'; its parameters:",
		    f->name, ml, expr);
		for (__u32 i = 0; i < fn->nparams; i++) {
			const char *pn;
			__u32 pt;

			if (kpt_btf_param(b, fn, i, &pn, &pt))
				break;
			kpt_btf_cat(err, errlen, " %s", pt ? pn : "...");
		}
		if (!fn->nparams)
			kpt_btf_cat(err, errlen, " (none)");
		return KPT_EXIT_NONAME;
	case KPT_BTF_E_PARAM_REG_UNKNOWN:
		kpt_btf_msg(err, errlen, "parameter '%.*s' of %s follows a floating-point or large by-value struct parameter: its register is not known",
		    ml, expr, f->name);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_PARAM_BY_VALUE:
		kpt_btf_msg(err, errlen, "parameter '%.*s' of %s is passed by value in %s: not supported (use a raw fetch argument)",
		    ml, expr, f->name, p->err_detail == 2 ? "two registers" :
		    "memory");
		return KPT_EXIT_TYPE;
	default:
		return -1;
	}
}

/* The errors of a member chain: the step, its type, the member. */
static int explain_chain(const struct kpt_btf *b, const char *expr, int code,
			 const struct kpt_btf_path *p, char *err,
			 size_t errlen)
{
	int dl = (int)p->err_step, ml = (int)p->err_len, shown = 0;
	const char *m = expr + p->err_pos;
	bool arrow = expr[p->err_step] == '-';
	struct kpt_btf_class_info c;
	char ct[128];

	kpt_btf_ctype_of(b, p->err_type, ct, sizeof(ct));
	switch (code) {
	case KPT_BTF_E_EXPECT_MEMBER:
		kpt_btf_msg(err, errlen, "'%s': expected a member name after '%.*s'",
		    expr, dl, expr);
		return KPT_EXIT_USAGE;
	case KPT_BTF_E_EXPECT_INDEX:
		kpt_btf_msg(err, errlen, "'%s': expected [INDEX] after '%.*s'",
		    expr, dl, expr);
		return KPT_EXIT_USAGE;
	case KPT_BTF_E_UNEXPECTED:
		kpt_btf_msg(err, errlen, "'%s': unexpected '%s' (expected ->MEMBER, .MEMBER or [INDEX])",
		    expr, expr + p->err_step);
		return KPT_EXIT_USAGE;
	case KPT_BTF_E_ARROW_NON_PTR:
		kpt_btf_classify(b, p->err_type, &c);
		kpt_btf_msg(err, errlen, "'%.*s' is %s, not a pointer: '->%.*s' needs a pointer%s",
		    dl, expr, ct, ml, m, c.cls == KPT_BTF_C_STRUCT ||
		    c.cls == KPT_BTF_C_UNION ? " (use '.')" : "");
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_DOT_ON_PTR:
		kpt_btf_msg(err, errlen, "'%.*s' is a pointer (%s): use '->%.*s'",
		    dl, expr, ct, ml, m);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_NOT_STRUCT:
		kpt_btf_msg(err, errlen, "'%.*s' %s %s, not a struct or union: no member '%.*s'",
		    dl, expr, arrow ? "points to" : "is", ct, ml, m);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_STRUCT_BY_VALUE:
		kpt_btf_msg(err, errlen, "'%.*s' is a struct passed by value: not supported",
		    dl, expr);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_NO_MEMBER:
		kpt_btf_msg(err, errlen, "%s has no member '%.*s'; members:", ct,
		    ml, m);
		kpt_btf_list_members(b, p->err_struct, err, errlen, &shown);
		return KPT_EXIT_NONAME;
	case KPT_BTF_E_BITFIELD_MEMBER:
		kpt_btf_msg(err, errlen, "'%.*s' is a bitfield", dl, expr);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_NOT_INDEXABLE:
		kpt_btf_msg(err, errlen, "'%.*s' is %s, neither an array nor a pointer",
		    dl, expr, ct);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_NOT_IN_MEMORY:
		kpt_btf_msg(err, errlen, "'%.*s' is not in memory", dl, expr);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_ELEM_SIZE:
		kpt_btf_msg(err, errlen, "'%.*s' has elements of unknown size",
		    dl, expr);
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_NOT_PRINTABLE:
		kpt_btf_msg(err, errlen, "'%s' is %s: not a value that can be fetched",
		    expr, ct);
		if (p->err_struct) {
			kpt_btf_cat(err, errlen, "; pick a member:");
			kpt_btf_list_members(b, p->err_struct, err, errlen,
					     &shown);
		}
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_TOO_DEEP:
		kpt_btf_msg(err, errlen, "expression too long");
		return KPT_EXIT_TYPE;
	case KPT_BTF_E_OFFSET_RANGE:
		kpt_btf_msg(err, errlen, "'%s': offset out of range", expr);
		return KPT_EXIT_TYPE;
	default:
		kpt_btf_msg(err, errlen, "'%s': %s", expr, kpt_btf_strerror(code));
		return KPT_EXIT_TYPE;
	}
}

/*
 * The message of a failed resolution; returns the exit code.  f and fn are
 * NULL for a member chain (kpt_btf_path_member()), whose errors never
 * name a parameter.
 */
static int explain(const struct kpt_btf_func *f, const struct kpt_btf *b,
		   const struct kpt_btf_fn *fn, const char *expr, int code,
		   const struct kpt_btf_path *p, char *err, size_t errlen)
{
	int r = explain_param(f, b, fn, expr, code, p, err, errlen);

	if (r >= 0)
		return r;
	return explain_chain(b, expr, code, p, err, errlen);
}

/* out's fetch argument, value, fetch type and C type from path p. */
static void fill(const struct kpt_btf *b, const struct kpt_btf_path *p,
		 const char *base, struct kpt_btf_arg *out)
{
	kpt_btf_ctype_of(b, p->type, out->ctype, sizeof(out->ctype));
	render(p, base, p->nsteps, out->fetch, sizeof(out->fetch));
	strcpy(out->value, out->fetch);
	switch (p->fetch) {
	case KPT_BTF_F_BITFIELD:
		snprintf(out->type, sizeof(out->type), "b%u@%u/%u", p->bf_size,
			 p->bf_shift, p->size * 8);
		break;
	case KPT_BTF_F_STRING:
		strcpy(out->type, p->user ? "ustring" : "string");
		/* a char *: the value is the pointer, read at it */
		if (p->cls == KPT_BTF_C_STR_PTR)
			render(p, base, p->nsteps - 1, out->value,
			       sizeof(out->value));
		break;
	case KPT_BTF_F_PTR:
		strcpy(out->type, "x64");
		break;
	default:
		snprintf(out->type, sizeof(out->type), "%c%u",
			 p->is_signed ? 's' : 'u', p->size * 8);
	}
}

int kpt_btf_resolve(const struct kpt_btf_func *f, const char *expr,
		    bool is_return, struct kpt_btf_arg *out, char *err,
		    size_t errlen)
{
	const struct kpt_btf *b = kpt_btf_blob(f->btf);
	struct kpt_btf_path p;
	struct kpt_btf_fn fn;
	int r;

	memset(out, 0, sizeof(*out));
	kpt_arg_field_name(expr, out->name, sizeof(out->name));
	if (!strcmp(expr, "$retval"))
		strcpy(out->name, "ret");
	if (to_fn(f, &fn)) {
		kpt_btf_msg(err, errlen, "%s: malformed BTF", f->name);
		return KPT_EXIT_TYPE;
	}
	r = kpt_btf_path_resolve(b, &fn, expr, strlen(expr),
				 is_return ? KPT_BTF_RETURN : 0, &p);
	if (r)
		return explain(f, b, &fn, expr, r, &p, err, errlen);
	fill(b, &p, NULL, out);
	return 0;
}

/* Every parameter, or $retval: the default argument list. */
int kpt_btf_default_args(const struct kpt_btf_func *f, bool is_return,
			 char names[][KPT_FETCH_MAX], int max)
{
	const struct kpt_btf *b = kpt_btf_blob(f->btf);
	struct kpt_btf_fn fn;
	int n = 0;

	if (to_fn(f, &fn))
		return 0;
	if (is_return) {
		if (fn.ret_type)
			strcpy(names[n++], "$retval");
		return n;
	}
	for (__u32 i = 0; i < fn.nparams && n < max; i++) {
		const char *pn;
		__u32 pt;

		if (kpt_btf_param(b, &fn, i, &pn, &pt))
			break;
		if (pt)
			snprintf(names[n++], KPT_FETCH_MAX, "%s", pn);
	}
	return n;
}

int kpt_btf_find_struct(const struct btf *btf, bool is_union,
			const char *name, __u32 *id)
{
	const struct kpt_btf *b = kpt_btf_blob(btf);
	__u32 kind = is_union ? KPT_BTF_K_UNION : KPT_BTF_K_STRUCT;
	int n = 0;

	for (__u32 i = 1; i < kpt_btf_end_id(b); i++) {
		struct kpt_btf_type t;

		if (kpt_btf_type(b, i, &t))
			return -1;
		if (t.kind == kind && t.name_off &&
		    !strcmp(kpt_btf_name(b, t.name_off), name)) {
			*id = i;
			n++;
		}
	}
	return n;
}

int kpt_btf_resolve_member(const struct btf *btf, __u32 type,
			   const char *base, int64_t off, const char *expr,
			   size_t pos, struct kpt_btf_arg *out, char *err,
			   size_t errlen)
{
	const struct kpt_btf *b = kpt_btf_blob(btf);
	struct kpt_btf_path p;
	int r;

	if (off < INT32_MIN || off > INT32_MAX) {
		kpt_btf_msg(err, errlen, "'%s': offset out of range", expr);
		return KPT_EXIT_TYPE;
	}
	r = kpt_btf_path_member(b, type, (__s32)off, expr, pos, strlen(expr),
				&p);
	if (r)
		return explain(NULL, b, NULL, expr, r, &p, err, errlen);
	fill(b, &p, base, out);
	kpt_arg_field_name(expr, out->name, sizeof(out->name));
	return KPT_EXIT_OK;
}
