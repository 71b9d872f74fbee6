/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace add, inside: what its two files share.  cmd_add.c takes
 * function points (BTF names and offsets) and the command line;
 * cmd_add_line.c takes source-line points (DWARF) and refuses %return on
 * a function that is only inlined.
 *
 * Offers: struct add_req; the argument splitter, the seed-token test,
 * the check (the module's own parser), the write and its error, and the
 * README test of whether the module appends probes to an event.
 */
#ifndef KPT_CMD_ADD_H
#define KPT_CMD_ADD_H

#include <stdbool.h>
#include "kpt_dwarf.h"

#define MAX_ARGS 64

struct add_req {
	char point[600];	/* [MOD:]FUNC[+OFFS] as written to the kernel */
	char func[512];
	char module[64];
	long offs;
	bool is_return;
	char event[140];
	int nargs;
	char *args[MAX_ARGS];
};

/* [NAME=]EXPR[:TYPE] split in place; the pointers are into buf. */
void add_split_arg(char *buf, char **name, char **expr, char **type);
/* The seed's tokens (aN, sN, sa, rv, ra) and a bare $retval. */
bool add_seed_token(const char *s);
/* 0, or KPT_EXIT_USAGE after saying why the module's parser refuses it. */
int add_check_line(const char *line);
/* Write one definition to kprobe_events: 0 or -errno. */
int add_write_line(const char *line);
/* Say why the module refused (its error log too); the exit code. */
int add_refused(int r);
/* Does the module append a probe to an existing event? */
bool add_module_appends(void);

/* add on a source-line point: every site, one event; the exit code. */
int add_line_point(const char *point, const struct kpt_dwarf_src *src,
		   bool no_inlines, const char *event, char **argv, int nargs,
		   bool dry);
/* FUNC%return on a function inlined in all its callers: refused. */
int add_inlined_return(const struct add_req *q,
		       const struct kpt_dwarf_src *src);

#endif
