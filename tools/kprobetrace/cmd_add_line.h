/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace add at a source line (cmd_add_line.c): the sites DWARF
 * gives for the line, one definition per site on one event; and the
 * refusal of FUNC%return on a function that is only inlined.
 *
 * Offers: add_line_point(), add_inlined_return(), add_dwarf_func().  Uses: DWARF
 * (kpt_dwarf.h), the way into the module (cmd_add_def.h).
 */
#ifndef KPT_CMD_ADD_LINE_H
#define KPT_CMD_ADD_LINE_H

#include <stdbool.h>
#include "kpt_dwarf.h"

/* How a line point is added */
struct add_line_opts {
	bool no_inlines;	/* --no-inlines: the out-of-line copy only */
	bool per_copy;		/* --per-copy: one event per copy (seed) */
	bool dry;		/* -n: print, do not write */
};

/* add on a source-line point: every site, one event; the exit code. */
int add_line_point(const char *point, const struct kpt_dwarf_src *src,
		   const struct add_line_opts *o, const char *event,
		   char **argv, int nargs);
/*
 * FUNC%return (is_return) on a function inlined in all its callers:
 * refused.  module: FUNC's ("" for vmlinux or not known) when src names
 * none.  0, or the exit code.
 */
int add_inlined_return(const char *func, const char *module, bool is_return,
		       const struct kpt_dwarf_src *src);
/*
 * FUNC [ARGS] with a debug file named (src->debuginfo) where the BTF has
 * no FUNC: when that DWARF has it (a function only inlined), add at
 * FUNC:0, its entry in every copy; the exit code.  -1 when it does not
 * apply (no debug file, FUNC not in it): the BTF's error stands.
 */
int add_dwarf_func(const char *func, const char *module,
		   const struct kpt_dwarf_src *src,
		   const struct add_line_opts *o, const char *event,
		   char **argv, int nargs);

#endif
