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
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "kpt_btf.h"
#include "kpt_cmd.h"

static void msg(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void msg(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* Append to a message (candidate lists). */
static void cat(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void cat(char *err, size_t len, const char *fmt, ...)
{
	size_t used = strlen(err);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(err + used, len - used, fmt, ap);
	va_end(ap);
}

static const char *tname(const struct btf *btf, const struct btf_type *t)
{
	return btf__name_by_offset(btf, t->name_off);
}

/* Skip typedef, const, volatile, restrict and type tags. */
static __u32 skip_mods(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && (btf_is_mod(t) || btf_is_typedef(t))) {
		id = t->type;
		t = btf__type_by_id(btf, id);
	}
	return id;
}

/*
 * A character type: char, signed char or unsigned char, reached through
 * const/volatile only.  A typedef (u8, __u8) means bytes, not text.
 */
static bool is_char(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, id);

	while (t && btf_is_mod(t))
		t = btf__type_by_id(btf, t->type);
	if (!t || !btf_is_int(t) || t->size != 1)
		return false;
	return strstr(tname(btf, t), "char") != NULL;
}

/*
 * Does pointer type id point to user memory?  Kernels built with pahole and
 * a compiler that emits BTF type tags mark __user as TYPE_TAG "user" on the
 * pointee; GCC-built kernels (Debian 12's) have no tags: never true there.
 */
static bool user_ptr(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, id));

	if (!t || !btf_is_ptr(t))
		return false;
	for (t = btf__type_by_id(btf, t->type); t && btf_is_mod(t);
	     t = btf__type_by_id(btf, t->type))
		if (btf_is_type_tag(t) && !strcmp(tname(btf, t), "user"))
			return true;
	return false;
}

const char *kpt_btf_fetch_type(const struct btf *btf, __u32 id, char *buf,
			       size_t size)
{
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, id));

	buf[0] = '\0';
	if (!t || btf_is_void(t))
		return buf;
	if (btf_is_int(t)) {
		__u8 enc = btf_int_encoding(t);

		if (enc & BTF_INT_BOOL)
			snprintf(buf, size, "u8");
		else if (t->size == 1 || t->size == 2 || t->size == 4 ||
			 t->size == 8)
			snprintf(buf, size, "%c%u",
				 (enc & BTF_INT_SIGNED) ? 's' : 'u',
				 t->size * 8);
	} else if (btf_is_any_enum(t)) {
		if (t->size == 1 || t->size == 2 || t->size == 4 ||
		    t->size == 8)
			snprintf(buf, size, "%c%u", btf_kflag(t) ? 's' : 'u',
				 t->size * 8);
	} else if (btf_is_ptr(t)) {
		snprintf(buf, size, "%s", !is_char(btf, t->type) ? "x64" :
			 user_ptr(btf, id) ? "ustring" : "string");
	} else if (btf_is_array(t)) {
		if (is_char(btf, btf_array(t)->type))
			snprintf(buf, size, "string");
	}
	return buf;
}

void kpt_btf_ctype(const struct btf *btf, __u32 id, char *buf, size_t size)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	char inner[128];
	const char *n;

	if (!size)
		return;
	if (!t || btf_is_void(t)) {
		snprintf(buf, size, "void");
		return;
	}
	n = tname(btf, t);
	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
		kpt_btf_ctype(btf, t->type, inner, sizeof(inner));
		snprintf(buf, size, "%s *", inner);
		break;
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: {
		const char *q = btf_is_const(t) ? "const" :
				btf_is_volatile(t) ? "volatile" : "restrict";
		const struct btf_type *u = btf__type_by_id(btf, t->type);

		kpt_btf_ctype(btf, t->type, inner, sizeof(inner));
		if (u && btf_is_ptr(u))
			snprintf(buf, size, "%s %s", inner, q);
		else
			snprintf(buf, size, "%s %s", q, inner);
		break;
	}
	case BTF_KIND_TYPE_TAG:
		kpt_btf_ctype(btf, t->type, inner, sizeof(inner));
		snprintf(buf, size, "%s __%s", inner, n);
		break;
	case BTF_KIND_ARRAY:
		kpt_btf_ctype(btf, btf_array(t)->type, inner, sizeof(inner));
		snprintf(buf, size, "%s[%u]", inner, btf_array(t)->nelems);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		snprintf(buf, size, "%s %s",
			 btf_is_union(t) ? "union" : btf_is_any_enum(t) ?
			 "enum" : (btf_is_fwd(t) && btf_kflag(t)) ? "union" :
			 "struct", *n ? n : "{...}");
		break;
	case BTF_KIND_FUNC_PROTO:
		snprintf(buf, size, "function");
		break;
	default:
		snprintf(buf, size, "%s", *n ? n : "?");
	}
}

int kpt_btf_find_func(struct btf *btf, const char *name,
		      struct kpt_btf_func *f, char *err, size_t errlen)
{
	__s32 id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
	__u32 n = btf__type_cnt(btf);
	int shown = 0;

	if (id > 0) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		f->btf = btf;
		f->func_id = id;
		f->proto_id = t->type;
		f->name = tname(btf, t);
		return KPT_EXIT_OK;
	}
	msg(err, errlen, "function '%s' is not in the kernel's BTF", name);
	/* similar: containing the name, else sharing most of its start */
	for (int pass = 0; pass < 2 && !shown; pass++) {
		size_t pre = strlen(name) > 7 ? strlen(name) - 3 : 4;

		for (__u32 i = 1; i < n && shown < 8; i++) {
			const struct btf_type *t = btf__type_by_id(btf, i);
			const char *fn;

			if (!btf_is_func(t))
				continue;
			fn = tname(btf, t);
			if (pass ? strncmp(fn, name, pre) : !strstr(fn, name))
				continue;
			cat(err, errlen, "%s %s", shown ? "," : "; similar:",
			    fn);
			shown++;
		}
	}
	return KPT_EXIT_NOFUNC;
}

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
		msg(err, errlen, "expression too long");
		return KPT_EXIT_TYPE;
	}
	strcpy(l->base, nb);
	l->mem = false;
	l->user = false;
	l->off = 0;
	return 0;
}

/* Find member name in struct/union sid, looking into anonymous members. */
static bool find_member(const struct btf *btf, __u32 sid, const char *name,
			__u32 *bitoff, __u32 *type, __u32 *bfsize)
{
	const struct btf_type *t = btf__type_by_id(btf, sid);
	const struct btf_member *m = btf_members(t);

	for (__u16 i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		__u32 mt = skip_mods(btf, m->type);
		const struct btf_type *u = btf__type_by_id(btf, mt);

		if (*mn && !strcmp(mn, name)) {
			*bitoff = btf_member_bit_offset(t, i);
			*bfsize = btf_member_bitfield_size(t, i);
			*type = m->type;
			return true;
		}
		if (!*mn && u && btf_is_composite(u) &&
		    find_member(btf, mt, name, bitoff, type, bfsize)) {
			*bitoff += btf_member_bit_offset(t, i);
			return true;
		}
	}
	return false;
}

static void list_members(const struct btf *btf, __u32 sid, char *err,
			 size_t errlen, int *shown)
{
	const struct btf_type *t = btf__type_by_id(btf, sid);
	const struct btf_member *m = btf_members(t);

	for (__u16 i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		__u32 mt = skip_mods(btf, m->type);
		const struct btf_type *u = btf__type_by_id(btf, mt);

		if (*mn) {
			if (*shown < 40)
				cat(err, errlen, " %s", mn);
			else if (*shown == 40)
				cat(err, errlen, " ...");
			(*shown)++;
		} else if (u && btf_is_composite(u)) {
			list_members(btf, mt, err, errlen, shown);
		}
	}
}

/* Register slots of a parameter type (x86-64 SysV), -1 if not in regs. */
static int param_slots(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, id));

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
				msg(err, errlen, "parameter '%s' of %s follows a floating-point or large by-value struct parameter: its register is not known",
				    name, f->name);
				return KPT_EXIT_TYPE;
			}
			if (s != 1) {
				msg(err, errlen, "parameter '%s' of %s is passed by value in %s: not supported (use a raw fetch argument)",
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
	msg(err, errlen, "%s has no parameter '%s'; its parameters:",
	    f->name, name);
	prm = btf_params(p);
	for (__u16 i = 0; i < btf_vlen(p); i++, prm++)
		cat(err, errlen, " %s", prm->type ?
		    btf__name_by_offset(f->btf, prm->name_off) : "...");
	if (!btf_vlen(p))
		cat(err, errlen, " (none)");
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
	__u32 id = skip_mods(btf, l->type), bitoff, mtype, bfsize;
	const struct btf_type *t = btf__type_by_id(btf, id);
	char ct[128];
	int shown = 0, r;

	kpt_btf_ctype(btf, l->type, ct, sizeof(ct));
	if (arrow) {
		if (!t || !btf_is_ptr(t)) {
			msg(err, errlen, "'%s' is %s, not a pointer: '->%s' needs a pointer%s",
			    done, ct, m, t && btf_is_composite(t) ?
			    " (use '.')" : "");
			return KPT_EXIT_TYPE;
		}
		r = load(l, err, errlen);
		if (r)
			return r;
		l->mem = true;
		l->user = user_ptr(btf, l->type);
		l->off = 0;
		kpt_btf_ctype(btf, t->type, ct, sizeof(ct));
		id = skip_mods(btf, t->type);
		t = btf__type_by_id(btf, id);
	} else if (t && btf_is_ptr(t)) {
		msg(err, errlen, "'%s' is a pointer (%s): use '->%s'", done,
		    ct, m);
		return KPT_EXIT_TYPE;
	}
	if (!t || !btf_is_composite(t)) {
		msg(err, errlen, "'%s' %s %s, not a struct or union: no member '%s'",
		    done, arrow ? "points to" : "is", ct, m);
		return KPT_EXIT_TYPE;
	}
	if (!l->mem) {
		msg(err, errlen, "'%s' is a struct passed by value: not supported",
		    done);
		return KPT_EXIT_TYPE;
	}
	if (!find_member(btf, id, m, &bitoff, &mtype, &bfsize)) {
		msg(err, errlen, "%s has no member '%s'; members:", ct, m);
		list_members(btf, id, err, errlen, &shown);
		return KPT_EXIT_NONAME;
	}
	if (l->bfsize) {
		msg(err, errlen, "'%s' is a bitfield", done);
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
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, l->type));
	const struct btf_type *e;
	__u32 elem;
	__s64 sz;
	int r;

	if (t && btf_is_array(t)) {
		if (!l->mem) {
			msg(err, errlen, "'%s' is not in memory", done);
			return KPT_EXIT_TYPE;
		}
		elem = btf_array(t)->type;
	} else if (t && btf_is_ptr(t)) {
		bool user = user_ptr(btf, l->type);

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
		msg(err, errlen, "'%s' is %s, neither an array nor a pointer",
		    done, ct);
		return KPT_EXIT_TYPE;
	}
	e = btf__type_by_id(btf, skip_mods(btf, elem));
	sz = btf__resolve_size(btf, elem);
	if (!e || sz <= 0) {
		msg(err, errlen, "'%s' has elements of unknown size", done);
		return KPT_EXIT_TYPE;
	}
	l->off += idx * sz;
	l->type = elem;
	return 0;
}

static int finish(const struct btf *btf, struct loc *l, const char *expr,
		  struct kpt_btf_arg *out, char *err, size_t errlen)
{
	const struct btf_type *t = btf__type_by_id(btf, skip_mods(btf, l->type));
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

		msg(err, errlen, "'%s' is %s: not a value that can be fetched",
		    expr, out->ctype);
		if (t && btf_is_composite(t)) {
			cat(err, errlen, "; pick a member:");
			list_members(btf, skip_mods(btf, l->type), err, errlen,
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
			msg(err, errlen, "$retval is only there in a return probe (FUNC%%return)");
			return KPT_EXIT_USAGE;
		}
		if (!proto->type) {
			msg(err, errlen, "%s returns void", f->name);
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
			msg(err, errlen, "'%s': expected a parameter name", expr);
			return KPT_EXIT_USAGE;
		}
		memcpy(pname, s, n);
		pname[n] = '\0';
		if (is_return) {
			msg(err, errlen, "'%s': parameters are gone when %s returns (only $retval is there)",
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
				msg(err, errlen, "'%s': expected a member name after '%s'",
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
				msg(err, errlen, "'%s': expected [INDEX] after '%s'",
				    expr, done);
				return KPT_EXIT_USAGE;
			}
			s = end + 1;
			r = step_index(f->btf, &l, idx, done, err, errlen);
		} else {
			msg(err, errlen, "'%s': unexpected '%s' (expected ->MEMBER, .MEMBER or [INDEX])",
			    expr, s);
			return KPT_EXIT_USAGE;
		}
		if (r)
			return r;
	}
	return finish(f->btf, &l, expr, out, err, errlen);
}
