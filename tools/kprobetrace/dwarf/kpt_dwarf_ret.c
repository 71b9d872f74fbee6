// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a function's return type from DWARF, as a fetch type
 * (`errors` on a module without BTF: an int's errno is in the lower half
 * of %rax only).
 */
#include <stdio.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"

struct ret_find {
	const char *func;
	char *type;
	size_t size;
	int found;	/* 0 none, 1 typed, -1 a return it cannot type */
};

/* An integer, enum or pointer type -> sN/uN/x64 into type; false else. */
static bool fetch_type(Dwarf_Die *t, char *type, size_t size)
{
	Dwarf_Attribute a;
	Dwarf_Word bytes, enc = DW_ATE_signed;
	Dwarf_Die peeled;
	int tag;

	if (dwarf_peel_type(t, &peeled))
		return false;
	tag = dwarf_tag(&peeled);
	if (tag == DW_TAG_pointer_type) {
		snprintf(type, size, "x64");
		return true;
	}
	if ((tag != DW_TAG_base_type && tag != DW_TAG_enumeration_type) ||
	    !dwarf_attr(&peeled, DW_AT_byte_size, &a) ||
	    dwarf_formudata(&a, &bytes) || (bytes != 1 && bytes != 2 &&
					     bytes != 4 && bytes != 8))
		return false;
	if (dwarf_attr_integrate(&peeled, DW_AT_encoding, &a))
		dwarf_formudata(&a, &enc);
	if (tag == DW_TAG_enumeration_type) {
		Dwarf_Die base;

		enc = DW_ATE_unsigned;
		if (kpt_dw_type_of(&peeled, &base) &&
		    dwarf_attr_integrate(&base, DW_AT_encoding, &a))
			dwarf_formudata(&a, &enc);
	}
	snprintf(type, size, "%c%d",
		 enc == DW_ATE_signed || enc == DW_ATE_signed_char ? 's' : 'u',
		 (int)bytes * 8);
	return true;
}

static int ret_cb(Dwarf_Die *die, void *arg)
{
	struct ret_find *r = arg;
	const char *name = dwarf_diename(die);
	Dwarf_Die t;

	if (!name || strcmp(name, r->func))
		return DWARF_CB_OK;
	if (!kpt_dw_type_of(die, &t)) {
		snprintf(r->type, r->size, "void");
		r->found = 1;
	} else {
		r->found = fetch_type(&t, r->type, r->size) ? 1 : -1;
	}
	return DWARF_CB_ABORT;
}

static int ret_in(Dwarf_Die *cu, void *arg)
{
	struct ret_find *r = arg;

	dwarf_getfuncs(cu, ret_cb, r, 0);
	return r->found != 0;
}

int kpt_dwarf_ret_type(struct kpt_dwarf *d, const char *func, char *type,
		       size_t size)
{
	struct ret_find r = { func, type, size, 0 };

	type[0] = '\0';
	kpt_dwarf_each_cu(d, func, NULL, false, ret_in, &r);
	return r.found;
}
