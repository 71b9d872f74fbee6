// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): BTF types: C type -> fetch type, C type text, functions,
 * struct members (through anonymous structs and unions), message helpers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include "kpt_btf.h"
#include "kpt_btf_internal.h"
#include "kpt_cmd.h"

void kpt_btf_msg(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

/* Append to a message (candidate lists). */
void kpt_btf_cat(char *err, size_t len, const char *fmt, ...)
{
	size_t used = strlen(err);
	va_list ap;

	if (used + 1 >= len)
		return;
	va_start(ap, fmt);
	vsnprintf(err + used, len - used, fmt, ap);
	va_end(ap);
}

const char *kpt_btf_tname(const struct btf *btf, const struct btf_type *t)
{
	return btf__name_by_offset(btf, t->name_off);
}

/* Skip typedef, const, volatile, restrict and type tags. */
__u32 kpt_btf_skip_mods(const struct btf *btf, __u32 id)
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
	return strstr(kpt_btf_tname(btf, t), "char") != NULL;
}

/*
 * Does pointer type id point to user memory?  Kernels built with pahole and
 * a compiler that emits BTF type tags mark __user as TYPE_TAG "user" on the
 * pointee; GCC-built kernels (Debian 12's) have no tags: never true there.
 */
bool kpt_btf_user_ptr(const struct btf *btf, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(btf, kpt_btf_skip_mods(btf, id));

	if (!t || !btf_is_ptr(t))
		return false;
	for (t = btf__type_by_id(btf, t->type); t && btf_is_mod(t);
	     t = btf__type_by_id(btf, t->type))
		if (btf_is_type_tag(t) && !strcmp(kpt_btf_tname(btf, t), "user"))
			return true;
	return false;
}

const char *kpt_btf_fetch_type(const struct btf *btf, __u32 id, char *buf,
			       size_t size)
{
	const struct btf_type *t = btf__type_by_id(btf, kpt_btf_skip_mods(btf, id));

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
			 kpt_btf_user_ptr(btf, id) ? "ustring" : "string");
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
	n = kpt_btf_tname(btf, t);
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
		f->name = kpt_btf_tname(btf, t);
		return KPT_EXIT_OK;
	}
	kpt_btf_msg(err, errlen, "function '%s' is not in the kernel's BTF", name);
	/* similar: containing the name, else sharing most of its start */
	for (int pass = 0; pass < 2 && !shown; pass++) {
		size_t pre = strlen(name) > 7 ? strlen(name) - 3 : 4;

		for (__u32 i = 1; i < n && shown < 8; i++) {
			const struct btf_type *t = btf__type_by_id(btf, i);
			const char *fn;

			if (!btf_is_func(t))
				continue;
			fn = kpt_btf_tname(btf, t);
			if (pass ? strncmp(fn, name, pre) : !strstr(fn, name))
				continue;
			kpt_btf_cat(err, errlen, "%s %s", shown ? "," : "; similar:",
			    fn);
			shown++;
		}
	}
	return KPT_EXIT_NOFUNC;
}

/* Find member name in struct/union sid, looking into anonymous members. */
bool kpt_btf_find_member(const struct btf *btf, __u32 sid, const char *name,
			__u32 *bitoff, __u32 *type, __u32 *bfsize)
{
	const struct btf_type *t = btf__type_by_id(btf, sid);
	const struct btf_member *m = btf_members(t);

	for (__u16 i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		__u32 mt = kpt_btf_skip_mods(btf, m->type);
		const struct btf_type *u = btf__type_by_id(btf, mt);

		if (*mn && !strcmp(mn, name)) {
			*bitoff = btf_member_bit_offset(t, i);
			*bfsize = btf_member_bitfield_size(t, i);
			*type = m->type;
			return true;
		}
		if (!*mn && u && btf_is_composite(u) &&
		    kpt_btf_find_member(btf, mt, name, bitoff, type, bfsize)) {
			*bitoff += btf_member_bit_offset(t, i);
			return true;
		}
	}
	return false;
}

void kpt_btf_list_members(const struct btf *btf, __u32 sid, char *err,
			 size_t errlen, int *shown)
{
	const struct btf_type *t = btf__type_by_id(btf, sid);
	const struct btf_member *m = btf_members(t);

	for (__u16 i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(btf, m->name_off);
		__u32 mt = kpt_btf_skip_mods(btf, m->type);
		const struct btf_type *u = btf__type_by_id(btf, mt);

		if (*mn) {
			if (*shown < 40)
				kpt_btf_cat(err, errlen, " %s", mn);
			else if (*shown == 40)
				kpt_btf_cat(err, errlen, " ...");
			(*shown)++;
		} else if (u && btf_is_composite(u)) {
			kpt_btf_list_members(btf, mt, err, errlen, shown);
		}
	}
}
