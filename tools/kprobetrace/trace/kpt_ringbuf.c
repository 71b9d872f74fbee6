// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): parse ring buffer pages.  A page is a header (as
 * events/header_page says: a u64 timestamp, a commit word: bytes used,
 * flag bits 30, 31 mark missed events; the data), then events, each a
 * 32-bit header (events/header_event: type_len:5, time_delta:27):
 * type_len 1..28 is a record of type_len * 4 bytes; 0 a record whose
 * length is in the next word; 29 padding (a discarded record; time_delta
 * 0: the rest of the page); 30 a time extend (delta += next word << 27);
 * 31 an absolute time stamp.  Little-endian.
 */
#include <stdlib.h>
#include <string.h>
#include "kpt_ringbuf.h"

struct kpt_rb kpt_rb;
struct kpt_rb_layout kpt_rb_layout;

/* ---- format texts ---- */

struct kpt_field kpt_fmt_field(const char *fmt, const char *name)
{
	struct kpt_field f = { -1, 0, false };
	const char *s = fmt;
	size_t nl = strlen(name);

	while ((s = strstr(s, "field:"))) {
		const char *semi = strchr(s, ';'), *o, *z, *e, *eol;

		s += 6;
		if (!semi)
			break;
		while (*s == ' ' || *s == '\t')
			s++;
		/* the name ends the declaration, maybe followed by [N] */
		e = semi;
		while (e > s && e[-1] == ']')
			while (e > s && *--e != '[')
				;
		if (e - s <= (long)nl || strncmp(e - nl, name, nl) ||
		    (e[-nl - 1] != ' ' && e[-nl - 1] != '\t'))
			continue;
		o = strstr(semi, "offset:");
		z = strstr(semi, "size:");
		eol = strchr(semi, '\n');
		if (!o || !z || (eol && (eol < o || eol < z)))
			break;
		f.offset = atoi(o + 7);
		f.size = atoi(z + 5);
		f.data_loc = !strncmp(s, "__data_loc", 10);
		if (f.offset < 0 || f.size < 0)
			f.offset = -1;
		break;
	}
	return f;
}

uint64_t kpt_field_get(const uint8_t *rec, int len, struct kpt_field f)
{
	uint64_t v = 0;

	if (f.offset < 0 || f.size > 8 || f.offset + f.size > len)
		return 0;
	memcpy(&v, rec + f.offset, f.size);	/* little-endian */
	return v;
}

struct kpt_common kpt_common = { { -1, 0, false }, { -1, 0, false }, 0 };

int kpt_common_parse(const char *fmt, struct kpt_common *c)
{
	const char *s;

	c->type = kpt_fmt_field(fmt, "common_type");
	c->pid = kpt_fmt_field(fmt, "common_pid");
	c->size = 0;
	if (c->type.offset < 0 || c->pid.offset < 0 ||
	    c->type.size < 1 || c->type.size > 4 || c->pid.size != 4)
		return -1;
	/* they come first: the end of the last one */
	for (s = fmt; (s = strstr(s, "field:")); ) {
		char name[64];
		struct kpt_field f;
		const char *semi = strchr(s, ';'), *e;

		s += 6;
		if (!semi)
			break;
		for (e = semi; e > s && e[-1] != ' ' && e[-1] != '\t'; e--)
			;
		if (strncmp(e, "common_", 7) || semi - e >= (long)sizeof(name))
			break;
		memcpy(name, e, semi - e);
		name[semi - e] = '\0';
		f = kpt_fmt_field(fmt, name);
		if (f.offset >= 0 && f.offset + f.size > c->size)
			c->size = f.offset + f.size;
	}
	return c->size > 0 ? 0 : -1;
}

/*
 * The number on the line of KEY (at the line's start, blanks before):
 * "type_len    :    5 bits", "padding     : type == 29".
 */
static int header_num(const char *text, const char *key)
{
	size_t kl = strlen(key);

	for (const char *s = text; s && *s; s = strchr(s, '\n') ?
	     strchr(s, '\n') + 1 : NULL) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (strncmp(s, key, kl) || (s[kl] != ' ' && s[kl] != ':' &&
					    s[kl] != '='))
			continue;
		s += kl;
		s += strcspn(s, "0123456789\n");
		return *s >= '0' && *s <= '9' ? atoi(s) : -1;
	}
	return -1;
}

int kpt_rb_set_layout(const char *header_page, const char *header_event,
		      const char **why)
{
	struct kpt_rb_layout l;

	l.ts = kpt_fmt_field(header_page, "timestamp");
	l.commit = kpt_fmt_field(header_page, "commit");
	l.data = kpt_fmt_field(header_page, "data");
	l.type_len_bits = header_num(header_event, "type_len");
	l.delta_bits = header_num(header_event, "time_delta");
	l.padding = header_num(header_event, "padding");
	l.time_extend = header_num(header_event, "time_extend");
	l.time_stamp = header_num(header_event, "time_stamp");
	l.data_max = header_num(header_event, "data max type_len");
	if (l.ts.offset < 0 || l.ts.size != 8 || l.commit.offset < 0 ||
	    (l.commit.size != 4 && l.commit.size != 8) || l.data.offset < 0 ||
	    l.data.size <= 0 || l.ts.offset + 8 > l.data.offset ||
	    l.commit.offset + l.commit.size > l.data.offset) {
		*why = "header_page: no u64 timestamp, commit word or data";
		return -1;
	}
	if (l.type_len_bits != 5 || l.delta_bits != 27 ||
	    l.padding < 0 || l.time_extend < 0 || l.time_stamp < 0 ||
	    l.data_max <= 0 || l.data_max >= l.padding) {
		*why = "header_event: not the type_len:5 time_delta:27 header";
		return -1;
	}
	kpt_rb_layout = l;
	return 0;
}

size_t kpt_rb_page_size(void)
{
	const struct kpt_rb_layout *l = &kpt_rb_layout;

	return l->data.size > 0 ? (size_t)l->data.offset + l->data.size : 0;
}

/* ---- records ---- */

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

/* One page of trace_pipe_raw: its header (header_page), then events. */
void kpt_rb_parse_page(const uint8_t *page, size_t psize, int cpu)
{
	const struct kpt_rb_layout *l = &kpt_rb_layout;
	uint32_t tmask = (1u << l->type_len_bits) - 1;
	uint64_t ts, commit;
	size_t off, end;

	if (l->data.size <= 0 || psize < (size_t)l->data.offset)
		return;
	ts = kpt_field_get(page, psize, l->ts);
	commit = kpt_field_get(page, psize, l->commit);
	/* bits 30 and 31 flag missed events */
	off = l->data.offset;
	end = off + (commit & ((1u << 30) - 1));
	if (end > psize)
		end = psize;
	if (end > off + (size_t)l->data.size)
		end = off + l->data.size;
	while (off + 4 <= end) {
		uint32_t h = rd32(page + off);
		uint32_t type_len = h & tmask, delta = h >> l->type_len_bits;
		uint32_t arr = off + 8 <= end ? rd32(page + off + 4) : 0;

		if (type_len == (uint32_t)l->padding) {
			if (!delta)
				return;
			ts += delta;
			off += 4 + arr;
		} else if (type_len == (uint32_t)l->time_extend) {
			ts += delta + ((uint64_t)arr << l->delta_bits);
			off += 8;
		} else if (type_len == (uint32_t)l->time_stamp) {
			ts = ((uint64_t)arr << l->delta_bits) | delta;
			off += 8;
		} else if (type_len == 0) {	/* length in array[0] */
			ts += delta;
			if (arr < 4 || off + 4 + arr > end)
				return;
			add_rec(ts, cpu, page + off + 8, arr - 4);
			off += 4 + ((arr + 3) & ~3u);
		} else if (type_len <= (uint32_t)l->data_max) {
			ts += delta;
			if (off + 4 + type_len * 4 > end)
				return;
			add_rec(ts, cpu, page + off + 4, type_len * 4);
			off += 4 + type_len * 4;
		} else {
			return;		/* not understood: the rest is lost */
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
