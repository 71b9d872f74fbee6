// SPDX-License-Identifier: GPL-2.0
/*
 * pt_regs access by register name/offset (seed patch 005).  Names come
 * from the shared table in common/kpt_regs_table.c; the BUILD_BUG_ONs
 * below pin every slot of that table to this kernel's struct pt_regs.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/build_bug.h>
#include <linux/string.h>
#include "kpt_regs_table.h"
#include "kpt_regs.h"

#define KPT_CHECK_SLOT(slot, field) \
	BUILD_BUG_ON((slot) * 8 != offsetof(struct pt_regs, field))

static void kpt_regs_check_layout(void)
{
	KPT_CHECK_SLOT(KPT_REG_R15, r15);
	KPT_CHECK_SLOT(KPT_REG_R14, r14);
	KPT_CHECK_SLOT(KPT_REG_R13, r13);
	KPT_CHECK_SLOT(KPT_REG_R12, r12);
	KPT_CHECK_SLOT(KPT_REG_BP, bp);
	KPT_CHECK_SLOT(KPT_REG_BX, bx);
	KPT_CHECK_SLOT(KPT_REG_R11, r11);
	KPT_CHECK_SLOT(KPT_REG_R10, r10);
	KPT_CHECK_SLOT(KPT_REG_R9, r9);
	KPT_CHECK_SLOT(KPT_REG_R8, r8);
	KPT_CHECK_SLOT(KPT_REG_AX, ax);
	KPT_CHECK_SLOT(KPT_REG_CX, cx);
	KPT_CHECK_SLOT(KPT_REG_DX, dx);
	KPT_CHECK_SLOT(KPT_REG_SI, si);
	KPT_CHECK_SLOT(KPT_REG_DI, di);
	KPT_CHECK_SLOT(KPT_REG_ORIG_AX, orig_ax);
	KPT_CHECK_SLOT(KPT_REG_IP, ip);
	KPT_CHECK_SLOT(KPT_REG_CS, cs);
	KPT_CHECK_SLOT(KPT_REG_FLAGS, flags);
	KPT_CHECK_SLOT(KPT_REG_SP, sp);
	KPT_CHECK_SLOT(KPT_REG_SS, ss);
	BUILD_BUG_ON(KPT_REG_NR * 8 != sizeof(struct pt_regs));
}

int kpt_regs_query_register_offset(const char *name)
{
	int slot = kpt_reg_slot_by_name(name, strlen(name));

	return slot < 0 ? -EINVAL : slot * 8;
}

const char *kpt_regs_query_register_name(unsigned int offset)
{
	if (offset & 7)
		return NULL;
	return kpt_reg_name_by_slot(offset / 8);
}

static void kpt_expect(bool ok, const char *what, int line, int *ret)
{
	if (ok)
		return;
	pr_err("regs selftest: %s failed (line %d)\n", what, line);
	*ret = -EINVAL;
}

#define KPT_EXPECT(cond) kpt_expect(cond, #cond, __LINE__, &ret)

int kpt_regs_selftest(void)
{
	struct pt_regs regs;
	unsigned long stack[4] = { 0x10, 0x20, 0x30, 0x40 };
	unsigned long v = 0;
	unsigned int i;
	int ret = 0;

	kpt_regs_check_layout();

	KPT_EXPECT(kpt_regs_query_register_offset("ax") ==
		   offsetof(struct pt_regs, ax));
	KPT_EXPECT(kpt_regs_query_register_offset("rax") ==
		   offsetof(struct pt_regs, ax));
	KPT_EXPECT(kpt_regs_query_register_offset("orig_ax") ==
		   offsetof(struct pt_regs, orig_ax));
	KPT_EXPECT(kpt_regs_query_register_offset("flags") ==
		   offsetof(struct pt_regs, flags));
	KPT_EXPECT(kpt_regs_query_register_offset("r15") == 0);
	KPT_EXPECT(kpt_regs_query_register_offset("xyz") == -EINVAL);
	KPT_EXPECT(kpt_regs_query_register_name(offsetof(struct pt_regs, ip)) &&
		   !strcmp(kpt_regs_query_register_name(offsetof(struct pt_regs,
								 ip)), "ip"));
	KPT_EXPECT(!kpt_regs_query_register_name(3));
	KPT_EXPECT(!kpt_regs_query_register_name(sizeof(struct pt_regs)));

	/* every name maps back to its own offset */
	for (i = 0; i < sizeof(struct pt_regs); i += 8) {
		const char *name = kpt_regs_query_register_name(i);

		KPT_EXPECT(name && kpt_regs_query_register_offset(name) == i);
	}

	memset(&regs, 0, sizeof(regs));
	regs.di = 1;
	regs.si = 2;
	regs.dx = 3;
	regs.cx = 4;
	regs.r8 = 5;
	regs.r9 = 6;
	regs.ax = 0xabc;
	KPT_EXPECT(kpt_regs_get_register(&regs, offsetof(struct pt_regs, ax)) ==
		   0xabc);
	KPT_EXPECT(kpt_regs_get_register(&regs, 4096) == 0);

	/* a stack on this very kernel stack: s0 is the word at sp */
	regs.sp = (unsigned long)stack;
	KPT_EXPECT(kpt_regs_within_kernel_stack(&regs, (unsigned long)&v));
	KPT_EXPECT(!kpt_regs_within_kernel_stack(&regs,
			(unsigned long)&kpt_regs_selftest));
	KPT_EXPECT(kpt_regs_get_kernel_stack_nth(&regs, 2, &v) && v == 0x30);
	KPT_EXPECT(!kpt_regs_get_kernel_stack_nth(&regs, THREAD_SIZE, &v));
	for (i = 0; i < 6; i++)
		KPT_EXPECT(kpt_regs_get_argument_nth(&regs, i, &v) &&
			   v == i + 1);
	/* a6 is s1 (s0 being the return address at a function's entry) */
	KPT_EXPECT(kpt_regs_get_argument_nth(&regs, 6, &v) && v == 0x20);
	KPT_EXPECT(kpt_regs_get_argument_nth(&regs, 8, &v) && v == 0x40);
	return ret;
}
