/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The synthetic BTF of the host BTF tests (test_btf.c: the shared reader;
 * test_cmd_btf.c: the command's resolution), built with libbpf so that
 * every offset is known.  Always the same types in the same order (type 1
 * is int; the fuzzer's seed corpus, tests/fuzz/corpus-btf/, holds blobs of
 * it):
 *
 *   struct inner { int a; unsigned bf1:3, bf2:5; char name[16];
 *                  const unsigned char *str; }                  32 bytes
 *   union { int u1; long u2; }                      anonymous, 8 bytes
 *   struct outer { long x; struct inner in; struct inner *pin;
 *                  union { ... }; u64 y; }                       64 bytes
 *   struct big { long q; }                                       24 bytes
 *   enum color { RED }
 *   int f(int dfd, const char *fn, struct outer *o, bool b, short s,
 *         u8 *buf, enum color ev, struct big v, long after)
 *   void g(const char __user *ufn, struct outer __user *uo)
 *         (type tags as pahole emits them: PTR -> TYPE_TAG -> ...)
 *
 * Header only: each test is one translation unit with its own build rule.
 */
#ifndef KPT_TEST_BTF_BUILDER_H
#define KPT_TEST_BTF_BUILDER_H

#include <bpf/btf.h>

/* the type ids btf_build_synthetic() gave */
struct btf_synth {
	int ti32, tu32, ch, uch, u8t, bo, ts16, ts64, tu64;
	int cch, pcc, cuch, pcuch, pu8, en, arr;
	int inner, pinner, un, outer, pouter, big;
	int f;				/* FUNC f */
	int utag, pu, utag2, pu2;
	int g;				/* FUNC g */
};

/* Add the types above to the empty B: 0, or -1 if libbpf refused one. */
static inline int btf_build_synthetic(struct btf *b, struct btf_synth *t)
{
	int proto;

	t->ti32 = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	t->tu32 = btf__add_int(b, "unsigned int", 4, 0);
	t->ch = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	t->uch = btf__add_int(b, "unsigned char", 1, 0);
	t->u8t = btf__add_typedef(b, "u8", t->uch);
	t->bo = btf__add_int(b, "_Bool", 1, BTF_INT_BOOL);
	t->ts16 = btf__add_int(b, "short int", 2, BTF_INT_SIGNED);
	t->ts64 = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	t->tu64 = btf__add_int(b, "long long unsigned int", 8, 0);
	t->cch = btf__add_const(b, t->ch);
	t->pcc = btf__add_ptr(b, t->cch);
	t->cuch = btf__add_const(b, t->uch);
	t->pcuch = btf__add_ptr(b, t->cuch);
	t->pu8 = btf__add_ptr(b, t->u8t);
	t->en = btf__add_enum(b, "color", 4);
	btf__add_enum_value(b, "RED", 0);
	t->arr = btf__add_array(b, t->ti32, t->ch, 16);

	t->inner = btf__add_struct(b, "inner", 32);
	btf__add_field(b, "a", t->ti32, 0, 0);
	btf__add_field(b, "bf1", t->tu32, 32, 3);
	btf__add_field(b, "bf2", t->tu32, 35, 5);
	btf__add_field(b, "name", t->arr, 64, 0);
	btf__add_field(b, "str", t->pcuch, 192, 0);
	t->pinner = btf__add_ptr(b, t->inner);
	t->un = btf__add_union(b, NULL, 8);
	btf__add_field(b, "u1", t->ti32, 0, 0);
	btf__add_field(b, "u2", t->ts64, 0, 0);
	t->outer = btf__add_struct(b, "outer", 64);
	btf__add_field(b, "x", t->ts64, 0, 0);
	btf__add_field(b, "in", t->inner, 64, 0);
	btf__add_field(b, "pin", t->pinner, 320, 0);
	btf__add_field(b, NULL, t->un, 384, 0);
	btf__add_field(b, "y", t->tu64, 448, 0);
	t->pouter = btf__add_ptr(b, t->outer);
	t->big = btf__add_struct(b, "big", 24);
	btf__add_field(b, "q", t->ts64, 0, 0);

	proto = btf__add_func_proto(b, t->ti32);
	btf__add_func_param(b, "dfd", t->ti32);
	btf__add_func_param(b, "fn", t->pcc);
	btf__add_func_param(b, "o", t->pouter);
	btf__add_func_param(b, "b", t->bo);
	btf__add_func_param(b, "s", t->ts16);
	btf__add_func_param(b, "buf", t->pu8);
	btf__add_func_param(b, "ev", t->en);
	btf__add_func_param(b, "v", t->big);
	btf__add_func_param(b, "after", t->ts64);
	t->f = btf__add_func(b, "f", BTF_FUNC_GLOBAL, proto);

	t->utag = btf__add_type_tag(b, "user", t->cch);
	t->pu = btf__add_ptr(b, t->utag);
	t->utag2 = btf__add_type_tag(b, "user", t->outer);
	t->pu2 = btf__add_ptr(b, t->utag2);
	proto = btf__add_func_proto(b, 0);
	btf__add_func_param(b, "ufn", t->pu);
	btf__add_func_param(b, "uo", t->pu2);
	t->g = btf__add_func(b, "g", BTF_FUNC_GLOBAL, proto);
	return t->ti32 == 1 && t->f > 0 && t->g > 0 ? 0 : -1;
}

#endif /* KPT_TEST_BTF_BUILDER_H */
