// SPDX-License-Identifier: GPL-2.0
/*
 * Register name table: see kpt_regs_table.h.  Indexed by slot, so the name
 * of a slot is a lookup and the module can BUILD_BUG_ON each offset.
 */
#include "kpt_regs_table.h"

struct kpt_reg_name {
	const char *name;	/* pt_regs member name */
	const char *alias;	/* the 64-bit register's usual name */
};

static const struct kpt_reg_name kpt_regs[KPT_REG_NR] = {
	[KPT_REG_R15] = { "r15", NULL },
	[KPT_REG_R14] = { "r14", NULL },
	[KPT_REG_R13] = { "r13", NULL },
	[KPT_REG_R12] = { "r12", NULL },
	[KPT_REG_BP] = { "bp", "rbp" },
	[KPT_REG_BX] = { "bx", "rbx" },
	[KPT_REG_R11] = { "r11", NULL },
	[KPT_REG_R10] = { "r10", NULL },
	[KPT_REG_R9] = { "r9", NULL },
	[KPT_REG_R8] = { "r8", NULL },
	[KPT_REG_AX] = { "ax", "rax" },
	[KPT_REG_CX] = { "cx", "rcx" },
	[KPT_REG_DX] = { "dx", "rdx" },
	[KPT_REG_SI] = { "si", "rsi" },
	[KPT_REG_DI] = { "di", "rdi" },
	[KPT_REG_ORIG_AX] = { "orig_ax", "orig_rax" },
	[KPT_REG_IP] = { "ip", "rip" },
	[KPT_REG_CS] = { "cs", NULL },
	[KPT_REG_FLAGS] = { "flags", "eflags" },
	[KPT_REG_SP] = { "sp", "rsp" },
	[KPT_REG_SS] = { "ss", NULL },
};

static bool kpt_name_eq(const char *s, const char *name, size_t len)
{
	return s && strlen(s) == len && !memcmp(s, name, len);
}

int kpt_reg_slot_by_name(const char *name, size_t len)
{
	unsigned int i;

	for (i = 0; i < KPT_REG_NR; i++) {
		if (kpt_name_eq(kpt_regs[i].name, name, len) ||
		    kpt_name_eq(kpt_regs[i].alias, name, len))
			return i;
	}
	return -1;
}

const char *kpt_reg_name_by_slot(unsigned int slot)
{
	return slot < KPT_REG_NR ? kpt_regs[slot].name : NULL;
}

const u8 kpt_arg_reg_slots[KPT_NR_ARG_REGS] = {
	KPT_REG_DI, KPT_REG_SI, KPT_REG_DX,
	KPT_REG_CX, KPT_REG_R8, KPT_REG_R9,
};

int kpt_arg_reg_slot(unsigned int n)
{
	return n < KPT_NR_ARG_REGS ? kpt_arg_reg_slots[n] : -1;
}
