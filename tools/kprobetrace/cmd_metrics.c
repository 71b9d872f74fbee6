// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): metrics: the configured events' histograms and
 * counters in Prometheus's text format, printed once or written for the
 * node exporter's textfile collector at an interval
 * (kpt_metrics_svc.h); --from-file renders a latency file's text.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "kpt_cmd.h"
#include "kpt_metrics_prom.h"
#include "kpt_metrics_svc.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: kprobetrace metrics [-C FILE] [--textfile DIR [-i SECS] [--once]]\n"
		"       kprobetrace metrics --from-file LATENCY\n"
		"  The events of the configuration (-C, default " KPT_MC_PATH ")\n"
		"  defined and armed for aggregation, their histograms and counters in\n"
		"  Prometheus's text format: printed once, or written to\n"
		"  DIR/kprobetrace.prom atomically every SECS (default 15) until SIGINT or\n"
		"  SIGTERM (then the events and the file are removed); SIGHUP reads the\n"
		"  file again.\n"
		"  --from-file renders the text of a latency file (every label an event).\n");
}

/* A latency file's text as metrics: every GRP/EVENT an event. */
static int from_file(const char *path)
{
	struct kpt_lh_set set = { 0 };
	struct kpt_mx_ev *ev = calloc(1, sizeof(*ev));
	char *text = kpt_read_file(path, NULL), ename[256];
	int n = 0;

	if (!text || !ev || kpt_lh_parse(text, &set, NULL, NULL)) {
		kpt_err("%s: cannot read", path);
		free(text);
		free(ev);
		return KPT_EXIT_FAIL;
	}
	for (int i = 0; i < set.n; i++) {
		size_t l = strcspn(set.v[i].label, ":");

		snprintf(ename, sizeof(ename), "%.*s", (int)l, set.v[i].label);
		if (n && !strcmp(ev[n - 1].name, ename)) {
			ev[n - 1].n++;
			continue;
		}
		ev = realloc(ev, (n + 1) * sizeof(*ev));
		if (!ev)
			return KPT_EXIT_FAIL;
		ev[n] = (struct kpt_mx_ev){ strdup(ename),
			KPT_MX_DUR | KPT_MX_ERR, true, &set.v[i], 1, 0 };
		n++;
	}
	kpt_mx_render(stdout, ev, n, true);
	for (int i = 0; i < n; i++)
		free((char *)ev[i].name);
	free(ev);
	kpt_lh_free(&set);
	free(text);
	return KPT_EXIT_OK;
}

/* Sleep up to secs; a signal (reload, end) ends it early. */
static bool svc_stop(void)
{
	return kpt_msvc_hup || kpt_msvc_end;
}

static void wait_for(double secs)
{
	kpt_wait(secs, svc_stop);
}

/* Scrape into the textfile (or stdout) until the end. */
static int run(struct kpt_msvc *m, const char *dir, double secs, bool once)
{
	int rc = KPT_EXIT_OK;

	for (;;) {
		size_t len;
		char *text = kpt_msvc_scrape(m, &len);

		if (!text)
			rc = KPT_EXIT_FAIL;
		else if (!dir)
			fwrite(text, 1, len, stdout);
		else if (kpt_mtext_write(dir, text, len))
			rc = KPT_EXIT_FAIL;
		free(text);
		if (once || !dir || kpt_msvc_end)
			break;
		wait_for(secs);
		if (kpt_msvc_hup) {
			kpt_msvc_hup = 0;
			kpt_msvc_reload(m);
		}
		if (kpt_msvc_end)
			break;
	}
	return rc;
}

int kpt_cmd_metrics(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "config", required_argument, NULL, 'C' },
		{ "textfile", required_argument, NULL, 't' },
		{ "interval", required_argument, NULL, 'i' },
		{ "once", no_argument, NULL, 'o' },
		{ "from-file", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const char *conf = KPT_MC_PATH, *dir = NULL, *from = NULL;
	struct kpt_msvc m;
	double secs = 15;
	bool once = false;
	int c, rc;

	while ((c = getopt_long(argc, argv, "C:i:h", lo, NULL)) != -1) {
		switch (c) {
		case 'C': conf = optarg; break;
		case 't': dir = optarg; break;
		case 'i': secs = atof(optarg); break;
		case 'o': once = true; break;
		case 'F': from = optarg; break;
		case 'h': usage(stdout); return KPT_EXIT_OK;
		default: usage(stderr); return KPT_EXIT_USAGE;
		}
	}
	if (optind < argc || secs <= 0) {
		usage(stderr);
		return KPT_EXIT_USAGE;
	}
	if (from)
		return from_file(from);
	rc = kpt_ls_check();
	if (rc)
		return rc;
	if (dir && kpt_mtext_check(dir))
		return KPT_EXIT_FAIL;
	kpt_msvc_signals();
	if (kpt_msvc_start(&m, conf))
		return KPT_EXIT_REFUSED;
	rc = run(&m, dir, secs, once);
	kpt_msvc_stop(&m);
	if (dir && !once)
		kpt_mtext_remove(dir);
	return rc;
}
