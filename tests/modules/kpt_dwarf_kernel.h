/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace_dwarf: what kpt_dwarf_kernel.c offers kpt_dwarf.c, and the
 * kernel's init_user_ns it takes, declared here without its struct's
 * definition.
 */
#ifndef KPT_DWARF_KERNEL_H
#define KPT_DWARF_KERNEL_H

struct user_namespace;
extern struct user_namespace init_user_ns;

long kpt_dwarf_kernel(long x);
long kpt_dwarf_kernel_lea(long x);

#endif /* KPT_DWARF_KERNEL_H */
