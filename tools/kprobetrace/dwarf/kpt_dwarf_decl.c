// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a struct or union that a unit only declares (a pointer
 * it passes on without looking inside): its definition in another unit
 * of the same debug file, by name.
 */
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_dwarf_internal.h"

/*
 * A struct or union that t's unit only declares (DW_AT_declaration, as
 * for a pointer the unit passes on without looking inside): the
 * definition of the same name in another unit of the file, in *t.  The
 * units' top-level types are read once, on the first declaration asked
 * for, and kept by name.  false if t is no declaration or none is found.
 */
static struct def { char *name; int tag; Dwarf_Die die; } *defs;
static size_t ndefs;
static Dwarf *defs_of;

void kpt_dw_types_forget(void)
{
	for (size_t i = 0; i < ndefs; i++)
		free(defs[i].name);
	free(defs);
	defs = NULL;
	ndefs = 0;
	defs_of = NULL;
}

bool kpt_dw_complete(Dwarf_Die *t)
{
	Dwarf *dw = dwarf_cu_getdwarf(t->cu);
	const char *name = dwarf_diename(t);
	Dwarf_Off off = 0, next;
	size_t hsize;

	if (!dw || !name || !dwarf_hasattr(t, DW_AT_declaration))
		return false;
	if (defs_of != dw) {
		kpt_dw_types_forget();
		defs_of = dw;
		while (!dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) {
			Dwarf_Die cu, c;

			if (dwarf_offdie(dw, off + hsize, &cu) &&
			    !dwarf_child(&cu, &c))
				do {
					int tag = dwarf_tag(&c);
					const char *n = dwarf_diename(&c);
					struct def *d;

					if ((tag != DW_TAG_structure_type &&
					     tag != DW_TAG_union_type) || !n ||
					    dwarf_hasattr(&c, DW_AT_declaration) ||
					    !dwarf_haschildren(&c))
						continue;
					d = realloc(defs, (ndefs + 1) * sizeof(*d));
					if (!d)
						break;
					defs = d;
					d[ndefs].name = strdup(n);
					d[ndefs].tag = tag;
					d[ndefs].die = c;
					ndefs += d[ndefs].name != NULL;
				} while (!dwarf_siblingof(&c, &c));
			off = next;
		}
	}
	for (size_t i = 0; i < ndefs; i++)
		if (defs[i].tag == dwarf_tag(t) && !strcmp(defs[i].name, name)) {
			*t = defs[i].die;
			return true;
		}
	return false;
}
