// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace vars: the parameters and locals at a probe point, their C
 * types and the fetch argument of each there (DWARF, kpt_dwarf.h).
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "cmd_dwarf_opts.h"
#include "kpt_cmd.h"
#include "kpt_dwarf.h"

static const char vars_usage_head[] =
"usage: kprobetrace vars [-m MOD] [--debuginfo FILE] [--build-id HEX] [--no-inlines]\n"
"                        [--no-index]\n"
"                        [--range] [--externs] POINT\n"
"\n"
"POINT is FUNC:REL, FUNC@FILE[:REL] or FILE:LINE (see kprobetrace lines).\n"
"For each address of the point (every inlined copy), print the\n"
"parameters and locals in scope there, innermost first (then those of\n"
"its callers and of inlined copies live there, marked \"(FUNC's)\";\n"
"a name the site's own variable hides as NAME@FUNC, as add takes it): C\n"
"type, name, and\n"
"the fetch argument that reads the value at that very address (%REG,\n"
"+OFFS(%sp) for the stack, \\IMM for a constant), or why there is none\n"
"(\"optimized out\", a location kprobetrace cannot translate).\n"
"\n"
"options:\n";

static const char vars_usage_tail[] =
"      --range           also where each variable has a location (its\n"
"                        location list's ranges, as SYMBOL offsets)\n"
"      --externs         also the globals of the compile unit (@SYM)\n"
"  -h, --help            this help\n"
"exit: 0 ok, 2 usage, 3 unknown function or file, 9 no matching debug\n"
"      info, 10 no code at that line\n";

static int vars_usage(FILE *f, int r)
{
	fputs(vars_usage_head, f);
	fputs(dwarf_opts_help, f);
	fputs(vars_usage_tail, f);
	return r;
}

/* vars' own options; the DWARF ones are cmd_dwarf_opts.c's */
static const struct option vars_opts[] = {
	{ "range", no_argument, NULL, 'R' },
	{ "externs", no_argument, NULL, 'X' },
	{ "help", no_argument, NULL, 'h' },
	{ 0 }
};

static void one_var(void *ctx, const struct kpt_dwarf_var *v)
{
	char decl[300];

	(void)ctx;
	snprintf(decl, sizeof(decl), "%s%s%s", v->ctype,
		 v->ctype[strlen(v->ctype) - 1] == '*' ? "" : " ", v->name);
	printf("    %-6s %-32s %s%s%s%s%s%s\n",
	       v->global ? "global" : v->param ? "param" : "local", decl,
	       v->fetch[0] ? v->fetch : "(", v->fetch[0] ? "" : v->why,
	       v->fetch[0] ? "" : ")", v->owner[0] ? "  (" : "", v->owner,
	       v->owner[0] ? "'s)" : "");
	if (v->ranges[0])
		printf("          live: %s\n", v->ranges);
}

int kpt_cmd_vars(int argc, char **argv)
{
	static char err[KPT_ERRMSG_MAX];
	static struct kpt_dwarf_site sites[KPT_DWARF_MAX_SITES];
	struct dwarf_opts o = { 0 };
	const struct option *opts = dwarf_opts_table(vars_opts, 0);
	struct kpt_dwarf_spec spec;
	struct kpt_dwarf *d;
	unsigned int flags = 0;
	int c, r, n;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+m:h", opts, NULL)) != -1) {
		if (dwarf_opt(c, optarg, &o))
			continue;
		switch (c) {
		case 'R': flags |= KPT_DWARF_RANGES; break;
		case 'X': flags |= KPT_DWARF_EXTERNS; break;
		case 'h': return vars_usage(stdout, 0);
		default: return vars_usage(stderr, KPT_EXIT_USAGE);
		}
	}
	if (optind + 1 != argc)
		return vars_usage(stderr, KPT_EXIT_USAGE);
	r = kpt_dwarf_open_spec(&o.src, argv[optind], false, o.no_inlines,
				&spec, &d, err, sizeof(err));
	if (r) {
		kpt_err("%s", err);
		return r;
	}
	r = kpt_dwarf_sites(d, &spec, sites, KPT_DWARF_MAX_SITES, &n, err,
			    sizeof(err));
	for (int i = 0; !r && i < n; i++) {
		printf("%s+0x%" PRIx64 " (%s:%d, %s%s%s)\n", sites[i].sym,
		       sites[i].off, sites[i].file, sites[i].line,
		       sites[i].func, sites[i].inlined ? " inline in " : "",
		       sites[i].inlined ? sites[i].caller : "");
		r = kpt_dwarf_vars(d, &sites[i], flags, one_var, NULL, err,
				   sizeof(err));
	}
	if (r)
		kpt_err("%s", err);
	kpt_dwarf_close(d);
	return r;
}
