// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace errors: how functions fail.  The session of latency
 * (kpt_latsess.c), one histogram per function, shown as a table: calls,
 * returns measured, failures (negative errno or ERR_PTR returns, where
 * $retval is signed), each errno's count, NULL returns (when the module
 * counts them).  --from-file FILE as latency's.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cmd_errors_ret.h"
#include "kpt_cmd.h"
#include "kpt_latsess.h"

static const char errors_usage[] =
"usage: kprobetrace errors [-d SECS] [-i SECS] [-p PID] [-c COMM] [--json]\n"
"                          [--ret TYPE] [--debuginfo FILE] FUNC|GLOB...\n"
"\n"
"Count how the functions return, until -d SECS have passed or Ctrl-C:\n"
"per function, the calls (where the module counts them), the returns\n"
"measured, the failures (a negative errno, or an ERR_PTR, returned: the\n"
"return value must be signed, which BTF says of int and long functions;\n"
"a module's function without BTF: the type from its DWARF (the .ko\n"
"built with -g, found by build-id, or --debuginfo), else unknown: a\n"
"long, where upper 32 bits of zero and lower ones of -4095..-1 as an\n"
"int count as that errno; --ret TYPE says it), each errno with its count\n"
"and share, and NULL returns of pointer functions (where the module\n"
"counts them). The events are those of kprobetrace latency -F, removed\n"
"at the end, on Ctrl-C and on any error.\n"
"  -d, --duration SECS   stop after SECS seconds (default: Ctrl-C)\n"
"  -i, --interval SECS   print every SECS seconds (each interval apart)\n"
"  -p, --pid PID         only calls by this thread group (aggregate file)\n"
"  -c, --comm COMM       only calls by tasks named COMM (aggregate file)\n"
"      --json            one JSON document at the end\n"
"      --ret TYPE        $retval's type (default: BTF's, else DWARF's,\n"
"                        else unknown: the rule above)\n"
"      --debuginfo FILE  the debug file of the functions' module (no BTF)\n"
"exit: 0 ok (also on Ctrl-C), 1 failure, 2 usage, 3 unknown function or no\n"
"      match for a glob, 6 refused by the module, 7 module not loaded,\n"
"      12 not root\n";

static void only_members(struct kpt_lh_set *set)
{
	bool m = false;
	int n = 0;

	for (int i = 0; i < set->n; i++)
		m |= strchr(set->v[i].label, ':') != NULL;
	for (int i = 0; m && i < set->n; i++)
		if (strchr(set->v[i].label, ':'))
			set->v[n++] = set->v[i];
	if (m)
		set->n = n;
}

static void show(struct kpt_lh_set *set, bool json, bool *first)
{
	only_members(set);
	if (!json) {
		kpt_lh_print_errors(stdout, set->v, set->n);
		return;
	}
	printf("%s\n  [", *first ? "" : ",");
	for (int i = 0; i < set->n; i++) {
		printf("%s", i ? ",\n   " : "");
		kpt_lh_json_errors(stdout, &set->v[i]);
	}
	printf("]");
	*first = false;
}

/* The command line beyond the session's own settings. */
struct errors_opts {
	double duration, interval;
	const char *from, *debuginfo;
	bool json;
};

/* Options into s and o; 0, or an exit code (-1: --help was printed). */
static int errors_options(int argc, char **argv, struct kpt_ls *s,
			  struct errors_opts *o)
{
	static const struct option opts[] = {
		{ "duration", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "pid", required_argument, NULL, 'p' },
		{ "comm", required_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'J' },
		{ "ret", required_argument, NULL, 'R' },
		{ "from-file", required_argument, NULL, 'f' },
		{ "debuginfo", required_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "+d:i:p:c:h", opts, NULL)) != -1) {
		switch (c) {
		case 'd':
			o->duration = strtod(optarg, &end);
			if (*end || !(o->duration > 0))
				goto bad;
			break;
		case 'i':
			o->interval = strtod(optarg, &end);
			if (*end || !(o->interval > 0))
				goto bad;
			break;
		case 'p':
			s->pid = strtol(optarg, &end, 10);
			if (*end || s->pid <= 0)
				goto bad;
			break;
		case 'c':
			if (!*optarg || strlen(optarg) > 15 || strpbrk(optarg, " \t\n"))
				goto bad;
			s->comm = optarg;
			break;
		case 'J': o->json = true; break;
		case 'R':
			if (!*optarg || strpbrk(optarg, " \t\n"))
				goto bad;
			s->rettype = optarg;
			break;
		case 'f': o->from = optarg; break;
		case 'G': o->debuginfo = optarg; break;
		case 'h': fputs(errors_usage, stdout); return -1;
		default: fputs(errors_usage, stderr); return KPT_EXIT_USAGE;
		}
	}
	return 0;
bad:
	kpt_err("errors: bad value '%s'", optarg);
	return KPT_EXIT_USAGE;
}

/* --from-file: a saved latency file's return values, shown. */
static int errors_from_file(const char *from, bool json, bool *first)
{
	struct kpt_lh_set set = { 0 };
	char *t = kpt_read_file(from, NULL);
	int r;

	if (!t) {
		kpt_err("%s: cannot read it", from);
		return KPT_EXIT_FAIL;
	}
	r = kpt_lh_parse(t, &set, NULL, NULL) ? KPT_EXIT_FAIL : 0;
	free(t);
	show(&set, json, first);
	kpt_lh_free(&set);
	return r;
}

/* Count until the duration ends or a signal, showing each interval. */
static int errors_loop(struct kpt_ls *s, const struct errors_opts *o,
		       bool *first)
{
	for (double el = 0;;) {
		struct kpt_lh_set set = { 0 };
		double step = o->interval ? o->interval : -1;

		if (o->duration && (step < 0 || el + step > o->duration))
			step = o->duration - el;
		kpt_ls_wait(step);
		el += step;
		if (kpt_ls_collect(s, &set))
			return KPT_EXIT_FAIL;
		if (o->interval && !o->json) {
			char ts[16];
			time_t now = time(NULL);

			strftime(ts, sizeof(ts), "%H:%M:%S", localtime(&now));
			printf("%s%s\n", *first ? "" : "\n", ts);
		}
		show(&set, o->json, first);
		kpt_lh_free(&set);
		fflush(stdout);
		if (kpt_ls_stop_now || !o->interval ||
		    (o->duration && el >= o->duration - 1e-3))
			return 0;
	}
}

/* A live session over the functions s names; its exit code. */
static int errors_live(struct kpt_ls *s, const struct errors_opts *o,
		       bool *first)
{
	int r;

	s->per_func = true;
	kpt_ls_signals();
	r = kpt_ls_check();
	if (!r && !s->rettype)
		errors_ret_type(s, o->debuginfo);
	if (!r)
		r = kpt_ls_start(s);
	if (r)
		return r;
	fprintf(stderr, "%s: counting the returns of %d function%s; %s\n",
		kpt_prog, s->npats, s->npats > 1 ? "s" : "",
		o->duration ? "until the duration ends or Ctrl-C" : "Ctrl-C ends");
	r = errors_loop(s, o, first);
	if (kpt_ls_stop(s) && !r)
		r = KPT_EXIT_FAIL;
	return r;
}

int kpt_cmd_errors(int argc, char **argv)
{
	struct kpt_ls s = { 0 };
	struct errors_opts o = { 0 };
	bool first = true;
	int r;

	r = errors_options(argc, argv, &s, &o);
	if (r)
		return r < 0 ? 0 : r;
	s.pats = argv + optind;
	s.npats = argc - optind;
	if (!s.npats && !o.from) {
		fputs(errors_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	if (o.json)
		printf("{\"intervals\": [");
	if (o.from) {
		r = errors_from_file(o.from, o.json, &first);
	} else {
		r = errors_live(&s, &o, &first);
		free(s.ev);
	}
	if (o.json)
		printf("\n]}\n");
	return r;
}
