// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): more views of latency histograms (kpt_lathist.h): one
 * line per function, the time x latency heatmap, JSON, the errors table.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_lathist.h"

static const char *const sort_names[] = { "count", "p50", "p99", "max",
					  "err", "name" };

int kpt_lh_sort_parse(const char *s, enum kpt_lh_sort *out)
{
	for (unsigned int i = 0; i < sizeof(sort_names) / sizeof(*sort_names); i++)
		if (!strcmp(s, sort_names[i])) {
			*out = i;
			return 0;
		}
	return -1;
}

static double err_pct(const struct kpt_lh *h)
{
	return h->count ? 100.0 * h->failures / h->count : 0;
}

static enum kpt_lh_sort sort_by;

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? 1 : a > b ? -1 : 0;	/* descending */
}

static int cmp_entry(const void *pa, const void *pb)
{
	const struct kpt_lh *a = pa, *b = pb;
	int c = 0;

	switch (sort_by) {
	case KPT_LH_BY_COUNT: c = cmp_u64(a->count, b->count); break;
	case KPT_LH_BY_P50: c = cmp_u64(a->pct[0], b->pct[0]); break;
	case KPT_LH_BY_P99: c = cmp_u64(a->pct[2], b->pct[2]); break;
	case KPT_LH_BY_MAX: c = cmp_u64(a->max, b->max); break;
	case KPT_LH_BY_ERR:
		c = err_pct(a) < err_pct(b) ? 1 : err_pct(a) > err_pct(b) ? -1 : 0;
		break;
	case KPT_LH_BY_NAME: break;
	}
	return c ? c : strcmp(a->func, b->func);
}

void kpt_lh_print_table(FILE *f, struct kpt_lh *v, int n, enum kpt_lh_sort s,
			enum kpt_lh_unit u)
{
	static const char *const unit[] = { "ns", "us", "ms" };
	int w = 8, idle = 0;

	sort_by = s;
	qsort(v, n, sizeof(*v), cmp_entry);
	for (int i = 0; i < n; i++)
		if ((int)strlen(v[i].func) > w)
			w = strlen(v[i].func);
	fprintf(f, "%-*s %10s %12s %12s %12s %7s\n", w, "FUNC", "COUNT",
		"P50", "P99", "MAX", "ERR%");
	for (int i = 0; i < n; i++) {
		char p50[24], p99[24], mx[24];

		if (!v[i].count && !v[i].calls) {
			idle++;
			continue;
		}
		snprintf(p50, sizeof(p50), u ? "%.3f" : "%.0f", kpt_lh_in_unit(v[i].pct[0], u));
		snprintf(p99, sizeof(p99), u ? "%.3f" : "%.0f", kpt_lh_in_unit(v[i].pct[2], u));
		snprintf(mx, sizeof(mx), u ? "%.3f" : "%.0f", kpt_lh_in_unit(v[i].max, u));
		fprintf(f, "%-*s %10" PRIu64 " %12s %12s %12s ", w, v[i].func,
			v[i].count, p50, p99, mx);
		if (v[i].has_failures)
			fprintf(f, "%6.1f%%\n", err_pct(&v[i]));
		else
			fprintf(f, "%7s\n", "-");
	}
	if (idle)
		fprintf(f, "(%d more function%s not called)\n", idle,
			idle > 1 ? "s" : "");
	fprintf(f, "(P50, P99, MAX in %s; percentiles within 12.5%%; ERR%%: negative errno returns)\n",
		unit[u]);
}

/* ---- heatmap ---- */

static const char shades[] = " .:-=+*#%@";

void kpt_lh_print_heatmap(FILE *f, const struct kpt_lh *frames, int n,
			  enum kpt_lh_unit u, double interval)
{
	uint64_t (*rows)[KPT_LH_ROWS] = calloc(n ? n : 1, sizeof(*rows));
	uint64_t top = 0;
	int lo = -1, hi = -1, w = 5;
	char lab[64];

	if (!rows)
		return;
	top = kpt_lh_heat_rows(frames, n, u, rows, &lo, &hi);
	for (int r = lo; r >= 0 && r <= hi; r++) {
		kpt_lh_row_label(lab, sizeof(lab), r);
		if ((int)strlen(lab) > w)
			w = strlen(lab);
	}
	fprintf(f, "%*s   one column per %gs interval, darker = more calls (max %"
		PRIu64 " a cell; scale \"%s\")\n", w, kpt_lh_unit_name(u),
		interval, top, shades);
	if (lo < 0)
		fprintf(f, "%*s |%*s|\n", w, "(none)", n, "");
	for (int r = hi; r >= 0 && r >= lo; r--) {
		kpt_lh_row_label(lab, sizeof(lab), r);
		fprintf(f, "%*s |", w, lab);
		for (int i = 0; i < n; i++) {
			uint64_t c = rows[i][r];
			int s = !c ? 0 : 1 + (int)((c * 8 + top - 1) / top);

			fputc(shades[s > 9 ? 9 : s], f);
		}
		fprintf(f, "|\n");
	}
	fprintf(f, "%*s  ", w, "");
	for (int i = 0; i < n; i++)
		fputc(i % 10 ? '-' : '|', f);
	fprintf(f, "\n%*s  0", w, "");
	for (int i = 10; i < n; i += 10)
		fprintf(f, "%*gs", 9, i * interval);
	fputc('\n', f);
	free(rows);
}

/* ---- JSON ---- */

void kpt_json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_errnos(FILE *f, const struct kpt_lh *h)
{
	if (h->has_failures) {
		fprintf(f, ", \"failures\": %" PRIu64 ", \"errno\": {", h->failures);
		for (int i = 0; i < h->nerr; i++) {
			fprintf(f, "%s", i ? ", " : "");
			kpt_json_str(f, h->err[i].name);
			fprintf(f, ": %" PRIu64, h->err[i].count);
		}
		fputc('}', f);
	}
	if (h->has_cov)
		fprintf(f, ", \"calls\": %" PRIu64 ", \"misses\": %" PRIu64
			", \"inflight\": %" PRIu64, h->calls, h->misses,
			h->inflight);
	if (h->has_null)
		fprintf(f, ", \"null\": %" PRIu64, h->null);
}

void kpt_lh_json(FILE *f, const struct kpt_lh *h, enum kpt_lh_unit u)
{
	uint64_t rows[KPT_LH_ROWS];
	int first, last;
	bool any = false;

	fprintf(f, "{\"function\": ");
	kpt_json_str(f, h->func);
	fprintf(f, ", \"event\": ");
	kpt_json_str(f, h->label);
	fprintf(f, ", \"count\": %" PRIu64 ", \"max_ns\": %" PRIu64, h->count,
		h->max);
	for (int i = 0; i < 4; i++)
		fprintf(f, ", \"%s_ns\": %" PRIu64, kpt_lh_pct_names[i], h->pct[i]);
	fprintf(f, ", \"buckets_ns\": [");
	for (int b = 0; b < KPT_LH_BUCKETS; b++) {
		if (!h->bucket[b])
			continue;
		fprintf(f, "%s[%" PRIu64 ", %" PRIu64 ", %" PRIu64 "]",
			any ? ", " : "", kpt_lh_lo(b), kpt_lh_hi(b), h->bucket[b]);
		any = true;
	}
	fprintf(f, "], \"log2_%s\": [", kpt_lh_unit_name(u));
	kpt_lh_rows(h, u, rows, &first, &last);
	for (int r = first; r >= 0 && r <= last; r++)
		fprintf(f, "%s{\"lo\": %.0f, \"hi\": %.0f, \"count\": %" PRIu64 "}",
			r > first ? ", " : "", r ? (double)(1ULL << (r - 1)) : 0.0,
			r < 64 ? (double)(1ULL << r) : 1.8446744073709552e19,
			rows[r]);
	fputc(']', f);
	json_errnos(f, h);
	fputc('}', f);
}

void kpt_lh_json_errors(FILE *f, const struct kpt_lh *h)
{
	fprintf(f, "{\"function\": ");
	kpt_json_str(f, h->func);
	fprintf(f, ", \"returns\": %" PRIu64 ", \"p50_ns\": %" PRIu64
		", \"max_ns\": %" PRIu64, h->count, h->pct[0], h->max);
	json_errnos(f, h);
	fputc('}', f);
}

/* ---- errors ---- */

void kpt_lh_print_errors(FILE *f, const struct kpt_lh *v, int n)
{
	int w = 8;

	for (int i = 0; i < n; i++) {
		if ((int)strlen(v[i].func) > w)
			w = strlen(v[i].func);
		for (int e = 0; e < v[i].nerr; e++)
			if ((int)strlen(v[i].err[e].name) + 2 > w)
				w = strlen(v[i].err[e].name) + 2;
	}
	fprintf(f, "%-*s %10s %10s %10s %7s %10s %10s %10s %10s\n", w, "FUNC",
		"CALLS", "RETURNS", "FAILURES", "FAIL%", "NULL", "P50(ns)",
		"P99(ns)", "MAX(ns)");
	for (int i = 0; i < n; i++) {
		const struct kpt_lh *h = &v[i];
		char calls[24] = "-", fails[24] = "-", pct[16] = "-", nul[24] = "-";
		char p50[24] = "-", p99[24] = "-", max[24] = "-";

		if (h->has_cov)
			snprintf(calls, sizeof(calls), "%" PRIu64, h->calls);
		if (h->has_failures) {
			snprintf(fails, sizeof(fails), "%" PRIu64, h->failures);
			snprintf(pct, sizeof(pct), "%.1f%%", h->count ?
				 100.0 * h->failures / h->count : 0.0);
		}
		if (h->has_null)
			snprintf(nul, sizeof(nul), "%" PRIu64, h->null);
		if (h->count) {
			snprintf(p50, sizeof(p50), "%" PRIu64, h->pct[0]);
			snprintf(p99, sizeof(p99), "%" PRIu64, h->pct[2]);
			snprintf(max, sizeof(max), "%" PRIu64, h->max);
		}
		fprintf(f, "%-*s %10s %10" PRIu64 " %10s %7s %10s %10s %10s %10s\n",
			w, h->func, calls, h->count, fails, pct, nul, p50, p99,
			max);
		for (int e = 0; e < h->nerr; e++) {
			char nm[40];

			snprintf(nm, sizeof(nm), "  %s", h->err[e].name);
			fprintf(f, "%-*s %10s %10s %10" PRIu64 " %6.1f%%\n", w,
				nm, "", "", h->err[e].count,
				h->count ? 100.0 * h->err[e].count / h->count : 0.0);
		}
	}
	fprintf(f, "(RETURNS: calls measured; FAILURES: negative errno or ERR_PTR returns,\n"
		" \"-\" where the return value is not signed; NULL: NULL returns of\n"
		" functions returning a pointer, where the module counts them;\n"
		" P50, P99: the lower edge of their bucket, within 12.5%%; MAX: the\n"
		" function's latency over all its returns)\n");
}
