/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace_dwarf: what kpt_dwarf_kernel.c offers kpt_dwarf.c.
 */
#ifndef KPT_DWARF_KERNEL_H
#define KPT_DWARF_KERNEL_H

long kpt_dwarf_kernel(long x);

#endif /* KPT_DWARF_KERNEL_H */
