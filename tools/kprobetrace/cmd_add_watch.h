/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace add -w: a watchpoint probe (w:), its spec and arguments
 * passed to the module as they are (cmd_add_watch.c).
 */
#ifndef KPT_CMD_ADD_WATCH_H
#define KPT_CMD_ADD_WATCH_H

#include <stdbool.h>

/*
 * "w[:EVENT] SPEC" then the words argv[0..argc) written to kprobe_events
 * (printed; not written when dry); the exit code.
 */
int add_watch(const char *event, int argc, char **argv, bool dry);

#endif
