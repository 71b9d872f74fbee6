// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): BTF -> fetch arguments.
 *
 * An expression is resolved step by step, keeping where the current value
 * is: either a fetch expression that evaluates to it (a parameter: $argN),
 * or the memory at BASE + OFF (after a "->": BASE evaluates to the pointer,
 * OFF is the member's offset; "." and "[i]" only add to OFF).  A "->" on a
 * value in memory first loads the pointer: BASE becomes +OFF(BASE).  The
 * final value is then +OFF(BASE):TYPE, or BASE:TYPE for a parameter.
 * Strings are read at the address the last +OFF() computes, so a char *
 * in memory becomes +0(+OFF(BASE)):string and a char array +OFF(BASE):string.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "kpt_btf.h"
#include "kpt_btf_internal.h"
#include "kpt_cmd.h"

bool kpt_btf_is_symbolic(const char *expr)
{
	return isalpha((unsigned char)expr[0]) || expr[0] == '_' ||
	       !strncmp(expr, "$retval", 7);
}

/* ---- expression state ---------------------------------------------------- */

struct loc {
	bool mem;			/* value at BASE + off, else BASE */
	char base[KPT_FETCH_MAX];
	long off;			/* bytes */
	__u32 type;
	__u32 bitoff, bfsize;		/* bitfield (mem only) */
	bool user;			/* mem is user memory: +uOFF() */
};

/* mem -> the value loaded: BASE = +OFF(BASE) */
static int load(struct loc *l, char *err, size_t errlen)
{
	char nb[KPT_FETCH_MAX];

	if (!l->mem)
		return 0;
	if (snprintf(nb, sizeof(nb), "+%s%ld(%s)", l->user ? "u" : "",
		     l->off, l->base) >= (int)sizeof(nb)) {
		kpt_btf_msg(err, errlen, "expression too long");
		return KPT_EXIT_TYPE;
	}
	strcpy(l->base, nb);
	l->mem = false;
	l->user = false;
	l->off = 0;
	return 0;
}

/* Register slots of a parameter type (x86-64 SysV), -1 if not in regs. */
static int param_slots(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, kpt_btf_skip_mods(btf, id));

	if (!t || btf_is_float(t))
		return -1;
	if (btf_is_composite(t))
		return t->size <= 8 ? 1 : t->size <= 16 ? 2 : -1;
	if (btf_is_int(t) && t->size > 8)
		return 2;
	return 1;
}

static int param_value(const struct kpt_btf_func *f, const char *name,
		       struct loc *l, char *err, size_t errlen)
{
	const struct btf_type *p = btf__type_by_id(f->btf, f->proto_id);
	const struct btf_param *prm = btf_params(p);
	int slot = 0;
	bool unsure = false;

	for (__u16 i = 0; i < btf_vlen(p); i++, prm++) {
		const char *pn = btf__name_by_offset(f->btf, prm->name_off);
		int s = param_slots(f->btf, prm->type);

		if (!prm->type)		/* ... of a variadic function */
			break;
		if (!strcmp(pn, name)) {
			if (unsure) {
				kpt_btf_msg(err, errlen, "parameter '%s' of %s follows a floating-point or large by-value struct parameter: its register is not known",
				    name, f->name);
				return KPT_EXIT_TYPE;
			}
			if (s != 1) {
				kpt_btf_msg(err, errlen, "parameter '%s' of %s is passed by value in %s: not supported (use a raw fetch argument)",
				    name, f->name, s == 2 ? "two registers" :
				    "memory");
				return KPT_EXIT_TYPE;
			}
			snprintf(l->base, sizeof(l->base), "$arg%d", slot + 1);
			l->mem = false;
			l->type = prm->type;
			return 0;
		}
		if (s < 0)
			unsure = true;
		else
			slot += s;
	}
	kpt_btf_msg(err, errlen, "%s has no parameter '%s'; its parameters:",
	    f->name, name);
	prm = btf_params(p);
	for (__u16 i = 0; i < btf_vlen(p); i++, prm++)
		kpt_btf_cat(err, errlen, " %s", prm->type ?
		    btf__name_by_offset(f->btf, prm->name_off) : "...");
	if (!btf_vlen(p))
		kpt_btf_cat(err, errlen, " (none)");
	return KPT_EXIT_NONAME;
}

static size_t ident_len(const char *s)
{
	size_t n = 0;

	if (!isalpha((unsigned char)s[0]) && s[0] != '_')
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

/* Identifier of an expression: how->flags gives how_flags. */
static size_t name_of(const char *expr, char *out, size_t size)
{
	size_t o = 0, need = 0;

	for (const char *s = expr; *s; s++) {
		char c = isalnum((unsigned char)*s) ? *s : '_';

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
static void make_name(const char *expr, char *out, size_t size)
{
	const char *s;

	if (name_of(expr, out, size) < size)
		return;
	for (s = expr; *s; s++)
		if ((*s == '.' || *s == '>' || *s == '[') &&
		    name_of(s + 1, out, size) < size)
			return;
}

/* One "->m" or ".m" step. */
static int step_member(const struct btf *btf, struct loc *l, bool arrow,
		       const char *m, const char *done, char *err,
		       size_t errlen)
{
	__u32 id = kpt_btf_skip_mods(btf, l->type), bitoff, mtype, bfsize;
	const struct btf_type *t = btf__type_by_id(btf, id);
	char ct[128];
	int shown = 0, r;

	kpt_btf_ctype(btf, l->type, ct, sizeof(ct));
	if (arrow) {
		if (!t || !btf_is_ptr(t)) {
			kpt_btf_msg(err, errlen, "'%s' is %s, not a pointer: '->%s' needs a pointer%s",
			    done, ct, m, t && btf_is_composite(t) ?
			    " (use '.')" : "");
			return KPT_EXIT_TYPE;
		}
		r = load(l, err, errlen);
		if (r)
			return r;
		l->mem = true;
		l->user = kpt_btf_user_ptr(btf, l->type);
		l->off = 0;
		kpt_btf_ctype(btf, t->type, ct, sizeof(ct));
		id = kpt_btf_skip_mods(btf, t->type);
		t = btf__type_by_id(btf, id);
	} else if (t && btf_is_ptr(t)) {
		kpt_btf_msg(err, errlen, "'%s' is a pointer (%s): use '->%s'", done,
		    ct, m);
		return KPT_EXIT_TYPE;
	}
	if (!t || !btf_is_composite(t)) {
		kpt_btf_msg(err, errlen, "'%s' %s %s, not a struct or union: no member '%s'",
		    done, arrow ? "points to" : "is", ct, m);
		return KPT_EXIT_TYPE;
	}
	if (!l->mem) {
		kpt_btf_msg(err, errlen, "'%s' is a struct passed by value: not supported",
		    done);
		return KPT_EXIT_TYPE;
	}
	if (!kpt_btf_find_member(btf, id, m, &bitoff, &mtype, &bfsize)) {
		kpt_btf_msg(err, errlen, "%s has no member '%s'; members:", ct, m);
		kpt_btf_list_members(btf, id, err, errlen, &shown);
		return KPT_EXIT_NONAME;
	}
	if (l->bfsize) {
		kpt_btf_msg(err, errlen, "'%s' is a bitfield", done);
		return KPT_EXIT_TYPE;
	}
	l->off += bitoff / 8;
	l->bitoff = bitoff % 8;
	l->bfsize = bfsize;
	if (!bfsize)
		l->bitoff = 0;
	l->type = mtype;
	return 0;
}

static int step_index(const struct btf *btf, struct loc *l, long idx,
		      const char *done, char *err, size_t errlen)
{
	const struct btf_type *t = btf__type_by_id(btf, kpt_btf_skip_mods(btf, l->type));
	const struct btf_type *e;
	__u32 elem;
	__s64 sz;
	int r;

	if (t && btf_is_array(t)) {
		if (!l->mem) {
			kpt_btf_msg(err, errlen, "'%s' is not in memory", done);
			return KPT_EXIT_TYPE;
		}
		elem = btf_array(t)->type;
	} else if (t && btf_is_ptr(t)) {
		bool user = kpt_btf_user_ptr(btf, l->type);

		r = load(l, err, errlen);
		if (r)
			return r;
		l->mem = true;
		l->user = user;
		l->off = 0;
		elem = t->type;
	} else {
		char ct[128];

		kpt_btf_ctype(btf, l->type, ct, sizeof(ct));
		kpt_btf_msg(err, errlen, "'%s' is %s, neither an array nor a pointer",
		    done, ct);
		return KPT_EXIT_TYPE;
	}
	e = btf__type_by_id(btf, kpt_btf_skip_mods(btf, elem));
	sz = btf__resolve_size(btf, elem);
	if (!e || sz <= 0) {
		kpt_btf_msg(err, errlen, "'%s' has elements of unknown size", done);
		return KPT_EXIT_TYPE;
	}
	l->off += idx * sz;
	l->type = elem;
	return 0;
}

static int finish(const struct btf *btf, struct loc *l, const char *expr,
		  struct kpt_btf_arg *out, char *err, size_t errlen)
{
	const struct btf_type *t = btf__type_by_id(btf, kpt_btf_skip_mods(btf, l->type));
	char ft[32];
	int r;

	kpt_btf_ctype(btf, l->type, out->ctype, sizeof(out->ctype));
	kpt_btf_fetch_type(btf, l->type, ft, sizeof(ft));
	if (l->bfsize) {
		unsigned int bit = l->bitoff, c;

		/* the smallest aligned container holding the bits */
		for (c = 8; c < 64; c *= 2)
			if (bit / c == (bit + l->bfsize - 1) / c)
				break;
		snprintf(out->fetch, sizeof(out->fetch), "+%s%ld(%s)",
			 l->user ? "u" : "", l->off + (long)(bit / c * c / 8),
			 l->base);
		snprintf(out->type, sizeof(out->type), "b%u@%u/%u",
			 l->bfsize, bit % c, c);
		strcpy(out->value, out->fetch);
		return 0;
	}
	if (!*ft) {
		int shown = 0;

		kpt_btf_msg(err, errlen, "'%s' is %s: not a value that can be fetched",
		    expr, out->ctype);
		if (t && btf_is_composite(t)) {
			kpt_btf_cat(err, errlen, "; pick a member:");
			kpt_btf_list_members(btf, kpt_btf_skip_mods(btf, l->type), err, errlen,
				     &shown);
		}
		return KPT_EXIT_TYPE;
	}
	strcpy(out->type, ft);
	if (!strcmp(ft, "string") && btf_is_array(t)) {
		/* read at the array itself */
		snprintf(out->fetch, sizeof(out->fetch), "+%s%ld(%s)",
			 l->user ? "u" : "", l->off, l->base);
		if (l->user)
			strcpy(out->type, "ustring");
		strcpy(out->value, out->fetch);
		return 0;
	}
	r = load(l, err, errlen);
	if (r)
		return r;
	snprintf(out->value, sizeof(out->value), "%s", l->base);
	if (strstr(ft, "string"))	/* read at the pointer's value */
		snprintf(out->fetch, sizeof(out->fetch), "+0(%s)", l->base);
	else
		snprintf(out->fetch, sizeof(out->fetch), "%s", l->base);
	return 0;
}

int kpt_btf_resolve(const struct kpt_btf_func *f, const char *expr,
		    bool is_return, struct kpt_btf_arg *out, char *err,
		    size_t errlen)
{
	const struct btf_type *proto = btf__type_by_id(f->btf, f->proto_id);
	struct loc l = { 0 };
	char done[KPT_FETCH_MAX];
	const char *s = expr;
	size_t n;
	int r;

	memset(out, 0, sizeof(*out));
	make_name(expr, out->name, sizeof(out->name));
	if (!strncmp(s, "$retval", 7) && !isalnum((unsigned char)s[7])) {
		if (!is_return) {
			kpt_btf_msg(err, errlen, "$retval is only there in a return probe (FUNC%%return)");
			return KPT_EXIT_USAGE;
		}
		if (!proto->type) {
			kpt_btf_msg(err, errlen, "%s returns void", f->name);
			return KPT_EXIT_TYPE;
		}
		strcpy(l.base, "$retval");
		l.type = proto->type;
		n = 7;
		if (!s[7])
			strcpy(out->name, "ret");
	} else {
		char pname[KPT_FETCH_MAX];

		n = ident_len(s);
		if (!n || n >= sizeof(pname)) {
			kpt_btf_msg(err, errlen, "'%s': expected a parameter name", expr);
			return KPT_EXIT_USAGE;
		}
		memcpy(pname, s, n);
		pname[n] = '\0';
		if (is_return) {
			kpt_btf_msg(err, errlen, "'%s': parameters are gone when %s returns (only $retval is there)",
			    pname, f->name);
			return KPT_EXIT_USAGE;
		}
		r = param_value(f, pname, &l, err, errlen);
		if (r)
			return r;
	}
	s += n;
	while (*s) {
		snprintf(done, sizeof(done), "%.*s", (int)(s - expr), expr);
		if (!strncmp(s, "->", 2) || *s == '.') {
			bool arrow = *s == '-';
			char m[KPT_FETCH_MAX];

			s += arrow ? 2 : 1;
			n = ident_len(s);
			if (!n || n >= sizeof(m)) {
				kpt_btf_msg(err, errlen, "'%s': expected a member name after '%s'",
				    expr, done);
				return KPT_EXIT_USAGE;
			}
			memcpy(m, s, n);
			m[n] = '\0';
			s += n;
			r = step_member(f->btf, &l, arrow, m, done, err,
					errlen);
		} else if (*s == '[') {
			char *end;
			long idx = strtol(s + 1, &end, 0);

			if (end == s + 1 || *end != ']' || idx < 0) {
				kpt_btf_msg(err, errlen, "'%s': expected [INDEX] after '%s'",
				    expr, done);
				return KPT_EXIT_USAGE;
			}
			s = end + 1;
			r = step_index(f->btf, &l, idx, done, err, errlen);
		} else {
			kpt_btf_msg(err, errlen, "'%s': unexpected '%s' (expected ->MEMBER, .MEMBER or [INDEX])",
			    expr, s);
			return KPT_EXIT_USAGE;
		}
		if (r)
			return r;
	}
	return finish(f->btf, &l, expr, out, err, errlen);
}
