// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): BTF types: C type -> fetch type, C type text, functions,
 * struct members (through anonymous structs and unions), message helpers.
 * The blob is read by the shared reader (common/kpt_btf_reader.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "kpt_btf_fetch.h"
#include "kpt_btf_internal.h"
#include "kpt_base.h"

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

const char *kpt_btf_fetch_type(const struct btf *btf, __u32 id, char *buf,
			       size_t size)
{
	struct kpt_btf_class_info c;

	buf[0] = '\0';
	if (kpt_btf_classify(kpt_btf_blob(btf), id, &c))
		return buf;
	switch (c.cls) {
	case KPT_BTF_C_BOOL:
		snprintf(buf, size, "u8");
		break;
	case KPT_BTF_C_INT:
	case KPT_BTF_C_ENUM:
		snprintf(buf, size, "%c%u", c.is_signed ? 's' : 'u',
			 c.size * 8);
		break;
	case KPT_BTF_C_PTR:
		snprintf(buf, size, "x64");
		break;
	case KPT_BTF_C_STR_PTR:
		snprintf(buf, size, "%s", c.user ? "ustring" : "string");
		break;
	case KPT_BTF_C_STR_ARRAY:
		snprintf(buf, size, "string");
		break;
	default:
		break;
	}
	return buf;
}

static void ctype(const struct kpt_btf *b, __u32 id, char *buf, size_t size,
		  int depth)
{
	struct kpt_btf_type t;
	char inner[128];
	const char *n;
	__u32 elem, nelems;

	if (!size)
		return;
	if (depth > KPT_BTF_MAX_HOPS || kpt_btf_type(b, id, &t) ||
	    t.kind == KPT_BTF_K_UNKN) {
		snprintf(buf, size, "void");
		return;
	}
	n = kpt_btf_name(b, t.name_off);
	switch (t.kind) {
	case KPT_BTF_K_PTR:
		ctype(b, t.size_type, inner, sizeof(inner), depth + 1);
		snprintf(buf, size, "%s *", inner);
		break;
	case KPT_BTF_K_CONST:
	case KPT_BTF_K_VOLATILE:
	case KPT_BTF_K_RESTRICT: {
		const char *q = t.kind == KPT_BTF_K_CONST ? "const" :
				t.kind == KPT_BTF_K_VOLATILE ? "volatile" :
				"restrict";
		struct kpt_btf_type u;

		ctype(b, t.size_type, inner, sizeof(inner), depth + 1);
		if (!kpt_btf_type(b, t.size_type, &u) &&
		    u.kind == KPT_BTF_K_PTR)
			snprintf(buf, size, "%s %s", inner, q);
		else
			snprintf(buf, size, "%s %s", q, inner);
		break;
	}
	case KPT_BTF_K_TYPE_TAG:
		ctype(b, t.size_type, inner, sizeof(inner), depth + 1);
		snprintf(buf, size, "%s __%s", inner, n);
		break;
	case KPT_BTF_K_ARRAY:
		kpt_btf_array(&t, &elem, &nelems);
		ctype(b, elem, inner, sizeof(inner), depth + 1);
		snprintf(buf, size, "%s[%u]", inner, nelems);
		break;
	case KPT_BTF_K_STRUCT:
	case KPT_BTF_K_UNION:
	case KPT_BTF_K_ENUM:
	case KPT_BTF_K_ENUM64:
	case KPT_BTF_K_FWD:
		snprintf(buf, size, "%s %s",
			 t.kind == KPT_BTF_K_UNION ? "union" :
			 (t.kind == KPT_BTF_K_ENUM ||
			  t.kind == KPT_BTF_K_ENUM64) ? "enum" :
			 (t.kind == KPT_BTF_K_FWD && t.kflag) ? "union" :
			 "struct", *n ? n : "{...}");
		break;
	case KPT_BTF_K_FUNC_PROTO:
		snprintf(buf, size, "function");
		break;
	default:
		snprintf(buf, size, "%s", *n ? n : "?");
	}
}

void kpt_btf_ctype_of(const struct kpt_btf *b, __u32 id, char *buf,
		      size_t size)
{
	ctype(b, id, buf, size, 0);
}

void kpt_btf_ctype(const struct btf *btf, __u32 id, char *buf, size_t size)
{
	ctype(kpt_btf_blob(btf), id, buf, size, 0);
}

int kpt_btf_find_func(struct btf *btf, const char *name,
		      struct kpt_btf_func *f, char *err, size_t errlen)
{
	const struct kpt_btf *b = kpt_btf_blob(btf);
	struct kpt_btf_fn fn;
	__u32 n = kpt_btf_end_id(b);
	int shown = 0;

	if (!kpt_btf_func_find(b, name, strlen(name), &fn)) {
		f->btf = btf;
		f->func_id = fn.func_id;
		f->proto_id = fn.proto_id;
		f->name = fn.name;
		return KPT_EXIT_OK;
	}
	kpt_btf_msg(err, errlen, "function '%s' is not in the kernel's BTF", name);
	/* similar: containing the name, else sharing most of its start */
	for (int pass = 0; pass < 2 && !shown; pass++) {
		size_t pre = strlen(name) > 7 ? strlen(name) - 3 : 4;

		for (__u32 i = 1; i < n && shown < 8; i++) {
			struct kpt_btf_type t;
			const char *fn_name;

			if (kpt_btf_type(b, i, &t) || t.kind != KPT_BTF_K_FUNC)
				continue;
			fn_name = kpt_btf_name(b, t.name_off);
			if (pass ? strncmp(fn_name, name, pre) :
			    !strstr(fn_name, name))
				continue;
			kpt_btf_cat(err, errlen, "%s %s", shown ? "," : "; similar:",
			    fn_name);
			shown++;
		}
	}
	return KPT_EXIT_NOFUNC;
}

static void list_members(const struct kpt_btf *b, __u32 sid, char *err,
			 size_t errlen, int *shown, int depth, __u32 *visits)
{
	struct kpt_btf_type t, u;
	struct kpt_btf_member m;

	if (depth > KPT_BTF_MAX_NEST || kpt_btf_type(b, sid, &t))
		return;
	for (__u32 i = 0; ++*visits <= KPT_BTF_MAX_VISITS &&
	     !kpt_btf_member(&t, i, &m); i++) {
		const char *mn = kpt_btf_name(b, m.name_off);
		__u32 mt;

		if (*mn) {
			if (*shown < 40)
				kpt_btf_cat(err, errlen, " %s", mn);
			else if (*shown == 40)
				kpt_btf_cat(err, errlen, " ...");
			(*shown)++;
		} else if (!kpt_btf_skip_mods(b, m.type, &mt) &&
			   !kpt_btf_type(b, mt, &u) &&
			   (u.kind == KPT_BTF_K_STRUCT ||
			    u.kind == KPT_BTF_K_UNION)) {
			list_members(b, mt, err, errlen, shown, depth + 1,
				     visits);
		}
	}
}

void kpt_btf_list_members(const struct kpt_btf *b, __u32 sid, char *err,
			  size_t errlen, int *shown)
{
	__u32 visits = 0;

	list_members(b, sid, err, errlen, shown, 0, &visits);
}
