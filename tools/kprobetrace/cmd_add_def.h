/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace add: a definition's way into the module (cmd_add_def.c),
 * the same for a function point (cmd_add.c) and a source-line point
 * (cmd_add_line.c).
 *
 * Offers: the argument splitter, the seed-token test, the check (the
 * module's own parser), the write and its refusal, and the README test of
 * whether the module appends probes to an event.
 */
#ifndef KPT_CMD_ADD_DEF_H
#define KPT_CMD_ADD_DEF_H

#include <stdbool.h>

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
/*
 * A line as written: checked by the module's parser, printed, and unless
 * dry written to kprobe_events; the exit code.
 */
int add_submit_line(const char *line, bool dry);
/* Does the module append a probe to an existing event? */
bool add_module_appends(void);
/* t:/e: lines, passed as written (cmd_add_kind.c): tok is the first word */
bool add_is_kind_line(const char *tok);
int add_kind_line(int argc, char **argv, bool dry);

#endif
