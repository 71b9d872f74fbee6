/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the module's latency file, parsed and rendered
 * (kpt_lathist.c: parse, merge, text; kpt_latout.c: table, heatmap,
 * JSON; kpt_svg.c: SVG pictures).
 *
 * The file has, per event (label GRP/EVENT) and per member of an event
 * over several functions (label GRP/EVENT:FUNC), lines
 *
 *   LABEL count N max M p50 A p90 B p99 C p99.9 D
 *   LABEL bucket LO HI COUNT      (log-linear: 8 sub-buckets a power of 2)
 *   LABEL failures N
 *   LABEL errno -ENAME COUNT      (or "errno other COUNT")
 *   LABEL calls N misses M inflight K
 *   LABEL null N
 *
 * Lines of unknown kinds are skipped: newer modules may add some.
 */
#ifndef KPT_LATHIST_H
#define KPT_LATHIST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define KPT_LH_SUB	8
#define KPT_LH_BUCKETS	(1 + 64 * KPT_LH_SUB)
#define KPT_LH_ROWS	66		/* log2 rows: [0,1), [1,2), ... */
#define KPT_LH_ERRNOS	64

enum kpt_lh_unit { KPT_LH_NS, KPT_LH_US, KPT_LH_MS };

struct kpt_lh_errno {
	char name[24];			/* -ENOMEM, other, -600 */
	uint64_t count;
};

/* One event's (or member's) histogram and counters. */
struct kpt_lh {
	char label[192];		/* GRP/EVENT[:FUNC] */
	char func[128];			/* what to call it when printing */
	bool has_summary, has_failures, has_cov, has_null;
	bool cov_profile;		/* calls from kprobe_profile: no inflight */
	uint64_t count, max;
	uint64_t pct[4];		/* p50 p90 p99 p99.9: lower edges */
	uint64_t bucket[KPT_LH_BUCKETS];
	uint64_t failures;
	int nerr;
	struct kpt_lh_errno err[KPT_LH_ERRNOS];
	uint64_t calls, misses, inflight;
	uint64_t null;
};

struct kpt_lh_set {
	struct kpt_lh *v;
	int n, cap;
	/* kpt_lh_get()'s index of the labels (open addressing), of hn entries */
	int *hash;
	int hcap, hn;
};

extern const char *const kpt_lh_pct_names[4];

/* The bucket of a duration, the lower edge of a bucket (as the module). */
unsigned int kpt_lh_bucket_of(uint64_t ns);
uint64_t kpt_lh_lo(unsigned int b);
uint64_t kpt_lh_hi(unsigned int b);

/*
 * Parse latency text into set (appending).  Only labels for which
 * keep(label, ctx) says true (all when keep is NULL).  0, or -1 when out
 * of memory.
 */
int kpt_lh_parse(const char *text, struct kpt_lh_set *set,
		 bool (*keep)(const char *label, void *ctx), void *ctx);
struct kpt_lh *kpt_lh_get(struct kpt_lh_set *set, const char *label);
void kpt_lh_free(struct kpt_lh_set *set);
/* Add src into dst (buckets, counts, errnos); recomputes percentiles. */
void kpt_lh_add(struct kpt_lh *dst, const struct kpt_lh *src);
/*
 * h (a later read of the same label) minus old: what came between the
 * two reads; the max, when old's was not passed, the lower edge of the
 * highest bucket.  Left as it is when a counter went down (a reset).
 */
void kpt_lh_sub(struct kpt_lh *h, const struct kpt_lh *old);
/* Recompute count and percentiles from the buckets (nearest rank). */
void kpt_lh_recount(struct kpt_lh *h);

/* Units */
const char *kpt_lh_unit_name(enum kpt_lh_unit u);	/* nsecs usecs msecs */
double kpt_lh_in_unit(uint64_t ns, enum kpt_lh_unit u);
/* "1.5 ms"-style in the unit, into buf */
void kpt_lh_fmt_val(char *buf, size_t size, uint64_t ns, enum kpt_lh_unit u);

/* log2 rows in the unit: rows[r] counts, *first, *last non-empty (-1) */
void kpt_lh_rows(const struct kpt_lh *h, enum kpt_lh_unit u,
		 uint64_t rows[KPT_LH_ROWS], int *first, int *last);
/*
 * The log2 rows of each of n frames (a heatmap's columns) into rows[];
 * *lo, *hi the first and last row any frame uses (-1: none); the largest
 * cell.
 */
uint64_t kpt_lh_heat_rows(const struct kpt_lh *frames, int n,
			  enum kpt_lh_unit u, uint64_t (*rows)[KPT_LH_ROWS],
			  int *lo, int *hi);
/* "[2K, 4K)" of row r */
void kpt_lh_row_label(char *buf, size_t size, int r);

/* The funclatency-style histogram with bars, then the summary lines. */
void kpt_lh_print_hist(FILE *f, const struct kpt_lh *h, enum kpt_lh_unit u);
/* p50 .. max line, coverage line, failures line (those present). */
void kpt_lh_print_summary(FILE *f, const struct kpt_lh *h,
			  enum kpt_lh_unit u);

/* ---- kpt_latout.c ---- */
enum kpt_lh_sort { KPT_LH_BY_COUNT, KPT_LH_BY_P50, KPT_LH_BY_P99,
		   KPT_LH_BY_MAX, KPT_LH_BY_ERR, KPT_LH_BY_NAME };
int kpt_lh_sort_parse(const char *s, enum kpt_lh_sort *out);
/* One line per entry: FUNC COUNT P50 P99 MAX ERR% (sorted in place). */
void kpt_lh_print_table(FILE *f, struct kpt_lh *v, int n, enum kpt_lh_sort s,
			enum kpt_lh_unit u);
/* Rows latency, columns frames (intervals), shaded characters. */
void kpt_lh_print_heatmap(FILE *f, const struct kpt_lh *frames, int n,
			  enum kpt_lh_unit u, double interval);
/* One entry as a JSON object (no newline). */
void kpt_lh_json(FILE *f, const struct kpt_lh *h, enum kpt_lh_unit u);
/* The errors table of entries (calls, failures, errnos, null). */
void kpt_lh_print_errors(FILE *f, const struct kpt_lh *v, int n);
void kpt_lh_json_errors(FILE *f, const struct kpt_lh *h);
void kpt_json_str(FILE *f, const char *s);

/* ---- kpt_svg.c ---- */
int kpt_svg_hist(const char *path, const struct kpt_lh *h, enum kpt_lh_unit u,
		 const char *title);
int kpt_svg_heatmap(const char *path, const struct kpt_lh *frames, int n,
		    enum kpt_lh_unit u, double interval, const char *title);

#endif /* KPT_LATHIST_H */
