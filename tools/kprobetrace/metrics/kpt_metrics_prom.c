// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): histograms and counters of the latency file in
 * Prometheus's text format (kpt_metrics_prom.h).
 */
#include <inttypes.h>
#include <string.h>
#include "kpt_metrics_prom.h"

#define MX "kprobetrace_"

/* A label value with \\, \" and \n escaped. */
static void label_val(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '\\' || *s == '"')
			fputc('\\', f);
		if (*s == '\n') {
			fputs("\\n", f);
			continue;
		}
		fputc(*s, f);
	}
}

static void labels(FILE *f, const struct kpt_mx_ev *e, const struct kpt_lh *h)
{
	fputs("{event=\"", f);
	label_val(f, e->name);
	fputs("\",function=\"", f);
	label_val(f, h->func);
	fputc('"', f);
}

/* Does the event have member blocks?  Then they stand for it alone. */
static bool has_members(const struct kpt_mx_ev *e)
{
	for (int i = 0; i < e->n; i++)
		if (strchr(e->v[i].label, ':'))
			return true;
	return false;
}


static void head(FILE *f, const char *name, const char *type,
		 const char *help)
{
	fprintf(f, "# HELP " MX "%s %s\n# TYPE " MX "%s %s\n", name, help,
		name, type);
}

/* Nanoseconds as seconds, the same text for the same edge every time. */
static void secs(FILE *f, uint64_t ns)
{
	if (ns == UINT64_MAX)
		fputs("+Inf", f);
	else
		fprintf(f, "%.9g", ns / 1e9);
}

static void bucket_line(FILE *f, const struct kpt_mx_ev *e,
			const struct kpt_lh *h, uint64_t le, uint64_t cum)
{
	fputs(MX "function_duration_seconds_bucket", f);
	labels(f, e, h);
	fputs(",le=\"", f);
	secs(f, le);
	fprintf(f, "\"} %" PRIu64 "\n", cum);
}

/*
 * One histogram: for each bucket with calls its lower edge (the calls
 * below it) and its upper edge (with its own), then +Inf, _sum, _count.
 */
static void histogram(FILE *f, const struct kpt_mx_ev *e,
		      const struct kpt_lh *h)
{
	uint64_t cum = 0, last = UINT64_MAX;
	double sum = 0;

	for (unsigned int b = 0; b < KPT_LH_BUCKETS; b++) {
		uint64_t lo = kpt_lh_lo(b), hi = kpt_lh_hi(b);

		if (!h->bucket[b])
			continue;
		if (lo != last && b)
			bucket_line(f, e, h, lo, cum);
		cum += h->bucket[b];
		if (hi != UINT64_MAX) {
			bucket_line(f, e, h, hi, cum);
			sum += h->bucket[b] * ((lo + hi) / 2e9);
		} else {
			sum += h->bucket[b] * (lo / 1e9);
		}
		last = hi;
	}
	bucket_line(f, e, h, UINT64_MAX, cum);
	fputs(MX "function_duration_seconds_sum", f);
	labels(f, e, h);
	fprintf(f, "} %.9g\n", sum);
	fputs(MX "function_duration_seconds_count", f);
	labels(f, e, h);
	fprintf(f, "} %" PRIu64 "\n", cum);
}

enum fam { F_CALLS, F_MISSED, F_UNRET, F_NULL };

static void counter(FILE *f, const struct kpt_mx_ev *e, const struct kpt_lh *h,
		    enum fam fam)
{
	static const char *const names[] = {
		"function_calls_total", "function_missed_total",
		"function_unreturned", "function_null_returns_total",
	};
	uint64_t v[] = { h->calls, h->misses, h->inflight, h->null };

	if (fam == F_NULL ? !h->has_null : !h->has_cov)
		return;
	if (fam == F_UNRET && h->cov_profile)
		return;
	fputs(MX, f);
	fputs(names[fam], f);
	labels(f, e, h);
	fprintf(f, "} %" PRIu64 "\n", v[fam]);
}

static void errnos(FILE *f, const struct kpt_mx_ev *e, const struct kpt_lh *h)
{
	for (int i = 0; i < h->nerr; i++) {
		const char *name = h->err[i].name;

		fputs(MX "function_errors_total", f);
		labels(f, e, h);
		fputs(",errno=\"", f);
		label_val(f, name + (name[0] == '-'));
		fprintf(f, "\"} %" PRIu64 "\n", h->err[i].count);
	}
}

/* fn(f, e, h) for every counted block of every event that has what. */
static void each(FILE *f, const struct kpt_mx_ev *ev, int n, unsigned int what,
		 void (*fn)(FILE *, const struct kpt_mx_ev *,
			    const struct kpt_lh *, enum fam), enum fam fam)
{
	for (int i = 0; i < n; i++) {
		bool members = has_members(&ev[i]);

		for (int j = 0; what & ev[i].what && j < ev[i].n; j++)
			if (!members || strchr(ev[i].v[j].label, ':'))
				fn(f, &ev[i], &ev[i].v[j], fam);
	}
}

static void hist_fam(FILE *f, const struct kpt_mx_ev *e, const struct kpt_lh *h,
		     enum fam fam)
{
	(void)fam;
	histogram(f, e, h);
}

static void err_fam(FILE *f, const struct kpt_mx_ev *e, const struct kpt_lh *h,
		    enum fam fam)
{
	(void)fam;
	errnos(f, e, h);
}

void kpt_mx_render(FILE *f, const struct kpt_mx_ev *ev, int n, bool up)
{
	const unsigned int all = KPT_MX_DUR | KPT_MX_ERR;

	head(f, "up", "gauge",
	     "1 when kprobetrace.ko's files could be read, else 0.");
	fprintf(f, MX "up %d\n", up ? 1 : 0);
	head(f, "event_armed", "gauge",
	     "1 while the configured event is defined and aggregating.");
	for (int i = 0; i < n; i++) {
		fputs(MX "event_armed{event=\"", f);
		label_val(f, ev[i].name);
		fprintf(f, "\"} %d\n", ev[i].armed ? 1 : 0);
	}
	head(f, "event_start_time_seconds", "gauge",
	     "Unix time the event's counters last started from 0.");
	for (int i = 0; i < n; i++) {
		if (!ev[i].armed || !ev[i].since)
			continue;
		fputs(MX "event_start_time_seconds{event=\"", f);
		label_val(f, ev[i].name);
		fprintf(f, "\"} %.3f\n", ev[i].since);
	}
	head(f, "function_calls_total", "counter",
	     "Calls of the function seen since its event was armed.");
	each(f, ev, n, all, counter, F_CALLS);
	head(f, "function_missed_total", "counter",
	     "Returns not measured: no free return slot.");
	each(f, ev, n, all, counter, F_MISSED);
	head(f, "function_unreturned", "gauge",
	     "Calls entered and not returned yet.");
	each(f, ev, n, all, counter, F_UNRET);
	head(f, "function_duration_seconds", "histogram",
	     "Time from the function's entry to its return.");
	each(f, ev, n, KPT_MX_DUR, hist_fam, F_CALLS);
	head(f, "function_errors_total", "counter",
	     "Returns of a negative errno, by errno.");
	each(f, ev, n, KPT_MX_ERR, err_fam, F_CALLS);
	head(f, "function_null_returns_total", "counter",
	     "Returns of NULL by a function returning a pointer.");
	each(f, ev, n, KPT_MX_ERR, counter, F_NULL);
}
