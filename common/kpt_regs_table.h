/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86-64 struct pt_regs register names <-> slot indexes (slot * 8 is the
 * byte offset).  Userspace's and the kernel's struct pt_regs share this
 * layout; the module checks every slot with BUILD_BUG_ON against
 * offsetof(struct pt_regs, X), so this table is the single source.
 */
#ifndef KPT_REGS_TABLE_H
#define KPT_REGS_TABLE_H

#include "kpt_compat.h"

enum kpt_reg_slot {
	KPT_REG_R15, KPT_REG_R14, KPT_REG_R13, KPT_REG_R12,
	KPT_REG_BP, KPT_REG_BX, KPT_REG_R11, KPT_REG_R10,
	KPT_REG_R9, KPT_REG_R8, KPT_REG_AX, KPT_REG_CX,
	KPT_REG_DX, KPT_REG_SI, KPT_REG_DI, KPT_REG_ORIG_AX,
	KPT_REG_IP, KPT_REG_CS, KPT_REG_FLAGS, KPT_REG_SP,
	KPT_REG_SS,
	KPT_REG_NR
};

/*
 * Slot of a register name (without '%'): the pt_regs name ("ax", "r8",
 * "orig_ax", "flags") or a 64-bit alias ("rax", "rip", "eflags",
 * "orig_rax").  Returns -1 if unknown.
 */
int kpt_reg_slot_by_name(const char *name, size_t len);
/* Canonical pt_regs name of a slot, NULL if out of range. */
const char *kpt_reg_name_by_slot(unsigned int slot);

/*
 * x86-64 SysV: the slot of the register holding integer argument n
 * (0-based: di si dx cx r8 r9), or -1 when it is on the stack: then, at the
 * function's entry, it is stack entry n - 6 + 1 (entry 0 being the return
 * address).  How the module resolves KPT_FOP_ARG, and what a return
 * probe keeps of the entry (kpt_arg_reg_slots[], read on a hit).
 */
#define KPT_NR_ARG_REGS 6
extern const u8 kpt_arg_reg_slots[KPT_NR_ARG_REGS];
int kpt_arg_reg_slot(unsigned int n);

#endif /* KPT_REGS_TABLE_H */
