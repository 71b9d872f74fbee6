// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for kprobetrace(1)'s reader of a compile unit's
 * top-level entries (tools/kprobetrace/dwarf/kpt_dwarf_dies.c), which the DWARF
 * index runs on every unit of a debug file.
 *
 * Input: byte 0 the unit's offset into .debug_info (bits 0-3), bytes 1-2
 * and 3-4 the sizes of .debug_info and .debug_abbrev (big-endian, cut to
 * what there is), then their bytes, the rest .debug_str (also
 * .debug_line_str).  Asserted (abort on failure): no crash, no read
 * outside the sections (ASan: each is a buffer of its own size), no UB;
 * the result is 0 or -1; every name handed out is a NUL-terminated string
 * inside a section.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_dwarf_dies.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "CHECK failed: %s (line %d)\n", #c, __LINE__); abort(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct kpt_dwarf_dies_in *cur;

static bool inside(const struct kpt_dwarf_sec *s, const char *p)
{
	const unsigned char *q = (const unsigned char *)p;

	return s->data && q >= s->data && q < s->data + s->size &&
	       memchr(q, 0, (size_t)(s->data + s->size - q));
}

static int seen(void *ctx, const char *name)
{
	size_t *n = ctx;

	CHECK(inside(&cur->info, name) || inside(&cur->str, name));
	*n += strlen(name) + 1;
	return 0;
}

static unsigned char *dup(const uint8_t *p, size_t n)
{
	unsigned char *b = malloc(n ? n : 1);

	CHECK(b);
	memcpy(b, p, n);
	return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kpt_dwarf_dies_in in = { 0 };
	unsigned char *info, *abbrev, *str;
	size_t ni, na, n = 0, off;
	int r;

	if (size < 5)
		return 0;
	off = data[0] & 15;
	ni = (size_t)data[1] << 8 | data[2];
	na = (size_t)data[3] << 8 | data[4];
	data += 5;
	size -= 5;
	if (ni > size)
		ni = size;
	if (na > size - ni)
		na = size - ni;
	info = dup(data, ni);
	abbrev = dup(data + ni, na);
	str = dup(data + ni + na, size - ni - na);
	in.info = (struct kpt_dwarf_sec){ info, ni };
	in.abbrev = (struct kpt_dwarf_sec){ abbrev, na };
	in.str = (struct kpt_dwarf_sec){ str, size - ni - na };
	in.line_str = in.str;
	in.fn = seen;
	in.ctx = &n;
	cur = &in;
	r = kpt_dwarf_dies_funcs(&in, off);
	CHECK(r == 0 || r == -1);
	free(info);
	free(abbrev);
	free(str);
	return 0;
}
