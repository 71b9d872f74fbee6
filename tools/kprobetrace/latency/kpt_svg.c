// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): SVG pictures of latency histograms (kpt_lathist.h): a
 * bar per log2 row, or a heatmap, time x latency, one rectangle per cell.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_lathist.h"

static void text_esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default:
			if ((unsigned char)*s >= 0x20)
				fputc(*s, f);
		}
	}
}

static void head(FILE *f, int w, int h, const char *title)
{
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"12\">\n"
		"<title>", w, h, w, h);
	text_esc(f, title);
	fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
		"<text x=\"10\" y=\"20\" font-size=\"14\">");
	text_esc(f, title);
	fprintf(f, "</text>\n");
}

static int finish(FILE *f, const char *path)
{
	int bad = ferror(f);

	fprintf(f, "</svg>\n");
	if (fclose(f) || bad)
		return -EIO;
	(void)path;
	return 0;
}

int kpt_svg_hist(const char *path, const struct kpt_lh *h, enum kpt_lh_unit u,
		 const char *title)
{
	uint64_t rows[KPT_LH_ROWS], top = 0;
	int first, last, nrows, W = 720, lw = 130, bw = 460, rh = 20, y0 = 60;
	char lab[64], v[40];
	FILE *f = fopen(path, "w");

	if (!f)
		return -errno;
	kpt_lh_rows(h, u, rows, &first, &last);
	nrows = first < 0 ? 0 : last - first + 1;
	for (int r = first; r >= 0 && r <= last; r++)
		if (rows[r] > top)
			top = rows[r];
	head(f, W, y0 + nrows * rh + 60, title);
	fprintf(f, "<text x=\"10\" y=\"44\">%s, count %" PRIu64 "</text>\n",
		kpt_lh_unit_name(u), h->count);
	for (int i = 0; i < nrows; i++) {
		int r = first + i, y = y0 + i * rh;
		double len = top ? (double)rows[r] * bw / top : 0;

		kpt_lh_row_label(lab, sizeof(lab), r);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
			lw - 8, y + 14, lab);
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"#4a7ebb\"><title>%s: %" PRIu64 "</title></rect>\n",
			lw, y + 2, len, rh - 4, lab, rows[r]);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\">%" PRIu64 "</text>\n",
			lw + len + 6, y + 14, rows[r]);
	}
	fprintf(f, "<text x=\"10\" y=\"%d\">", y0 + nrows * rh + 24);
	for (int i = 0; i < 4; i++) {
		kpt_lh_fmt_val(v, sizeof(v), h->pct[i], u);
		fprintf(f, "%s %s  ", kpt_lh_pct_names[i], v);
	}
	kpt_lh_fmt_val(v, sizeof(v), h->max, u);
	fprintf(f, "max %s</text>\n<text x=\"10\" y=\"%d\">"
		"(percentiles: bucket lower edges, within 12.5%%)</text>\n",
		v, y0 + nrows * rh + 44);
	return finish(f, path);
}

int kpt_svg_heatmap(const char *path, const struct kpt_lh *frames, int n,
		    enum kpt_lh_unit u, double interval, const char *title)
{
	uint64_t (*rows)[KPT_LH_ROWS] = calloc(n ? n : 1, sizeof(*rows));
	uint64_t top = 0;
	int lo = -1, hi = -1, lw = 130, cw = 12, rh = 16, y0 = 50, nrows;
	char lab[64];
	FILE *f;

	if (!rows)
		return -ENOMEM;
	top = kpt_lh_heat_rows(frames, n, u, rows, &lo, &hi);
	nrows = lo < 0 ? 0 : hi - lo + 1;
	f = fopen(path, "w");
	if (!f) {
		free(rows);
		return -errno;
	}
	head(f, lw + n * cw + 40, y0 + nrows * rh + 50, title);
	fprintf(f, "<text x=\"10\" y=\"38\">%s x time (%gs a column), max %"
		PRIu64 " a cell</text>\n", kpt_lh_unit_name(u), interval, top);
	for (int j = 0; j < nrows; j++) {
		int r = hi - j, y = y0 + j * rh;

		kpt_lh_row_label(lab, sizeof(lab), r);
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>\n",
			lw - 8, y + 12, lab);
		for (int i = 0; i < n; i++) {
			uint64_t c = rows[i][r];
			/* white to dark red */
			int g = c ? 220 - (int)(200.0 * c / top) : 255;

			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
				"fill=\"rgb(%d,%d,%d)\"><title>%gs %s: %" PRIu64
				"</title></rect>\n", lw + i * cw, y, cw, rh,
				c ? 230 : 255, g, g, i * interval, lab, c);
		}
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\">time (s) 0 .. %g</text>\n", lw,
		y0 + nrows * rh + 20, n * interval);
	free(rows);
	return finish(f, path);
}
