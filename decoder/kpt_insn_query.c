// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace x86 instruction decoder: questions about a decoded
 * instruction and the error texts (API in kpt_insn.h). Each answer runs
 * the steps it needs.
 */
#include "kpt_insn.h"
#include "kpt_inat.h"
#include "kpt_insn_fields.h"

const char *kpt_insn_strerror(int err)
{
	switch (err) {
	case KPT_INSN_OK:
		return "ok";
	case KPT_INSN_ERR_TRUNCATED:
		return "truncated instruction";
	case KPT_INSN_ERR_TOO_LONG:
		return "instruction longer than 15 bytes";
	case KPT_INSN_ERR_UNDEFINED:
		return "undefined opcode";
	case KPT_INSN_ERR_BAD_VEX:
		return "malformed VEX/EVEX/XOP prefix";
	case KPT_INSN_ERR_INVAL:
		return "invalid argument";
	default:
		return "unknown error";
	}
}

bool kpt_insn_has_modrm(struct kpt_insn *insn)
{
	return !kpt_insn_get_modrm(insn) && insn->modrm_len;
}

bool kpt_insn_is_rip_relative(struct kpt_insn *insn)
{
	if (kpt_insn_get_modrm(insn) || insn->mode != KPT_INSN_MODE_64)
		return false;
	return kpt_modrm_mem(insn) && (insn->modrm & 0xc7) == 0x05;
}

bool kpt_insn_is_rel_branch(struct kpt_insn *insn)
{
	unsigned int k;

	if (kpt_insn_get_opcode(insn))
		return false;
	k = insn->attr & KPT_INAT_IMM_MASK;
	return k == KPT_INAT_IMM_JB || k == KPT_INAT_IMM_JZ ||
	       k == KPT_INAT_IMM_JO;
}

s64 kpt_insn_imm_signed(struct kpt_insn *insn)
{
	if (kpt_insn_get_immediate(insn))
		return 0;
	switch (insn->imm_len) {
	case 1:
		return (s8)insn->imm;
	case 2:
		return (s16)insn->imm;
	case 4:
		return (s32)insn->imm;
	default:
		return (s64)insn->imm;
	}
}

u64 kpt_insn_branch_target(struct kpt_insn *insn, u64 insn_addr)
{
	u64 t;

	if (!kpt_insn_is_rel_branch(insn) || kpt_insn_get_length(insn))
		return 0;
	t = insn_addr + insn->length + (u64)kpt_insn_imm_signed(insn);
	if (insn->mode == KPT_INSN_MODE_32)
		t &= insn->imm_len == 2 ? 0xffff : 0xffffffff;
	return t;
}

u64 kpt_insn_rip_target(struct kpt_insn *insn, u64 insn_addr)
{
	if (!kpt_insn_is_rip_relative(insn) || kpt_insn_get_length(insn))
		return 0;
	return insn_addr + insn->length + (s64)insn->disp;
}

int kpt_insn_imm_size(struct kpt_insn *insn)
{
	return kpt_insn_get_immediate(insn) ? 0 : insn->imm_len;
}

int kpt_insn_imm2_size(struct kpt_insn *insn)
{
	return kpt_insn_get_immediate(insn) ? 0 : insn->imm2_len;
}

int kpt_insn_disp_size(struct kpt_insn *insn)
{
	return kpt_insn_get_displacement(insn) ? 0 : insn->disp_len;
}

int kpt_insn_emulate_prefix_len(const u8 *buf, size_t len)
{
	static const u8 xen[5] = { 0x0f, 0x0b, 0x78, 0x65, 0x6e };
	static const u8 kvm[5] = { 0x0f, 0x0b, 0x6b, 0x76, 0x6d };

	if (!buf || len < 5)
		return 0;
	if (!memcmp(buf, xen, 5) || !memcmp(buf, kvm, 5))
		return 5;
	return 0;
}
