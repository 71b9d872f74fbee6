// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the code of a line that the line table does not say
 * is the line's.  A line whose only code is an inlined call has no row
 * of its own: its code is the inlined copy's, which DW_AT_call_file and
 * DW_AT_call_line name; a function's first line (its declaration) is
 * its entry, where the rows may start with a later line.  Each is
 * handed on with the function copy it belongs to (the caller holding
 * the call; the copy whose entry it is) and its entry address (as perf
 * probe's line walk takes them).  Also the scopes holding an address
 * down to the innermost, through lexical blocks whose ranges GCC leaves
 * without the addresses of a copy inlined in them.
 */
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_dwarf_internal.h"

bool kpt_dw_entry(Dwarf_Die *die, Dwarf_Addr *pc)
{
	Dwarf_Addr base, start, end;
	Dwarf_Attribute a;

	if (dwarf_attr(die, DW_AT_entry_pc, &a) && dwarf_entrypc(die, pc) == 0)
		return true;
	if (dwarf_lowpc(die, pc) == 0)
		return true;
	if (dwarf_ranges(die, 0, &base, &start, &end) > 0) {
		*pc = start;
		return true;
	}
	return false;
}

/* The file a DW_AT_call_file names, or NULL. */
static const char *call_file(Dwarf_Die *cu, Dwarf_Die *die)
{
	Dwarf_Attribute a;
	Dwarf_Files *files;
	Dwarf_Word f;
	size_t nf;

	if (!dwarf_attr(die, DW_AT_call_file, &a) || dwarf_formudata(&a, &f) ||
	    dwarf_getsrcfiles(cu, &files, &nf) || f >= nf)
		return NULL;
	return dwarf_filesrc(files, f, NULL, NULL);
}

bool kpt_dw_called_at_decl(Dwarf_Die *inl)
{
	Dwarf_Die cu;
	Dwarf_Attribute a;
	Dwarf_Word cl;
	const char *cf, *df = dwarf_decl_file(inl);
	int dl;

	if (!df || dwarf_decl_line(inl, &dl) || !dwarf_diecu(inl, &cu, NULL, NULL) ||
	    !dwarf_attr(inl, DW_AT_call_line, &a) || dwarf_formudata(&a, &cl) ||
	    (int)cl != dl)
		return false;
	cf = call_file(&cu, inl);
	return cf && !strcmp(cf, df);
}

struct walk {
	Dwarf_Die *cu;
	const struct kpt_dw_extra *x;
};

static int one(struct walk *w, Dwarf_Die *owner, Dwarf_Die *die)
{
	const struct kpt_dw_extra *x = w->x;
	bool inl = dwarf_tag(die) == DW_TAG_inlined_subroutine;
	Dwarf_Attribute a;
	Dwarf_Addr pc;
	Dwarf_Word cl;
	const char *file;
	int line, r;

	if (!kpt_dw_entry(die, &pc))
		return 0;
	if (inl && owner && dwarf_attr(die, DW_AT_call_line, &a) &&
	    !dwarf_formudata(&a, &cl) && (long)cl >= x->lo &&
	    (long)cl <= x->hi) {
		file = call_file(w->cu, die);
		if (file && kpt_dwarf_file_match(file, x->file)) {
			r = x->fn(x->ctx, owner, (int)cl, file, pc);
			if (r)
				return r;
		}
	}
	file = dwarf_decl_file(die);
	if (x->decl && file && kpt_dwarf_file_match(file, x->file) &&
	    !dwarf_decl_line(die, &line) && line >= x->lo && line <= x->hi)
		return x->fn(x->ctx, die, line, file, pc);
	return 0;
}

/* The function copies in scope and their children, owner the innermost. */
static int walk_in(struct walk *w, Dwarf_Die *scope, Dwarf_Die *owner,
		   int depth)
{
	Dwarf_Die kid;
	int r;

	if (depth > 64 || dwarf_child(scope, &kid))
		return 0;
	do {
		int t = dwarf_tag(&kid);
		Dwarf_Die *o = owner;

		if (t == DW_TAG_subprogram || t == DW_TAG_inlined_subroutine) {
			r = one(w, owner, &kid);
			if (r)
				return r;
			o = &kid;
		} else if (t != DW_TAG_lexical_block) {
			continue;
		}
		r = walk_in(w, &kid, o, depth + 1);
		if (r)
			return r;
	} while (!dwarf_siblingof(&kid, &kid));
	return 0;
}

int kpt_dw_extra_rows(Dwarf_Die *cu, const struct kpt_dw_extra *x)
{
	struct walk w = { cu, x };

	return walk_in(&w, cu, NULL, 0);
}

static bool is_scope(int t)
{
	return t == DW_TAG_subprogram || t == DW_TAG_lexical_block ||
	       t == DW_TAG_inlined_subroutine;
}

/*
 * The child of parent holding pc into c[*n] on: the one whose ranges do,
 * else one found under a lexical block whose ranges do not (the block
 * too: its variables are in scope there).
 */
static bool holder(Dwarf_Die *parent, Dwarf_Addr pc, Dwarf_Die *c, int *n,
		   int max, int depth)
{
	Dwarf_Die kid;

	if (*n >= max || dwarf_child(parent, &kid))
		return false;
	do {
		if (is_scope(dwarf_tag(&kid)) && dwarf_haspc(&kid, pc) > 0) {
			c[(*n)++] = kid;
			return true;
		}
	} while (!dwarf_siblingof(&kid, &kid));
	if (depth > 8 || dwarf_child(parent, &kid))
		return false;
	do {
		int save = *n;

		if (dwarf_tag(&kid) != DW_TAG_lexical_block ||
		    dwarf_haspc(&kid, pc) > 0)
			continue;
		c[(*n)++] = kid;
		if (holder(&c[save], pc, c, n, max, depth + 1))
			return true;
		*n = save;
	} while (!dwarf_siblingof(&kid, &kid));
	return false;
}

int kpt_dw_chain_at(Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Die **out)
{
	Dwarf_Die *c = malloc(64 * sizeof(*c));
	int n = 0;

	*out = c;
	if (!c)
		return -1;
	c[n++] = *cu;
	while (n < 64 && holder(&c[n - 1], pc, c, &n, 64, 0))
		;
	for (int i = 0; i < n / 2; i++) {
		Dwarf_Die t = c[i];

		c[i] = c[n - 1 - i];
		c[n - 1 - i] = t;
	}
	return n;
}
