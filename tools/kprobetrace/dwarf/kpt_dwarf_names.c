// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the DWARF index's names while it is built: each name
 * (a function's, a file's) with the compile units that have it, in a
 * hash table; the names interned; libdw's repeated string pointers
 * cached (kpt_dwarf_names.h).
 */
#include <stdlib.h>
#include <string.h>
#include "kpt_dwarf_linehdr.h"
#include "kpt_dwarf_names.h"

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ull;
	return h ^ (h >> 32);
}

/*
 * name's slot, a new one (its name interned in a) if none.  canon: name
 * is a slot's own string already (hash h): found by pointer.
 */
static struct kpt_dwn_slot *slot_of(struct kpt_dwn_table *t,
				    const char *name, uint64_t h,
			    bool canon, struct kpt_dwn_arena *a)
{
	size_t i;

	if (t->n * 2 >= t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 4096;
		struct kpt_dwn_slot *s = calloc(cap, sizeof(*s));

		if (!s)
			return NULL;
		for (size_t k = 0; k < t->cap; k++) {
			if (!t->s[k].name)
				continue;
			i = t->s[k].hash & (cap - 1);
			while (s[i].name)
				i = (i + 1) & (cap - 1);
			s[i] = t->s[k];
		}
		free(t->s);
		t->s = s;
		t->cap = cap;
	}
	i = h & (t->cap - 1);
	while (t->s[i].name &&
	       (t->s[i].hash != h || (canon ? t->s[i].name != name :
				      !!strcmp(t->s[i].name, name))))
		i = (i + 1) & (t->cap - 1);
	if (!t->s[i].name) {
		if (!(name = kpt_dwn_intern(a, name)))
			return NULL;
		t->s[i].name = name;
		t->s[i].hash = h;
		t->n++;
	}
	return &t->s[i];
}

/* A unit holds the slot's name. */
static void add_to(struct kpt_dwn_table *t, struct kpt_dwn_slot *s,
		   uint32_t cu)
{
	if (!s) {
		t->oom = true;
		return;
	}
	if (s->n && s->v[s->n - 1] == cu)
		return;
	if (s->n == s->cap) {
		uint32_t cap = s->cap ? s->cap * 2 : 2;
		uint32_t *v = realloc(s->v, cap * sizeof(*v));

		if (!v) {
			t->oom = true;
			return;
		}
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = cu;
}

void kpt_dwn_add(struct kpt_dwn_table *t, const char *name, uint32_t cu,
		struct kpt_dwn_arena *a)
{
	if (name && *name)
		add_to(t, slot_of(t, name, hash(name), false, a), cu);
}

static struct kpt_dwn_pslot *pc_get(struct kpt_dwn_pcache *c,
				    const void *k1, const void *k2)
{
	size_t i;

	if (c->n * 2 >= c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4096;
		struct kpt_dwn_pslot *s = calloc(cap, sizeof(*s));

		if (!s)
			return NULL;
		for (size_t k = 0; k < c->cap; k++) {
			if (!c->s[k].name)
				continue;
			i = (((uintptr_t)c->s[k].k1 * 31 + (uintptr_t)c->s[k].k2) *
			     0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
			while (s[i].name)
				i = (i + 1) & (cap - 1);
			s[i] = c->s[k];
		}
		free(c->s);
		c->s = s;
		c->cap = cap;
	}
	i = (((uintptr_t)k1 * 31 + (uintptr_t)k2) * 0x9e3779b97f4a7c15ull >> 20) &
	    (c->cap - 1);
	while (c->s[i].name && (c->s[i].k1 != k1 || c->s[i].k2 != k2))
		i = (i + 1) & (c->cap - 1);
	return &c->s[i];
}

/*
 * The unit holds the name of the pointers k1, k2 (the same pointers: the
 * same name), which is text (joined when k1 is set) when they are new.
 */
void kpt_dwn_add_ptr(struct kpt_dwn_table *t, struct kpt_dwn_pcache *c,
		     struct kpt_dwn_arena *a,
		    const char *dir, const char *name, uint32_t cu)
{
	struct kpt_dwn_pslot *p = pc_get(c, dir, name);
	const char *key = name;
	struct kpt_dwn_slot *s;
	char buf[4096];

	if (p && p->name) {
		add_to(t, slot_of(t, p->name, p->hash, true, a), cu);
		return;
	}
	if (dir && kpt_dwarf_linehdr_join(dir, name, buf, sizeof(buf))) {
		t->oom = true;	/* never: a path that long */
		return;
	}
	if (dir)
		name = buf;
	if (!*name)
		return;
	s = slot_of(t, name, hash(name), false, a);
	add_to(t, s, cu);
	if (p && s) {
		p->k1 = dir;
		p->k2 = key;
		p->name = s->name;
		p->hash = s->hash;
		c->n++;
	}
}

/* The table's entries for the writer (its strings stay the table's). */
struct kpt_dwarf_index_in *kpt_dwn_entries(struct kpt_dwn_table *t,
					    uint32_t *n)
{
	struct kpt_dwarf_index_in *in = calloc(t->n + 1, sizeof(*in));

	*n = 0;
	if (!in)
		return NULL;
	for (size_t k = 0; k < t->cap; k++)
		if (t->s[k].name)
			in[(*n)++] = (struct kpt_dwarf_index_in){
				t->s[k].name, t->s[k].v, t->s[k].n };
	return in;
}

void kpt_dwn_table_free(struct kpt_dwn_table *t)
{
	for (size_t k = 0; k < t->cap; k++)
		free(t->s[k].v);
	free(t->s);
}

const char *kpt_dwn_intern(struct kpt_dwn_arena *a, const char *s)
{
	size_t l = strlen(s) + 1;
	char *p;

	if (l > a->left) {
		size_t sz = l > 1 << 20 ? l : 1 << 20;
		char **c = realloc(a->chunks, (a->n + 1) * sizeof(*c));

		if (!c)
			return NULL;
		a->chunks = c;
		if (!(c[a->n] = malloc(sz)))
			return NULL;
		a->n++;
		a->used = 0;
		a->left = sz;
	}
	p = a->chunks[a->n - 1] + a->used;
	memcpy(p, s, l);
	a->used += l;
	a->left -= l;
	return p;
}

void kpt_dwn_arena_free(struct kpt_dwn_arena *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->chunks[i]);
	free(a->chunks);
}

