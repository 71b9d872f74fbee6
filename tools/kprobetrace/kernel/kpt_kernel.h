/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1)'s kernel room: the running kernel as the command reads
 * it, from /proc and the kernel's files.
 *
 *   kpt_ksyms.c    /proc/kallsyms: names <-> addresses (this header)
 *   kpt_kcore.c    /proc/kcore: kernel memory by address (this header)
 *   kpt_kimage.c   the kernel image: vmlinuz's payload, build-ids
 *                  (kpt_kimage.h), through kpt_unz.c's decompressors
 *                  (kpt_unz.h)
 *   kpt_buildid.c  build-ids of ELF files and notes (kpt_buildid.h)
 *   kpt_patched.c  jump labels, static calls, alternatives of the live
 *                  text (kpt_patched.h)
 *
 * It may use the base room, the BTF room and the decoder.
 */
#ifndef KPT_KERNEL_H
#define KPT_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* ---- kpt_ksyms.c ---- */
struct kpt_sym {
	uint64_t addr;
	uint64_t size;		/* up to the next higher address */
	char type;		/* t T d D b B ... */
	const char *name;
	const char *module;	/* NULL: vmlinux */
};
/* Load /proc/kallsyms once (0 or -errno). */
int kpt_ksyms_load(void);
/* The text symbol NAME ([MOD:]NAME); NULL if none; *count = how many. */
const struct kpt_sym *kpt_ksyms_find(const char *name, int *count);
/* vmlinux's symbol NAME of any type (data too); NULL if none. */
const struct kpt_sym *kpt_ksyms_vmlinux(const char *name);
/* The symbol at or before addr (NULL if none). */
const struct kpt_sym *kpt_ksyms_at(uint64_t addr);
/* "sym+0xoff [mod]" or "0xADDR" */
void kpt_ksyms_fmt(uint64_t addr, char *buf, size_t size);

/* ---- kpt_kcore.c ---- */
/* Read len bytes of kernel memory at vaddr from /proc/kcore: 0 or -errno. */
int kpt_kcore_read(uint64_t vaddr, void *buf, size_t len);

#endif /* KPT_KERNEL_H */
