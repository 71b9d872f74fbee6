/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BTF names in definitions (kpt_btf_mod.c): a parsed definition's names
 * (PARAM->m.m..., $retval->m, $arg*), its untyped $retval and its
 * %pd/%pD arguments turned into the plain fetch programs and types the
 * probes room compiles, at definition time.  The hit path never reads BTF.
 *
 * The blobs: vmlinux's (__start_BTF..__stop_BTF, found through the symbol
 * room; indexed once, in kvmalloc'ed memory kept until the unload), a
 * module's (read from /sys/kernel/btf/MOD for the write that needs it,
 * freed at its end: the kernel drops struct module's btf_data after the
 * module's init).  Both are read by common/kpt_btf_*.c.
 *
 * Offers: kpt_btf_prepare(), kpt_btf_exit().  Touches kallsyms (through
 * kpt_ksyms), /sys/kernel/btf, read only.
 */
#ifndef KPT_BTF_MOD_H
#define KPT_BTF_MOD_H

#include "kpt_err.h"
#include "kpt_probe_def.h"

/*
 * Rewrite def (a new probe, just parsed from line[0..len)) in place:
 * $arg* expanded into one arg per parameter, names resolved into ARG or
 * RETVAL and DEREF ops, types from BTF where none was written.  Returns
 * 0, or a negative errno with e filled (caret into the line).
 */
int kpt_btf_prepare(struct kpt_probe_def *def, const char *line, size_t len,
		    struct kpt_err *e);
/* Frees vmlinux's index (module unload). */
void kpt_btf_exit(void);

#endif /* KPT_BTF_MOD_H */
