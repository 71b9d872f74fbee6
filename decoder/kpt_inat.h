/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Opcode attribute words (struct kpt_insn.attr) of the kprobetrace x86
 * decoder, as decoder/gen-tables.awk generates them from
 * decoder/x86-opcode-map.txt. Keep the two in sync.
 *
 * A table word is either a resolved attribute (kind 0) or, by its kind
 * (bits 12-14), an index into the generator's row table kpt_inat_ind[]
 * (rows picked by ModRM, ModRM.rm or mandatory prefix), a legacy prefix,
 * or a special byte (escape, REX, VEX/EVEX/XOP). insn->attr always holds
 * a resolved attribute.
 */
#ifndef KPT_INAT_H
#define KPT_INAT_H

/* Immediate kinds (bits 0-3). */
#define KPT_INAT_IMM_MASK	0x000f
#define KPT_INAT_IMM_NONE	0
#define KPT_INAT_IMM_IB		1	/* 1 byte */
#define KPT_INAT_IMM_IW		2	/* 2 bytes */
#define KPT_INAT_IMM_IZ		3	/* 2 or 4 by operand size */
#define KPT_INAT_IMM_IV		4	/* 2, 4 or 8 by operand size */
#define KPT_INAT_IMM_MOFFS	5	/* 2, 4 or 8 by address size */
#define KPT_INAT_IMM_PTR	6	/* far pointer: 2/4 offset + selector */
#define KPT_INAT_IMM_ENTER	7	/* imm16 + imm8 */
#define KPT_INAT_IMM_JB		8	/* rel8 */
#define KPT_INAT_IMM_JZ		9	/* rel16/32; rel32 in 64-bit mode */
#define KPT_INAT_IMM_IBIB	10	/* imm8 + imm8 (EXTRQ/INSERTQ) */
#define KPT_INAT_IMM_ID		11	/* 4 bytes */
#define KPT_INAT_IMM_JO		12	/* rel16/32 by operand size (XBEGIN) */

#define KPT_INAT_MODRM		0x0010	/* takes a ModRM byte */
#define KPT_INAT_REGFORM	0x0020	/* ModRM is a register form (CR/DR) */
#define KPT_INAT_D64		0x0040	/* 64-bit default operand size */
#define KPT_INAT_F64		0x0080	/* 64-bit forced operand size */
#define KPT_INAT_INV64		0x0100	/* undefined in 64-bit mode */
#define KPT_INAT_INV32		0x0200	/* undefined in 32-bit mode */
#define KPT_INAT_UNDEF		0x0400	/* undefined */
#define KPT_INAT_MEMONLY	0x0800	/* ModRM mod==3 is undefined */
#define KPT_INAT_REGONLY	0x8000	/* ModRM mod!=3 is undefined */

/* Kinds of table word (bits 12-14; bit 15 is REGONLY). */
#define KPT_INAT_KIND_SHIFT	12
#define KPT_INAT_KIND_MASK	0x7000
#define KPT_INAT_KIND_ATTR	0	/* resolved attributes */
#define KPT_INAT_KIND_GRP	1	/* row of 16: ModRM.reg, +8 if mod==3 */
#define KPT_INAT_KIND_RM	2	/* row of 8: ModRM.rm */
#define KPT_INAT_KIND_PFX	3	/* row of 4: none, 66, F3, F2 */
#define KPT_INAT_KIND_PREFIX	4	/* legacy prefix; low bits: PFX bit */
#define KPT_INAT_KIND_SPECIAL	5	/* low bits: KPT_INAT_SP_* */
#define KPT_INAT_INDEX_MASK	0x0fff

#define KPT_INAT_SP_ESC0F	1
#define KPT_INAT_SP_ESC38	2
#define KPT_INAT_SP_ESC3A	3
#define KPT_INAT_SP_REX		4
#define KPT_INAT_SP_VEX3	5
#define KPT_INAT_SP_VEX2	6
#define KPT_INAT_SP_EVEX	7
#define KPT_INAT_SP_XOP		8

#endif /* KPT_INAT_H */
