/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every symbol of vmlinux in kallsyms' table order
 * (kallsyms_on_each_symbol(), not exported: called through kpt_ksyms).
 * One pass that expands each name from the last: tens of instructions a
 * symbol, where asking kallsyms about each address costs a binary search
 * and a name expansion from the start of its block.
 *
 * Kernels differ:
 *   6.1   fn(data, name, struct module *mod, addr) (mod always NULL here)
 *   6.12  (since 6.4) fn(data, name, addr)
 * Chosen by KPT_HAVE_VMSYMS_NO_MODULE (features.sh reads the declaration
 * in <linux/kallsyms.h>); kpt_ksyms types the pointer with typeof() of
 * that declaration, so a kernel that changes it again fails the build.
 * Both kernels build it only with CONFIG_LIVEPATCH (Debian's have it).
 *
 * kpt_vmlinux_symbols() offers 6.12's shape on both, the module walk's
 * (compat/kpt_modsyms.h): -EOPNOTSUPP where the kernel has no such walk, fn's
 * first non-zero return otherwise, 0 when it saw every symbol.
 */
#ifndef KPT_COMPAT_VMSYMS_H
#define KPT_COMPAT_VMSYMS_H

#include "kpt_modsyms.h"

int kpt_vmlinux_symbols(kpt_modsym_fn fn, void *data);

#endif /* KPT_COMPAT_VMSYMS_H */
