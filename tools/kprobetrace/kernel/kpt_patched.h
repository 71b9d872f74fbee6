/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the regions of the live kernel text that the kernel
 * patches at run time, read from the kernel's own tables through
 * /proc/kcore:
 *
 *   a jump label    struct jump_entry (s32 code, s32 target, long key):
 *                   a 2-byte jmp8 or a 5-byte nop/jmp32 at &code + code;
 *                   register_kprobe() refuses every byte of it (-EINVAL,
 *                   jump_label_text_reserved())
 *   a static call   struct static_call_site (s32 addr, s32 key): a 5-byte
 *                   call at &addr + addr; refused the same way
 *                   (static_call_text_reserved())
 *   an alternative  struct alt_instr (s32 instr_offset, s32 repl_offset,
 *                   flags, u8 instrlen, ...; its layout differs between
 *                   kernels and is taken from the running kernel's BTF):
 *                   instrlen bytes at &instr_offset + instr_offset,
 *                   rewritten at boot or module load.  The kernel probes
 *                   the instructions it finds there, but they are not the
 *                   ones a debug file shows.
 *   a BUG/WARN site struct bug_entry (s32 bug_addr_disp, s32 file_disp,
 *                   u16 line, u16 flags; from BTF): the ud2 at
 *                   &bug_addr_disp + bug_addr_disp that BUG() and WARN()
 *                   trap on; register_kprobe() refuses its address
 *                   (find_bug(), EINVAL).
 *
 * vmlinux's tables are between __start___jump_table/__stop___jump_table,
 * __start_static_call_sites/__stop_static_call_sites,
 * __start___bug_table/__stop___bug_table and
 * __alt_instructions/__alt_instructions_end (/proc/kallsyms); vmlinux's
 * alternatives table is init data, freed after boot, and is read from the
 * kernel's image file instead (kpt_kimage.h: /boot/vmlinuz-KVER or the
 * -dbg package's vmlinux, of the same build-id).  A module's are its
 * sections __jump_table, .static_call_sites, .altinstructions and
 * __bug_table, at the addresses
 * /sys/module/MOD/sections/ gives; their sizes come from the module's ELF
 * file when one is known (kpt_patched_module_file()), else they are
 * bounded by the next section's address and read up to the first entry
 * that does not point into the module's text.  Entries of init code
 * (freed) are left out, as the kernel leaves them out.  Each table is
 * read once, sorted, and searched by address.
 */
#ifndef KPT_PATCHED_H
#define KPT_PATCHED_H

#include <stdbool.h>
#include <stdint.h>

#define KPT_PATCHED_JUMP_LABEL	"a jump label"
#define KPT_PATCHED_STATIC_CALL	"a static call"
#define KPT_PATCHED_ALTERNATIVE	"an alternative"
#define KPT_PATCHED_BUG		"a BUG/WARN site"

/*
 * Is addr in a patched region of module's text (NULL or "": vmlinux)?
 * Returns 1 with the region's start, length and what (one of the
 * KPT_PATCHED_* strings, compare the pointers), 0 if not, or -errno if no
 * table could be read at all (not root: /proc/kcore, /sys/module).
 */
int kpt_patched_find(const char *module, uint64_t addr, uint64_t *start,
		     unsigned int *len, const char **what);

/*
 * Does register_kprobe() refuse addr in this region (jump labels and
 * static calls: every byte; a BUG/WARN site: its ud2)?  An alternative is
 * probed as it is live.
 */
bool kpt_patched_kernel_refuses(const char *what);

/*
 * How a region comes to be, for messages: "patched at run time",
 * "patched at boot or load", "in the kernel's bug table".
 */
const char *kpt_patched_how(const char *what);

/*
 * Is addr a BUG/WARN site of module (NULL: vmlinux)?  1 with "WARN at
 * FILE:LINE" (or "BUG at ...", without FILE:LINE when the kernel keeps
 * none) in desc, else 0.
 */
int kpt_patched_bug(const char *module, uint64_t addr, char *desc,
		    size_t size);

/* The ELF file (.ko, .ko.debug) of a loaded module: its section sizes. */
void kpt_patched_module_file(const char *module, const char *path);

/*
 * What could not be checked for module (NULL: vmlinux), as a sentence
 * ("" if everything was), once kpt_patched_find() has run for it.
 */
const char *kpt_patched_unchecked(const char *module);

#endif /* KPT_PATCHED_H */
