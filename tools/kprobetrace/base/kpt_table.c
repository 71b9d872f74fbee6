// SPDX-License-Identifier: GPL-2.0
/* kprobetrace(1): aligned text tables (the last column is never padded). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"

#define KPT_TABLE_COLS 8

struct kpt_table {
	int ncols, nrows, cap;
	size_t width[KPT_TABLE_COLS];
	bool right[KPT_TABLE_COLS];
	char **cells;		/* nrows * ncols, row 0 = headers */
};

struct kpt_table *kpt_table_new(int ncols, const char *const *headers)
{
	struct kpt_table *t = calloc(1, sizeof(*t));

	if (!t || ncols > KPT_TABLE_COLS) {
		free(t);
		return NULL;
	}
	t->ncols = ncols;
	kpt_table_add(t, headers);
	return t;
}

void kpt_table_right(struct kpt_table *t, int col)
{
	if (t && col < t->ncols)
		t->right[col] = true;
}

void kpt_table_add(struct kpt_table *t, const char *const *cells)
{
	if (!t)
		return;
	if (t->nrows == t->cap) {
		int cap = t->cap ? t->cap * 2 : 16;
		char **nc = realloc(t->cells, sizeof(char *) * cap * t->ncols);

		if (!nc)
			return;
		t->cells = nc;
		t->cap = cap;
	}
	for (int c = 0; c < t->ncols; c++) {
		char *s = strdup(cells[c] ? cells[c] : "");
		size_t w = s ? strlen(s) : 0;

		t->cells[t->nrows * t->ncols + c] = s;
		if (w > t->width[c])
			t->width[c] = w;
	}
	t->nrows++;
}

void kpt_table_print(struct kpt_table *t)
{
	if (!t)
		return;
	for (int r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r * t->ncols + c];
			int w = (int)t->width[c];
			bool last = c == t->ncols - 1;

			s = s ? s : "";
			if (t->right[c])
				printf("%*s", w, s);
			else if (last)
				printf("%s", s);
			else
				printf("%-*s", w, s);
			if (!last)
				printf("  ");
			free(t->cells[r * t->ncols + c]);
		}
		printf("\n");
	}
	free(t->cells);
	free(t);
}
