/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace_dwarf: what kpt_dwarf_opaque.c offers kpt_dwarf.c, whose
 * DWARF then has struct kpt_dwarf_hidden as a declaration only.
 */
#ifndef KPT_DWARF_OPAQUE_H
#define KPT_DWARF_OPAQUE_H

struct kpt_dwarf_hidden;

struct kpt_dwarf_hidden *kpt_dwarf_hidden_get(long v);
void kpt_dwarf_sink_hidden(struct kpt_dwarf_hidden *h);
void kpt_dwarf_sink(long v);

#endif /* KPT_DWARF_OPAQUE_H */
