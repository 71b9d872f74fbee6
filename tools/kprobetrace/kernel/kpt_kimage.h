/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): bytes of vmlinux that the running kernel has freed (its
 * init data, such as the alternatives table), read from the kernel's
 * image file.
 *
 * The files tried, in order, each taken only when its build-id is the
 * running kernel's (/sys/kernel/notes):
 *
 *   $KPT_VMLINUX                      an ELF vmlinux or a bzImage
 *   the debug file in use              kpt_kimage_debug_file()
 *   /usr/lib/debug/boot/vmlinux-KVER  Debian's linux-image-KVER-dbg
 *   /boot/vmlinuz-KVER                the bzImage the kernel booted: its
 *                                     xz, zstd, lz4 or gzip payload is
 *                                     decompressed only as far as the
 *                                     bytes asked for
 *
 * What was read is kept in the cache directory ($XDG_CACHE_HOME, else
 * ~/.cache: kprobetrace/kimage/BUILDID-OFFSET-LEN, OFFSET from _text),
 * with a checksum, so that only the first use decompresses.
 */
#ifndef KPT_KIMAGE_H
#define KPT_KIMAGE_H

#include <stddef.h>
#include <stdint.h>

/*
 * len bytes of vmlinux at addr, a running address (/proc/kallsyms; the
 * KASLR offset is taken from _text), into out.  Returns 0, or -errno with
 * a sentence in why.
 */
int kpt_kimage_read(uint64_t addr, size_t len, uint8_t *out, char *why,
		    size_t wl);

/* The debug file (an ELF vmlinux) that lines and add read for vmlinux. */
void kpt_kimage_debug_file(const char *path);

/*
 * len bytes at addr of the vmlinux in the file at path (an ELF vmlinux or
 * a bzImage), and its build-id; no cache.  addr is a link-time address
 * when text is 0, else a running one with _text at text.  Returns 0, or
 * -errno with a sentence in why.
 */
int kpt_kimage_file_read(const char *path, uint64_t addr, uint64_t text,
			 size_t len, uint8_t *out, char *build_id, size_t bsize,
			 char *why, size_t wl);

#endif /* KPT_KIMAGE_H */
