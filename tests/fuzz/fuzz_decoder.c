// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the x86 decoder (decoder/kpt_insn_decode.c).
 *
 * Input: byte 0 picks the mode (bit 0: 0 = 64-bit, 1 = 32-bit), the rest
 * are instruction bytes, copied to a heap buffer of exactly their length
 * so that ASan reports any read past it. Asserted (abort on failure):
 *  - no crash, no out-of-bounds read, no UB (ASan + UBSan);
 *  - decoding is deterministic (twice, same fields);
 *  - the length-only path agrees with the full decoder (length or error);
 *  - step-by-step (init, prefixes, opcode, modrm, sib, displacement,
 *    immediate, length) ends with the same fields as the one-call decode;
 *  - a length is 1..15 and within the buffer; decoding exactly those
 *    bytes gives the same instruction, and every shorter prefix of them
 *    is "truncated".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_insn.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "CHECK failed: %s (line %d)\n", #c, __LINE__); abort(); } } while (0)

static void same(const struct kpt_insn *a, const struct kpt_insn *b)
{
#define F(x) CHECK(a->x == b->x)
	F(length); F(nr_prefixes); F(prefixes); F(last_prefix); F(seg_prefix);
	F(mandatory_prefix); F(rex); F(opnd_bytes); F(addr_bytes);
	F(vex_type); F(vex_len); F(off_vex); F(vex_w); F(vex_l); F(vex_vvvv);
	F(vex_pp); F(vex_r); F(vex_x); F(vex_b); F(evex_r2); F(evex_aaa);
	F(evex_z); F(evex_b); F(map); F(opcode); F(opcode_len); F(off_opcode);
	F(attr); F(modrm_len); F(sib_len); F(disp_len); F(imm_len);
	F(imm2_len);
	if (a->vex_len)
		CHECK(!memcmp(a->vex, b->vex, a->vex_len));
	if (a->modrm_len) { F(modrm); F(off_modrm); }
	if (a->sib_len) F(sib);
	if (a->disp_len) { F(disp); F(off_disp); }
	if (a->imm_len) { F(imm); F(off_imm); }
	if (a->imm2_len) { F(imm2); F(off_imm2); }
#undef F
}

static int decode_copy(struct kpt_insn *insn, const uint8_t *b, size_t n,
		       enum kpt_insn_mode mode)
{
	uint8_t *h = malloc(n ? n : 1);
	int r;

	memcpy(h, b, n);
	r = kpt_insn_decode(insn, h, n, mode);
	insn->buf = NULL;	/* h is gone */
	free(h);
	return r;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum kpt_insn_mode mode;
	struct kpt_insn a, b, s;
	uint8_t *buf;
	size_t n;
	int r, r2, fast, len, st;

	if (size < 1)
		return 0;
	mode = (data[0] & 1) ? KPT_INSN_MODE_32 : KPT_INSN_MODE_64;
	n = size - 1;
	buf = malloc(n ? n : 1);
	memcpy(buf, data + 1, n);

	r = kpt_insn_decode(&a, buf, n, mode);
	r2 = kpt_insn_decode(&b, buf, n, mode);
	CHECK(r == r2);
	CHECK(r <= 0);
	if (!r)
		same(&a, &b);

	len = r < 0 ? r : a.length;
	fast = kpt_insn_length(buf, n, mode);
	CHECK(fast == len);

	/* Step by step. */
	CHECK(kpt_insn_init(&s, buf, n, mode) == 0);
	st = kpt_insn_get_prefixes(&s);
	if (!st) st = kpt_insn_get_opcode(&s);
	if (!st) st = kpt_insn_get_modrm(&s);
	if (!st) st = kpt_insn_get_sib(&s);
	if (!st) st = kpt_insn_get_displacement(&s);
	if (!st) st = kpt_insn_get_immediate(&s);
	if (!st) st = kpt_insn_get_length(&s);
	CHECK(st == r);
	if (!r)
		same(&a, &s);
	/* Sticky errors: asking again gives the same answer. */
	CHECK(kpt_insn_get_length(&s) == r);

	if (!r) {
		CHECK(a.length >= 1 && a.length <= KPT_INSN_MAX_LEN);
		CHECK(a.length <= n);
		/* Queries must not crash or read outside. */
		(void)kpt_insn_has_modrm(&a);
		(void)kpt_insn_is_rip_relative(&a);
		if (kpt_insn_is_rel_branch(&a))
			(void)kpt_insn_branch_target(&a, 0xffffffff81000000ull);
		(void)kpt_insn_rip_target(&a, 0x1000);
		(void)kpt_insn_imm_signed(&a);

		/* Exactly its bytes: same instruction. */
		CHECK(decode_copy(&b, buf, a.length, mode) == 0);
		same(&a, &b);
		/* Any shorter prefix: truncated. */
		for (size_t k = 0; k < a.length; k++) {
			int t = decode_copy(&b, buf, k, mode);
			CHECK(t == KPT_INSN_ERR_TRUNCATED);
			CHECK(kpt_insn_length(buf, k, mode) == t);
		}
	}
	(void)kpt_insn_emulate_prefix_len(buf, n);
	(void)kpt_insn_strerror(r);
	free(buf);
	return 0;
}
