// SPDX-License-Identifier: GPL-2.0
/*
 * common/kpt_btf_reader.h (raw BTF reader, classification, member paths),
 * built with ASan+UBSan:
 *  - a synthetic blob made with libbpf (expected offsets known), every
 *    error code of enum kpt_btf_err triggered;
 *  - real BTF: this host's /sys/kernel/btf/vmlinux and the vmlinux and
 *    crc8.ko (split) BTF of Debian's installed kernels, extracted at test
 *    time by test_btf_extract.sh into a cache outside the repository; the
 *    offsets of each expression are compared with a libbpf oracle.
 * A kernel whose image is not installed is reported SKIP.
 *
 *   test_btf [KVER:DIR | KVER:]...   (KVER: the kernel is not installed)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "check.h"
#include "btf_builder.h"
#include "kpt_btf_reader.h"
#include "kpt_errors.h"

static int skips;

/* ---- the offset form of a path ------------------------------------------ */

static void render(const struct kpt_btf_path *p, char *out, size_t size)
{
	char a[600], b[640];
	const char *ty;
	char tbuf[32];

	if (p->src == KPT_BTF_SRC_RETVAL)
		snprintf(a, sizeof(a), "$retval");
	else if (p->src == KPT_BTF_SRC_MEM)
		snprintf(a, sizeof(a), "MEM");
	else
		snprintf(a, sizeof(a), "$arg%u", p->argno);
	for (unsigned int i = 0; i < p->nsteps; i++) {
		snprintf(b, sizeof(b), "+%s%d(%s)", p->step[i].user ? "u" : "",
			 p->step[i].off, a);
		snprintf(a, sizeof(a), "%.590s", b);
	}
	switch (p->fetch) {
	case KPT_BTF_F_STRING:
		ty = p->user ? "ustring" : "string";
		break;
	case KPT_BTF_F_PTR:
		ty = "x64";
		break;
	case KPT_BTF_F_BITFIELD:
		snprintf(tbuf, sizeof(tbuf), "b%u@%u/%u", p->bf_size,
			 p->bf_shift, p->size * 8);
		ty = tbuf;
		break;
	default:
		snprintf(tbuf, sizeof(tbuf), "%c%u", p->is_signed ? 's' : 'u',
			 p->size * 8);
		ty = tbuf;
	}
	snprintf(out, size, "%s:%s", a, ty);
}

static int resolve(const struct kpt_btf *b, const char *func, const char *expr,
		   unsigned int flags, struct kpt_btf_path *p)
{
	struct kpt_btf_fn f;
	int r = kpt_btf_func_find(b, func, strlen(func), &f);

	if (r)
		return r;
	return kpt_btf_path_resolve(b, &f, expr, strlen(expr), flags, p);
}

static void ok(const struct kpt_btf *b, const char *func, const char *expr,
	       unsigned int flags, const char *want)
{
	struct kpt_btf_path p;
	char got[600];
	int r = resolve(b, func, expr, flags, &p);

	CHECK(r == 0, "%s %s: error %d (%s)", func, expr, r,
	      kpt_btf_strerror(r));
	if (r)
		return;
	render(&p, got, sizeof(got));
	CHECK(!strcmp(got, want), "%s %s: '%s', want '%s'", func, expr, got,
	      want);
}

static void bad(const struct kpt_btf *b, const char *func, const char *expr,
		unsigned int flags, int code, unsigned int pos)
{
	struct kpt_btf_path p;
	int r = resolve(b, func, expr, flags, &p);

	CHECK(r == code, "%s %s: code %d (%s), want %d (%s)", func, expr, r,
	      kpt_btf_strerror(r), code, kpt_btf_strerror(code));
	CHECK(r != code || p.err_pos == pos, "%s %s: error at %u, want %u",
	      func, expr, p.err_pos, pos);
}

static bool codes_seen[KPT_BTF_E_NR];

static void seen(int code)
{
	if (code >= 0 && code < KPT_BTF_E_NR)
		codes_seen[code] = true;
}

/* ---- synthetic --------------------------------------------------------- */

static void seed(const char *dir, int no, u8 flags, const char *expr,
		 const void *blob, size_t size, const void *split,
		 size_t ssize)
{
	char path[4096];
	FILE *f;
	u8 h[2] = { flags, (u8)strlen(expr) };

	snprintf(path, sizeof(path), "%s/seed-%02d", dir, no);
	f = fopen(path, "wb");
	if (!f)
		return;
	fwrite(h, 1, 2, f);
	fwrite(expr, 1, strlen(expr), f);
	if (split) {
		u8 l[2] = { (u8)size, (u8)(size >> 8) };

		fwrite(l, 1, 2, f);
	}
	fwrite(blob, 1, size, f);
	if (split)
		fwrite(split, 1, ssize, f);
	fclose(f);
}

/* KPT_BTF_SEEDS=DIR: write the fuzzer's seed corpus (tests/fuzz/corpus-btf/). */
static void seeds(const void *blob, size_t size, struct btf *base,
		  int pouter)
{
	static const char *const ex[] = {
		"o->pin->str", "o->in.bf2", "$retval", "o->pin[1].a",
		"n->next->v", "uo->in.name", "o->nope", "dfd",
	};
	const char *dir = getenv("KPT_BTF_SEEDS");
	struct btf *s;
	const void *sraw;
	__u32 ssize;
	int no = 0, proto;

	if (!dir)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(ex); i++)
		seed(dir, no++, i % 2 ? 2 : 4 * (i % 3 == 0), ex[i], blob, size,
		     NULL, 0);
	/* split: int m(struct outer *o), its own struct on the base's */
	s = btf__new_empty_split(base);
	proto = btf__add_func_proto(s, 1);
	btf__add_func_param(s, "o", pouter);
	btf__add_func(s, "m", BTF_FUNC_GLOBAL, proto);
	sraw = btf__raw_data(s, &ssize);
	seed(dir, no++, 1, "o->pin->str", blob, size, sraw, ssize);
	seed(dir, no++, 3, "o->in.name[3]", blob, size, sraw, ssize);
	btf__free(s);
}

static void synthetic(void)
{
	struct btf *b = btf__new_empty();
	struct btf_synth st;
	int proto, node, pnode, small, iarr, pvoid, bs, wide;
	const void *raw;
	__u32 raw_size;
	struct kpt_btf kb;
	struct kpt_btf_path p;
	struct kpt_btf_type t;
	struct kpt_btf_class_info c;
	s64 ev;
	static u32 idx[100], fidx[3];
	void *copy;

	CHECK(btf_build_synthetic(b, &st) == 0, "building the BTF");
	/* struct node { struct node *next; int v; struct small bs:3; } */
	small = btf__add_struct(b, "small", 8);
	btf__add_field(b, "z", st.ts64, 0, 0);
	pnode = btf__add_ptr(b, btf__type_cnt(b) + 1);	/* the next one */
	node = btf__add_struct(b, "node", 24);
	btf__add_field(b, "next", pnode, 0, 0);
	btf__add_field(b, "v", st.ti32, 64, 0);
	bs = btf__add_field(b, "bs", small, 128, 3);
	iarr = btf__add_array(b, st.ti32, st.ti32, 4);
	pvoid = btf__add_ptr(b, 0);
	/* long h(struct node *n, struct small sm, int arr[4], void *vp) */
	proto = btf__add_func_proto(b, st.ts64);
	btf__add_func_param(b, "n", pnode);
	btf__add_func_param(b, "sm", small);
	btf__add_func_param(b, "arr", iarr);
	btf__add_func_param(b, "vp", pvoid);
	CHECK(btf__add_func(b, "h", BTF_FUNC_GLOBAL, proto) > 0 && bs == 0 &&
	      pnode + 1 == node,
	      "building the BTF");
	/* enum wide : u64 { BIG = 1 << 40 } */
	wide = btf__add_enum64(b, "wide", 8, false);
	CHECK(wide > 0 && btf__add_enum64_value(b, "BIG", 1ULL << 40) == 0,
	      "building the BTF");

	raw = btf__raw_data(b, &raw_size);
	copy = malloc(raw_size);	/* exactly sized: ASan sees overreads */
	memcpy(copy, raw, raw_size);
	CHECK(kpt_btf_init(&kb, copy, raw_size, NULL) == 0, "init");
	CHECK(kpt_btf_nr_types(&kb) == (u32)btf__type_cnt(b) - 1,
	      "%u types", kpt_btf_nr_types(&kb));

	/* a type by kind and name in one pass; an enumerator's value */
	CHECK(kpt_btf_find(&kb, KPT_BTF_K_STRUCT, "node", &t) == 0 &&
	      t.id == (u32)node, "find struct node");
	CHECK(kpt_btf_find(&kb, KPT_BTF_K_STRUCT, "color", &t) ==
	      KPT_BTF_E_BAD_ID, "no struct color");
	CHECK(kpt_btf_find(&kb, KPT_BTF_K_ENUM, "color", &t) == 0 &&
	      t.id == (u32)st.en, "find enum color");
	CHECK(kpt_btf_enum_value(&t, "RED", &ev) == 0 && ev == 0, "RED");
	CHECK(kpt_btf_enum_value(&t, "BIG", &ev) == KPT_BTF_E_NO_MEMBER,
	      "no BIG in color");
	CHECK(kpt_btf_find(&kb, KPT_BTF_K_ENUM64, "wide", &t) == 0 &&
	      kpt_btf_enum_value(&t, "BIG", &ev) == 0 && ev == 1LL << 40,
	      "enum64 BIG");
	CHECK(kpt_btf_find(&kb, KPT_BTF_K_STRUCT, "node", &t) == 0 &&
	      kpt_btf_enum_value(&t, "RED", &ev) == KPT_BTF_E_BAD_ID,
	      "enumerator of a struct");

	/* classification */
	kpt_btf_classify(&kb, st.u8t, &c);
	CHECK(c.cls == KPT_BTF_C_INT && c.size == 1 && !c.is_signed, "u8");
	kpt_btf_classify(&kb, st.bo, &c);
	CHECK(c.cls == KPT_BTF_C_BOOL, "bool");
	kpt_btf_classify(&kb, st.pcc, &c);
	CHECK(c.cls == KPT_BTF_C_STR_PTR && !c.user, "const char *");
	kpt_btf_classify(&kb, st.pu, &c);
	CHECK(c.cls == KPT_BTF_C_STR_PTR && c.user, "const char __user *");
	kpt_btf_classify(&kb, st.pu8, &c);
	CHECK(c.cls == KPT_BTF_C_PTR, "u8 * is bytes");
	kpt_btf_classify(&kb, st.arr, &c);
	CHECK(c.cls == KPT_BTF_C_STR_ARRAY && c.size == 16, "char[16]");
	kpt_btf_classify(&kb, st.en, &c);
	CHECK(c.cls == KPT_BTF_C_ENUM && c.size == 4, "enum");
	kpt_btf_classify(&kb, st.outer, &c);
	CHECK(c.cls == KPT_BTF_C_STRUCT && c.size == 64, "struct");
	kpt_btf_classify(&kb, st.ts16, &c);
	CHECK(c.cls == KPT_BTF_C_INT && c.size == 2 && c.is_signed, "short");

	/* without an index, then with one */
	for (int pass = 0; pass < 2; pass++) {
		if (pass) {
			CHECK(kpt_btf_set_index(&kb, idx, 3) ==
			      KPT_BTF_E_INDEX_SIZE, "small index");
			seen(KPT_BTF_E_INDEX_SIZE);
			CHECK(kpt_btf_set_index(&kb, idx, ARRAY_SIZE(idx)) == 0,
			      "index");
			CHECK(kpt_btf_nr_funcs(&kb) == 3, "3 functions");
			CHECK(kpt_btf_set_func_index(&kb, fidx, 2) ==
			      KPT_BTF_E_INDEX_SIZE, "small function index");
			CHECK(kpt_btf_set_func_index(&kb, fidx, 3) == 0,
			      "function index");
		}
		ok(&kb, "f", "dfd", 0, "$arg1:s32");
		ok(&kb, "f", "fn", 0, "+0($arg2):string");
		ok(&kb, "f", "o", 0, "$arg3:x64");
		ok(&kb, "f", "b", 0, "$arg4:u8");
		ok(&kb, "f", "s", 0, "$arg5:s16");
		ok(&kb, "f", "buf", 0, "$arg6:x64");
		ok(&kb, "f", "ev", 0, "$arg7:u32");
		ok(&kb, "f", "o->x", 0, "+0($arg3):s64");
		ok(&kb, "f", "o->y", 0, "+56($arg3):u64");
		ok(&kb, "f", "o->in.a", 0, "+8($arg3):s32");
		ok(&kb, "f", "o->in.bf1", 0, "+12($arg3):b3@0/8");
		ok(&kb, "f", "o->in.bf2", 0, "+12($arg3):b5@3/8");
		ok(&kb, "f", "o->in.name", 0, "+16($arg3):string");
		ok(&kb, "f", "o->in.name[2]", 0, "+18($arg3):s8");
		ok(&kb, "f", "o->in.str", 0, "+0(+32($arg3)):string");
		ok(&kb, "f", "o->pin->a", 0, "+0(+40($arg3)):s32");
		ok(&kb, "f", "o->pin->str", 0, "+0(+24(+40($arg3))):string");
		ok(&kb, "f", "o->pin[1].a", 0, "+32(+40($arg3)):s32");
		ok(&kb, "f", "o->pin[0x1].a", 0, "+32(+40($arg3)):s32");
		ok(&kb, "f", "o->u2", 0, "+48($arg3):s64");
		ok(&kb, "f", "o->u1", 0, "+48($arg3):s32");
		ok(&kb, "f", "$retval", KPT_BTF_RETURN, "$retval:s32");
		ok(&kb, "f", "o->x", KPT_BTF_RETURN | KPT_BTF_ENTRY_ARGS,
		   "+0($arg3):s64");
		ok(&kb, "g", "ufn", 0, "+0($arg1):ustring");
		ok(&kb, "g", "uo->x", 0, "+u0($arg2):s64");
		ok(&kb, "g", "uo->in.bf2", 0, "+u12($arg2):b5@3/8");
		ok(&kb, "g", "uo->in.name", 0, "+u16($arg2):ustring");
		ok(&kb, "g", "uo->pin->a", 0, "+0(+u40($arg2)):s32");
		ok(&kb, "h", "n->next->next->v", 0, "+8(+0(+0($arg1))):s32");
		ok(&kb, "h", "$retval", KPT_BTF_RETURN, "$retval:s64");
	}
	/* a path knows the C type of its value */
	CHECK(resolve(&kb, "f", "o->in.name", 0, &p) == 0 && p.type == (u32)st.arr &&
	      p.cls == KPT_BTF_C_STR_ARRAY, "type of o->in.name");

	/* a member chain from a struct in memory (DWARF's declared-only) */
	{
		static const struct {
			s32 off;
			const char *expr, *want;
			unsigned int pos;
			int code;
		} m[] = {
			{ 16, "h->x", "+16(MEM):s64", 3, 0 },
			{ 8, "h.pin->a", "+0(+48(MEM)):s32", 2, 0 },
			{ 0, "h->in.name", "+16(MEM):string", 3, 0 },
			{ 0, "h->nope", NULL, 3, KPT_BTF_E_NO_MEMBER },
			{ 0, "h->x.a", NULL, 3, KPT_BTF_E_NOT_STRUCT },
			{ 0, "h->", NULL, 3, KPT_BTF_E_EXPECT_MEMBER },
			{ 0, "h->in", NULL, 3, KPT_BTF_E_NOT_PRINTABLE },
			{ 0x7ffffff0, "h->pin", NULL, 3, KPT_BTF_E_OFFSET_RANGE },
		};

		for (size_t i = 0; i < ARRAY_SIZE(m); i++) {
			char got[600];
			int r = kpt_btf_path_member(&kb, (u32)st.outer, m[i].off,
						    m[i].expr, m[i].pos,
						    strlen(m[i].expr), &p);

			CHECK(r == m[i].code, "member %s: code %d (%s), want %d",
			      m[i].expr, r, kpt_btf_strerror(r), m[i].code);
			if (r || !m[i].want)
				continue;
			render(&p, got, sizeof(got));
			CHECK(!strcmp(got, m[i].want), "member %s: '%s', want '%s'",
			      m[i].expr, got, m[i].want);
		}
	}

	/* every error code */
	{
		static const struct {
			const char *func, *expr;
			unsigned int flags;
			int code;
			unsigned int pos;
		} e[] = {
			{ "nope", "x", 0, KPT_BTF_E_NO_FUNC, 0 },
			{ "f", "1x", 0, KPT_BTF_E_EXPECT_PARAM, 0 },
			{ "f", "o->", 0, KPT_BTF_E_EXPECT_MEMBER, 3 },
			{ "f", "o.", 0, KPT_BTF_E_EXPECT_MEMBER, 2 },
			{ "f", "o->pin[x]", 0, KPT_BTF_E_EXPECT_INDEX, 6 },
			{ "f", "o->pin[-1]", 0, KPT_BTF_E_EXPECT_INDEX, 6 },
			{ "f", "o->pin[1", 0, KPT_BTF_E_EXPECT_INDEX, 6 },
			{ "f", "o->x+1", 0, KPT_BTF_E_UNEXPECTED, 4 },
			{ "f", "nope", 0, KPT_BTF_E_NO_PARAM, 0 },
			{ "f", "dfd", KPT_BTF_RETURN, KPT_BTF_E_PARAM_ON_RETURN, 0 },
			{ "f", "$retval", 0, KPT_BTF_E_RETVAL_ON_ENTRY, 0 },
			{ "g", "$retval", KPT_BTF_RETURN, KPT_BTF_E_VOID_RETVAL, 0 },
			{ "f", "v", 0, KPT_BTF_E_PARAM_BY_VALUE, 0 },
			{ "f", "after", 0, KPT_BTF_E_PARAM_REG_UNKNOWN, 0 },
			{ "f", "dfd->x", 0, KPT_BTF_E_ARROW_NON_PTR, 5 },
			{ "f", "o->in->a", 0, KPT_BTF_E_ARROW_NON_PTR, 7 },
			{ "f", "o.x", 0, KPT_BTF_E_DOT_ON_PTR, 2 },
			{ "f", "o->x.a", 0, KPT_BTF_E_NOT_STRUCT, 5 },
			{ "h", "sm.z", 0, KPT_BTF_E_STRUCT_BY_VALUE, 3 },
			{ "f", "o->nope", 0, KPT_BTF_E_NO_MEMBER, 3 },
			{ "f", "o->in.nope", 0, KPT_BTF_E_NO_MEMBER, 6 },
			{ "h", "n->bs.z", 0, KPT_BTF_E_BITFIELD_MEMBER, 6 },
			{ "f", "dfd[1]", 0, KPT_BTF_E_NOT_INDEXABLE, 3 },
			{ "h", "arr[1]", 0, KPT_BTF_E_NOT_IN_MEMORY, 3 },
			{ "h", "vp[1]", 0, KPT_BTF_E_ELEM_SIZE, 2 },
			{ "f", "o->pin[0x7fffffff]", 0, KPT_BTF_E_OFFSET_RANGE, 6 },
			{ "f", "o->in", 0, KPT_BTF_E_NOT_PRINTABLE, 0 },
			{ "h", "n->next->next->next->next->next->next->next->next->next->next->next->next->next->next->next->next->next->v",
			  0, KPT_BTF_E_TOO_DEEP, 0 },
		};

		for (size_t i = 0; i < ARRAY_SIZE(e); i++) {
			int r = resolve(&kb, e[i].func, e[i].expr, e[i].flags,
					&p);

			CHECK(r == e[i].code, "%s %s: code %d (%s), want %d (%s)",
			      e[i].func, e[i].expr, r, kpt_btf_strerror(r),
			      e[i].code, kpt_btf_strerror(e[i].code));
			if (e[i].code != KPT_BTF_E_TOO_DEEP &&
			    e[i].code != KPT_BTF_E_NOT_PRINTABLE)
				CHECK(r != e[i].code || p.err_pos == e[i].pos,
				      "%s %s: error at %u, want %u", e[i].func,
				      e[i].expr, p.err_pos, e[i].pos);
			seen(r);
		}
		CHECK(resolve(&kb, "f", "o->nope", 0, &p) ==
		      KPT_BTF_E_NO_MEMBER && p.err_struct == (u32)st.outer,
		      "NO_MEMBER names struct outer");
		CHECK(resolve(&kb, "f", "v", 0, &p) == KPT_BTF_E_PARAM_BY_VALUE &&
		      p.err_detail == -1, "v is passed in memory");
	}
	CHECK(kpt_btf_type(&kb, 100000, &t) == KPT_BTF_E_BAD_ID, "bad id");
	seen(KPT_BTF_E_BAD_ID);
	CHECK(kpt_btf_init(&kb, copy, 0, NULL) == KPT_BTF_E_NO_BTF, "no btf");
	seen(KPT_BTF_E_NO_BTF);
	((unsigned char *)copy)[0] ^= 1;
	CHECK(kpt_btf_init(&kb, copy, raw_size, NULL) == KPT_BTF_E_BAD_BTF,
	      "bad magic");
	seen(KPT_BTF_E_BAD_BTF);
	((unsigned char *)copy)[0] ^= 1;
	/* every truncation is refused or at least safe */
	for (u32 n = 1; n < raw_size; n++) {
		void *cut = malloc(n);

		memcpy(cut, copy, n);
		if (!kpt_btf_init(&kb, cut, n, NULL))
			resolve(&kb, "f", "o->pin->str", 0, &p);
		free(cut);
	}
	for (int i = 1; i < KPT_BTF_E_NR; i++)
		CHECK(codes_seen[i], "error %d (%s) never triggered", i,
		      kpt_btf_strerror(i));
	for (int i = 0; i < KPT_BTF_E_NR; i++)
		CHECK(strcmp(kpt_btf_strerror(i), "Unknown BTF error"),
		      "error %d has no message", i);
	/* the one error table has the BTF block in enum kpt_btf_err's order */
	CHECK(KPT_ERR_BTF_FIRST + KPT_BTF_E_NO_BTF == KPT_ERR_BTF_NO_BTF &&
	      KPT_ERR_BTF_FIRST + KPT_BTF_E_NO_MEMBER == KPT_ERR_BTF_NO_MEMBER &&
	      KPT_ERR_BTF_FIRST + KPT_BTF_E_TOO_DEEP == KPT_ERR_BTF_TOO_DEEP,
	      "the error table's BTF block is out of order");
	for (int i = 1; i < KPT_BTF_E_NR; i++)
		CHECK(kpt_err_text(KPT_ERR_BTF_FIRST + i)[0] &&
		      kpt_err_errno(KPT_ERR_BTF_FIRST + i) < 0,
		      "error %d has no text or errno in the table", i);
	seeds(copy, raw_size, b, st.pouter);
	free(copy);
	btf__free(b);
}

/* ---- the libbpf oracle: PARAM(->m|.m)* of a function ---------------------- */

static bool o_member(const struct btf *b, __u32 sid, const char *name,
		     __u32 *bitoff, __u32 *type)
{
	const struct btf_type *t = btf__type_by_id(b, sid);
	const struct btf_member *m = btf_members(t);

	for (__u16 i = 0; i < btf_vlen(t); i++, m++) {
		const char *mn = btf__name_by_offset(b, m->name_off);
		__s32 mt = btf__resolve_type(b, m->type);
		const struct btf_type *u = btf__type_by_id(b, mt);

		if (*mn && !strcmp(mn, name)) {
			*bitoff = btf_member_bit_offset(t, i);
			*type = m->type;
			return true;
		}
		if (!*mn && btf_is_composite(u) &&
		    o_member(b, mt, name, bitoff, type)) {
			*bitoff += btf_member_bit_offset(t, i);
			return true;
		}
	}
	return false;
}

static bool o_is_char(const struct btf *b, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(b, id);

	while (btf_is_mod(t))
		t = btf__type_by_id(b, t->type);
	return btf_is_int(t) && t->size == 1 &&
	       strstr(btf__name_by_offset(b, t->name_off), "char");
}

static bool oracle(const struct btf *b, const char *func, const char *expr,
		   char *out, size_t size)
{
	__s32 fid = btf__find_by_name_kind(b, func, BTF_KIND_FUNC);
	const struct btf_type *proto, *t;
	const struct btf_param *prm;
	char base[600], tmp[640], name[128];
	const char *s = expr;
	long off = 0;
	bool mem = false;
	__u32 type = 0;
	int slot = 0, n;

	if (fid <= 0)
		return false;
	proto = btf__type_by_id(b, btf__type_by_id(b, fid)->type);
	prm = btf_params(proto);
	n = strcspn(s, "-.");
	snprintf(name, sizeof(name), "%.*s", n, s);
	s += n;
	for (__u16 i = 0; i < btf_vlen(proto); i++, prm++, slot++)
		if (!strcmp(btf__name_by_offset(b, prm->name_off), name)) {
			type = prm->type;
			break;
		}
	if (!type)
		return false;
	snprintf(base, sizeof(base), "$arg%d", slot + 1);
	while (*s) {
		bool arrow = *s == '-';
		__u32 bitoff;

		s += arrow ? 2 : 1;
		n = strcspn(s, "-.");
		snprintf(name, sizeof(name), "%.*s", n, s);
		s += n;
		t = btf__type_by_id(b, btf__resolve_type(b, type));
		if (arrow) {
			if (!btf_is_ptr(t))
				return false;
			if (mem) {
				snprintf(tmp, sizeof(tmp), "+%ld(%s)", off, base);
				strcpy(base, tmp);
			}
			mem = true;
			off = 0;
			t = btf__type_by_id(b, btf__resolve_type(b, t->type));
		}
		if (!btf_is_composite(t) ||
		    !o_member(b, btf__resolve_type(b, arrow ?
			      btf__type_by_id(b, btf__resolve_type(b, type))->type :
			      type), name, &bitoff, &type))
			return false;
		off += bitoff / 8;
	}
	t = btf__type_by_id(b, btf__resolve_type(b, type));
	if (btf_is_array(t) && o_is_char(b, btf_array(t)->type)) {
		snprintf(out, size, "+%ld(%s):string", off, base);
		return true;
	}
	if (mem) {
		snprintf(tmp, sizeof(tmp), "+%ld(%s)", off, base);
		strcpy(base, tmp);
	}
	if (btf_is_ptr(t))
		snprintf(out, size, o_is_char(b, t->type) ? "+0(%s):string" :
			 "%s:x64", base);
	else if (btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_BOOL))
		snprintf(out, size, "%s:u8", base);
	else
		snprintf(out, size, "%s:%c%u", base,
			 (btf_is_int(t) && (btf_int_encoding(t) & BTF_INT_SIGNED)) ||
			 (btf_is_any_enum(t) && btf_kflag(t)) ? 's' : 'u',
			 t->size * 8);
	return true;
}

static void *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 20, n = 0, got;
	char *buf;

	if (!f)
		return NULL;
	buf = malloc(cap);
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	/* exactly sized, so that ASan catches a read past the end */
	*size = n;
	return realloc(buf, n ? n : 1);
}

static const struct {
	const char *func, *expr;
} real_cases[] = {
	{ "vfs_read", "file->f_path.dentry->d_name.name" },
	{ "vfs_read", "file->f_path.dentry->d_inode->i_sb->s_id" },
	{ "vfs_read", "file->f_inode->i_ino" },
	{ "vfs_read", "file->f_flags" },
	{ "vfs_read", "file->f_mode" },
	{ "vfs_read", "file->f_pos" },
	{ "vfs_read", "count" },
	{ "vfs_read", "pos" },
	{ "vfs_read", "buf" },
	{ "do_sys_openat2", "filename" },
	{ "do_sys_openat2", "how->flags" },
	{ "do_sys_openat2", "how->resolve" },
	{ "vfs_write", "file->f_path.mnt->mnt_sb->s_type->name" },
	{ "do_exit", "code" },
	{ "wake_up_process", "p->pid" },
	{ "wake_up_process", "p->comm" },
	{ "wake_up_process", "p->mm->mmap_base" },
};

/* Compare every case with the oracle; returns the number compared. */
static int real(const char *what, const struct kpt_btf *kb,
		const struct btf *lb)
{
	char want[600], got[600];
	struct kpt_btf_path p;
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(real_cases); i++) {
		const char *fn = real_cases[i].func, *ex = real_cases[i].expr;
		int r;

		if (!oracle(lb, fn, ex, want, sizeof(want))) {
			printf("%s: %s %s: not in this kernel's BTF\n", what, fn,
			       ex);
			continue;
		}
		r = resolve(kb, fn, ex, 0, &p);
		CHECK(r == 0, "%s: %s %s: %s", what, fn, ex, kpt_btf_strerror(r));
		if (r)
			continue;
		render(&p, got, sizeof(got));
		CHECK(!strcmp(got, want), "%s: %s %s: '%s', libbpf '%s'", what,
		      fn, ex, got, want);
		if (!strcmp(ex, "file->f_path.dentry->d_name.name")) {
			printf("%s: vfs_read %s = %s\n", what, ex, got);
			/* what pahole shows for Debian 6.1's struct file */
			if (!strcmp(what, "6.1.0-57-amd64"))
				CHECK(!strcmp(got, "+0(+40(+24($arg1))):string"),
				      "%s: %s", what, got);
		}
		n++;
	}
	return n;
}

/*
 * What the module's lean record path looks up (module/kpt_lean.c): the
 * same ids as libbpf's, the stack-trace option bits single bits.
 */
static void lean(const char *what, const struct kpt_btf *kb,
		 const struct btf *lb)
{
	struct kpt_btf_type t;
	s64 v;

	CHECK(kpt_btf_find(kb, KPT_BTF_K_STRUCT, "trace_array", &t) == 0 &&
	      (int)t.id == btf__find_by_name_kind(lb, "trace_array",
						   BTF_KIND_STRUCT),
	      "%s: struct trace_array", what);
	if (kpt_btf_find(kb, KPT_BTF_K_ENUM, "trace_iterator_flags", &t)) {
		CHECK(0, "%s: no enum trace_iterator_flags", what);
		return;
	}
	CHECK(kpt_btf_enum_value(&t, "TRACE_ITER_STACKTRACE", &v) == 0 &&
	      v > 0 && !(v & (v - 1)), "%s: TRACE_ITER_STACKTRACE", what);
	CHECK(kpt_btf_enum_value(&t, "TRACE_ITER_USERSTACKTRACE", &v) == 0 &&
	      v > 0 && !(v & (v - 1)), "%s: TRACE_ITER_USERSTACKTRACE", what);
}

static void vmlinux(const char *what, const char *path, const char *mod)
{
	size_t size, msize = 0;
	void *data = slurp(path, &size), *mdata = NULL;
	struct btf *lb, *lm = NULL;
	struct kpt_btf kb, km;
	struct kpt_btf_path p;
	u32 *idx, *fidx;
	int n;

	if (!data) {
		printf("SKIP %s: no %s\n", what, path);
		skips++;
		return;
	}
	lb = btf__parse_raw(path);
	CHECK(lb != NULL, "%s: libbpf cannot read %s", what, path);
	CHECK(kpt_btf_init(&kb, data, size, NULL) == 0, "%s: init", what);
	CHECK(kpt_btf_nr_types(&kb) + 1 == (u32)btf__type_cnt(lb),
	      "%s: %u types, libbpf %u", what, kpt_btf_nr_types(&kb),
	      btf__type_cnt(lb));
	idx = malloc(sizeof(*idx) * (kpt_btf_nr_types(&kb) + 1));
	CHECK(kpt_btf_set_index(&kb, idx, kpt_btf_nr_types(&kb)) == 0,
	      "%s: index", what);
	lean(what, &kb, lb);
	n = real(what, &kb, lb);
	CHECK(n >= 10, "%s: only %d cases compared", what, n);
	/* the same through the name index of the functions */
	fidx = malloc(sizeof(*fidx) * (kpt_btf_nr_funcs(&kb) + 1));
	CHECK(kpt_btf_set_func_index(&kb, fidx, kpt_btf_nr_funcs(&kb)) == 0,
	      "%s: function index", what);
	CHECK(real(what, &kb, lb) == n, "%s: with the function index", what);
	for (u32 i = 0; i + 1 < kb.nr_funcs; i++) {
		struct kpt_btf_type x, y;

		kpt_btf_type(&kb, fidx[i], &x);
		kpt_btf_type(&kb, fidx[i + 1], &y);
		if (strcmp(kpt_btf_name(&kb, x.name_off),
			   kpt_btf_name(&kb, y.name_off)) > 0) {
			CHECK(0, "%s: function index unsorted at %u", what, i);
			break;
		}
	}
	for (u32 i = 0; i < kb.nr_funcs; i += 97) {	/* a sample */
		struct kpt_btf_type x;
		struct kpt_btf_fn f;
		const char *fn;
		__s32 lid;

		kpt_btf_type(&kb, fidx[i], &x);
		fn = kpt_btf_name(&kb, x.name_off);
		lid = btf__find_by_name_kind(lb, fn, BTF_KIND_FUNC);
		CHECK(!kpt_btf_func_find(&kb, fn, strlen(fn), &f) &&
		      (__s32)f.func_id == lid, "%s: %s is id %u, libbpf %d",
		      what, fn, f.func_id, lid);
	}
	bad(&kb, "vfs_read", "file->f_path.nope", 0, KPT_BTF_E_NO_MEMBER, 13);
	bad(&kb, "vfs_read", "count->x", 0, KPT_BTF_E_ARROW_NON_PTR, 7);
	bad(&kb, "vfs_read", "file.f_path", 0, KPT_BTF_E_DOT_ON_PTR, 5);
	bad(&kb, "vfs_read", "file->f_path", 0, KPT_BTF_E_NOT_PRINTABLE, 0);
	bad(&kb, "vfs_read", "fil", 0, KPT_BTF_E_NO_PARAM, 0);
	bad(&kb, "kpt_no_such_function", "x", 0, KPT_BTF_E_NO_FUNC, 0);
	if (mod) {
		mdata = slurp(mod, &msize);
		lm = mdata ? btf__parse_split(mod, lb) : NULL;
		CHECK(lm != NULL, "%s: libbpf cannot read %s", what, mod);
	}
	if (lm) {
		char want[600], got[600];
		static const char *const ex[] = { "table", "pdata", "nbytes",
						  "crc" };

		static u32 midx[4096], mfidx[4096];

		CHECK(kpt_btf_init(&km, mdata, msize, &kb) == 0, "%s: init %s",
		      what, mod);
		CHECK(kpt_btf_set_index(&km, midx, ARRAY_SIZE(midx)) == 0 &&
		      kpt_btf_set_func_index(&km, mfidx, ARRAY_SIZE(mfidx)) == 0 &&
		      km.nr_funcs >= 1, "%s: %s's indexes", what, mod);
		CHECK(kpt_btf_end_id(&km) == (u32)btf__type_cnt(lm),
		      "%s: module ids end at %u, libbpf %u", what,
		      kpt_btf_end_id(&km), btf__type_cnt(lm));
		for (size_t i = 0; i < ARRAY_SIZE(ex); i++) {
			int r = resolve(&km, "crc8", ex[i], 0, &p);

			CHECK(r == 0, "%s: crc8 %s: %s", what, ex[i],
			      kpt_btf_strerror(r));
			if (r || !oracle(lm, "crc8", ex[i], want, sizeof(want)))
				continue;
			render(&p, got, sizeof(got));
			CHECK(!strcmp(got, want), "%s: crc8 %s: '%s', libbpf '%s'",
			      what, ex[i], got, want);
		}
		/* vmlinux's functions through the module's blob */
		CHECK(resolve(&km, "vfs_read", "count", 0, &p) == 0,
		      "%s: vfs_read through the module's blob", what);
		/* the module's blob without its base is refused */
		CHECK(kpt_btf_init(&km, mdata, msize, NULL) != 0 ||
		      resolve(&km, "crc8", "pdata", 0, &p) != 0,
		      "%s: split blob without base", what);
		printf("%s: crc8.ko (split BTF) compared with libbpf\n", what);
		btf__free(lm);
	}
	printf("%s: %d expressions compared with libbpf\n", what, n);
	free(mdata);
	free(fidx);
	free(idx);
	btf__free(lb);
	free(data);
}

int main(int argc, char **argv)
{
	synthetic();
	vmlinux("host", "/sys/kernel/btf/vmlinux", NULL);
	for (int i = 1; i < argc; i++) {
		char *sep = strchr(argv[i], ':');
		char v[4096], m[4096];

		if (!sep)
			continue;
		*sep = '\0';
		if (!sep[1]) {	/* KVER: without a folder */
			printf("SKIP %s: its image is not installed\n", argv[i]);
			skips++;
			continue;
		}
		snprintf(v, sizeof(v), "%s/vmlinux.btf", sep + 1);
		snprintf(m, sizeof(m), "%s/crc8.btf", sep + 1);
		vmlinux(argv[i], v, m);
	}
	printf("btf: %d checks, %d failed, %d skipped\n", checks, failures,
	       skips);
	return failures != 0;
}
