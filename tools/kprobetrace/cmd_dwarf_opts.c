// SPDX-License-Identifier: GPL-2.0
/*
 * The DWARF options of add, lines and vars (cmd_dwarf_opts.h): the debug
 * file (-m, --debuginfo, --build-id), the copies (--no-inlines), the
 * index (--no-index), and those of one command (--source, --per-copy).
 */
#include <string.h>
#include "cmd_dwarf_opts.h"

enum {
	DWO_DEBUGINFO = 0x100, DWO_BUILD_ID, DWO_NO_INLINES, DWO_NO_INDEX,
	DWO_PER_COPY,
};

static const struct {
	struct option o;
	unsigned int only;	/* DWARF_OPT_*, 0: every command's */
} dwarf_opts[] = {
	{ { "module", required_argument, NULL, 'm' }, 0 },
	{ { "debuginfo", required_argument, NULL, DWO_DEBUGINFO }, 0 },
	{ { "build-id", required_argument, NULL, DWO_BUILD_ID }, 0 },
	{ { "no-inlines", no_argument, NULL, DWO_NO_INLINES }, 0 },
	{ { "no-index", no_argument, NULL, DWO_NO_INDEX }, 0 },
	{ { "source", required_argument, NULL, 's' }, DWARF_OPT_SOURCE },
	{ { "per-copy", no_argument, NULL, DWO_PER_COPY }, DWARF_OPT_PER_COPY },
};

#define N_DWARF_OPTS (sizeof(dwarf_opts) / sizeof(dwarf_opts[0]))

const char dwarf_opts_help[] =
"  -m, --module MOD      a module's function or file (default: the\n"
"                        module kallsyms says holds FUNC, else vmlinux)\n"
"      --debuginfo FILE  this debug file (vmlinux, MOD.ko, .debug)\n"
"      --build-id HEX    the build-id FILE must have (offline use)\n"
"      --no-inlines      only the out-of-line copy of a function, not its\n"
"                        inlined copies\n"
"      --no-index        read every compile unit, without the index kept by\n"
"                        build-id in ~/.cache/kprobetrace/dwarf/ (built by\n"
"                        the first lookup)\n";

const struct option *dwarf_opts_table(const struct option *own,
				      unsigned int extra)
{
	static struct option t[48];
	size_t n = 0;

	while (own[n].name && n < sizeof(t) / sizeof(t[0]) - N_DWARF_OPTS - 1) {
		t[n] = own[n];
		n++;
	}
	for (size_t i = 0; i < N_DWARF_OPTS; i++)
		if (!dwarf_opts[i].only || (dwarf_opts[i].only & extra))
			t[n++] = dwarf_opts[i].o;
	memset(&t[n], 0, sizeof(t[n]));
	return t;
}

bool dwarf_opt(int c, const char *arg, struct dwarf_opts *o)
{
	switch (c) {
	case 'm': o->src.module = arg; break;
	case DWO_DEBUGINFO: o->src.debuginfo = arg; break;
	case DWO_BUILD_ID: o->src.build_id = arg; break;
	case DWO_NO_INLINES: o->no_inlines = true; break;
	case DWO_NO_INDEX: kpt_dwarf_no_index = true; break;
	case 's':
		if (!(o->extra & DWARF_OPT_SOURCE))
			return false;
		o->srcdir = arg;
		break;
	case DWO_PER_COPY: o->per_copy = true; break;
	default: return false;
	}
	return true;
}
