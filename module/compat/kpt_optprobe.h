/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Would register_kprobe() read unmapped memory after a function?
 *
 * With CONFIG_OPTPROBES, register_kprobe() prepares every new kprobe for
 * optimization: x86's can_optimize() (arch/x86/kernel/kprobes/opt.c)
 * decodes the probed function from its start to its kallsyms end, reading
 * each instruction straight from the text, up to MAX_INSN_SIZE bytes from
 * its first byte, so up to MAX_INSN_SIZE - 1 bytes past the end.
 *
 * Kernels differ:
 *   6.1   a module's text, rodata and data share one allocation: the
 *         bytes after its last function are mapped.
 *   6.12  (since 6.4) each kind of module memory is its own allocation
 *         (struct module_memory); the last function's kallsyms extent runs
 *         to the end of the text allocation, and the bytes after it are
 *         not mapped: the kernel oopses in insn_get_modrm() while
 *         registering any kprobe on that function, whoever asks (seen
 *         with Debian's crc8.ko: crc8() is its last function).
 * So this is checked on every kernel, by reading, not by version: a probe
 * whose function's end is not followed by mapped bytes is refused.
 */
#ifndef KPT_COMPAT_OPTPROBE_H
#define KPT_COMPAT_OPTPROBE_H

#include <linux/kprobes.h>
#include <linux/uaccess.h>
#include <asm/insn.h>
#include "../kpt_ksyms.h"

/* true if preparing a kprobe at ADDR would make the kernel read unmapped text */
static inline bool kpt_optprobe_reads_unmapped(unsigned long addr)
{
	unsigned long size, offset, end;
	u8 buf[MAX_INSN_SIZE];

	if (!IS_ENABLED(CONFIG_OPTPROBES))
		return false;
	if (!kpt_kcall(lookup_size_offset)(addr, &size, &offset) || !size)
		return false;
	end = addr - offset + size;
	return copy_from_kernel_nofault(buf, (void *)(end - 1), sizeof(buf));
}

#endif /* KPT_COMPAT_OPTPROBE_H */
