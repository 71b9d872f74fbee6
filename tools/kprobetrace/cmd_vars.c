// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace vars: the parameters and locals at a probe point, their C
 * types and the fetch argument of each there (DWARF, kpt_dwarf.h).
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "kpt_cmd.h"
#include "kpt_dwarf.h"

static const char vars_usage[] =
"usage: kprobetrace vars [-m MOD] [--debuginfo FILE] [--build-id HEX] [--no-inlines]\n"
"                        [--no-index]\n"
"                        [--range] [--externs] POINT\n"
"\n"
"POINT is FUNC:REL, FUNC@FILE[:REL] or FILE:LINE (see kprobetrace lines).\n"
"For each address of the point (every inlined copy), print the\n"
"parameters and locals in scope there, innermost first (then those of\n"
"its callers and of inlined copies live there, marked \"(FUNC's)\"): C\n"
"type, name, and\n"
"the fetch argument that reads the value at that very address (%REG,\n"
"+OFFS(%sp) for the stack, \\IMM for a constant), or why there is none\n"
"(\"optimized out\", a location kprobetrace cannot translate).\n"
"\n"
"options:\n"
"  -m, --module MOD      a module's function or file\n"
"      --debuginfo FILE  this debug file (vmlinux, MOD.ko, .debug)\n"
"      --build-id HEX    the build-id FILE must have (offline use)\n"
"      --no-inlines      only the out-of-line copy of a function, not its\n"
"                        inlined copies\n"
"      --no-index        read every compile unit, without the index kept by\n"
"                        build-id in ~/.cache/kprobetrace/dwarf/ (built by\n"
"                        the first lookup)\n"
"      --range           also where each variable has a location (its\n"
"                        location list's ranges, as SYMBOL offsets)\n"
"      --externs         also the globals of the compile unit (@SYM)\n"
"  -h, --help            this help\n"
"exit: 0 ok, 2 usage, 3 unknown function or file, 9 no matching debug\n"
"      info, 10 no code at that line\n";

static const struct option vars_opts[] = {
	{ "module", required_argument, NULL, 'm' },
	{ "debuginfo", required_argument, NULL, 'D' },
	{ "build-id", required_argument, NULL, 'B' },
	{ "no-inlines", no_argument, NULL, 'I' },
	{ "no-index", no_argument, NULL, 'Z' },
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
	struct kpt_dwarf_src src = { 0 };
	struct kpt_dwarf_spec spec;
	struct kpt_dwarf *d;
	bool no_inlines = false;
	unsigned int flags = 0;
	int c, r, n;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+m:h", vars_opts, NULL)) != -1) {
		switch (c) {
		case 'm': src.module = optarg; break;
		case 'D': src.debuginfo = optarg; break;
		case 'B': src.build_id = optarg; break;
		case 'I': no_inlines = true; break;
		case 'Z': kpt_dwarf_no_index = true; break;
		case 'R': flags |= KPT_DWARF_RANGES; break;
		case 'X': flags |= KPT_DWARF_EXTERNS; break;
		case 'h': fputs(vars_usage, stdout); return 0;
		default: fputs(vars_usage, stderr); return KPT_EXIT_USAGE;
		}
	}
	if (optind + 1 != argc) {
		fputs(vars_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	r = kpt_dwarf_open_spec(&src, argv[optind], false, no_inlines, &spec,
				&d, err, sizeof(err));
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
