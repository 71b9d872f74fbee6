/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace x86 instruction decoder.
 *
 * One source, compiled into kprobetrace.ko and into userspace. It decodes
 * one instruction from a buffer of known length in 32- or 64-bit mode into
 * legacy prefixes, REX, VEX/EVEX/XOP, opcode, ModRM, SIB, displacement and
 * immediates, and reports its length. It never reads past the buffer and
 * never allocates.
 *
 * Two ways to use it:
 *  - kpt_insn_length(): length only (fast path), or a negative error;
 *  - kpt_insn_decode(): every field; or the same step by step:
 *    kpt_insn_init() then kpt_insn_get_prefixes(), _opcode(), _modrm(),
 *    _sib(), _displacement(), _immediate(), _length(). Each step runs the
 *    earlier ones if they have not run yet, returns 0 or a negative error,
 *    and an error is sticky: later steps return it again.
 *
 * Errors (negative, distinct, never a length): see enum kpt_insn_err.
 * Names are prefixed kpt_insn_/KPT_INSN_/KPT_INAT_ so that they never clash
 * with the kernel's <asm/insn.h> and <asm/inat.h>.
 *
 * Truncated or too long: bytes are consumed in order; when the next byte
 * needed lies past the buffer, the error is KPT_INSN_ERR_TOO_LONG if that
 * byte (or the end of the field being read) is past byte 15, else
 * KPT_INSN_ERR_TRUNCATED.
 *
 * Where lengths differ from objdump's listing (objdump -M intel64), on
 * purpose, because the CPU sees it this way:
 *  - FWAIT (9b) before an x87 instruction is an instruction of its own;
 *    objdump shows "9b db e3" as one (finit).
 *  - A REX byte followed by a legacy prefix or another REX is ignored but
 *    belongs to the instruction; objdump lists it alone ("rex.W").
 *  - 66-prefixed near branches (E8, E9, 0F 8x) keep rel32 in 64-bit mode
 *    (Intel); plain objdump (AMD semantics) shows rel16, -M intel64 rel32.
 * Undefined: the map models groups, mode-invalid opcodes, mandatory-prefix
 * (and VEX/EVEX pp) validity and memory-only/register-only operands, not
 * VEX/EVEX L and W restrictions nor the x87 register forms: those decode
 * with their length where objdump prints "(bad)".
 */
#ifndef KPT_INSN_H
#define KPT_INSN_H

#include "kpt_compat.h"

/* The longest instruction x86 accepts. */
#define KPT_INSN_MAX_LEN 15

enum kpt_insn_mode {
	KPT_INSN_MODE_32 = 32,
	KPT_INSN_MODE_64 = 64,
};

enum kpt_insn_err {
	KPT_INSN_OK = 0,
	/* The buffer ended inside the instruction. */
	KPT_INSN_ERR_TRUNCATED = -1,
	/* The instruction would be longer than 15 bytes. */
	KPT_INSN_ERR_TOO_LONG = -2,
	/* The opcode map marks the opcode undefined/invalid in this mode. */
	KPT_INSN_ERR_UNDEFINED = -3,
	/*
	 * A malformed VEX/EVEX/XOP prefix: reserved map number, or (EVEX)
	 * the fixed bits are wrong.
	 */
	KPT_INSN_ERR_BAD_VEX = -4,
	/* Bad arguments: NULL pointer or a mode that is neither 32 nor 64. */
	KPT_INSN_ERR_INVAL = -5,
};

/* Opcode maps (insn->map). VEX/EVEX/XOP map numbers keep their values. */
enum kpt_insn_map {
	KPT_INSN_MAP_1BYTE = 0,	/* one-byte opcodes */
	KPT_INSN_MAP_0F = 1,	/* 0F xx (3DNow! is 0F 0F, suffix in imm) */
	KPT_INSN_MAP_0F38 = 2,	/* 0F 38 xx */
	KPT_INSN_MAP_0F3A = 3,	/* 0F 3A xx */
	KPT_INSN_MAP_5 = 5,	/* EVEX map 5 (AVX512-FP16) */
	KPT_INSN_MAP_6 = 6,	/* EVEX map 6 (AVX512-FP16) */
	KPT_INSN_MAP_XOP8 = 8,	/* XOP map 8 */
	KPT_INSN_MAP_XOP9 = 9,	/* XOP map 9 */
	KPT_INSN_MAP_XOPA = 10,	/* XOP map A */
};

/* Kind of vector-extension prefix (insn->vex_type). */
enum kpt_insn_vex_type {
	KPT_INSN_VEX_NONE = 0,
	KPT_INSN_VEX_VEX2 = 2,	/* C5, 1 byte */
	KPT_INSN_VEX_VEX3 = 3,	/* C4, 2 bytes */
	KPT_INSN_VEX_XOP = 8,	/* 8F, 2 bytes */
	KPT_INSN_VEX_EVEX = 4,	/* 62, 3 bytes */
};

/* Legacy prefixes seen (insn->prefixes bit mask). */
#define KPT_INSN_PFX_LOCK	0x0001	/* F0 */
#define KPT_INSN_PFX_REPNE	0x0002	/* F2 */
#define KPT_INSN_PFX_REP	0x0004	/* F3 */
#define KPT_INSN_PFX_OPSIZE	0x0008	/* 66 */
#define KPT_INSN_PFX_ADSIZE	0x0010	/* 67 */
#define KPT_INSN_PFX_ES		0x0020	/* 26 */
#define KPT_INSN_PFX_CS		0x0040	/* 2E */
#define KPT_INSN_PFX_SS		0x0080	/* 36 */
#define KPT_INSN_PFX_DS		0x0100	/* 3E */
#define KPT_INSN_PFX_FS		0x0200	/* 64 */
#define KPT_INSN_PFX_GS		0x0400	/* 65 */

/* Steps done (insn->got bit mask). */
#define KPT_INSN_GOT_PREFIXES	0x01
#define KPT_INSN_GOT_OPCODE	0x02
#define KPT_INSN_GOT_MODRM	0x04
#define KPT_INSN_GOT_SIB	0x08
#define KPT_INSN_GOT_DISP	0x10
#define KPT_INSN_GOT_IMM	0x20
#define KPT_INSN_GOT_LENGTH	0x40

/*
 * A decoded instruction. Fields are valid once the step that fills them
 * has run (kpt_insn_decode() runs them all). Offsets (off_*) count from
 * the first byte of the instruction and are meaningful only when the
 * matching *_len is non-zero.
 */
struct kpt_insn {
	/* Input. */
	const u8 *buf;		/* first byte of the instruction */
	size_t buf_len;		/* bytes available at buf, as given */
	u8 limit;		/* min(buf_len, KPT_INSN_MAX_LEN) */
	u8 mode;		/* enum kpt_insn_mode */

	/* Progress. */
	u8 got;			/* KPT_INSN_GOT_* steps done */
	s8 err;			/* sticky error of a failed step, else 0 */
	u8 next;		/* offset of the next byte to decode */

	/* Legacy prefixes (66 67 F0 F2 F3 26 2E 36 3E 64 65), REX. */
	u8 nr_prefixes;		/* legacy prefix bytes, repeats counted */
	u16 prefixes;		/* KPT_INSN_PFX_* seen */
	u8 last_prefix;		/* the last legacy prefix byte, 0 if none */
	u8 seg_prefix;		/* the last segment override byte, 0 if none */
	/*
	 * Prefix that selects an SSE-style variant of the opcode: 0, 0x66,
	 * 0xf3 or 0xf2 (the last of F2/F3 wins over 66). With VEX/EVEX/XOP
	 * it is the one implied by the pp field.
	 */
	u8 mandatory_prefix;
	u8 rex;			/* REX byte 0x40-0x4f, 0 if none (64-bit) */
	u8 opnd_bytes;		/* operand size: 2, 4 or 8 */
	u8 addr_bytes;		/* address size: 2, 4 or 8 */

	/* VEX (C5/C4), XOP (8F) or EVEX (62) prefix. */
	u8 vex_type;		/* enum kpt_insn_vex_type */
	u8 vex_len;		/* 0, 2, 3 or 4: bytes incl. C4/C5/8F/62 */
	u8 off_vex;		/* offset of its first byte */
	u8 vex[4];		/* its raw bytes */
	u8 vex_w;		/* W */
	u8 vex_l;		/* L (VEX/XOP 0..1), L'L (EVEX 0..3) */
	u8 vex_vvvv;		/* register number, un-inverted (EVEX: V'vvvv) */
	u8 vex_pp;		/* pp: 0 none, 1 66, 2 F3, 3 F2 */
	u8 vex_r, vex_x, vex_b;	/* R X B, un-inverted (1 = extend) */
	u8 evex_r2;		/* EVEX R', un-inverted */
	u8 evex_aaa;		/* EVEX opmask register */
	u8 evex_z;		/* EVEX zeroing-masking */
	u8 evex_b;		/* EVEX broadcast/rounding/SAE */

	/* Opcode. */
	u8 map;			/* enum kpt_insn_map */
	u8 opcode;		/* the opcode byte within that map */
	u8 opcode_len;		/* escape + opcode bytes (1..3; 1 after VEX) */
	u8 off_opcode;		/* offset of the first escape/opcode byte */
	u32 attr;		/* KPT_INAT_* attributes (groups resolved) */

	/* ModRM and SIB. */
	u8 modrm_len;		/* 0 or 1 */
	u8 off_modrm;
	u8 modrm;
	u8 sib_len;		/* 0 or 1 */
	u8 sib;

	/* Displacement (sign-extended). */
	u8 disp_len;		/* 0, 1, 2 or 4 */
	u8 off_disp;
	s32 disp;

	/*
	 * Immediates, raw (zero-extended). imm is the first one: the value,
	 * a relative branch offset, a moffs address (A0-A3, 2/4/8 bytes), the
	 * offset of a far pointer, ENTER's imm16, an /is4 register byte or
	 * the 3DNow! opcode suffix. imm2 is the second one: a far pointer's
	 * selector (2 bytes), ENTER's nesting level (1 byte).
	 */
	u8 imm_len;		/* 0, 1, 2, 4 or 8 */
	u8 off_imm;
	u8 imm2_len;		/* 0, 1 or 2 */
	u8 off_imm2;
	u64 imm;
	u32 imm2;

	u8 length;		/* total length, valid after _get_length() */
};

/* Fast path: length (1..15) or a negative enum kpt_insn_err. */
int kpt_insn_length(const u8 *buf, size_t len, enum kpt_insn_mode mode);

/* Full decode: 0 (insn->length is the length) or a negative error. */
int kpt_insn_decode(struct kpt_insn *insn, const u8 *buf, size_t len,
		    enum kpt_insn_mode mode);

/* Step by step. kpt_insn_init() fails only with KPT_INSN_ERR_INVAL. */
int kpt_insn_init(struct kpt_insn *insn, const u8 *buf, size_t len,
		  enum kpt_insn_mode mode);
int kpt_insn_get_prefixes(struct kpt_insn *insn);
int kpt_insn_get_opcode(struct kpt_insn *insn);
int kpt_insn_get_modrm(struct kpt_insn *insn);
int kpt_insn_get_sib(struct kpt_insn *insn);
int kpt_insn_get_displacement(struct kpt_insn *insn);
int kpt_insn_get_immediate(struct kpt_insn *insn);
int kpt_insn_get_length(struct kpt_insn *insn);

/* A short English text for an error code (or "ok" for 0). */
const char *kpt_insn_strerror(int err);

/*
 * Queries. Each runs the steps it needs; on a decode error it answers
 * false / 0.
 */
bool kpt_insn_has_modrm(struct kpt_insn *insn);
/* 64-bit mode, ModRM mod=00 rm=101 (and not the CR/DR register form). */
bool kpt_insn_is_rip_relative(struct kpt_insn *insn);
/* JMP/Jcc/CALL/LOOP/JrCXZ/XBEGIN with a relative offset in imm. */
bool kpt_insn_is_rel_branch(struct kpt_insn *insn);
/*
 * Target of a relative branch at insn_addr: insn_addr + length + the
 * sign-extended offset, truncated to 32 bits in 32-bit mode (16 bits with
 * a 16-bit operand size there). 0 if not a relative branch.
 */
u64 kpt_insn_branch_target(struct kpt_insn *insn, u64 insn_addr);
/* Address of the memory operand of a RIP-relative insn at insn_addr. */
u64 kpt_insn_rip_target(struct kpt_insn *insn, u64 insn_addr);
int kpt_insn_imm_size(struct kpt_insn *insn);	/* imm_len */
int kpt_insn_imm2_size(struct kpt_insn *insn);	/* imm2_len */
int kpt_insn_disp_size(struct kpt_insn *insn);	/* disp_len */
/* The first immediate, sign-extended from its size. */
s64 kpt_insn_imm_signed(struct kpt_insn *insn);

/* ModRM/SIB fields (no REX/VEX extension applied). */
static inline u8 kpt_insn_modrm_mod(const struct kpt_insn *insn)
{
	return insn->modrm >> 6;
}

static inline u8 kpt_insn_modrm_reg(const struct kpt_insn *insn)
{
	return (insn->modrm >> 3) & 7;
}

static inline u8 kpt_insn_modrm_rm(const struct kpt_insn *insn)
{
	return insn->modrm & 7;
}

static inline u8 kpt_insn_sib_scale(const struct kpt_insn *insn)
{
	return insn->sib >> 6;
}

static inline u8 kpt_insn_sib_index(const struct kpt_insn *insn)
{
	return (insn->sib >> 3) & 7;
}

static inline u8 kpt_insn_sib_base(const struct kpt_insn *insn)
{
	return insn->sib & 7;
}

static inline bool kpt_insn_has_vex(const struct kpt_insn *insn)
{
	return insn->vex_type != KPT_INSN_VEX_NONE;
}

/* REX.W, or VEX/EVEX/XOP W. */
static inline bool kpt_insn_w(const struct kpt_insn *insn)
{
	if (insn->vex_type)
		return insn->vex_w;
	return (insn->rex & 8) != 0;
}

/*
 * Xen/KVM "emulate prefix": ud2 followed by "xen" or "kvm" (0f 0b 78 65
 * 6e / 0f 0b 6b 76 6d), which the hypervisor treats as a prefix of the
 * next instruction (cpuid). The plain decoder sees ud2 (2 bytes) here;
 * callers that want the kernel's view (prefix + next instruction as one)
 * ask this: 5 if buf starts with such a prefix, else 0.
 */
int kpt_insn_emulate_prefix_len(const u8 *buf, size_t len);

#endif /* KPT_INSN_H */
