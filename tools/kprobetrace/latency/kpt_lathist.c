// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the latency file's text -> histograms (struct kpt_lh),
 * merged into log2 rows and printed with bars, as funclatency does.
 * See kpt_lathist.h for the file's lines.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_lathist.h"

const char *const kpt_lh_pct_names[4] = { "p50", "p90", "p99", "p99.9" };
static const unsigned int pct_q[4] = { 500, 900, 990, 999 };

unsigned int kpt_lh_bucket_of(uint64_t v)
{
	unsigned int k, sub;

	if (!v)
		return 0;
	k = 63 - __builtin_clzll(v);
	if (k >= 3)
		sub = (v >> (k - 3)) & 7;
	else
		sub = (v << (3 - k)) & 7;
	return 1 + k * KPT_LH_SUB + sub;
}

uint64_t kpt_lh_lo(unsigned int b)
{
	unsigned int k, sub;

	if (!b)
		return 0;
	k = (b - 1) / KPT_LH_SUB;
	sub = (b - 1) % KPT_LH_SUB;
	if (k >= 3)
		return (1ULL << k) + ((uint64_t)sub << (k - 3));
	return (1ULL << k) + (((uint64_t)sub << k) + 7) / 8;
}

uint64_t kpt_lh_hi(unsigned int b)
{
	return b + 1 < KPT_LH_BUCKETS ? kpt_lh_lo(b + 1) : UINT64_MAX;
}

static unsigned int label_hash(const char *s)
{
	unsigned int h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/*
 * The index of every label (4 slots an entry): found in one step however
 * many functions a set has.  Rebuilt when entries went by other means
 * (a caller that compacts v): its hits are checked against the label.
 */
static int index_all(struct kpt_lh_set *set)
{
	int cap = 64;

	while (cap < set->cap * 4)
		cap *= 2;
	if (cap != set->hcap) {
		int *nh = realloc(set->hash, cap * sizeof(*nh));

		if (!nh)
			return -1;
		set->hash = nh;
		set->hcap = cap;
	}
	memset(set->hash, 0xff, cap * sizeof(int));
	for (int i = 0; i < set->n; i++) {
		unsigned int k = label_hash(set->v[i].label) & (cap - 1);

		while (set->hash[k] >= 0)
			k = (k + 1) & (cap - 1);
		set->hash[k] = i;
	}
	set->hn = set->n;
	return 0;
}

/* The slot of label in the index: its entry's, or the empty one after. */
static int slot_of(const struct kpt_lh_set *set, const char *label)
{
	unsigned int k = label_hash(label) & (set->hcap - 1);

	while (set->hash[k] >= 0 && strcmp(set->v[set->hash[k]].label, label))
		k = (k + 1) & (set->hcap - 1);
	return k;
}

struct kpt_lh *kpt_lh_get(struct kpt_lh_set *set, const char *label)
{
	struct kpt_lh *h;
	int k;

	if (set->n && !strcmp(set->v[set->n - 1].label, label))
		return &set->v[set->n - 1];
	if ((set->hn != set->n || set->hcap < set->cap * 4 || !set->hash) &&
	    index_all(set))
		return NULL;
	k = slot_of(set, label);
	if (set->hash[k] >= 0)
		return &set->v[set->hash[k]];
	if (set->n == set->cap) {
		int cap = set->cap ? set->cap * 2 : 8;
		struct kpt_lh *nv = realloc(set->v, cap * sizeof(*nv));

		if (!nv)
			return NULL;
		set->v = nv;
		set->cap = cap;
	}
	h = &set->v[set->n++];
	memset(h, 0, sizeof(*h));
	snprintf(h->label, sizeof(h->label), "%s", label);
	snprintf(h->func, sizeof(h->func), "%s", label);
	if (set->hcap < set->cap * 4) {
		set->hn = -1;	/* grown: the next call indexes anew */
	} else {
		set->hash[k] = set->n - 1;
		set->hn = set->n;
	}
	return h;
}

void kpt_lh_free(struct kpt_lh_set *set)
{
	free(set->v);
	free(set->hash);
	memset(set, 0, sizeof(*set));
}

static uint64_t num(const char *s, bool *ok)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9') {
		*ok = false;
		return 0;
	}
	v = strtoull(s, &end, 10);
	if (*end)
		*ok = false;
	return v;
}

static void add_errno(struct kpt_lh *h, const char *name, uint64_t count)
{
	for (int i = 0; i < h->nerr; i++)
		if (!strcmp(h->err[i].name, name)) {
			h->err[i].count += count;
			return;
		}
	if (h->nerr == KPT_LH_ERRNOS)
		return;
	snprintf(h->err[h->nerr].name, sizeof(h->err[0].name), "%s", name);
	h->err[h->nerr++].count = count;
}

/* One line, split into at most 16 words. */
static void parse_line(char *line, struct kpt_lh_set *set,
		       bool (*keep)(const char *, void *), void *ctx,
		       bool *nomem)
{
	char *w[16], *save;
	int n = 0;
	bool ok = true;
	struct kpt_lh *h;

	for (char *t = strtok_r(line, " \t", &save); t && n < 16;
	     t = strtok_r(NULL, " \t", &save))
		w[n++] = t;
	if (n < 3 || (keep && !keep(w[0], ctx)))
		return;
	h = kpt_lh_get(set, w[0]);
	if (!h) {
		*nomem = true;
		return;
	}
	if (!strcmp(w[1], "count") && n >= 5) {
		uint64_t c = num(w[2], &ok), m = num(w[4], &ok), p[4] = { 0 };

		for (int i = 5; i + 1 < n; i += 2)
			for (int j = 0; j < 4; j++)
				if (!strcmp(w[i], kpt_lh_pct_names[j]))
					p[j] = num(w[i + 1], &ok);
		if (!ok)
			return;
		h->has_summary = true;
		h->count = c;
		h->max = m;
		memcpy(h->pct, p, sizeof(p));
	} else if (!strcmp(w[1], "bucket") && n == 5) {
		uint64_t lo = num(w[2], &ok), c = num(w[4], &ok);

		if (ok)
			h->bucket[kpt_lh_bucket_of(lo)] += c;
	} else if (!strcmp(w[1], "failures") && n == 3) {
		h->failures = num(w[2], &ok);
		h->has_failures = ok;
	} else if (!strcmp(w[1], "errno") && n == 4) {
		uint64_t c = num(w[3], &ok);

		if (ok)
			add_errno(h, w[2], c);
	} else if (!strcmp(w[1], "calls")) {
		for (int i = 1; i + 1 < n; i += 2) {
			uint64_t v = num(w[i + 1], &ok);

			if (!strcmp(w[i], "calls"))
				h->calls = v;
			else if (!strcmp(w[i], "misses"))
				h->misses = v;
			else if (!strcmp(w[i], "inflight"))
				h->inflight = v;
		}
		h->has_cov = ok;
	} else if (!strcmp(w[1], "null") && n == 3) {
		h->null = num(w[2], &ok);
		h->has_null = ok;
	}
}

int kpt_lh_parse(const char *text, struct kpt_lh_set *set,
		 bool (*keep)(const char *label, void *ctx), void *ctx)
{
	char *copy = strdup(text), *line, *save;
	bool nomem = false;

	if (!copy)
		return -1;
	for (line = strtok_r(copy, "\n", &save); line && !nomem;
	     line = strtok_r(NULL, "\n", &save))
		parse_line(line, set, keep, ctx, &nomem);
	free(copy);
	/* a ':FUNC' member prints as FUNC */
	for (int i = 0; i < set->n; i++) {
		char *colon = strchr(set->v[i].label, ':');

		if (colon)
			snprintf(set->v[i].func, sizeof(set->v[i].func), "%s",
				 colon + 1);
		if (!set->v[i].has_summary)
			kpt_lh_recount(&set->v[i]);
	}
	return nomem ? -1 : 0;
}

void kpt_lh_recount(struct kpt_lh *h)
{
	uint64_t count = 0, seen, top = 0;

	for (int b = 0; b < KPT_LH_BUCKETS; b++) {
		count += h->bucket[b];
		if (h->bucket[b])
			top = kpt_lh_lo(b);
	}
	h->count = count;
	if (h->max < top)
		h->max = top;
	for (int i = 0; i < 4; i++) {
		uint64_t rank = (count * pct_q[i] + 999) / 1000;

		if (!rank)
			rank = 1;
		h->pct[i] = 0;
		seen = 0;
		for (int b = 0; b < KPT_LH_BUCKETS && count; b++) {
			seen += h->bucket[b];
			if (seen >= rank) {
				h->pct[i] = kpt_lh_lo(b);
				break;
			}
		}
	}
	if (!count)
		h->max = 0;
}

void kpt_lh_add(struct kpt_lh *dst, const struct kpt_lh *src)
{
	for (int b = 0; b < KPT_LH_BUCKETS; b++)
		dst->bucket[b] += src->bucket[b];
	if (src->max > dst->max)
		dst->max = src->max;
	dst->has_summary |= src->has_summary;
	dst->failures += src->failures;
	dst->has_failures |= src->has_failures;
	for (int i = 0; i < src->nerr; i++)
		add_errno(dst, src->err[i].name, src->err[i].count);
	dst->calls += src->calls;
	dst->misses += src->misses;
	dst->inflight += src->inflight;
	dst->has_cov |= src->has_cov;
	dst->cov_profile |= src->cov_profile;
	dst->null += src->null;
	dst->has_null |= src->has_null;
	kpt_lh_recount(dst);
}

void kpt_lh_sub(struct kpt_lh *h, const struct kpt_lh *old)
{
	uint64_t top = 0;

	for (int b = 0; b < KPT_LH_BUCKETS; b++)
		if (h->bucket[b] < old->bucket[b])
			return;		/* the file was reset: all is new */
	if (h->failures < old->failures || h->calls < old->calls ||
	    h->misses < old->misses || h->null < old->null)
		return;
	for (int b = 0; b < KPT_LH_BUCKETS; b++) {
		h->bucket[b] -= old->bucket[b];
		if (h->bucket[b])
			top = kpt_lh_lo(b);
	}
	h->failures -= old->failures;
	for (int i = 0; i < h->nerr; i++)
		for (int j = 0; j < old->nerr; j++)
			if (!strcmp(h->err[i].name, old->err[j].name) &&
			    h->err[i].count >= old->err[j].count)
				h->err[i].count -= old->err[j].count;
	for (int i = 0, n = 0; i <= h->nerr; i++) {
		if (i == h->nerr) {
			h->nerr = n;
			break;
		}
		if (h->err[i].count)
			h->err[n++] = h->err[i];
	}
	h->calls -= old->calls;
	h->misses -= old->misses;
	h->null -= old->null;
	/* a max not passed since: the highest bucket's lower edge */
	if (h->max <= old->max)
		h->max = top;
	kpt_lh_recount(h);
}

/* ---- units and rows ---- */

static const double unit_div[] = { 1, 1e3, 1e6 };

const char *kpt_lh_unit_name(enum kpt_lh_unit u)
{
	return u == KPT_LH_MS ? "msecs" : u == KPT_LH_US ? "usecs" : "nsecs";
}

double kpt_lh_in_unit(uint64_t ns, enum kpt_lh_unit u)
{
	return (double)ns / unit_div[u];
}

void kpt_lh_fmt_val(char *buf, size_t size, uint64_t ns, enum kpt_lh_unit u)
{
	static const char *const sym[] = { "ns", "us", "ms" };

	if (u == KPT_LH_NS)
		snprintf(buf, size, "%" PRIu64 " ns", ns);
	else
		snprintf(buf, size, "%.3f %s", kpt_lh_in_unit(ns, u), sym[u]);
}

/* Row of a value v (in the unit): 0 for [0, 1), r for [2^(r-1), 2^r). */
static int row_of(double v)
{
	int r = 0;

	while (v >= 1 && r < KPT_LH_ROWS - 1) {
		v /= 2;
		r++;
	}
	return r;
}

void kpt_lh_rows(const struct kpt_lh *h, enum kpt_lh_unit u,
		 uint64_t rows[KPT_LH_ROWS], int *first, int *last)
{
	memset(rows, 0, KPT_LH_ROWS * sizeof(rows[0]));
	*first = *last = -1;
	for (int b = 0; b < KPT_LH_BUCKETS; b++) {
		int r;

		if (!h->bucket[b])
			continue;
		/* a bucket goes to the row of its lower edge */
		r = row_of(kpt_lh_in_unit(kpt_lh_lo(b), u));
		rows[r] += h->bucket[b];
		if (*first < 0 || r < *first)
			*first = r;
		if (r > *last)
			*last = r;
	}
}

/* 2^e as 1, 2, ... 512, 1K, 2K, ..., 1M, ... */
static void pow2_label(char *buf, size_t size, int e)
{
	static const char sfx[] = " KMGTPE";
	int s = e / 10;

	if (e >= 64) {
		snprintf(buf, size, "inf");
		return;
	}
	snprintf(buf, size, "%" PRIu64 "%.*s", (uint64_t)1 << (e - 10 * s),
		 s ? 1 : 0, &sfx[s]);
}

void kpt_lh_row_label(char *buf, size_t size, int r)
{
	char lo[24], hi[24];

	if (!r) {
		snprintf(buf, size, "[0, 1)");
		return;
	}
	pow2_label(lo, sizeof(lo), r - 1);
	pow2_label(hi, sizeof(hi), r);
	snprintf(buf, size, "[%s, %s)", lo, hi);
}

#define BAR 40

void kpt_lh_print_hist(FILE *f, const struct kpt_lh *h, enum kpt_lh_unit u)
{
	uint64_t rows[KPT_LH_ROWS], top = 0;
	int first, last, w = 5;
	char lab[64];

	kpt_lh_rows(h, u, rows, &first, &last);
	for (int r = first; r >= 0 && r <= last; r++) {
		kpt_lh_row_label(lab, sizeof(lab), r);
		if ((int)strlen(lab) > w)
			w = strlen(lab);
		if (rows[r] > top)
			top = rows[r];
	}
	fprintf(f, "%*s : %-8s distribution\n", w, kpt_lh_unit_name(u), "count");
	if (first < 0)
		fprintf(f, "%*s : %-8d (no calls returned)\n", w, "", 0);
	for (int r = first; r >= 0 && r <= last; r++) {
		int len = top ? (int)((rows[r] * BAR + top - 1) / top) : 0;
		char bar[BAR + 1];

		memset(bar, '@', len);
		bar[len] = '\0';
		kpt_lh_row_label(lab, sizeof(lab), r);
		fprintf(f, "%*s : %-8" PRIu64 " |%-*s|\n", w, lab, rows[r], BAR,
			bar);
	}
	kpt_lh_print_summary(f, h, u);
}

void kpt_lh_print_summary(FILE *f, const struct kpt_lh *h, enum kpt_lh_unit u)
{
	char v[40];

	fprintf(f, "count %" PRIu64, h->count);
	for (int i = 0; i < 4; i++) {
		kpt_lh_fmt_val(v, sizeof(v), h->pct[i], u);
		fprintf(f, "  %s %s", kpt_lh_pct_names[i], v);
	}
	kpt_lh_fmt_val(v, sizeof(v), h->max, u);
	fprintf(f, "  max %s\n", v);
	fprintf(f, "  (a percentile is its bucket's lower edge: the true value is up to 12.5%% above it)\n");
	if (h->has_cov && h->cov_profile)
		fprintf(f, "coverage: calls %" PRIu64 ", missed %" PRIu64
			" (no free return slot: not measured), in flight: not"
			" counted by this module\n", h->calls, h->misses);
	else if (h->has_cov)
		fprintf(f, "coverage: calls %" PRIu64 ", missed %" PRIu64
			" (no free return slot: not measured), in flight %"
			PRIu64 " (entered, not returned yet)\n",
			h->calls, h->misses, h->inflight);
	if (h->has_failures) {
		fprintf(f, "failures %" PRIu64 " of %" PRIu64 " (%.1f%%)",
			h->failures, h->count,
			h->count ? 100.0 * h->failures / h->count : 0.0);
		for (int i = 0; i < h->nerr; i++)
			fprintf(f, "%s%s %" PRIu64, i ? ", " : ": ",
				h->err[i].name, h->err[i].count);
		fputc('\n', f);
	}
	if (h->has_null)
		fprintf(f, "NULL returns %" PRIu64 "\n", h->null);
}

uint64_t kpt_lh_heat_rows(const struct kpt_lh *frames, int n,
			  enum kpt_lh_unit u, uint64_t (*rows)[KPT_LH_ROWS],
			  int *lo, int *hi)
{
	uint64_t top = 0;

	*lo = *hi = -1;
	for (int i = 0; i < n; i++) {
		int a, b;

		kpt_lh_rows(&frames[i], u, rows[i], &a, &b);
		if (a >= 0 && (*lo < 0 || a < *lo))
			*lo = a;
		if (b > *hi)
			*hi = b;
		for (int r = 0; r < KPT_LH_ROWS; r++)
			if (rows[i][r] > top)
				top = rows[i][r];
	}
	return top;
}
