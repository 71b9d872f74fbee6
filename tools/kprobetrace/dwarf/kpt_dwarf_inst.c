// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a function's instances in the DWARF: the subprograms
 * with code of that name (the out-of-line copy; a __weak definition the
 * linker dropped is not one), each inlined copy, the function's
 * declaration and the next function's in the same file (for FUNC:REL's
 * end).  See kpt_dwarf_inst.h.
 */
#include <stdio.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_inst.h"

static int inline_cb(Dwarf_Die *die, void *arg)
{
	struct kpt_dw_finder *f = arg;

	if (kpt_dw_called_at_decl(die))
		return DWARF_CB_OK;	/* a split-off part, not a copy */
	if (f->n < KPT_DW_MAX_INST) {
		f->inst[f->n].die = *die;
		f->inst[f->n++].inlined = true;
	} else {
		f->overflow = true;
	}
	return DWARF_CB_OK;
}

/*
 * Does an ELF symbol hold addr?  A __weak definition that another one
 * overrides keeps its DWARF in vmlinux, at an address of the code the
 * linker dropped: no copy of the function.
 */
static bool symbol_holds(struct kpt_dwarf *d, Dwarf_Addr addr)
{
	GElf_Off off = 0;
	GElf_Sym sym;

	return dwfl_module_addrinfo(d->mod, addr + d->bias, &off, &sym, NULL,
				    NULL, NULL) != NULL;
}

static int func_cb(Dwarf_Die *die, void *arg)
{
	struct kpt_dw_finder *f = arg;
	const char *name = dwarf_diename(die);
	const char *file = dwarf_decl_file(die);
	Dwarf_Addr lo;
	int line;

	Dwarf_Addr base, start, end;
	bool code;

	if (!name || strcmp(name, f->s->func) ||
	    !kpt_dwarf_file_match(file, f->s->file))
		return DWARF_CB_OK;
	code = (dwarf_lowpc(die, &lo) == 0 || dwarf_haspc(die, 0) >= 0) &&
	       dwarf_ranges(die, 0, &base, &start, &end) > 0;
	if (code && !symbol_holds(f->d, start))
		return DWARF_CB_OK;	/* dropped by the linker */
	if (!f->found) {
		f->found = true;
		if (dwarf_decl_line(die, &line) == 0)
			f->decl_line = line;
		snprintf(f->decl_file, sizeof(f->decl_file), "%s", file);
	}
	if (code && f->n < KPT_DW_MAX_INST) {
		f->inst[f->n].die = *die;
		f->inst[f->n++].inlined = false;
	} else if (code) {
		f->overflow = true;
	}
	if (dwarf_func_inline(die) && !f->s->no_inlines)
		dwarf_func_inline_instances(die, inline_cb, f);
	return DWARF_CB_OK;
}

/* The first function declared after f's, in its file: where f ends. */
static int next_cb(Dwarf_Die *die, void *arg)
{
	struct kpt_dw_finder *f = arg;
	const char *file = dwarf_decl_file(die);
	int line;

	if (file && !strcmp(file, f->decl_file) &&
	    !dwarf_decl_line(die, &line) && line > f->decl_line &&
	    (!f->next_decl || line < f->next_decl))
		f->next_decl = line;
	return DWARF_CB_OK;
}

static int funcs_in(Dwarf_Die *cu, void *f)
{
	dwarf_getfuncs(cu, func_cb, f, 0);
	return 0;
}

static int next_in(Dwarf_Die *cu, void *f)
{
	dwarf_getfuncs(cu, next_cb, f, 0);
	return 0;
}

int kpt_dwarf_find_func(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
			struct kpt_dw_finder *f, char *err, size_t errlen)
{
	memset(f, 0, sizeof(*f));
	f->s = s;
	f->d = d;
	kpt_dwarf_each_cu(d, s->func, NULL, false, funcs_in, f);
	if (f->found)	/* the units naming its file */
		kpt_dwarf_each_cu(d, NULL, f->decl_file, true, next_in, f);
	if (!f->found) {
		kpt_dwarf_msg(err, errlen, "no function '%s'%s%s in the DWARF of %s",
			      s->func, s->file[0] ? " in a file " : "",
			      s->file, d->path);
		return KPT_EXIT_NOFUNC;
	}
	if (f->overflow) {
		kpt_dwarf_msg(err, errlen, "function '%s' has more than %d copies (inlined): name a FILE:LINE of a caller, or --no-inlines",
			      s->func, KPT_DW_MAX_INST);
		return KPT_EXIT_USAGE;
	}
	if (!f->n) {
		kpt_dwarf_msg(err, errlen, "function '%s' has no code in %s (%s)",
			      s->func, d->path, s->no_inlines ?
			      "no out-of-line copy: it is inlined everywhere; drop --no-inlines for its copies" :
			      "declared only, or optimized away");
		return KPT_EXIT_NOFUNC;
	}
	return KPT_EXIT_OK;
}
