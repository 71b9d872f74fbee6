// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add: a probe by parameter names, typed from BTF.
 *
 *   add [-e EVENT] [-n] [-v] [--offsets] 'FUNC[%return|+OFFS] [NAME=]EXPR[:TYPE]...'
 *
 * EXPR is a parameter with an optional member chain (how->flags,
 * file->f_path.dentry->d_name.name, p->a[2].b), $retval (with a chain) in a
 * return probe, or any fetch argument of the module's syntax, passed as it
 * is (%di, +8($arg3), @jiffies).  No EXPR: every parameter (entry) or
 * $retval (return).
 *
 * The command resolves every name itself (it checks them and picks the
 * type), then writes either the names (how_flags=how->flags:u64) when
 * the module takes them, which its README says with the kernel's line
 * "<argname>[->field[->field|.field...]]", or the offsets
 * (how_flags=+0($arg3):u64) otherwise and with --offsets.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_add_def.h"
#include "cmd_add_func.h"
#include "cmd_add_watch.h"
#include "cmd_add_line.h"
#include "cmd_dwarf_opts.h"
#include "kpt_btf_fetch.h"
#include "kpt_cmd.h"
#include "kpt_patched.h"
#include "kpt_dwarf.h"
#include "kpt_probe_def.h"

static const char add_usage_head[] =
"usage: kprobetrace add [-e [GRP/]EVENT] [-n] [-v] [--offsets] 'FUNC[%return|+OFFS] [ARG...]'\n"
"       kprobetrace add [-n] 't[:[GRP/]EVENT] [MOD:]TRACEPOINT [ARG...]'\n"
"       kprobetrace add [-n] 'e[:[GRP/]EVENT] SYSTEM.EVENT [ARG...] [if FILTER]'\n"
"       kprobetrace add -w [-e [GRP/]EVENT] [-n] '[r|w|rw]@ADDR|SYM[+OFFS][:LEN] [ARG...]'\n"
"       kprobetrace add [-e [GRP/]EVENT] [-n] [-m MOD] [--debuginfo FILE]\n"
"                       [--build-id HEX] [--no-inlines] [--no-index] [--per-copy]\n"
"                       'LINEPOINT [ARG...]'\n"
"\n"
"Define a probe on FUNC whose arguments are named by the function's\n"
"parameters, resolved with BTF (/sys/kernel/btf/vmlinux, or the module's\n"
"/sys/kernel/btf/MOD), and write it to kprobe_events. Prints the line.\n"
"\n"
"ARG is [NAME=]EXPR[:TYPE], EXPR being\n"
"  PARAM                 a parameter:            dfd, filename\n"
"  PARAM->M.N[I]...      a member chain:         how->flags,\n"
"                        file->f_path.dentry->d_name.name\n"
"  $retval[->M...]       the return value (FUNC%return only)\n"
"  $duration             ns since the call's entry (FUNC%return only)\n"
"  anything else         a raw fetch argument:   %di, +8($arg3), @jiffies\n"
"TYPE defaults to the C type's: signed/unsigned integers sN/uN, bool u8,\n"
"pointers x64, char pointers and arrays string, bitfields b<w>@<o>/<c>.\n"
"Without ARGs: every parameter (entry probe) or $retval (return probe).\n"
"\n"
"-w (--watch): a watchpoint probe (the module's w:, hardware breakpoints):\n"
"every write (w) or read and write (rw, the default) of LEN bytes (1, 2,\n"
"4, 8; default 4) at ADDR or SYM; ARG: $addr, $value (+0($addr)), $comm,\n"
"@SYM, \\IMM, +OFFS() of them, each [NAME=]...[:TYPE]. At most 4 at once.\n"
"\n"
"LINEPOINT (DWARF: the debug info found by build-id, see kprobetrace\n"
"lines) is FUNC:REL (REL lines after FUNC's first), FILE:LINE or\n"
"FUNC@FILE[:REL]; ARG is then [NAME=]VAR[.M|->M|[I]...][:TYPE], a parameter or\n"
"local in scope there, fetched where DWARF says it is at that address: a\n"
"register, the stack (+OFFS(%sp) from the frame's CFA), memory through a\n"
"dereference chain, or a constant (\\IMM); a struct split over registers\n"
"(DWARF pieces): VAR.M from its register, VAR a field per member; raw\n"
"fetch arguments as above. VAR@FUNC is FUNC's VAR where another copy's\n"
"VAR hides it (a caller's x under an inlined callee's x: x@CALLER; vars\n"
"lists it so).\n"
"A line with several copies (an inlined function) gets one probe per\n"
"copy, all on one event (the module's lifecycle seed cannot: refused,\n"
"or --per-copy). An optimized-out variable, or a location the\n"
"module cannot fetch (bit pieces, entry values, register + offset), is an\n"
"error saying which (exit 11).\n"
"\n"
"The line written names what it fetches (how_flags=how->flags:u64)\n"
"when the module takes BTF names (its README has \"<argname>\"), else it\n"
"has the offsets the command resolved (how_flags=+0($arg3):u64). A member\n"
"chain with an index (p->a[2]) and a string read at a pointer that is not\n"
"a char pointer are always written as offsets.\n"
"\n"
"options:\n"
"  -e, --event [GRP/]EVENT  event name (default FUNC, FUNC__return or\n"
"                           FUNC_OFFS) and group (default kprobetrace)\n"
"  -n, -D, --dry-run        print the line(s), do not write them\n"
"  -v, --verbose            also show each argument's C type and the form\n"
"      --offsets            write (with -n: show) the offset form, also when\n"
"                           the module takes names\n"
"  -h, --help               this help\n"
"DWARF options (LINEPOINT, or FUNC only inlined with --debuginfo):\n";

static const char add_usage_tail[] =
"      --per-copy        a line with several copies under the module's\n"
"                        lifecycle seed (where a second definition of an\n"
"                        event replaces the first): one event per copy,\n"
"                        EVENT, EVENT_1, ... (else refused; lifecycle\n"
"                        today: one event over every copy)\n"
"\n"
"A __user char pointer needs :ustring (the module's string reads kernel\n"
"memory; BTF marks __user only on kernels built with type tags, not\n"
"Debian 12's).\n"
"exit: 0 ok, 2 usage, 3 unknown function, 4 unknown parameter/member,\n"
"      5 type mismatch, 6 refused by the module, 7 module not loaded,\n"
"      9 no matching debug info, 10 no code at that line, 11 variable\n"
"      optimized out or not translatable\n";

/*
 * FUNC, MOD:FUNC, FUNC+OFFS or FUNC%return, read by the shared parser
 * (common/kpt_parse.c) as the probe point of "p TOK": the command accepts
 * exactly what the module does there.
 */
static int parse_point(const char *tok, struct add_req *q)
{
	struct kpt_probe_def *def = calloc(1, sizeof(*def));
	struct kpt_parse_error perr;
	char line[620];
	int r = KPT_EXIT_USAGE;

	if (!def) {
		kpt_err("out of memory");
		return KPT_EXIT_USAGE;
	}
	if (snprintf(line, sizeof(line), "p %s", tok) >= (int)sizeof(line)) {
		kpt_err("probe point too long");
		goto out;
	}
	if (kpt_parse_probe(line, strlen(line), def, &perr)) {
		kpt_err("'%s': %s", tok, kpt_parse_strerror(perr.code));
		goto out;
	}
	if (def->loc != KPT_LOC_SYMBOL || def->nargs) {
		kpt_err("'%s': no function", tok);
		goto out;
	}
	if (def->offset < 0) {
		kpt_err("'%s': bad offset", tok);
		goto out;
	}
	q->is_return = def->kind == KPT_PROBE_RETURN;
	q->offs = (long)def->offset;
	snprintf(q->module, sizeof(q->module), "%.63s",
		 def->module ? kpt_def_str(def, def->module) : "");
	snprintf(q->func, sizeof(q->func), "%.511s",
		 kpt_def_str(def, def->symbol));
	snprintf(q->point, sizeof(q->point), "%s%s%s", q->module,
		 q->module[0] ? ":" : "", q->func);
	if (q->offs)
		snprintf(q->point + strlen(q->point),
			 sizeof(q->point) - strlen(q->point), "+%ld", q->offs);
	r = 0;
out:
	free(def);
	return r;
}

static void default_event(struct add_req *q)
{
	char *s;

	if (q->is_return)
		snprintf(q->event, sizeof(q->event), "%.60s__return", q->func);
	else if (q->offs)
		snprintf(q->event, sizeof(q->event), "%.50s_%ld", q->func,
			 q->offs);
	else
		snprintf(q->event, sizeof(q->event), "%.64s", q->func);
	for (s = q->event; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9') || *s == '_'))
			*s = '_';
	q->event[64] = '\0';
}

/* The definition, with the arguments as written (offsets: as offsets). */
static void make_line(const struct add_req *q, const struct add_arg *a,
		      int n, bool offsets, char *line, size_t size)
{
	size_t len = (size_t)snprintf(line, size, "%c:%s %s",
				      q->is_return ? 'r' : 'p', q->event,
				      q->point);

	for (int i = 0; i < n && len < size; i++)
		len += snprintf(line + len, size - len, " %s",
				offsets ? a[i].otext : a[i].text);
}

/*
 * After a refusal: is FUNC+OFFS in code the kernel patches (a jump label
 * or static call, which register_kprobe() refuses)?  A note says so.
 */
static void explain_patched(const struct add_req *q)
{
	const struct kpt_sym *sym;
	const char *what;
	uint64_t start;
	unsigned int len;
	char name[600], at[300];
	int n;

	snprintf(name, sizeof(name), "%s%s%s", q->module,
		 q->module[0] ? ":" : "", q->func);
	if (q->offs <= 0 || kpt_ksyms_load())
		return;
	sym = kpt_ksyms_find(name, &n);
	if (!sym || n != 1 || !sym->addr ||
	    kpt_patched_find(sym->module, sym->addr + q->offs, &start, &len,
			     &what) != 1 || !kpt_patched_kernel_refuses(what))
		return;
	kpt_ksyms_fmt(start, at, sizeof(at));
	kpt_note("%s+%ld is in %s (%u bytes at %s, %s): the kernel refuses a probe there; `kprobetrace where %s` shows the offsets it takes",
		 name, q->offs, what, len, at, kpt_patched_how(what), name);
}

/* add's command line: its own options and the DWARF ones */
struct add_cli {
	struct dwarf_opts dw;
	bool dry, verbose, offsets, watch;
};

static int add_usage(FILE *f, int r)
{
	fputs(add_usage_head, f);
	fputs(dwarf_opts_help, f);
	fputs(add_usage_tail, f);
	return r;
}

/* The options into cli and q.event; -1 to go on, else the exit code. */
static int add_options(int argc, char **argv, struct add_cli *cli,
		       struct add_req *q)
{
	static const struct option own[] = {
		{ "event", required_argument, NULL, 'e' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "offsets", no_argument, NULL, 'O' },
		{ "watch", no_argument, NULL, 'w' },
		{ 0 }
	};
	const struct option *opts;
	int c;

	cli->dw.extra = DWARF_OPT_PER_COPY;
	opts = dwarf_opts_table(own, cli->dw.extra);
	while ((c = getopt_long(argc, argv, "+e:nDvhm:w", opts, NULL)) != -1) {
		if (dwarf_opt(c, optarg, &cli->dw))
			continue;
		switch (c) {
		case 'e':
			snprintf(q->event, sizeof(q->event), "%s", optarg);
			if (!kpt_valid_event_name(q->event)) {
				kpt_err("bad event name '%s' ([GRP/]EVENT: letters, digits, _; at most 64 each)",
					optarg);
				return KPT_EXIT_USAGE;
			}
			break;
		case 'n':
		case 'D': cli->dry = true; break;
		case 'v': cli->verbose = true; break;
		case 'h': return add_usage(stdout, 0);
		case 'O': cli->offsets = true; break;
		case 'w': cli->watch = true; break;
		default: return add_usage(stderr, KPT_EXIT_USAGE);
		}
	}
	return -1;
}

/* The rest of the spec's words: q's arguments. */
static int add_take_args(struct add_req *q, char **save)
{
	char *tok;

	while ((tok = strtok_r(NULL, " \t\n", save))) {
		if (q->nargs == MAX_ARGS) {
			kpt_err("at most %d arguments", MAX_ARGS);
			return KPT_EXIT_USAGE;
		}
		q->args[q->nargs++] = tok;
	}
	return 0;
}

/*
 * BTF for the function when an argument names something (or none is
 * given): *have_btf.  A function BTF lacks but a named debug file has
 * (only inlined) is added at its entry from DWARF.  -1 to go on.
 */
static int add_func_btf(struct add_req *q, const struct add_cli *cli,
			struct kpt_btf_func *f, bool *have_btf)
{
	static char err[KPT_ERRMSG_MAX];
	struct add_line_opts lo = { cli->dw.no_inlines, cli->dw.per_copy,
				    cli->dry };
	bool any_sym = false, want_btf = false;
	char copy[KPT_FETCH_MAX * 2], *name, *expr, *type;
	int r;

	for (int i = 0; i < q->nargs; i++) {
		snprintf(copy, sizeof(copy), "%s", q->args[i]);
		add_split_arg(copy, &name, &expr, &type);
		any_sym |= kpt_btf_is_symbolic(expr) && !add_seed_token(expr);
		want_btf |= !strncmp(expr, "$retval", 7);
	}
	if (!any_sym && !want_btf && (q->nargs || q->offs))
		return -1;
	r = add_load_func(q, f, err, sizeof(err));
	*have_btf = !r;
	if (r && !q->offs && !q->is_return) {
		/* a debug file named: a function only its DWARF has */
		int d = add_dwarf_func(q->func, q->module, &cli->dw.src, &lo,
				       q->event, q->args, q->nargs);

		if (d >= 0)
			return d;
	}
	if (r && (any_sym || !add_in_kallsyms(q))) {
		kpt_err("%s", err);
		return r;
	}
	if (r && !q->nargs)
		kpt_note("%s: a probe without arguments", err);
	return -1;
}

/* A function point: its arguments built, the line checked and written. */
static int add_func_point(struct add_req *q, const struct add_cli *cli)
{
	static struct add_arg args[MAX_ARGS];
	static char defaults[MAX_ARGS][KPT_FETCH_MAX];
	static char line[KPT_LINE_MAX + 1];
	struct kpt_btf_func f = { 0 };
	bool have_btf = false, names;
	int r, ntok = 0;

	r = add_inlined_return(q->func, q->module, q->is_return, &cli->dw.src);
	if (r)
		return r;
	if (!q->event[0])
		default_event(q);
	r = add_func_btf(q, cli, &f, &have_btf);
	if (r >= 0)
		return r;
	if (!q->nargs && have_btf) {
		q->nargs = kpt_btf_default_args(&f, q->is_return, defaults,
						MAX_ARGS);
		for (int i = 0; i < q->nargs; i++)
			q->args[i] = defaults[i];
	}
	names = !cli->offsets && have_btf && add_module_takes_names();
	if (cli->verbose && have_btf)
		fprintf(stderr, "  writing %s\n", names ?
			"names (the module takes them: its README has <argname>)" :
			cli->offsets ? "offsets (--offsets)" :
			"offsets (the module's README has no <argname>)");
	for (int i = 0; i < q->nargs; i++) {
		r = add_build_arg(&f, have_btf, names, q, q->args[i], &args[ntok]);
		if (r)
			return r;
		if (cli->verbose && args[ntok].ctype[0])
			fprintf(stderr, "  %-40s %s\n", args[ntok].text,
				args[ntok].ctype);
		ntok++;
	}
	/*
	 * The offset form through the module's own parser (the names are
	 * the module's to check: the command resolved them already), then
	 * the line to write.
	 */
	make_line(q, args, ntok, true, line, sizeof(line));
	r = add_check_line(line);
	if (r)
		return r;
	if (names)
		make_line(q, args, ntok, false, line, sizeof(line));
	if (cli->dry) {
		printf("%s\n", line);
		return 0;
	}
	r = kpt_check_module();
	if (r)
		return r;
	r = add_write_line(line);
	printf("%s\n", line);
	if (r) {
		r = add_refused(r);
		explain_patched(q);
	}
	return r;
}

static int add_main(int argc, char **argv)
{
	static char spec[KPT_LINE_MAX];
	static struct add_req q;
	struct add_cli cli = { 0 };
	char *tok, *save;
	int r;

	memset(&q, 0, sizeof(q));
	r = add_options(argc, argv, &cli, &q);
	if (r >= 0)
		return r;
	/* t: and e: lines: as written (-e is the others' event name) */
	if (!cli.watch && optind < argc && add_is_kind_line(argv[optind])) {
		if (q.event[0]) {
			kpt_err("-e names the event of a function probe: write t:GRP/EVENT or e:GRP/EVENT");
			return KPT_EXIT_USAGE;
		}
		return add_kind_line(argc - optind, argv + optind, cli.dry);
	}
	if (cli.watch)
		return add_watch(q.event, argc - optind, argv + optind, cli.dry);
	/* The spec may be one quoted word or several. */
	spec[0] = '\0';
	for (int i = optind; i < argc; i++) {
		size_t l = strlen(spec);

		snprintf(spec + l, sizeof(spec) - l, "%s%s", l ? " " : "",
			 argv[i]);
	}
	tok = strtok_r(spec, " \t\n", &save);
	if (!tok)
		return add_usage(stderr, KPT_EXIT_USAGE);
	if (kpt_dwarf_is_line_point(tok)) {
		struct add_line_opts lo = { cli.dw.no_inlines,
					    cli.dw.per_copy, cli.dry };

		r = add_take_args(&q, &save);
		return r ? r : add_line_point(tok, &cli.dw.src, &lo, q.event,
					      q.args, q.nargs);
	}
	r = parse_point(tok, &q);
	if (!r)
		r = add_take_args(&q, &save);
	return r ? r : add_func_point(&q, &cli);
}

int kpt_cmd_add(int argc, char **argv)
{
	int r = add_main(argc, argv);

	add_free_btf();
	return r;
}
