/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the functions among a compile unit's own children, read
 * from .debug_info and .debug_abbrev without libdw (kpt_dwarf_dies.c):
 * the DWARF index's build walks the top-level entries of every unit of a
 * vmlinux, where libdw's walk spends half its time in locks and generic
 * attribute lookups.
 */
#ifndef KPT_DWARF_DIES_H
#define KPT_DWARF_DIES_H

#include <stdint.h>
#include "kpt_dwarf_sec.h"

struct kpt_dwarf_dies_in {
	struct kpt_dwarf_sec info, abbrev, str, line_str;
	/* each function's name (a pointer into a section), in order */
	int (*fn)(void *ctx, const char *name);
	void *ctx;
};

/*
 * The subprograms among the children of the unit whose header is at off
 * of .debug_info that are not declarations, named as dwarf_diename()
 * names them (DW_AT_name, else that of the DW_AT_abstract_origin or
 * DW_AT_specification entry it refers to in the same unit), to fn.  0;
 * -1 when the unit has something this does not read (a form, a
 * reference to another unit, a string by index: the caller asks libdw)
 * or fn returned nonzero.
 */
int kpt_dwarf_dies_funcs(const struct kpt_dwarf_dies_in *in, uint64_t off);

#endif /* KPT_DWARF_DIES_H */
