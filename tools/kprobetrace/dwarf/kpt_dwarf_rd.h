/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): a bounded reader of DWARF sections for the rooms that
 * read them without libdw (kpt_dwarf_linehdr.c, kpt_dwarf_dies.c):
 * little-endian integers, ULEB128, C strings in place and in a string
 * section.  A read past the end sets bad and returns 0 (NULL); every
 * later read does too.
 *
 * Offers: struct kpt_rd, kpt_rd_u(), kpt_rd_uleb(), kpt_rd_cstr(),
 * kpt_rd_strsec().
 */
#ifndef KPT_DWARF_RD_H
#define KPT_DWARF_RD_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "kpt_dwarf_sec.h"

struct kpt_rd {
	const unsigned char *p, *end;
	bool bad;
};

static inline uint64_t kpt_rd_u(struct kpt_rd *r, size_t n)
{
	uint64_t v = 0;

	if (r->bad || (size_t)(r->end - r->p) < n) {
		r->bad = true;
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)r->p[i] << (8 * i);
	r->p += n;
	return v;
}

static inline uint64_t kpt_rd_uleb(struct kpt_rd *r)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	while (!r->bad) {
		unsigned char b;

		if (r->p >= r->end || shift > 63) {
			r->bad = true;
			break;
		}
		b = *r->p++;
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			break;
		shift += 7;
	}
	return r->bad ? 0 : v;
}

static inline const char *kpt_rd_cstr(struct kpt_rd *r)
{
	const unsigned char *z;

	if (r->bad)
		return NULL;
	z = memchr(r->p, 0, (size_t)(r->end - r->p));
	if (!z) {
		r->bad = true;
		return NULL;
	}
	{
		const char *s = (const char *)r->p;

		r->p = z + 1;
		return s;
	}
}

/* A string at off of a string section, or NULL. */
static inline const char *kpt_rd_strsec(const struct kpt_dwarf_sec *sec, uint64_t off)
{
	if (!sec->data || off >= sec->size ||
	    !memchr(sec->data + off, 0, sec->size - off))
		return NULL;
	return (const char *)sec->data + off;
}

#endif /* KPT_DWARF_RD_H */
