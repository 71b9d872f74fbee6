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
#include "kpt_dwarf_sec.h"

struct kpt_dwarf_linehdr_in {
	struct kpt_dwarf_sec line, line_str, str;
	const char *comp_dir;	/* the unit's DW_AT_comp_dir, or NULL */
	/*
	 * Each name as dwarf_filesrc() spells it: dir, '/', name, or name
	 * alone when dir is NULL (kpt_dwarf_linehdr_join()).  Both point
	 * into the sections or are constants: the same pointers, the same
	 * name.
	 */
	int (*fn)(void *ctx, const char *dir, const char *name);
	void *ctx;
};

/* The name of fn's dir and name into buf: 0, or -1 if it does not fit. */
int kpt_dwarf_linehdr_join(const char *dir, const char *name, char *buf,
			   size_t size);

/*
 * The files of the line program at off of .debug_line, in order, to fn.
 * 0; -1 when the header is not one this reads (the caller asks libdw),
 * or fn returned nonzero.
 */
int kpt_dwarf_linehdr_files(const struct kpt_dwarf_linehdr_in *in,
			    uint64_t off);

#endif /* KPT_DWARF_LINEHDR_H */
