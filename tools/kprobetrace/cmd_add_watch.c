// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add -w 'SPEC [ARG...]': a watchpoint probe, the module's
 * w: line ([r|w|rw]@ADDR|SYM[+|-OFFS][:LEN] with $addr, $value, ...),
 * checked by the module's parser, printed and written.
 */
#include <stdio.h>
#include <string.h>
#include "cmd_add_def.h"
#include "cmd_add_watch.h"
#include "kpt_cmd.h"
#include "kpt_probe_def.h"

int add_watch(const char *event, int argc, char **argv, bool dry)
{
	static char line[KPT_LINE_MAX + 1];
	size_t n;
	int i;

	if (!argc) {
		kpt_err("add -w: no watchpoint ([r|w|rw]@ADDR|SYM[+OFFS][:LEN])");
		return KPT_EXIT_USAGE;
	}
	n = snprintf(line, sizeof(line), "w%s%s", event[0] ? ":" : "", event);
	for (i = 0; i < argc && n < sizeof(line); i++)
		n += snprintf(line + n, sizeof(line) - n, " %s", argv[i]);
	if (n >= sizeof(line)) {
		kpt_err("definition too long");
		return KPT_EXIT_USAGE;
	}
	return add_submit_line(line, dry);
}
