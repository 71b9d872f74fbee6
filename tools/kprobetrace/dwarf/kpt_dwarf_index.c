// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the DWARF index's file format (kpt_dwarf_index.h):
 * writing it, and reading it back with every count, offset, order and
 * the checksum checked, so that a truncated, corrupted or foreign file is
 * refused (and rebuilt by the caller), never believed.
 */
#include <stdlib.h>
#include <string.h>
#include "kpt_dwarf_index.h"

#define MAGIC "KPTDWIX\n"
#define HDR 160u
#define O_VERSION 8
#define O_HDRSIZE 12
#define O_BUILD_ID 16		/* 72 bytes, NUL-padded */
#define O_SIZE 88
#define O_MTIME 96
#define O_MTIME_NS 104
#define O_NCU 112
#define O_NNAMES 116
#define O_NFILES 120
#define O_NLIST 124
#define O_STRSIZE 128
#define O_SUM 136
#define ENT 12u

static uint32_t get32(const unsigned char *p, size_t o)
{
	uint32_t v;

	memcpy(&v, p + o, 4);
	return v;
}

static uint64_t get64(const unsigned char *p, size_t o)
{
	uint64_t v;

	memcpy(&v, p + o, 8);
	return v;
}

static void put32(unsigned char *p, size_t o, uint32_t v)
{
	memcpy(p + o, &v, 4);
}

static void put64(unsigned char *p, size_t o, uint64_t v)
{
	memcpy(p + o, &v, 8);
}

/* A 64-bit hash of the body, 8 bytes a step (fast enough per lookup). */
static uint64_t checksum(const unsigned char *p, size_t n)
{
	uint64_t h = 0x6a09e667f3bcc908ull ^ n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, p + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 29;
	}
	for (; i < n; i++) {
		h = (h ^ p[i]) * 0x100000001b3ull;
		h ^= h >> 29;
	}
	return h;
}

static int in_cmp(const void *a, const void *b)
{
	return strcmp(((const struct kpt_dwarf_index_in *)a)->name,
		      ((const struct kpt_dwarf_index_in *)b)->name);
}

/* Entries of one table and their lists; advances *list and *str. */
static void put_table(unsigned char *ents, const struct kpt_dwarf_index_in *in,
		      uint32_t n, unsigned char *lists, uint32_t *list,
		      char *strings, uint32_t *str)
{
	for (uint32_t i = 0; i < n; i++) {
		size_t l = strlen(in[i].name) + 1;

		put32(ents, i * ENT, *str);
		put32(ents, i * ENT + 4, *list);
		put32(ents, i * ENT + 8, in[i].n);
		memcpy(strings + *str, in[i].name, l);
		*str += (uint32_t)l;
		memcpy(lists + (size_t)*list * 4, in[i].cus,
		       (size_t)in[i].n * 4);
		*list += in[i].n;
	}
}

int kpt_dwarf_index_write(const struct kpt_dwarf_index_key *key,
			  const uint64_t *cus, uint32_t ncu,
			  struct kpt_dwarf_index_in *names, uint32_t nnames,
			  struct kpt_dwarf_index_in *files, uint32_t nfiles,
			  void **out, size_t *len)
{
	uint64_t strsize = 0, nlist = 0, total;
	unsigned char *p, *ents, *lists;
	uint32_t str = 0, list = 0;
	char *strings;

	for (uint32_t i = 0; i < nnames; i++) {
		strsize += strlen(names[i].name) + 1;
		nlist += names[i].n;
	}
	for (uint32_t i = 0; i < nfiles; i++) {
		strsize += strlen(files[i].name) + 1;
		nlist += files[i].n;
	}
	if (strsize > UINT32_MAX || nlist > UINT32_MAX)
		return -1;
	total = HDR + (uint64_t)ncu * 8 + ((uint64_t)nnames + nfiles) * ENT +
		nlist * 4 + strsize;
	p = calloc(1, total);
	if (!p)
		return -1;
	qsort(names, nnames, sizeof(*names), in_cmp);
	qsort(files, nfiles, sizeof(*files), in_cmp);
	memcpy(p, MAGIC, 8);
	put32(p, O_VERSION, KPT_DWARF_INDEX_VERSION);
	put32(p, O_HDRSIZE, HDR);
	strncpy((char *)p + O_BUILD_ID, key->build_id, 71);
	put64(p, O_SIZE, key->size);
	put64(p, O_MTIME, (uint64_t)key->mtime_sec);
	put64(p, O_MTIME_NS, (uint64_t)key->mtime_nsec);
	put32(p, O_NCU, ncu);
	put32(p, O_NNAMES, nnames);
	put32(p, O_NFILES, nfiles);
	put32(p, O_NLIST, (uint32_t)nlist);
	put32(p, O_STRSIZE, (uint32_t)strsize);
	if (ncu)
		memcpy(p + HDR, cus, (size_t)ncu * 8);
	ents = p + HDR + (size_t)ncu * 8;
	lists = ents + ((size_t)nnames + nfiles) * ENT;
	strings = (char *)lists + nlist * 4;
	put_table(ents, names, nnames, lists, &list, strings, &str);
	put_table(ents + (size_t)nnames * ENT, files, nfiles, lists, &list,
		  strings, &str);
	put64(p, O_SUM, checksum(p + HDR, total - HDR));
	*out = p;
	*len = total;
	return 0;
}

/*
 * The entries of one table: in bounds, names sorted, strings and lists
 * packed in order from *str and *list (as written: the canonical form).
 */
static bool table_ok(const struct kpt_dwarf_index *ix,
		     const struct kpt_dwarf_index_ent *e, uint32_t n,
		     uint32_t *str, uint32_t *list)
{
	for (uint32_t i = 0; i < n; i++) {
		if (e[i].str != *str || e[i].str >= ix->strsize ||
		    e[i].first != *list ||
		    (uint64_t)e[i].first + e[i].count > ix->nlist)
			return false;
		*str += (uint32_t)strlen(ix->strings + e[i].str) + 1;
		*list += e[i].count;
		for (uint32_t k = 0; k < e[i].count; k++)
			if (ix->lists[e[i].first + k] >= ix->ncu)
				return false;
		if (i && strcmp(ix->strings + e[i - 1].str,
				ix->strings + e[i].str) >= 0)
			return false;
	}
	return true;
}

void kpt_dwarf_index_seal(void *buf, size_t len)
{
	if (len >= HDR)
		put64(buf, O_SUM, checksum((unsigned char *)buf + HDR,
					   len - HDR));
}

int kpt_dwarf_index_parse(const void *buf, size_t len,
			  const struct kpt_dwarf_index_key *key,
			  struct kpt_dwarf_index_key *found,
			  struct kpt_dwarf_index *ix)
{
	const unsigned char *p = buf;
	struct kpt_dwarf_index_key k;
	uint32_t str = 0, list = 0;
	uint64_t total;

	memset(ix, 0, sizeof(*ix));
	if (len < HDR || memcmp(p, MAGIC, 8) || get32(p, O_HDRSIZE) != HDR ||
	    !memchr(p + O_BUILD_ID, 0, 72))
		return -1;
	memset(&k, 0, sizeof(k));
	memcpy(k.build_id, p + O_BUILD_ID, 64);
	k.size = get64(p, O_SIZE);
	k.mtime_sec = (int64_t)get64(p, O_MTIME);
	k.mtime_nsec = (int64_t)get64(p, O_MTIME_NS);
	if (found)
		*found = k;
	if (get32(p, O_VERSION) != KPT_DWARF_INDEX_VERSION)
		return -2;
	if (key && (strcmp(k.build_id, key->build_id) || k.size != key->size ||
		    k.mtime_sec != key->mtime_sec ||
		    k.mtime_nsec != key->mtime_nsec))
		return -2;
	ix->ncu = get32(p, O_NCU);
	ix->nnames = get32(p, O_NNAMES);
	ix->nfiles = get32(p, O_NFILES);
	ix->nlist = get32(p, O_NLIST);
	ix->strsize = get32(p, O_STRSIZE);
	total = HDR + (uint64_t)ix->ncu * 8 +
		((uint64_t)ix->nnames + ix->nfiles) * ENT +
		(uint64_t)ix->nlist * 4 + ix->strsize;
	if (total != len || get64(p, O_SUM) != checksum(p + HDR, len - HDR))
		return -1;
	ix->cus = (const uint64_t *)(p + HDR);
	ix->names = (const struct kpt_dwarf_index_ent *)(p + HDR +
							  (size_t)ix->ncu * 8);
	ix->files = ix->names + ix->nnames;
	ix->lists = (const uint32_t *)(ix->files + ix->nfiles);
	ix->strings = (const char *)(ix->lists + ix->nlist);
	if ((ix->strsize && ix->strings[ix->strsize - 1]) ||
	    !table_ok(ix, ix->names, ix->nnames, &str, &list) ||
	    !table_ok(ix, ix->files, ix->nfiles, &str, &list) ||
	    str != ix->strsize || list != ix->nlist) {
		memset(ix, 0, sizeof(*ix));
		return -1;
	}
	return 0;
}

const struct kpt_dwarf_index_ent *
kpt_dwarf_index_find(const struct kpt_dwarf_index *ix, bool files,
		     const char *name)
{
	const struct kpt_dwarf_index_ent *e = files ? ix->files : ix->names;
	uint32_t lo = 0, hi = files ? ix->nfiles : ix->nnames;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = strcmp(name, ix->strings + e[mid].str);

		if (!c)
			return &e[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}
