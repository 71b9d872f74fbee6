/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the index of a large DWARF file (kpt_dwarf_index.c):
 * function names and source file names -> the compile units holding
 * them, so that a lookup opens only those.  This part is the file format
 * alone (no libdw: the fuzzer reads it); kpt_dwarf_cache.c builds it from
 * the DWARF, keeps it in the cache directory and hands the compile units
 * to kpt_dwarf_point.c.
 *
 * The file, native little-endian (x86-64), every count checked on read:
 *   header   magic "KPTDWIX\n", version, the key (the DWARF file's
 *            build-id, size, mtime), the counts, a checksum of the rest
 *   cus      ncu x u64: each compile unit's DIE offset
 *   names    nnames x {u32 string, u32 first, u32 count}, sorted by name
 *   files    nfiles x {u32 string, u32 first, u32 count}, sorted by name
 *   lists    nlist x u32: compile-unit indexes (names' and files' lists)
 *   strings  strsize bytes of NUL-terminated names
 */
#ifndef KPT_DWARF_INDEX_H
#define KPT_DWARF_INDEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define KPT_DWARF_INDEX_VERSION 1

/* What an index must have been built from. */
struct kpt_dwarf_index_key {
	char build_id[65];	/* hex */
	uint64_t size;
	int64_t mtime_sec, mtime_nsec;
};

struct kpt_dwarf_index_ent {
	uint32_t str, first, count;
};

/* A parsed index: pointers into the buffer given to the parser. */
struct kpt_dwarf_index {
	const uint64_t *cus;
	const struct kpt_dwarf_index_ent *names, *files;
	const uint32_t *lists;
	const char *strings;
	uint32_t ncu, nnames, nfiles, nlist, strsize;
};

/* One entry to write: a name and the compile units holding it. */
struct kpt_dwarf_index_in {
	const char *name;
	const uint32_t *cus;	/* indexes into the cu offsets */
	uint32_t n;
};

/*
 * Serialize: names and files (any order, unique names; sorted here, in
 * place) into a malloc'd buffer.  0, or -1 (out of memory, too large).
 */
int kpt_dwarf_index_write(const struct kpt_dwarf_index_key *key,
			  const uint64_t *cus, uint32_t ncu,
			  struct kpt_dwarf_index_in *names, uint32_t nnames,
			  struct kpt_dwarf_index_in *files, uint32_t nfiles,
			  void **out, size_t *len);

/*
 * Parse and check buf (aligned to 8): 0; -1 corrupt or truncated (bad
 * magic, counts, offsets, order, packing or checksum); -2 another version or key
 * (key NULL: any key; the one found goes to *found when not NULL).  Never
 * reads outside buf.
 */
int kpt_dwarf_index_parse(const void *buf, size_t len,
			  const struct kpt_dwarf_index_key *key,
			  struct kpt_dwarf_index_key *found,
			  struct kpt_dwarf_index *ix);

/* Rewrite the checksum of a file of len bytes (tests, the fuzzer). */
void kpt_dwarf_index_seal(void *buf, size_t len);

/* The entry of name in the names (files false) or files table, or NULL. */
const struct kpt_dwarf_index_ent *
kpt_dwarf_index_find(const struct kpt_dwarf_index *ix, bool files,
		     const char *name);

#endif /* KPT_DWARF_INDEX_H */
