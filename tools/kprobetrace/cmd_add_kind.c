// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add 't[:[GRP/]EVENT] TRACEPOINT [ARGS]' and
 * 'e[:[GRP/]EVENT] SYSTEM.EVENT [ARGS] [if FILTER]': a tracepoint probe
 * or an event probe, written as the module takes it (its prefix as
 * written: -e names the event of the other forms).  The module resolves
 * its names (a tracepoint's arguments by BTF, an event's fields); the
 * command checks the line with the module's parser, prints it, writes it.
 */
#include <stdio.h>
#include <string.h>
#include "cmd_add_def.h"
#include "kpt_cmd.h"
#include "kpt_probe_def.h"

/* tok: the first argument, the line's first word and maybe more */
bool add_is_kind_line(const char *tok)
{
	return (tok[0] == 't' || tok[0] == 'e') &&
	       (tok[1] == '\0' || tok[1] == ':' || tok[1] == ' ' ||
		tok[1] == '\t');
}

int add_kind_line(int argc, char **argv, bool dry)
{
	static char line[KPT_LINE_MAX + 1];
	size_t l = 0;

	for (int i = 0; i < argc; i++) {
		int n = snprintf(line + l, sizeof(line) - l, "%s%s",
				 l ? " " : "", argv[i]);

		if (n < 0 || (size_t)n >= sizeof(line) - l) {
			kpt_err("the definition is longer than %d bytes",
				KPT_LINE_MAX);
			return KPT_EXIT_USAGE;
		}
		l += n;
	}
	return add_submit_line(line, dry);
}
