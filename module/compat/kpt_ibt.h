/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where a function's entry probe sits: after an endbr64.
 *
 * Kernels differ:
 *   6.1   Debian builds it without CONFIG_X86_KERNEL_IBT: functions begin
 *         with their first real instruction; SYM+0 is the entry.
 *   6.12  CONFIG_X86_KERNEL_IBT=y: a function that may be called
 *         indirectly begins with endbr64 (f3 0f 1e fa), or with its
 *         4-byte poison (0f 1f 40 d6, a nop) where objtool sealed it.
 *         register_kprobe() moves a probe at SYM+0 to SYM+4, after it
 *         (arch_adjust_kprobe_addr(), which is_endbr() decides), for the
 *         kernel's own tracer and for ours alike, and takes SYM+4 as the
 *         function's entry too; SYM+1..3 are inside the endbr64 (EILSEQ).
 *         The entry's registers and stack are untouched by it (a nop), so
 *         the seed's aN and sN read the same there.
 * Decided by the code itself, with the kernel's own is_endbr()
 * (<asm/ibt.h>; false on kernels without IBT), not by a version.
 */
#ifndef KPT_COMPAT_IBT_H
#define KPT_COMPAT_IBT_H

#include <linux/string.h>
#include <linux/types.h>
#include <linux/uaccess.h>
#include <asm/ibt.h>

/* bytes register_kprobe() skips at the entry FUNC: 4 (endbr64) or 0 */
static inline unsigned int kpt_entry_skip(unsigned long func)
{
	u32 insn;

	if (copy_from_kernel_nofault(&insn, (void *)func, sizeof(insn)))
		return 0;
	return is_endbr(insn) ? sizeof(insn) : 0;
}

/*
 * What the 4 bytes at P (a function's start) are on this kernel: "endbr64",
 * "sealed endbr64" (its poison) or NULL; for the boundary check's messages.
 */
static inline const char *kpt_endbr_name(const u8 *p, size_t len)
{
	u32 insn;

	if (len < sizeof(insn))
		return NULL;
	memcpy(&insn, p, sizeof(insn));
	if (!is_endbr(insn))
		return NULL;
	return p[0] == 0xf3 ? "endbr64" : "sealed endbr64";
}

#endif /* KPT_COMPAT_IBT_H */
