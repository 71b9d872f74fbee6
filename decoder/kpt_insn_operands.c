// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace x86 instruction decoder: the steps after ModRM (API in
 * kpt_insn.h): SIB, displacement, immediates, the length, and the whole
 * decode. None of them needs the opcode tables: the attribute word the
 * opcode step found says what follows.
 */
#include "kpt_insn.h"
#include "kpt_inat.h"
#include "kpt_insn_fields.h"

int kpt_insn_get_sib(struct kpt_insn *insn)
{
	int r = kpt_insn_get_modrm(insn);

	if (r)
		return r;
	if (insn->got & KPT_INSN_GOT_SIB)
		return 0;
	if (kpt_modrm_mem(insn) && insn->addr_bytes != 2 &&
	    (insn->modrm & 7) == 4) {
		if (insn->next >= insn->limit)
			return kpt_fail(insn, kpt_short(insn->next + 1));
		insn->sib = insn->buf[insn->next++];
		insn->sib_len = 1;
	}
	insn->got |= KPT_INSN_GOT_SIB;
	return 0;
}

static inline u32 kpt_le32(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

/* Little-endian value of n (1, 2, 4 or 8) bytes. */
static inline u64 kpt_le(const u8 *p, unsigned int n)
{
	switch (n) {
	case 1:
		return p[0];
	case 2:
		return p[0] | (u32)p[1] << 8;
	case 4:
		return kpt_le32(p);
	default:
		return kpt_le32(p) | (u64)kpt_le32(p + 4) << 32;
	}
}

int kpt_insn_get_displacement(struct kpt_insn *insn)
{
	unsigned int n = 0;
	bool sib;
	int r = kpt_insn_get_sib(insn);

	if (r)
		return r;
	if (insn->got & KPT_INSN_GOT_DISP)
		return 0;
	if (kpt_modrm_mem(insn)) {
		n = kpt_modrm_tail(insn->modrm, insn->addr_bytes == 2,
				   &insn->sib, &sib);
		if (sib)
			n--;
	}
	if (n) {
		if (insn->next + n > insn->limit)
			return kpt_fail(insn, kpt_short(insn->next + n));
		insn->off_disp = insn->next;
		insn->disp_len = n;
		if (n == 1)
			insn->disp = (s8)insn->buf[insn->next];
		else if (n == 2)
			insn->disp = (s16)kpt_le(insn->buf + insn->next, 2);
		else
			insn->disp = (s32)kpt_le(insn->buf + insn->next, 4);
		insn->next += n;
	}
	insn->got |= KPT_INSN_GOT_DISP;
	return 0;
}

int kpt_insn_get_immediate(struct kpt_insn *insn)
{
	unsigned int n, n2;
	int r = kpt_insn_get_displacement(insn);

	if (r)
		return r;
	if (insn->got & KPT_INSN_GOT_IMM)
		return 0;
	n = kpt_imm_size(insn->attr, insn->mode == KPT_INSN_MODE_64,
			 insn->prefixes & KPT_INSN_PFX_OPSIZE,
			 insn->rex & 8, insn->prefixes & KPT_INSN_PFX_ADSIZE,
			 &n2);
	if (insn->next + n + n2 > insn->limit)
		return kpt_fail(insn, kpt_short(insn->next + n + n2));
	if (n) {
		insn->off_imm = insn->next;
		insn->imm_len = n;
		insn->imm = kpt_le(insn->buf + insn->next, n);
		insn->next += n;
	}
	if (n2) {
		insn->off_imm2 = insn->next;
		insn->imm2_len = n2;
		insn->imm2 = kpt_le(insn->buf + insn->next, n2);
		insn->next += n2;
	}
	insn->got |= KPT_INSN_GOT_IMM;
	return 0;
}

int kpt_insn_get_length(struct kpt_insn *insn)
{
	int r = kpt_insn_get_immediate(insn);

	if (r)
		return r;
	insn->length = insn->next;
	insn->got |= KPT_INSN_GOT_LENGTH;
	return 0;
}

int kpt_insn_decode(struct kpt_insn *insn, const u8 *buf, size_t len,
		    enum kpt_insn_mode mode)
{
	int r = kpt_insn_init(insn, buf, len, mode);

	if (r)
		return r;
	return kpt_insn_get_length(insn);
}
