// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a front end to the kprobetrace module's files.
 * See docs/kprobetrace.1 and kpt_cmd.h for the files of this folder.
 */
#include <stdio.h>
#include <string.h>
#include "kpt_cmd.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *what;
} cmds[] = {
	{ "add", kpt_cmd_add, "define a probe by parameter names (BTF), or at a source line with its locals (DWARF)" },
	{ "list", kpt_cmd_list, "list the probes" },
	{ "del", kpt_cmd_del, "delete probes" },
	{ "enable", kpt_cmd_enable, "arm events" },
	{ "disable", kpt_cmd_disable, "disarm events" },
	{ "clear", kpt_cmd_clear, "delete every probe" },
	{ "profile", kpt_cmd_profile, "hits and misses per event" },
	{ "trace", kpt_cmd_trace, "print hits as they happen" },
	{ "where", kpt_cmd_where, "a function's instructions and probe offsets" },
	{ "lines", kpt_cmd_lines, "source lines and where a probe on each goes (DWARF)" },
	{ "vars", kpt_cmd_vars, "variables at a probe point and how to fetch them (DWARF)" },
	{ "latency", kpt_cmd_latency, "histogram of functions' durations, percentiles, errors" },
	{ "errors", kpt_cmd_errors, "functions' failures: calls, errno returns, NULL returns" },
	{ "metrics", kpt_cmd_metrics, "configured functions' histograms and errors for Prometheus (textfile)" },
	{ "serve", kpt_cmd_serve, "the same metrics over HTTP for Prometheus to scrape" },
};

#define NCMDS (sizeof(cmds) / sizeof(cmds[0]))

static void usage(FILE *f)
{
	fprintf(f, "usage: kprobetrace COMMAND [ARGS]   (kprobetrace COMMAND --help)\n\n");
	for (size_t i = 0; i < NCMDS; i++)
		fprintf(f, "  %-9s %s\n", cmds[i].name, cmds[i].what);
	fprintf(f,
		"\nexit codes: 0 ok, 1 failure, 2 usage, 3 unknown function,\n"
		"  4 unknown parameter/member, 5 type mismatch, 6 refused by the\n"
		"  module, 7 module not loaded/no access, 8 no such event,\n"
		"  9 no matching debug info, 10 no code at that line, 11 variable\n"
		"  optimized out or not translatable, 12 not root (no access)\n"
		"files: /sys/kernel/tracing/kprobetrace/{kprobe_events,kprobe_profile,error_log,\n"
		"  latency,aggregate},\n"
		"  /sys/kernel/tracing/events/kprobetrace/, /sys/kernel/btf/, /proc/kcore\n");
}

int main(int argc, char **argv)
{
	const char *cmd;

	if (argc < 2) {
		usage(stderr);
		return KPT_EXIT_USAGE;
	}
	cmd = argv[1];
	if (!strcmp(cmd, "-h") || !strcmp(cmd, "--help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(cmd, "help")) {
		if (argc < 3) {
			usage(stdout);
			return 0;
		}
		cmd = argv[2];
		for (size_t i = 0; i < NCMDS; i++)
			if (!strcmp(cmds[i].name, cmd)) {
				char *hv[] = { argv[2], (char *)"--help", NULL };

				return cmds[i].fn(2, hv);
			}
	}
	for (size_t i = 0; i < NCMDS; i++)
		if (!strcmp(cmds[i].name, cmd))
			return cmds[i].fn(argc - 1, argv + 1);
	kpt_err("unknown command '%s'", cmd);
	usage(stderr);
	return KPT_EXIT_USAGE;
}
