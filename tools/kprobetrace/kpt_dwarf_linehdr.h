/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the file names of a line table's header
 * (kpt_dwarf_linehdr.c), without libdw: the DWARF index reads them for
 * every compile unit.
 */
#ifndef KPT_DWARF_LINEHDR_H
#define KPT_DWARF_LINEHDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kpt_dwarf_sec {
	const unsigned char *data;	/* NULL: no such section */
	size_t size;
};

struct kpt_dwarf_linehdr_in {
	struct kpt_dwarf_sec line, line_str, str;
	const char *comp_dir;	/* the unit's DW_AT_comp_dir, or NULL */
	/* each name as dwarf_filesrc() spells it (valid for the call) */
	int (*fn)(void *ctx, const char *name);
	void *ctx;
};

/*
 * The files of the line program at off of .debug_line, in order, to fn.
 * 0; -1 when the header is not one this reads (the caller asks libdw),
 * or fn returned nonzero.
 */
int kpt_dwarf_linehdr_files(const struct kpt_dwarf_linehdr_in *in,
			    uint64_t off);

#endif /* KPT_DWARF_LINEHDR_H */
