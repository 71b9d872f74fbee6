// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for kprobetrace(1)'s reader of line table headers
 * (tools/kprobetrace/dwarf/kpt_dwarf_linehdr.c), which the DWARF index runs on
 * every compile unit of a debug file.
 *
 * Input: byte 0 picks the offset into .debug_line (bits 0-3) and whether
 * the unit has a DW_AT_comp_dir (bit 4 clear), byte 1 the
 * split between .debug_line and the string section (.debug_line_str and
 * .debug_str both), the rest the bytes.  Asserted (abort on failure): no
 * crash, no read outside the sections (ASan: each is a buffer of its own
 * size), no UB; the result is 0 or -1; every name handed out is a
 * NUL-terminated string.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_dwarf_linehdr.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "CHECK failed: %s (line %d)\n", #c, __LINE__); abort(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int seen(void *ctx, const char *dir, const char *name)
{
	size_t *n = ctx;
	char buf[64];

	*n += strlen(name) + 1 + (dir ? strlen(dir) + 1 : 0);
	if (!kpt_dwarf_linehdr_join(dir, name, buf, sizeof(buf)))
		CHECK(strlen(buf) == strlen(name) + (dir ? strlen(dir) + 1 : 0));
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kpt_dwarf_linehdr_in in = { 0 };
	unsigned char *line, *str;
	size_t n = 0, split, off;
	bool comp;
	int r;

	if (size < 2)
		return 0;
	off = data[0] & 15;
	comp = !(data[0] & 16);
	split = data[1];
	data += 2;
	size -= 2;
	if (split > size)
		split = size;
	line = malloc(size - split + 1);
	str = malloc(split + 1);
	CHECK(line && str);
	memcpy(line, data + split, size - split);
	memcpy(str, data, split);
	in.line = (struct kpt_dwarf_sec){ line, size - split };
	in.line_str = (struct kpt_dwarf_sec){ str, split };
	in.str = in.line_str;
	in.comp_dir = comp ? "/comp" : NULL;
	in.fn = seen;
	in.ctx = &n;
	r = kpt_dwarf_linehdr_files(&in, off);
	CHECK(r == 0 || r == -1);
	free(line);
	free(str);
	return 0;
}
