/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace_dwarf: the targets of kpt_dwarf_any.c, called from
 * kpt_dwarf.c's "call" file.
 */
#ifndef KPT_DWARF_ANY_H
#define KPT_DWARF_ANY_H

/* Calls target NAME with ARG: 0, or -ENOENT for no such target. */
int kpt_dwarf_any_call(const char *name, long arg);

#endif /* KPT_DWARF_ANY_H */
