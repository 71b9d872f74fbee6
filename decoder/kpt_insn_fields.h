/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace x86 instruction decoder: the sizes an instruction's fields
 * imply, without any table. Private to the decoder: kpt_insn_decode.c's
 * step functions and length-only path, kpt_insn_operands.c and
 * kpt_insn_query.c share them.
 */
#ifndef KPT_INSN_FIELDS_H
#define KPT_INSN_FIELDS_H

#include "kpt_insn.h"
#include "kpt_inat.h"

/* The error for needing bytes up to (not including) offset end. */
static inline int kpt_short(unsigned int end)
{
	return end > KPT_INSN_MAX_LEN ? KPT_INSN_ERR_TOO_LONG :
					KPT_INSN_ERR_TRUNCATED;
}

/*
 * Bytes of SIB + displacement after a memory-form ModRM m (16-bit
 * addressing if addr16). *sib tells whether the first of them is a SIB
 * byte; then *sibp must be readable, as SIB base 101 with mod 00 adds a
 * disp32.
 */
static inline unsigned int kpt_modrm_tail(u8 m, unsigned int addr16,
					  const u8 *sibp, bool *sib)
{
	unsigned int mod = m >> 6, rm = m & 7;

	*sib = false;
	if (mod == 3)
		return 0;
	if (addr16) {
		if (mod == 0)
			return rm == 6 ? 2 : 0;
		return mod == 1 ? 1 : 2;
	}
	if (rm == 4) {
		*sib = true;
		if (mod == 0)
			return (*sibp & 7) == 5 ? 5 : 1;
		return mod == 1 ? 2 : 5;
	}
	if (mod == 0)
		return rm == 5 ? 4 : 0;
	return mod == 1 ? 1 : 4;
}

/*
 * Immediate sizes for attribute a: returns the first, stores the second
 * in *imm2. osz: 66 prefix seen; w: REX.W.
 */
static inline unsigned int kpt_imm_size(u16 a, bool m64, bool osz, bool w,
					bool asz, unsigned int *imm2)
{
	*imm2 = 0;
	switch (a & KPT_INAT_IMM_MASK) {
	case KPT_INAT_IMM_IB:
	case KPT_INAT_IMM_JB:
		return 1;
	case KPT_INAT_IMM_IW:
		return 2;
	case KPT_INAT_IMM_IZ:
		return (osz && !w) ? 2 : 4;
	case KPT_INAT_IMM_IV:
		return w ? 8 : osz ? 2 : 4;
	case KPT_INAT_IMM_MOFFS:
		if (m64)
			return asz ? 4 : 8;
		return asz ? 2 : 4;
	case KPT_INAT_IMM_PTR:
		*imm2 = 2;
		return osz ? 2 : 4;
	case KPT_INAT_IMM_ENTER:
		*imm2 = 1;
		return 2;
	case KPT_INAT_IMM_JZ:
		/* Intel: near branches keep rel32 in 64-bit mode. */
		return (osz && !m64) ? 2 : 4;
	case KPT_INAT_IMM_JO:
		return osz ? 2 : 4;
	case KPT_INAT_IMM_IBIB:
		*imm2 = 1;
		return 1;
	case KPT_INAT_IMM_ID:
		return 4;
	default:
		return 0;
	}
}

/* ModRM present and addressing memory (CR/DR moves never do). */
static inline bool kpt_modrm_mem(const struct kpt_insn *insn)
{
	return insn->modrm_len && insn->modrm < 0xc0 &&
	       !(insn->attr & KPT_INAT_REGFORM);
}

/* A step's error, kept: later steps return it again. */
static inline int kpt_fail(struct kpt_insn *insn, int err)
{
	insn->err = err;
	return err;
}

#endif /* KPT_INSN_FIELDS_H */
