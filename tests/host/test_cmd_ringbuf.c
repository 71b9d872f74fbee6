// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1)'s ring buffer page parser (tools/kprobetrace/kpt_ringbuf.c)
 * on hand-made pages: short and long records, time deltas, a time extend,
 * an absolute time stamp, padding (a discarded record), the end of the
 * data, and the missed-events flags in the commit word.
 */
#include <stdio.h>
#include <string.h>
#include "kpt_ringbuf.h"

static int failures, checks;

#define CHECK(cond, ...) do {						\
	checks++;							\
	if (!(cond)) {							\
		failures++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

static unsigned char page[4096];
static size_t pos;

static void put32(uint32_t v)
{
	memcpy(page + pos, &v, 4);
	pos += 4;
}

static void hdr(uint32_t type_len, uint32_t delta)
{
	put32(type_len | delta << 5);
}

static void data(int len, unsigned char fill)
{
	memset(page + pos, fill, len);
	pos += len;
}

static void finish(uint64_t ts, uint64_t flags)
{
	uint64_t commit = (pos - 16) | flags;

	memcpy(page, &ts, 8);
	memcpy(page + 8, &commit, 8);
}

int main(void)
{
	pos = 16;
	hdr(2, 10);		/* 8-byte record at ts 1000 + 10 */
	data(8, 0xa1);
	hdr(30, 5);		/* time extend: + 5 + (1 << 27) */
	put32(1);
	hdr(3, 7);		/* 12-byte record */
	data(12, 0xa2);
	hdr(29, 3);		/* padding: a discarded 16-byte record */
	put32(16);
	data(12, 0xee);
	hdr(0, 1);		/* long form: length 200 + 4 in array[0] */
	put32(204);
	data(200, 0xa3);
	hdr(31, 0x123);		/* absolute: (2 << 27) | 0x123 */
	put32(2);
	hdr(1, 0);		/* 4-byte record at that time */
	data(4, 0xa4);
	finish(1000, 1ull << 31);	/* missed events before this page */
	hdr(1, 0);		/* beyond commit: never read */
	data(4, 0xff);

	kpt_rb_parse_page(page, sizeof(page), 3);
	CHECK(kpt_rb.n == 4, "records: %zu", kpt_rb.n);
	if (kpt_rb.n == 4) {
		struct kpt_rec *r = kpt_rb.recs;
		uint64_t t2 = 1010 + 5 + (1ull << 27) + 7;

		CHECK(r[0].len == 8 && r[0].data[0] == 0xa1 && r[0].ts == 1010,
		      "first: len %d ts %llu", r[0].len,
		      (unsigned long long)r[0].ts);
		CHECK(r[1].len == 12 && r[1].data[11] == 0xa2 && r[1].ts == t2,
		      "extended: ts %llu", (unsigned long long)r[1].ts);
		CHECK(r[2].len == 200 && r[2].data[199] == 0xa3 &&
		      r[2].ts == t2 + 3 + 1, "long: len %d ts %llu", r[2].len,
		      (unsigned long long)r[2].ts);
		CHECK(r[3].len == 4 && r[3].data[0] == 0xa4 &&
		      r[3].ts == ((2ull << 27) | 0x123), "absolute: ts %llu",
		      (unsigned long long)r[3].ts);
		CHECK(r[0].cpu == 3, "cpu");
	}
	kpt_rb_clear();

	/* padding with no delta ends the page; a record cut by commit */
	memset(page, 0, sizeof(page));
	pos = 16;
	hdr(1, 1);
	data(4, 0xb1);
	hdr(29, 0);
	hdr(1, 1);
	data(4, 0xb2);
	finish(0, 0);
	kpt_rb_parse_page(page, sizeof(page), 0);
	CHECK(kpt_rb.n == 1, "padding ends the page: %zu", kpt_rb.n);
	kpt_rb_clear();
	pos = 16;
	hdr(4, 0);
	data(8, 0xc1);		/* 16 bytes announced, only 8 committed */
	finish(0, 0);
	kpt_rb_parse_page(page, sizeof(page), 0);
	CHECK(kpt_rb.n == 0, "cut record dropped: %zu", kpt_rb.n);
	kpt_rb_clear();

	printf("cmd-ringbuf: %d checks, %d failed\n", checks, failures);
	return failures != 0;
}
