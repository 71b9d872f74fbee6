// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1)'s ring buffer page parser (tools/kprobetrace/trace/kpt_ringbuf.c)
 * on hand-made pages: short and long records, time deltas, a time extend,
 * an absolute time stamp, padding (a discarded record), the end of the
 * data, and the missed-events flags in the commit word; the page layout
 * taken from header_page/header_event texts (6.1's, and one with another
 * commit word and data offset); fields and common fields from format
 * texts of a generic and of a PREEMPT_RT 6.1 kernel (whose common fields
 * take 12 bytes, the first event field at 16).
 */
#include <stdio.h>
#include <string.h>
#include "check.h"
#include "kpt_ringbuf.h"

static unsigned char page[4096];
static size_t pos, data_off = 16, commit_size = 8;

/* As 6.1 and 6.12 print them (x86-64, 4 KiB pages). */
static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";
/* A 32-bit kernel's: a 4-byte commit word, data at 12. */
static const char header_page32[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:4;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:12;\tsize:4084;\tsigned:1;\n";
static const char header_event[] =
	"# compressed entry header\n"
	"\ttype_len    :    5 bits\n"
	"\ttime_delta  :   27 bits\n"
	"\tarray       :   32 bits\n"
	"\n"
	"\tpadding     : type == 29\n"
	"\ttime_extend : type == 30\n"
	"\ttime_stamp : type == 31\n"
	"\tdata max type_len  == 28\n";

#define COMMON								\
	"name: e\nID: 1339\nformat:\n"					\
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
/* today's layout on 6.1 generic */
static const char fmt_generic[] = COMMON
	"\n"
	"\tfield:unsigned long __probe_ip;\toffset:8;\tsize:8;\tsigned:0;\n"
	"\tfield:u64 ip;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:__data_loc char[] s;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"(%lx) ip=%pS s=\\\"%s\\\"\", REC->__probe_ip, REC->ip, "
	"__get_str(s)\n";
/* the same on 6.1 PREEMPT_RT */
static const char fmt_rt[] = COMMON
	"\tfield:unsigned char common_preempt_lazy_count;\toffset:8;\tsize:1;\tsigned:0;\n"
	"\n"
	"\tfield:unsigned long __probe_ip;\toffset:16;\tsize:8;\tsigned:0;\n"
	"\tfield:u32 arr[3];\toffset:24;\tsize:12;\tsigned:0;\n"
	"\tfield:s16 s16;\toffset:36;\tsize:2;\tsigned:1;\n"
	"\tfield:__data_loc char[] s;\toffset:38;\tsize:4;\tsigned:1;\n"
	"\n"
	"print fmt: \"(%lx) s16=%d s=\\\"%s\\\"\", REC->__probe_ip, REC->s16, "
	"__get_str(s)\n";

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
	uint64_t commit = (pos - data_off) | flags;

	memcpy(page, &ts, 8);
	memcpy(page + 8, &commit, commit_size);
}

static void check_layouts(void)
{
	const char *why = NULL;

	CHECK(kpt_rb_page_size() == 0, "no layout yet: size %zu",
	      kpt_rb_page_size());
	memset(page, 0, sizeof(page));
	pos = data_off;
	hdr(1, 1);
	data(4, 0xd1);
	finish(0, 0);
	kpt_rb_parse_page(page, sizeof(page), 0);
	CHECK(kpt_rb.n == 0, "no layout, no records: %zu", kpt_rb.n);
	kpt_rb_clear();

	CHECK(kpt_rb_set_layout("", header_event, &why) == -1 && why,
	      "empty header_page accepted");
	CHECK(kpt_rb_set_layout(header_page, "\ttype_len : 6 bits\n", &why) ==
	      -1, "another event header accepted");

	/* a 32-bit kernel's page: data at 12 */
	CHECK(kpt_rb_set_layout(header_page32, header_event, &why) == 0,
	      "header_page32: %s", why);
	CHECK(kpt_rb_page_size() == 4096, "page size %zu", kpt_rb_page_size());
	data_off = 12;
	commit_size = 4;
	memset(page, 0, sizeof(page));
	pos = data_off;
	hdr(2, 9);
	data(8, 0xe1);
	finish(100, 1ull << 31);
	kpt_rb_parse_page(page, sizeof(page), 1);
	CHECK(kpt_rb.n == 1 && kpt_rb.recs[0].ts == 109 &&
	      kpt_rb.recs[0].data[7] == 0xe1, "32-bit page: %zu records",
	      kpt_rb.n);
	kpt_rb_clear();
	data_off = 16;
	commit_size = 8;

	CHECK(kpt_rb_set_layout(header_page, header_event, &why) == 0,
	      "header_page: %s", why);
	CHECK(kpt_rb_page_size() == 4096, "page size %zu", kpt_rb_page_size());
	CHECK(kpt_rb_layout.data.offset == 16 && kpt_rb_layout.commit.size == 8 &&
	      kpt_rb_layout.padding == 29 && kpt_rb_layout.time_extend == 30 &&
	      kpt_rb_layout.time_stamp == 31 && kpt_rb_layout.data_max == 28,
	      "layout numbers");
}

static void check_formats(void)
{
	struct kpt_common c;
	struct kpt_field f;
	uint8_t rec[64];
	uint32_t loc;

	CHECK(kpt_common_parse(fmt_generic, &c) == 0 && c.size == 8 &&
	      c.type.offset == 0 && c.type.size == 2 && c.pid.offset == 4 &&
	      c.pid.size == 4, "generic common fields: size %d", c.size);
	CHECK(kpt_common_parse(fmt_rt, &c) == 0 && c.size == 9 &&
	      c.pid.offset == 4, "RT common fields: size %d", c.size);
	CHECK(kpt_common_parse("name: x\n", &c) == -1, "no common fields");

	f = kpt_fmt_field(fmt_generic, "__probe_ip");
	CHECK(f.offset == 8 && f.size == 8 && !f.data_loc, "generic ip");
	f = kpt_fmt_field(fmt_generic, "ip");	/* not __probe_ip's tail */
	CHECK(f.offset == 16 && f.size == 8, "field ip: %d", f.offset);
	f = kpt_fmt_field(fmt_generic, "s");
	CHECK(f.offset == 24 && f.size == 4 && f.data_loc, "generic string");
	f = kpt_fmt_field(fmt_generic, "type");	/* common_type's tail */
	CHECK(f.offset == -1, "no field 'type': %d", f.offset);
	f = kpt_fmt_field(fmt_generic, "fmt");	/* not in print fmt */
	CHECK(f.offset == -1, "no field 'fmt': %d", f.offset);

	f = kpt_fmt_field(fmt_rt, "__probe_ip");
	CHECK(f.offset == 16 && f.size == 8, "RT ip: %d", f.offset);
	f = kpt_fmt_field(fmt_rt, "arr");
	CHECK(f.offset == 24 && f.size == 12, "RT array: %d", f.offset);
	f = kpt_fmt_field(fmt_rt, "common_preempt_lazy_count");
	CHECK(f.offset == 8 && f.size == 1, "RT lazy count");

	/* an RT record read through its format */
	memset(rec, 0, sizeof(rec));
	rec[0] = 0x3b; rec[1] = 0x05;		/* common_type 1339 */
	rec[4] = 0x2a;				/* common_pid 42 */
	rec[16] = 0x11;				/* __probe_ip */
	rec[36] = 0xd4; rec[37] = 0xfe;		/* s16 -300 */
	loc = (3u << 16) | 42;
	memcpy(rec + 38, &loc, 4);
	memcpy(rec + 42, "hi", 3);
	kpt_common_parse(fmt_rt, &c);
	CHECK(kpt_field_get(rec, 45, c.type) == 1339, "common_type");
	CHECK(kpt_field_get(rec, 45, c.pid) == 42, "common_pid");
	CHECK(kpt_field_get(rec, 45, kpt_fmt_field(fmt_rt, "__probe_ip")) ==
	      0x11, "RT record ip");
	CHECK((int16_t)kpt_field_get(rec, 45, kpt_fmt_field(fmt_rt, "s16")) ==
	      -300, "RT record s16");
	CHECK(kpt_field_get(rec, 45, kpt_fmt_field(fmt_rt, "s")) == loc,
	      "RT record __data_loc");
	CHECK(kpt_field_get(rec, 40, kpt_fmt_field(fmt_rt, "s")) == 0,
	      "a field past the record reads 0");
}

int main(void)
{
	check_layouts();
	check_formats();
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
