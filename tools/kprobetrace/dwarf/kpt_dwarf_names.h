/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the DWARF index's names while it is built
 * (kpt_dwarf_names.c), for kpt_dwarf_index_build.c: name -> the compile
 * units that have it, and what the index writer takes of them.
 */
#ifndef KPT_DWARF_NAMES_H
#define KPT_DWARF_NAMES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "kpt_dwarf_index.h"

struct kpt_dwn_slot {
	const char *name;	/* in the build's arena */
	uint64_t hash;
	uint32_t *v, n, cap;
};

struct kpt_dwn_table {
	struct kpt_dwn_slot *s;
	size_t cap, n;
	bool oom;
};

/*
 * The strings libdw and the line headers hand out are mostly the same
 * pointers again and again (one .debug_str, one .debug_line_str): a
 * pointer pair -> its slot's name and hash, so that a name is hashed and
 * compared once, not once per unit.
 */
struct kpt_dwn_pslot {
	const void *k1, *k2;
	const char *name;	/* the slot's own string, NULL: free */
	uint64_t hash;
};

struct kpt_dwn_pcache {
	struct kpt_dwn_pslot *s;
	size_t cap, n;
};

/* Strings that live until the index is written. */
struct kpt_dwn_arena {
	char **chunks;
	size_t n, used, left;
};

/* s copied into the arena (NULL: no memory); lives until the arena goes */
const char *kpt_dwn_intern(struct kpt_dwn_arena *a, const char *s);
void kpt_dwn_arena_free(struct kpt_dwn_arena *a);
/* unit cu has name (a copy in a when new; t->oom on failure) */
void kpt_dwn_add(struct kpt_dwn_table *t, const char *name, uint32_t cu,
		 struct kpt_dwn_arena *a);
/* the same for a name libdw handed out as dir + name, through cache c */
void kpt_dwn_add_ptr(struct kpt_dwn_table *t, struct kpt_dwn_pcache *c,
		     struct kpt_dwn_arena *a, const char *dir,
		     const char *name, uint32_t cu);
/* The table's entries for the writer (its strings stay the table's). */
struct kpt_dwarf_index_in *kpt_dwn_entries(struct kpt_dwn_table *t,
					    uint32_t *n);
void kpt_dwn_table_free(struct kpt_dwn_table *t);

#endif /* KPT_DWARF_NAMES_H */
