// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): parse ring buffer pages.  A page is a u64 timestamp, a
 * commit word (bytes used; flag bits 30, 31 mark missed events), then
 * events, each a 32-bit header (type_len:5, time_delta:27): type_len 1..28
 * is a record of type_len * 4 bytes; 0 a record whose length is in the next
 * word; 29 padding (a discarded record; time_delta 0: the rest of the
 * page); 30 a time extend (delta += next word << 27); 31 an absolute time
 * stamp.  Little-endian.
 */
#include <stdlib.h>
#include <string.h>
#include "kpt_ringbuf.h"

struct kpt_rb kpt_rb;

static void add_rec(uint64_t ts, int cpu, const uint8_t *d, int len)
{
	struct kpt_rec *r;

	if (kpt_rb.n == kpt_rb.cap) {
		size_t cap = kpt_rb.cap ? kpt_rb.cap * 2 : 256;
		struct kpt_rec *n = realloc(kpt_rb.recs, cap * sizeof(*n));

		if (!n)
			return;
		kpt_rb.recs = n;
		kpt_rb.cap = cap;
	}
	r = &kpt_rb.recs[kpt_rb.n];
	r->data = malloc(len);
	if (!r->data)
		return;
	memcpy(r->data, d, len);
	r->ts = ts;
	r->cpu = cpu;
	r->len = len;
	kpt_rb.n++;
}

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* One page of trace_pipe_raw: u64 timestamp, u64 commit, events. */
void kpt_rb_parse_page(const uint8_t *page, size_t psize, int cpu)
{
	uint64_t ts, commit;
	size_t off = 16, end;

	memcpy(&ts, page, 8);
	memcpy(&commit, page + 8, 8);
	end = 16 + (commit & 0xfffffff);
	if (end > psize)
		end = psize;
	while (off + 4 <= end) {
		uint32_t h = rd32(page + off);
		uint32_t type_len = h & 0x1f, delta = h >> 5;
		uint32_t arr = off + 8 <= end ? rd32(page + off + 4) : 0;

		switch (type_len) {
		case 29:	/* padding */
			if (!delta)
				return;
			ts += delta;
			off += 4 + arr;
			break;
		case 30:	/* time extend */
			ts += delta + ((uint64_t)arr << 27);
			off += 8;
			break;
		case 31:	/* absolute time stamp */
			ts = ((uint64_t)arr << 27) | delta;
			off += 8;
			break;
		case 0:		/* length in array[0] */
			ts += delta;
			if (arr < 4 || off + 4 + arr > end)
				return;
			add_rec(ts, cpu, page + off + 8, arr - 4);
			off += 4 + ((arr + 3) & ~3u);
			break;
		default:
			ts += delta;
			if (off + 4 + type_len * 4 > end)
				return;
			add_rec(ts, cpu, page + off + 4, type_len * 4);
			off += 4 + type_len * 4;
		}
	}
}

static int by_ts(const void *a, const void *b)
{
	const struct kpt_rec *x = a, *y = b;

	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

void kpt_rb_sort(void)
{
	qsort(kpt_rb.recs, kpt_rb.n, sizeof(*kpt_rb.recs), by_ts);
}

void kpt_rb_clear(void)
{
	for (size_t i = 0; i < kpt_rb.n; i++)
		free(kpt_rb.recs[i].data);
	kpt_rb.n = 0;
}
