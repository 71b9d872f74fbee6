// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace latency: how long functions take, as the module aggregates
 * it (the latency file): a log2 histogram with bars, the percentiles, the
 * coverage, per function (-F), per interval (-i), as a heatmap, JSON or
 * SVG.  The session (define, arm, read, remove) is kpt_latsess.c, the
 * views kpt_lathist.c, kpt_latout.c and kpt_svg.c.
 *
 * --from-file FILE (repeatable, one interval each; not in --help) reads
 * latency text instead of measuring: the host tests render fixtures so.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kpt_cmd.h"
#include "kpt_latsess.h"

static const char latency_usage[] =
"usage: kprobetrace latency [-F] [-i SECS] [-d SECS] [-p PID] [-c COMM]\n"
"                           [-u|-m] [--sort COL] [--heatmap] [--json]\n"
"                           [--svg FILE] [--ret TYPE] FUNC|GLOB...\n"
"\n"
"Measure how long the functions take, from their entry to their return,\n"
"until -d SECS have passed or Ctrl-C: one return event with $retval and\n"
"$duration over them all (an f: event over the set), which the module\n"
"aggregates in its latency file, then print a histogram of log2 rows\n"
"(merged from the module's log-linear buckets) with bars, the p50, p90,\n"
"p99, p99.9 and max (a percentile is the lower edge of its bucket: the\n"
"true value is at most 12.5% above it), the coverage (calls, calls not\n"
"measured for want of a free return slot, calls still in flight) and\n"
"the failures (negative errno returns) where $retval is signed.\n"
"The event is removed at the end, on Ctrl-C and on any error.\n"
"  -F, --per-function    a histogram per function (more than 20: one line\n"
"                        each, sorted by --sort)\n"
"  -i, --interval SECS   print every SECS seconds (each interval apart)\n"
"  -d, --duration SECS   stop after SECS seconds (default: Ctrl-C)\n"
"  -p, --pid PID         only calls of process PID (-p and -c need the\n"
"                        module's aggregate file)\n"
"  -c, --comm COMM       only calls by tasks named COMM\n"
"  -u, --usecs           microseconds (rows of powers of 2 microseconds)\n"
"  -m, --msecs           milliseconds\n"
"      --sort COL        count (default), p50, p99, max, err, name\n"
"      --heatmap         time x latency: a column per interval (-i, default\n"
"                        1s), darker = more calls\n"
"      --json            one JSON document at the end\n"
"      --svg FILE        an SVG picture of the histogram (or the heatmap)\n"
"      --ret TYPE        $retval's type (s32 for an int function without\n"
"                        BTF); default: BTF's, else a long\n"
"Rows: a bucket goes to the row of its lower edge. An interval is the\n"
"difference of two reads of the latency file (nothing is reset); its max\n"
"is the lower edge of its highest bucket unless the max grew in it.\n"
"exit: 0 ok (also on Ctrl-C), 1 failure, 2 usage, 3 unknown function or no\n"
"      match for a glob, 6 refused by the module (or -p/-c without its\n"
"      aggregate file), 7 module not loaded, 12 not root\n";

#define TABLE_OVER 20

struct lat_opts {
	bool per_func, heatmap, json;
	double interval, duration;
	enum kpt_lh_unit unit;
	enum kpt_lh_sort sort;
	const char *svg;
	char **from;
	int nfrom;
};

/* One interval: the total and, with -F, the functions. */
struct frame {
	struct kpt_lh total;
	struct kpt_lh_set set;
	double start;
};

static bool has_members(const struct kpt_lh_set *set)
{
	for (int i = 0; i < set->n; i++)
		if (strchr(set->v[i].label, ':'))
			return true;
	return false;
}

/* Keep only the members when there are some (the per-function view). */
static void only_members(struct kpt_lh_set *set)
{
	int n = 0;

	if (!has_members(set))
		return;
	for (int i = 0; i < set->n; i++)
		if (strchr(set->v[i].label, ':'))
			set->v[n++] = set->v[i];
	set->n = n;
}

static bool called(const struct kpt_lh *h)
{
	return h->count || h->calls || h->inflight;
}

static void print_frame(const struct lat_opts *o, struct frame *fr,
			bool stamp)
{
	if (stamp) {
		char ts[16];
		time_t now = time(NULL);

		strftime(ts, sizeof(ts), "%H:%M:%S", localtime(&now));
		printf("%s\n", ts);
	}
	if (!o->per_func) {
		printf("%s\n", fr->total.func);
		kpt_lh_print_hist(stdout, &fr->total, o->unit);
		return;
	}
	if (fr->set.n > TABLE_OVER) {
		kpt_lh_print_table(stdout, fr->set.v, fr->set.n, o->sort, o->unit);
		return;
	}
	for (int i = 0, shown = 0; i < fr->set.n; i++) {
		if (!called(&fr->set.v[i]))
			continue;
		printf("%s%s\n", shown++ ? "\n" : "", fr->set.v[i].func);
		kpt_lh_print_hist(stdout, &fr->set.v[i], o->unit);
	}
	for (int i = 0, idle = 0; i < fr->set.n; i++)
		if (!called(&fr->set.v[i]))
			printf("%s%s", idle++ ? ", " : "\n(not called: ",
			       fr->set.v[i].func);
	for (int i = 0; i < fr->set.n; i++)
		if (!called(&fr->set.v[i])) {
			printf(")\n");
			break;
		}
}

static void print_json(const struct lat_opts *o, struct frame *fr, int n,
		       char **pats, int npats)
{
	printf("{\"unit\": \"%s\", \"percentile_error_bound\": 0.125, \"patterns\": [",
	       kpt_lh_unit_name(o->unit));
	for (int i = 0; i < npats; i++) {
		printf("%s", i ? ", " : "");
		kpt_json_str(stdout, pats[i]);
	}
	printf("], \"intervals\": [");
	for (int i = 0; i < n; i++) {
		printf("%s\n  {\"start_s\": %.3f, \"total\": ", i ? "," : "",
		       fr[i].start);
		kpt_lh_json(stdout, &fr[i].total, o->unit);
		if (o->per_func) {
			printf(", \"functions\": [");
			for (int j = 0; j < fr[i].set.n; j++) {
				printf("%s\n    ", j ? "," : "");
				kpt_lh_json(stdout, &fr[i].set.v[j], o->unit);
			}
			printf("]");
		}
		printf("}");
	}
	printf("\n]}\n");
}

static int parse_opts(int argc, char **argv, struct lat_opts *o,
		      struct kpt_ls *s)
{
	static const struct option opts[] = {
		{ "per-function", no_argument, NULL, 'F' },
		{ "interval", required_argument, NULL, 'i' },
		{ "duration", required_argument, NULL, 'd' },
		{ "pid", required_argument, NULL, 'p' },
		{ "comm", required_argument, NULL, 'c' },
		{ "usecs", no_argument, NULL, 'u' },
		{ "msecs", no_argument, NULL, 'm' },
		{ "sort", required_argument, NULL, 'S' },
		{ "heatmap", no_argument, NULL, 'H' },
		{ "json", no_argument, NULL, 'J' },
		{ "svg", required_argument, NULL, 'G' },
		{ "ret", required_argument, NULL, 'R' },
		{ "from-file", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	char *end;
	int c;

	while ((c = getopt_long(argc, argv, "+Fi:d:p:c:umh", opts, NULL)) != -1) {
		switch (c) {
		case 'F': o->per_func = true; break;
		case 'i':
			o->interval = strtod(optarg, &end);
			if (*end || !(o->interval > 0))
				goto bad;
			break;
		case 'd':
			o->duration = strtod(optarg, &end);
			if (*end || !(o->duration > 0))
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
		case 'u': o->unit = KPT_LH_US; break;
		case 'm': o->unit = KPT_LH_MS; break;
		case 'S':
			if (kpt_lh_sort_parse(optarg, &o->sort))
				goto bad;
			break;
		case 'H': o->heatmap = true; break;
		case 'J': o->json = true; break;
		case 'G': o->svg = optarg; break;
		case 'R':
			if (strpbrk(optarg, " \t\n") || !*optarg)
				goto bad;
			s->rettype = optarg;
			break;
		case 'f': {
			char **nf = realloc(o->from, (o->nfrom + 1) * sizeof(*nf));

			if (!nf)
				return KPT_EXIT_FAIL;
			o->from = nf;
			o->from[o->nfrom++] = optarg;
			break;
		}
		case 'h': fputs(latency_usage, stdout); return -1;
		default: fputs(latency_usage, stderr); return KPT_EXIT_USAGE;
		}
	}
	s->pats = argv + optind;
	s->npats = argc - optind;
	if (!s->npats && !o->nfrom) {
		fputs(latency_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	if (o->heatmap && !o->interval)
		o->interval = 1;
	return 0;
bad:
	kpt_err("latency: bad value '%s'", optarg);
	return KPT_EXIT_USAGE;
}

/* The frame's total and per-function entries out of a parsed set. */
static void make_frame(struct frame *fr, const char *name)
{
	bool m = has_members(&fr->set);

	kpt_ls_total(&fr->set, m, &fr->total, name);
	only_members(&fr->set);
}

static int frames_from_files(struct lat_opts *o, struct frame *fr)
{
	for (int i = 0; i < o->nfrom; i++) {
		char *t = kpt_read_file(o->from[i], NULL);

		if (!t) {
			kpt_err("%s: cannot read it", o->from[i]);
			return KPT_EXIT_FAIL;
		}
		if (kpt_lh_parse(t, &fr[i].set, NULL, NULL)) {
			free(t);
			return KPT_EXIT_FAIL;
		}
		free(t);
		fr[i].start = i * (o->interval ? o->interval : 1);
		make_frame(&fr[i], fr[i].set.n ? fr[i].set.v[0].label : "(none)");
	}
	return 0;
}

static int measure(struct lat_opts *o, struct kpt_ls *s, struct frame **frp,
		   int *nfr, const char *name)
{
	struct timespec t0, now;
	bool live = !o->json && !o->heatmap;
	int r;

	kpt_ls_signals();
	r = kpt_ls_check();
	if (r)
		return r;
	r = kpt_ls_start(s);
	if (r)
		return r;
	fprintf(stderr, "%s: measuring %s (%d event%s%s); %s\n", kpt_prog,
		name, s->nev, s->nev > 1 ? "s" : "",
		s->agg ? ", aggregated" : "",
		o->duration ? "until the duration ends or Ctrl-C" : "Ctrl-C ends");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		double el, step;
		struct frame *fr;

		clock_gettime(CLOCK_MONOTONIC, &now);
		el = (now.tv_sec - t0.tv_sec) + (now.tv_nsec - t0.tv_nsec) / 1e9;
		step = o->interval ? o->interval : -1;
		if (o->duration && (step < 0 || el + step > o->duration))
			step = o->duration - el;
		kpt_ls_wait(step);
		fr = realloc(*frp, (*nfr + 1) * sizeof(*fr));
		if (!fr) {
			r = KPT_EXIT_FAIL;
			break;
		}
		*frp = fr;
		fr += (*nfr)++;
		memset(fr, 0, sizeof(*fr));
		fr->start = el;
		if (kpt_ls_collect(s, &fr->set)) {
			r = KPT_EXIT_FAIL;
			break;
		}
		make_frame(fr, name);
		if (live)
			print_frame(o, fr, o->interval > 0);
		clock_gettime(CLOCK_MONOTONIC, &now);
		el = (now.tv_sec - t0.tv_sec) + (now.tv_nsec - t0.tv_nsec) / 1e9;
		if (kpt_ls_stop_now || !o->interval ||
		    (o->duration && el >= o->duration - 1e-3))
			break;
		if (live)
			putchar('\n');
		fflush(stdout);
	}
	if (kpt_ls_stop(s) && !r)
		r = KPT_EXIT_FAIL;
	return r;
}

/* The heatmap, the SVG picture: after the last interval. */
static int output(const struct lat_opts *o, struct frame *fr, int nfr)
{
	struct kpt_lh *tot = nfr > 0 ? calloc((size_t)nfr, sizeof(*tot)) : NULL;
	int r = 0;

	if (!tot)
		return KPT_EXIT_FAIL;
	for (int i = 0; i < nfr; i++)
		tot[i] = fr[i].total;
	if (o->heatmap && !o->json)
		kpt_lh_print_heatmap(stdout, tot, nfr, o->unit, o->interval);
	if (o->svg && o->heatmap)
		r = kpt_svg_heatmap(o->svg, tot, nfr, o->unit, o->interval,
				    tot[0].func);
	else if (o->svg) {
		for (int i = 1; i < nfr; i++)
			kpt_lh_add(&tot[0], &tot[i]);
		r = kpt_svg_hist(o->svg, &tot[0], o->unit, tot[0].func);
	}
	if (r)
		kpt_err("%s: cannot write it: %s", o->svg, strerror(-r));
	free(tot);
	return r ? KPT_EXIT_FAIL : 0;
}

int kpt_cmd_latency(int argc, char **argv)
{
	struct lat_opts o = { 0 };
	struct kpt_ls s = { 0 };
	struct frame *fr = NULL;
	char name[512] = "";
	int r, nfr = 0;

	r = parse_opts(argc, argv, &o, &s);
	if (r)
		return r < 0 ? 0 : r;
	for (int i = 0; i < s.npats; i++)
		snprintf(name + strlen(name), sizeof(name) - strlen(name),
			 "%s%s", i ? " " : "", s.pats[i]);
	s.per_func = o.per_func;
	if (o.nfrom) {
		fr = calloc(o.nfrom, sizeof(*fr));
		if (!fr)
			return KPT_EXIT_FAIL;
		nfr = o.nfrom;
		r = frames_from_files(&o, fr);
		if (!r && !o.json && !o.heatmap)
			for (int i = 0; i < nfr; i++) {
				print_frame(&o, &fr[i], false);
				if (i + 1 < nfr)
					putchar('\n');
			}
	} else {
		r = measure(&o, &s, &fr, &nfr, name);
	}
	if (nfr && (!r || kpt_ls_stop_now)) {
		int w = output(&o, fr, nfr);

		if (w && !r)
			r = w;
		if (o.json)
			print_json(&o, fr, nfr, s.pats, s.npats);
	}
	for (int i = 0; i < nfr; i++)
		kpt_lh_free(&fr[i].set);
	free(fr);
	free(o.from);
	free(s.ev);
	return r;
}
