// SPDX-License-Identifier: GPL-2.0
/*
 * Raw BTF blobs: header and sections checked once by kpt_btf_init() (every
 * record fits, every name offset is in range, every string section ends in
 * a NUL), so that the readers below only check type ids.  Records are read
 * with memcpy: a hostile header may misalign them.
 */
#include "kpt_btf_reader.h"

#define HDR_MIN		24u
#define REC		12u	/* name_off, info, size/type */

static u32 rd32(const u8 *p)
{
	u32 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static u16 rd16(const u8 *p)
{
	u16 v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/* Bytes after the 12-byte record; -1 for an unknown kind. */
static long extra_len(u32 kind, u32 vlen)
{
	switch (kind) {
	case KPT_BTF_K_INT:
	case KPT_BTF_K_VAR:
	case KPT_BTF_K_DECL_TAG:
		return 4;
	case KPT_BTF_K_ARRAY:
		return 12;
	case KPT_BTF_K_STRUCT:
	case KPT_BTF_K_UNION:
	case KPT_BTF_K_DATASEC:
	case KPT_BTF_K_ENUM64:
		return 12L * vlen;
	case KPT_BTF_K_ENUM:
	case KPT_BTF_K_FUNC_PROTO:
		return 8L * vlen;
	case KPT_BTF_K_UNKN:
	case KPT_BTF_K_PTR:
	case KPT_BTF_K_FWD:
	case KPT_BTF_K_TYPEDEF:
	case KPT_BTF_K_VOLATILE:
	case KPT_BTF_K_CONST:
	case KPT_BTF_K_RESTRICT:
	case KPT_BTF_K_FUNC:
	case KPT_BTF_K_FLOAT:
	case KPT_BTF_K_TYPE_TAG:
		return 0;
	}
	return -1;
}

static bool name_ok(u32 start_str, u32 strs_len, u32 off)
{
	return off < start_str || off - start_str < strs_len;
}

/* Check every record of b; store their offsets in idx if given. */
static int walk(const struct kpt_btf *b, u32 *nr, u32 *idx, u32 cap)
{
	u32 pos = 0, n = 0;

	while (pos < b->types_len) {
		const u8 *r = b->types + pos;
		u32 info, kind, vlen, i;
		long extra;

		if (b->types_len - pos < REC)
			return KPT_BTF_E_BAD_BTF;
		info = rd32(r + 4);
		kind = (info >> 24) & 0x1f;
		vlen = info & 0xffff;
		extra = extra_len(kind, vlen);
		if (extra < 0 || (u64)b->types_len - pos - REC < (u64)extra)
			return KPT_BTF_E_BAD_BTF;
		if (!name_ok(b->start_str, b->strs_len, rd32(r)))
			return KPT_BTF_E_BAD_BTF;
		/* names of members and parameters */
		if (kind == KPT_BTF_K_STRUCT || kind == KPT_BTF_K_UNION ||
		    kind == KPT_BTF_K_FUNC_PROTO) {
			u32 sz = kind == KPT_BTF_K_FUNC_PROTO ? 8 : 12;

			for (i = 0; i < vlen; i++)
				if (!name_ok(b->start_str, b->strs_len,
					     rd32(r + REC + i * sz)))
					return KPT_BTF_E_BAD_BTF;
		}
		if (idx) {
			if (n >= cap)
				return KPT_BTF_E_INDEX_SIZE;
			idx[n] = pos;
		}
		n++;
		if (n >= 0x7fffffffu - b->start_id)
			return KPT_BTF_E_BAD_BTF;
		pos += REC + (u32)extra;
	}
	*nr = n;
	return KPT_BTF_OK;
}

int kpt_btf_init(struct kpt_btf *b, const void *data, size_t size,
		 const struct kpt_btf *base)
{
	const u8 *d = data;
	u32 hdr_len, type_off, type_len, str_off, str_len;
	u64 body;
	int r;

	memset(b, 0, sizeof(*b));
	if (!d || !size)
		return KPT_BTF_E_NO_BTF;
	if (size < HDR_MIN || size > 0x7fffffffu)
		return KPT_BTF_E_BAD_BTF;
	if (rd16(d) != KPT_BTF_MAGIC || d[2] != 1)
		return KPT_BTF_E_BAD_BTF;
	hdr_len = rd32(d + 4);
	type_off = rd32(d + 8);
	type_len = rd32(d + 12);
	str_off = rd32(d + 16);
	str_len = rd32(d + 20);
	if (hdr_len < HDR_MIN || hdr_len > size)
		return KPT_BTF_E_BAD_BTF;
	body = size - hdr_len;
	if ((u64)type_off + type_len > body || (u64)str_off + str_len > body)
		return KPT_BTF_E_BAD_BTF;
	/* a string section ends in a NUL, so every offset in it is a string */
	if (str_len && d[hdr_len + str_off + str_len - 1])
		return KPT_BTF_E_BAD_BTF;
	/* offset 0 is "" in a base blob */
	if (!base && str_len && d[hdr_len + str_off])
		return KPT_BTF_E_BAD_BTF;
	b->types = d + hdr_len + type_off;
	b->types_len = type_len;
	b->strs = (const char *)d + hdr_len + str_off;
	b->strs_len = str_len;
	b->base = base;
	if (base) {
		b->start_id = kpt_btf_end_id(base);
		b->start_str = base->start_str + base->strs_len;
		if (b->start_str < base->strs_len)
			return KPT_BTF_E_BAD_BTF;
	} else {
		b->start_id = 1;
	}
	r = walk(b, &b->nr_types, NULL, 0);
	if (r)
		memset(b, 0, sizeof(*b));
	return r;
}

int kpt_btf_set_index(struct kpt_btf *b, u32 *idx, u32 cap)
{
	u32 n;
	int r;

	if (cap < b->nr_types)
		return KPT_BTF_E_INDEX_SIZE;
	r = walk(b, &n, idx, cap);
	if (r)
		return r;
	b->index = idx;
	return KPT_BTF_OK;
}

static void decode(const struct kpt_btf *b, u32 id, u32 pos,
		   struct kpt_btf_type *t)
{
	const u8 *r = b->types + pos;
	u32 info = rd32(r + 4);

	t->id = id;
	t->name_off = rd32(r);
	t->kind = (info >> 24) & 0x1f;
	t->vlen = info & 0xffff;
	t->kflag = info >> 31;
	t->size_type = rd32(r + 8);
	t->btf = b;
	t->pos = pos;
}

int kpt_btf_type(const struct kpt_btf *b, u32 id, struct kpt_btf_type *t)
{
	u32 pos = 0, i;

	memset(t, 0, sizeof(*t));
	if (!id) {
		t->btf = b;
		return KPT_BTF_OK;	/* void */
	}
	while (b && id < b->start_id)
		b = b->base;
	if (!b || id - b->start_id >= b->nr_types)
		return KPT_BTF_E_BAD_ID;
	i = id - b->start_id;
	if (b->index) {
		pos = b->index[i];
	} else {
		/* the records were checked by kpt_btf_init() */
		while (i--) {
			u32 info = rd32(b->types + pos + 4);

			pos += REC + (u32)extra_len((info >> 24) & 0x1f,
						    info & 0xffff);
		}
	}
	decode(b, id, pos, t);
	return KPT_BTF_OK;
}

const char *kpt_btf_name(const struct kpt_btf *b, u32 off)
{
	while (b && off < b->start_str)
		b = b->base;
	if (!b || off - b->start_str >= b->strs_len)
		return "";
	return b->strs + (off - b->start_str);
}

int kpt_btf_find(const struct kpt_btf *b, u32 kind, const char *name,
		 struct kpt_btf_type *t)
{
	u32 pos = 0, i;

	for (i = 0; i < b->nr_types; i++) {
		u32 info = rd32(b->types + pos + 4);
		u32 k = (info >> 24) & 0x1f;

		if (k == kind &&
		    !strcmp(kpt_btf_name(b, rd32(b->types + pos)), name)) {
			decode(b, b->start_id + i, pos, t);
			return KPT_BTF_OK;
		}
		/* the records were checked by kpt_btf_init() */
		pos += REC + (u32)extra_len(k, info & 0xffff);
	}
	return KPT_BTF_E_BAD_ID;
}

int kpt_btf_enum_value(const struct kpt_btf_type *t, const char *name,
		       s64 *val)
{
	const u8 *r;
	u32 i, step;

	if (!t->btf ||
	    (t->kind != KPT_BTF_K_ENUM && t->kind != KPT_BTF_K_ENUM64))
		return KPT_BTF_E_BAD_ID;
	step = t->kind == KPT_BTF_K_ENUM ? 8 : 12;
	r = t->btf->types + t->pos + REC;
	for (i = 0; i < t->vlen; i++, r += step) {
		if (strcmp(kpt_btf_name(t->btf, rd32(r)), name))
			continue;
		if (t->kind == KPT_BTF_K_ENUM64)
			*val = (s64)((u64)rd32(r + 8) << 32 | rd32(r + 4));
		else if (t->kflag)
			*val = (s32)rd32(r + 4);
		else
			*val = rd32(r + 4);
		return KPT_BTF_OK;
	}
	return KPT_BTF_E_NO_MEMBER;
}

int kpt_btf_member(const struct kpt_btf_type *t, u32 i,
		   struct kpt_btf_member *m)
{
	const u8 *r;

	memset(m, 0, sizeof(*m));
	if (!t->btf || i >= t->vlen)
		return KPT_BTF_E_BAD_ID;
	r = t->btf->types + t->pos + REC;
	if (t->kind == KPT_BTF_K_FUNC_PROTO) {
		m->name_off = rd32(r + i * 8);
		m->type = rd32(r + i * 8 + 4);
		return KPT_BTF_OK;
	}
	if (t->kind != KPT_BTF_K_STRUCT && t->kind != KPT_BTF_K_UNION)
		return KPT_BTF_E_BAD_ID;
	m->name_off = rd32(r + i * 12);
	m->type = rd32(r + i * 12 + 4);
	m->bit_off = rd32(r + i * 12 + 8);
	if (t->kflag) {
		m->bf_size = m->bit_off >> 24;
		m->bit_off &= 0xffffff;
	}
	return KPT_BTF_OK;
}

int kpt_btf_array(const struct kpt_btf_type *t, u32 *elem, u32 *nelems)
{
	const u8 *r;

	if (!t->btf || t->kind != KPT_BTF_K_ARRAY)
		return KPT_BTF_E_BAD_ID;
	r = t->btf->types + t->pos + REC;
	*elem = rd32(r);
	*nelems = rd32(r + 8);
	return KPT_BTF_OK;
}

u32 kpt_btf_int_encoding(const struct kpt_btf_type *t)
{
	if (!t->btf || t->kind != KPT_BTF_K_INT)
		return 0;
	return rd32(t->btf->types + t->pos + REC);
}

static bool is_mod(u32 kind)
{
	return kind == KPT_BTF_K_VOLATILE || kind == KPT_BTF_K_CONST ||
	       kind == KPT_BTF_K_RESTRICT || kind == KPT_BTF_K_TYPE_TAG;
}

int kpt_btf_skip_mods(const struct kpt_btf *b, u32 id, u32 *out)
{
	struct kpt_btf_type t;
	int hops, r;

	for (hops = 0; hops < KPT_BTF_MAX_HOPS; hops++) {
		r = kpt_btf_type(b, id, &t);
		if (r)
			return r;
		if (!is_mod(t.kind) && t.kind != KPT_BTF_K_TYPEDEF) {
			*out = id;
			return KPT_BTF_OK;
		}
		id = t.size_type;
	}
	return KPT_BTF_E_BAD_BTF;
}

int kpt_btf_size(const struct kpt_btf *b, u32 id, u32 *size)
{
	struct kpt_btf_type t;
	u64 mult = 1;
	int hops, r;

	*size = 0;
	for (hops = 0; hops < KPT_BTF_MAX_HOPS; hops++) {
		r = kpt_btf_type(b, id, &t);
		if (r)
			return r;
		switch (t.kind) {
		case KPT_BTF_K_INT:
		case KPT_BTF_K_ENUM:
		case KPT_BTF_K_ENUM64:
		case KPT_BTF_K_STRUCT:
		case KPT_BTF_K_UNION:
		case KPT_BTF_K_FLOAT:
		case KPT_BTF_K_DATASEC:
			mult *= t.size_type;
			if (mult > 0xffffffffu)
				return KPT_BTF_E_OFFSET_RANGE;
			*size = (u32)mult;
			return KPT_BTF_OK;
		case KPT_BTF_K_PTR:
			mult *= 8;
			if (mult > 0xffffffffu)
				return KPT_BTF_E_OFFSET_RANGE;
			*size = (u32)mult;
			return KPT_BTF_OK;
		case KPT_BTF_K_ARRAY: {
			u32 elem = 0, n = 0;

			kpt_btf_array(&t, &elem, &n);
			mult *= n;
			if (mult > 0xffffffffu)
				return KPT_BTF_E_OFFSET_RANGE;
			id = elem;
			break;
		}
		case KPT_BTF_K_TYPEDEF:
		case KPT_BTF_K_VOLATILE:
		case KPT_BTF_K_CONST:
		case KPT_BTF_K_RESTRICT:
		case KPT_BTF_K_TYPE_TAG:
		case KPT_BTF_K_VAR:
			id = t.size_type;
			break;
		default:
			return KPT_BTF_OK;	/* void, func, fwd: no size */
		}
	}
	return KPT_BTF_E_BAD_BTF;
}

/*
 * A character type: char, signed char or unsigned char, reached through
 * const/volatile only.  A typedef (u8, __u8) means bytes, not text.
 */
static bool is_char(const struct kpt_btf *b, u32 id)
{
	struct kpt_btf_type t;
	int hops;

	for (hops = 0; hops < KPT_BTF_MAX_HOPS; hops++) {
		if (kpt_btf_type(b, id, &t))
			return false;
		if (!is_mod(t.kind))
			break;
		id = t.size_type;
	}
	if (t.kind != KPT_BTF_K_INT || t.size_type != 1)
		return false;
	return strstr(kpt_btf_name(b, t.name_off), "char") != NULL;
}

/*
 * Does the pointer (type ptr, past mods) point to user memory?  Kernels
 * built with clang and pahole mark __user as TYPE_TAG "user" on the
 * pointee; GCC-built kernels (Debian 12's) have no tags.
 */
static bool user_target(const struct kpt_btf *b, u32 target)
{
	struct kpt_btf_type t;
	int hops;

	for (hops = 0; hops < KPT_BTF_MAX_HOPS; hops++) {
		if (kpt_btf_type(b, target, &t) || !is_mod(t.kind))
			return false;
		if (t.kind == KPT_BTF_K_TYPE_TAG &&
		    !strcmp(kpt_btf_name(b, t.name_off), "user"))
			return true;
		target = t.size_type;
	}
	return false;
}

static bool pow2_size(u32 s)
{
	return s == 1 || s == 2 || s == 4 || s == 8;
}

int kpt_btf_classify(const struct kpt_btf *b, u32 id,
		     struct kpt_btf_class_info *c)
{
	struct kpt_btf_type t;
	u32 enc;
	int r;

	memset(c, 0, sizeof(*c));
	r = kpt_btf_skip_mods(b, id, &c->id);
	if (!r)
		r = kpt_btf_type(b, c->id, &t);
	if (r)
		return r;
	c->size = t.size_type;
	switch (t.kind) {
	case KPT_BTF_K_UNKN:
		c->cls = KPT_BTF_C_VOID;
		c->size = 0;
		break;
	case KPT_BTF_K_INT:
		enc = kpt_btf_int_encoding(&t);
		c->is_signed = (enc >> 24) & KPT_BTF_INT_SIGNED;
		if ((enc >> 24) & KPT_BTF_INT_BOOL)
			c->cls = KPT_BTF_C_BOOL;
		else
			c->cls = pow2_size(c->size) ? KPT_BTF_C_INT :
				 KPT_BTF_C_BIG_INT;
		break;
	case KPT_BTF_K_ENUM:
	case KPT_BTF_K_ENUM64:
		c->is_signed = t.kflag;
		c->cls = pow2_size(c->size) ? KPT_BTF_C_ENUM :
			 KPT_BTF_C_BIG_INT;
		break;
	case KPT_BTF_K_PTR:
		c->size = 8;
		c->elem = t.size_type;
		c->user = user_target(b, t.size_type);
		c->cls = is_char(b, t.size_type) ? KPT_BTF_C_STR_PTR :
			 KPT_BTF_C_PTR;
		break;
	case KPT_BTF_K_ARRAY:
		kpt_btf_array(&t, &c->elem, &c->nelems);
		c->cls = is_char(b, c->elem) ? KPT_BTF_C_STR_ARRAY :
			 KPT_BTF_C_ARRAY;
		c->size = 0;
		kpt_btf_size(b, c->id, &c->size);
		break;
	case KPT_BTF_K_STRUCT:
		c->cls = KPT_BTF_C_STRUCT;
		break;
	case KPT_BTF_K_UNION:
		c->cls = KPT_BTF_C_UNION;
		break;
	case KPT_BTF_K_FLOAT:
		c->cls = KPT_BTF_C_FLOAT;
		break;
	case KPT_BTF_K_FUNC_PROTO:
	case KPT_BTF_K_FUNC:
		c->cls = KPT_BTF_C_FUNC;
		c->size = 0;
		break;
	case KPT_BTF_K_FWD:
		c->cls = KPT_BTF_C_FWD;
		c->size = 0;
		break;
	default:
		c->cls = KPT_BTF_C_OTHER;
		c->size = 0;
	}
	return KPT_BTF_OK;
}

static const char *const messages[KPT_BTF_E_NR] = {
	[KPT_BTF_OK] = "Success",
	[KPT_BTF_E_NO_BTF] = "No BTF",
	[KPT_BTF_E_BAD_BTF] = "Malformed BTF",
	[KPT_BTF_E_BAD_ID] = "BTF type id out of range",
	[KPT_BTF_E_INDEX_SIZE] = "BTF index too small",
	[KPT_BTF_E_NO_FUNC] = "Function not found in BTF",
	[KPT_BTF_E_EXPECT_PARAM] = "Expected a parameter name",
	[KPT_BTF_E_EXPECT_MEMBER] = "Expected a member name",
	[KPT_BTF_E_EXPECT_INDEX] = "Expected [INDEX]",
	[KPT_BTF_E_UNEXPECTED] = "Expected ->MEMBER, .MEMBER or [INDEX]",
	[KPT_BTF_E_NO_PARAM] = "No such parameter",
	[KPT_BTF_E_PARAM_ON_RETURN] = "Parameters are not there in a return probe",
	[KPT_BTF_E_RETVAL_ON_ENTRY] = "$retval is only there in a return probe",
	[KPT_BTF_E_VOID_RETVAL] = "The function returns void",
	[KPT_BTF_E_PARAM_BY_VALUE] = "Parameter passed by value: not supported",
	[KPT_BTF_E_PARAM_REG_UNKNOWN] = "The parameter's register is not known",
	[KPT_BTF_E_ARROW_NON_PTR] = "-> on a non-pointer",
	[KPT_BTF_E_DOT_ON_PTR] = ". on a pointer: use ->",
	[KPT_BTF_E_NOT_STRUCT] = "Not a struct or union",
	[KPT_BTF_E_STRUCT_BY_VALUE] = "Member of a struct passed by value",
	[KPT_BTF_E_NO_MEMBER] = "No such member",
	[KPT_BTF_E_BITFIELD_MEMBER] = "A bitfield has no members",
	[KPT_BTF_E_NOT_INDEXABLE] = "Neither an array nor a pointer",
	[KPT_BTF_E_NOT_IN_MEMORY] = "Array not in memory",
	[KPT_BTF_E_ELEM_SIZE] = "Elements of unknown size",
	[KPT_BTF_E_OFFSET_RANGE] = "Offset out of range",
	[KPT_BTF_E_NOT_PRINTABLE] = "This type cannot be printed",
	[KPT_BTF_E_TOO_DEEP] = "Too many dereferences",
};

const char *kpt_btf_strerror(int code)
{
	if (code < 0 || code >= KPT_BTF_E_NR || !messages[code])
		return "Unknown BTF error";
	return messages[code];
}
