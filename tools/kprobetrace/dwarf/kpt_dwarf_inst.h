/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): a function's instances in the DWARF (kpt_dwarf_inst.c),
 * for the probe points (kpt_dwarf_point.c): the out-of-line copy and each
 * inlined copy, with where the function is declared and where the next
 * one in its file starts.
 */
#ifndef KPT_DWARF_INST_H
#define KPT_DWARF_INST_H

#include "kpt_dwarf_internal.h"

#define KPT_DW_MAX_INST 256

struct kpt_dw_inst {
	Dwarf_Die die;		/* subprogram (out-of-line) or inlined copy */
	bool inlined;
};

struct kpt_dw_finder {
	const struct kpt_dwarf_spec *s;
	struct kpt_dwarf *d;
	struct kpt_dw_inst inst[KPT_DW_MAX_INST];
	int n;
	int decl_line;		/* of the first function found */
	int next_decl;		/* the next function's in that file, or 0 */
	char decl_file[512];
	bool found;		/* a DIE of that name (code or not) */
	bool overflow;		/* more than KPT_DW_MAX_INST copies */
};

/*
 * The instances of s->func in d into f: KPT_EXIT_OK, or an exit code
 * with the message in err.
 */
int kpt_dwarf_find_func(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
			struct kpt_dw_finder *f, char *err, size_t errlen);

#endif /* KPT_DWARF_INST_H */
