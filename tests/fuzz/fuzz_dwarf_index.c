// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the reader of kprobetrace(1)'s DWARF index files
 * (tools/kprobetrace/dwarf/kpt_dwarf_index.c), which come from the cache
 * directory and may be truncated, corrupted or another build's.
 *
 * Input: byte 0 bit 0 set: the checksum is rewritten first (to reach the
 * checks behind it), then the file's bytes.  Asserted (abort on failure): no crash, no
 * read outside the buffer (ASan: the input is copied to a buffer of its
 * exact size), no UB; the result is 0, -1 or -2, and a key mismatch is -2
 * only; an accepted index finds each of its names at its own entry, every
 * list entry names a compile unit it has; and written back from what was
 * read, with the key read, it is the same body byte for byte and parses
 * again (the format keeps nothing the reader did not check).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_dwarf_index.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "CHECK failed: %s (line %d)\n", #c, __LINE__); abort(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct kpt_dwarf_index_in *back(const struct kpt_dwarf_index *ix,
				       bool files)
{
	const struct kpt_dwarf_index_ent *e = files ? ix->files : ix->names;
	uint32_t n = files ? ix->nfiles : ix->nnames;
	struct kpt_dwarf_index_in *in = calloc(n + 1, sizeof(*in));

	CHECK(in);
	for (uint32_t i = 0; i < n; i++) {
		const struct kpt_dwarf_index_ent *f;

		in[i].name = ix->strings + e[i].str;
		in[i].cus = ix->lists + e[i].first;
		in[i].n = e[i].count;
		f = kpt_dwarf_index_find(ix, files, in[i].name);
		CHECK(f == &e[i]);
		for (uint32_t k = 0; k < e[i].count; k++)
			CHECK(ix->lists[e[i].first + k] < ix->ncu);
	}
	return in;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kpt_dwarf_index_key key = { "0123", 1, 2, 3 }, found, again;
	struct kpt_dwarf_index ix, ix2;
	struct kpt_dwarf_index_in *names, *files;
	void *buf, *out;
	size_t len;
	bool seal;
	int r, rk;

	if (size < 1)
		return 0;
	seal = data[0] & 1;
	data++;
	size--;
	buf = malloc(size ? size : 1);
	CHECK(buf);
	memcpy(buf, data, size);
	if (seal)
		kpt_dwarf_index_seal(buf, size);
	r = kpt_dwarf_index_parse(buf, size, NULL, &found, &ix);
	CHECK(r == 0 || r == -1 || r == -2);
	rk = kpt_dwarf_index_parse(buf, size, &key, NULL, &ix2);
	CHECK(rk == 0 || rk == -1 || rk == -2);
	if (r == -1)
		CHECK(rk == -1 || rk == -2);
	if (r == 0 && rk != 0)
		CHECK(rk == -2);
	if (r) {
		free(buf);
		return 0;
	}
	(void)kpt_dwarf_index_find(&ix, false, "");
	(void)kpt_dwarf_index_find(&ix, true, "zzz");
	names = back(&ix, false);
	files = back(&ix, true);
	CHECK(!kpt_dwarf_index_write(&found, ix.cus, ix.ncu, names, ix.nnames,
				     files, ix.nfiles, &out, &len));
	CHECK(len == size);
	CHECK(!memcmp((char *)out + 160, (char *)buf + 160, size - 160));
	CHECK(!kpt_dwarf_index_parse(out, len, &found, &again, &ix2));
	CHECK(!strcmp(again.build_id, found.build_id));
	free(out);
	free(names);
	free(files);
	free(buf);
	return 0;
}
