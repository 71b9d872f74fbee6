/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BTF blobs and indexes (kpt_btf_mod.c), read by common/kpt_btf_*.c:
 * vmlinux's from __start_BTF..__stop_BTF (found through the symbol room;
 * /sys/kernel/btf/vmlinux if they are not), indexed by a worker at load
 * (kpt_btf_warm(); a definition that comes first waits for it) in
 * kvmalloc'ed memory kept until the unload; a module's is read from
 * /sys/kernel/btf/MOD by whoever needs it, for as long as it needs it
 * (the kernel drops struct module's btf_data once the module's init has
 * run, so the sysfs copy is the one there is).
 *
 * Offers: kpt_btf_vmlinux(), kpt_btf_vmlinux_raw(), kpt_btf_warm(),
 * kpt_btf_read_file(), kpt_btf_exit().
 * Touches kallsyms (through kpt_ksyms) and /sys/kernel/btf, read only.
 */
#ifndef KPT_BTF_MOD_H
#define KPT_BTF_MOD_H

#include <linux/types.h>
#include "kpt_btf_reader.h"

/* vmlinux's blob, indexed; NULL and *err (KPT_BTF_E_*) if it has none. */
const struct kpt_btf *kpt_btf_vmlinux(int *err);
/* vmlinux's blob unindexed, for one look (kpt_btf_find()); vfree(*copy) */
int kpt_btf_vmlinux_raw(struct kpt_btf *b, void **copy);
/* A whole file (/sys/kernel/btf/MOD) into vmalloc'ed *data; -errno. */
int kpt_btf_read_file(const char *path, void **data, size_t *size);
/* Builds vmlinux's index in the background (module load). */
void kpt_btf_warm(void);
/* Frees vmlinux's index (module unload), after a warm-up still running. */
void kpt_btf_exit(void);

#endif /* KPT_BTF_MOD_H */
