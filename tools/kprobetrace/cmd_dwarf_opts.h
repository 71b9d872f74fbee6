/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DWARF options add, lines and vars share (cmd_dwarf_opts.c): one
 * table, one handler, one help text.
 *
 * Offers: struct dwarf_opts, dwarf_opts_table(), dwarf_opt(),
 * dwarf_opts_help.  Uses: DWARF (kpt_dwarf.h: the source, the index).
 */
#ifndef KPT_CMD_DWARF_OPTS_H
#define KPT_CMD_DWARF_OPTS_H

#include <getopt.h>
#include <stdbool.h>
#include "kpt_dwarf.h"

/* options only some commands take (the rest are everyone's) */
#define DWARF_OPT_SOURCE	1u	/* -s, --source DIR: lines */
#define DWARF_OPT_PER_COPY	2u	/* --per-copy: add */

struct dwarf_opts {
	struct kpt_dwarf_src src;	/* -m, --debuginfo, --build-id */
	bool no_inlines;		/* --no-inlines */
	bool per_copy;			/* --per-copy */
	const char *srcdir;		/* -s, --source */
	unsigned int extra;		/* DWARF_OPT_*: what this command takes */
};

/*
 * The command's own options (own, ending with a zero entry), then the
 * DWARF ones it takes (extra: DWARF_OPT_*), for getopt_long(); kept in
 * a static buffer until the next call.
 */
const struct option *dwarf_opts_table(const struct option *own,
				      unsigned int extra);
/* Option c (getopt_long's value) when it is a DWARF one: true, taken. */
bool dwarf_opt(int c, const char *arg, struct dwarf_opts *o);

/* The help lines of the options every DWARF command takes. */
extern const char dwarf_opts_help[];

#endif
