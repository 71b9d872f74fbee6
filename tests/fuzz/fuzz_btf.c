// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for common/kpt_btf_reader.h (the raw BTF reader and the
 * member path resolver).  Input: byte 0 flags (bit 0: split, bit 1: index, bits
 * 2-3: return/entry-args flags), byte 1 the expression's length N, N bytes
 * of expression, then the blob.  Split: the blob's first 2 bytes (little
 * endian) are the base's length, the base follows, the split blob after it.
 * Every FUNC of the blob gets the expression; every type id is classified.
 * Blobs are copied into exactly sized buffers so ASan sees any overread.
 */
#include <stdlib.h>
#include <string.h>
#include "kpt_btf_reader.h"

static void exercise(const struct kpt_btf *b, const char *expr, size_t n,
		     unsigned int flags)
{
	struct kpt_btf_class_info c;
	struct kpt_btf_type t, t2;
	struct kpt_btf_path p;
	struct kpt_btf_fn f;
	u32 id, end = kpt_btf_end_id(b), funcs = 0, sz;
	s64 v;

	for (id = 0; id < end && id < 4096; id++) {
		if (kpt_btf_type(b, id, &t))
			__builtin_trap();	/* every id below end exists */
		kpt_btf_classify(b, id, &c);
		kpt_btf_size(b, id, &sz);
		(void)kpt_btf_name(b, t.name_off);
		kpt_btf_enum_value(&t, "A", &v);
		/* a member chain from any type (the struct DWARF declares) */
		if (id < 64 && !kpt_btf_path_member(b, id, (s32)(flags * 8),
						     expr, 0, n, &p) &&
		    p.nsteps > KPT_BTF_MAX_STEPS)
			__builtin_trap();
		if (id < 64 && !kpt_btf_find(b, t.kind,
					     kpt_btf_name(b, t.name_off), &t2) &&
		    t2.kind != t.kind)
			__builtin_trap();
		if (t.kind != KPT_BTF_K_FUNC || funcs++ >= 64)
			continue;
		if (kpt_btf_func_find(b, kpt_btf_name(b, t.name_off),
				      strlen(kpt_btf_name(b, t.name_off)), &f))
			continue;
		for (u32 i = 0; i < f.nparams && i < 8; i++) {
			const char *pn;
			u32 pt;

			if (!kpt_btf_param(b, &f, i, &pn, &pt))
				kpt_btf_path_resolve(b, &f, pn, strlen(pn), 0,
						     &p);
		}
		kpt_btf_path_resolve(b, &f, expr, n, flags, &p);
		if (p.nsteps > KPT_BTF_MAX_STEPS)
			__builtin_trap();
	}
	kpt_btf_func_find(b, expr, n, &f);
	kpt_btf_name(b, 0xffffffffu);
	kpt_btf_type(b, 0xffffffffu, &t);
}

static void *dup_exact(const u8 *d, size_t n)
{
	void *m = malloc(n ? n : 1);

	memcpy(m, d, n);
	return m;
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	struct kpt_btf base, split;
	unsigned int flags = 0;
	u8 fl;
	u32 *idx = NULL, *sidx = NULL, *fidx = NULL, *sfidx = NULL;
	char *expr;
	void *b1 = NULL, *b2 = NULL;
	size_t n, rest, blen;

	if (size < 2)
		return 0;
	fl = data[0];
	n = data[1];
	if (size < 2 + n)
		return 0;
	expr = dup_exact(data + 2, n);
	rest = size - 2 - n;
	data += 2 + n;
	if (fl & 4)
		flags |= KPT_BTF_RETURN;
	if (fl & 8)
		flags |= KPT_BTF_ENTRY_ARGS;
	if ((fl & 1) && rest >= 2) {
		blen = data[0] | data[1] << 8;
		if (blen > rest - 2)
			blen = rest - 2;
		b1 = dup_exact(data + 2, blen);
		b2 = dup_exact(data + 2 + blen, rest - 2 - blen);
		if (kpt_btf_init(&base, b1, blen, NULL))
			goto out;
		if (fl & 2) {
			idx = malloc(sizeof(*idx) * (base.nr_types + 1));
			if (kpt_btf_set_index(&base, idx, base.nr_types))
				__builtin_trap();
			fidx = malloc(sizeof(*fidx) * (kpt_btf_nr_funcs(&base) + 1));
			if (kpt_btf_set_func_index(&base, fidx,
						   kpt_btf_nr_funcs(&base)))
				__builtin_trap();
		}
		if (kpt_btf_init(&split, b2, rest - 2 - blen, &base))
			goto out;
		if (fl & 2) {
			sidx = malloc(sizeof(*sidx) * (split.nr_types + 1));
			if (kpt_btf_set_index(&split, sidx, split.nr_types))
				__builtin_trap();
			sfidx = malloc(sizeof(*sfidx) *
				       (kpt_btf_nr_funcs(&split) + 1));
			if (kpt_btf_set_func_index(&split, sfidx,
						   kpt_btf_nr_funcs(&split)))
				__builtin_trap();
		}
		exercise(&split, expr, n, flags);
	} else {
		b1 = dup_exact(data, rest);
		if (kpt_btf_init(&base, b1, rest, NULL))
			goto out;
		if (fl & 2) {
			idx = malloc(sizeof(*idx) * (base.nr_types + 1));
			if (kpt_btf_set_index(&base, idx, base.nr_types))
				__builtin_trap();
			fidx = malloc(sizeof(*fidx) * (kpt_btf_nr_funcs(&base) + 1));
			if (kpt_btf_set_func_index(&base, fidx,
						   kpt_btf_nr_funcs(&base)))
				__builtin_trap();
		}
		exercise(&base, expr, n, flags);
	}
out:
	free(idx);
	free(sidx);
	free(fidx);
	free(sfidx);
	free(b1);
	free(b2);
	free(expr);
	return 0;
}
