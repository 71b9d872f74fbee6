// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the DWARF scopes holding an address, and the variables
 * in them: the site's own (lexical blocks up to the function copy that
 * owns its line), its callers' when that copy is inlined, and those of
 * inlined copies called at its line; and the unit's globals.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"


/* Is the inlined copy inl called at file:line (a line of its caller)? */
static bool called_at(Dwarf_Die *cu, Dwarf_Die *inl, const char *file,
		      int line)
{
	Dwarf_Attribute a;
	Dwarf_Word f, l;
	Dwarf_Files *files;
	size_t nf;
	const char *name;

	if (!dwarf_attr(inl, DW_AT_call_line, &a) || dwarf_formudata(&a, &l) ||
	    (int)l != line || !dwarf_attr(inl, DW_AT_call_file, &a) ||
	    dwarf_formudata(&a, &f) || dwarf_getsrcfiles(cu, &files, &nf) ||
	    f >= nf)
		return false;
	name = dwarf_filesrc(files, f, NULL, NULL);
	return name && !strcmp(name, file);
}

int kpt_dw_scope_open(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		      struct kpt_dw_scope *sc, char *err, size_t errlen)
{
	Dwarf_Die *cu = kpt_dwarf_addr_cu(d, site->addr);
	int n, skip = 0;

	memset(sc, 0, sizeof(*sc));
	sc->addr = site->addr;
	n = cu ? kpt_dw_chain_at(cu, site->addr, &sc->scopes) : -1;
	if (n <= 1) {
		kpt_dwarf_msg(err, errlen, "no DWARF scope at %s+0x%" PRIx64,
			      site->sym, site->off);
		return KPT_EXIT_NOFUNC;
	}
	/*
	 * Up to the innermost function copy whose line the site is: an
	 * inlined copy called at the site's line, or whose own lines do not
	 * hold it (another file, lines before its declaration: its code
	 * starts the caller's line) leaves the site to its caller, whose
	 * variables are meant (as perf probe's).
	 */
	sc->cu = cu;
	sc->n = n;
	for (int i = 0; i < n; i++) {
		Dwarf_Die *c = &sc->scopes[i];
		const char *df;
		int dl;

		if (dwarf_tag(c) == DW_TAG_subprogram)
			break;
		if (dwarf_tag(c) != DW_TAG_inlined_subroutine)
			continue;
		df = dwarf_decl_file(c);
		if (called_at(cu, c, site->file, site->line) || !df ||
		    strcmp(df, site->file) || dwarf_decl_line(c, &dl) ||
		    dl > site->line)
			skip = i + 1;
		else
			break;
	}
	for (int i = skip; i < n; i++) {
		int t = dwarf_tag(&sc->scopes[i]);

		if (t == DW_TAG_inlined_subroutine ||
		    t == DW_TAG_subprogram) {
			sc->n = i + 1;
			break;
		}
	}
	sc->all = sc->n;
	for (int i = sc->n; i < n; i++)
		if (dwarf_tag(&sc->scopes[i]) == DW_TAG_subprogram) {
			sc->all = i + 1;
			break;
		}
	if (skip && skip < sc->n)
		sc->first = skip;
	/* the frame base is the out-of-line function's, holding the code */
	if (!dwarf_child(cu, &sc->func_die)) {
		do {
			if (dwarf_tag(&sc->func_die) == DW_TAG_subprogram &&
			    dwarf_haspc(&sc->func_die, site->addr) > 0) {
				sc->func = &sc->func_die;
				break;
			}
		} while (!dwarf_siblingof(&sc->func_die, &sc->func_die));
	}
	return KPT_EXIT_OK;
}


/* Each named variable directly in scope; true if cb stopped the walk. */
static bool vars_in(Dwarf_Die *scope, const char *owner, kpt_dw_var_cb cb,
		    void *ctx)
{
	Dwarf_Die c;

	if (dwarf_child(scope, &c))
		return false;
	do {
		int t = dwarf_tag(&c);

		if ((t == DW_TAG_variable || t == DW_TAG_formal_parameter) &&
		    dwarf_diename(&c) && cb(&c, owner, ctx))
			return true;
	} while (!dwarf_siblingof(&c, &c));
	return false;
}

/* Each variable of the site's own scopes, innermost first. */
void kpt_dw_each_var(struct kpt_dw_scope *sc, kpt_dw_var_cb cb, void *ctx)
{
	for (int i = sc->first; i < sc->n; i++)
		if (vars_in(&sc->scopes[i], NULL, cb, ctx))
			return;
}

/*
 * The function copy (an inlined copy, or the out-of-line function) whose
 * scopes hold scope i: its name.
 */
static const char *owner_of(struct kpt_dw_scope *sc, int i)
{
	for (; i < sc->all; i++) {
		int t = dwarf_tag(&sc->scopes[i]);
		Dwarf_Attribute a;

		if (t == DW_TAG_inlined_subroutine || t == DW_TAG_subprogram)
			return dwarf_attr_integrate(&sc->scopes[i], DW_AT_name,
						    &a) ? dwarf_formstring(&a) :
						  NULL;
	}
	return NULL;
}

/*
 * Each variable of the other function copies live at the address, with
 * the function it is of: the callers' (a site in an inlined copy), then
 * the inlined copies called at the site's line (their parameters are set
 * there), innermost first.  Names the site's own scopes have are the
 * caller's to skip.
 */
void kpt_dw_each_outer(struct kpt_dw_scope *sc, kpt_dw_var_cb cb, void *ctx)
{
	for (int k = sc->n; k < sc->all + sc->first; k++) {
		int i = k < sc->all ? k : k - sc->all;
		const char *owner = owner_of(sc, i);

		if (vars_in(&sc->scopes[i], owner ? owner : "?", cb, ctx))
			return;
	}
}

/* Each global the compile unit defines (with a location), in order. */
void kpt_dw_each_global(struct kpt_dw_scope *sc, kpt_dw_var_cb cb, void *ctx)
{
	Dwarf_Attribute a;
	Dwarf_Die c;

	if (dwarf_child(sc->cu, &c))
		return;
	do {
		if (dwarf_tag(&c) == DW_TAG_variable && dwarf_diename(&c) &&
		    dwarf_attr(&c, DW_AT_location, &a) && cb(&c, NULL, ctx))
			return;
	} while (!dwarf_siblingof(&c, &c));
}
