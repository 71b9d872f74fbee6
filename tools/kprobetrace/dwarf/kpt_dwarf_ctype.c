// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): C types from DWARF: a type's C spelling and its fetch
 * type the way BTF's gives them in kpt_btf_types.c: sN/uN by encoding and
 * size, bool u8, pointers x64, char pointers and arrays string.
 */
#include <stdio.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_dwarf_internal.h"

bool kpt_dw_type_of(Dwarf_Die *die, Dwarf_Die *out)
{
	Dwarf_Attribute a;

	return dwarf_attr_integrate(die, DW_AT_type, &a) &&
	       dwarf_formref_die(&a, out);
}

static void ctype_at(Dwarf_Die *t, char *buf, size_t size, int depth)
{
	Dwarf_Die n;
	const char *name = dwarf_diename(t);
	char inner[128];

	if (depth > 16) {
		snprintf(buf, size, "?");
		return;
	}
	switch (dwarf_tag(t)) {
	case DW_TAG_base_type:
	case DW_TAG_typedef:
		snprintf(buf, size, "%s", name ? name : "?");
		return;
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
	case DW_TAG_enumeration_type:
		snprintf(buf, size, "%s %s",
			 dwarf_tag(t) == DW_TAG_structure_type ? "struct" :
			 dwarf_tag(t) == DW_TAG_union_type ? "union" : "enum",
			 name ? name : "(anon)");
		return;
	case DW_TAG_pointer_type:
		if (kpt_dw_type_of(t, &n))
			ctype_at(&n, inner, sizeof(inner), depth + 1);
		else
			snprintf(inner, sizeof(inner), "void");
		snprintf(buf, size, "%.120s *", inner);
		return;
	case DW_TAG_const_type:
	case DW_TAG_volatile_type:
		if (kpt_dw_type_of(t, &n))
			ctype_at(&n, inner, sizeof(inner), depth + 1);
		else
			snprintf(inner, sizeof(inner), "void");
		snprintf(buf, size, "%s %.110s", dwarf_tag(t) == DW_TAG_const_type ?
			 "const" : "volatile", inner);
		return;
	case DW_TAG_array_type:
		if (kpt_dw_type_of(t, &n))
			ctype_at(&n, inner, sizeof(inner), depth + 1);
		else
			snprintf(inner, sizeof(inner), "?");
		snprintf(buf, size, "%.120s[]", inner);
		return;
	}
	snprintf(buf, size, "%s", name ? name : "?");
}

/*
 * A character type: char, signed char or unsigned char, through
 * const/volatile only.  A typedef (u8, __u8) means bytes, not text, as
 * for BTF's names (common/kpt_btf_raw.c).
 */
static bool is_char(Dwarf_Die *t)
{
	Dwarf_Die p = *t;
	Dwarf_Attribute a;
	Dwarf_Word enc, size;
	int hops;

	for (hops = 0; hops < 16; hops++) {
		int tag = dwarf_tag(&p);

		if (tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
		    tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type)
			break;
		if (!kpt_dw_type_of(&p, &p))
			return false;
	}
	if (dwarf_tag(&p) != DW_TAG_base_type ||
	    !dwarf_attr(&p, DW_AT_encoding, &a) || dwarf_formudata(&a, &enc) ||
	    dwarf_aggregate_size(&p, &size) || size != 1)
		return false;
	return enc == DW_ATE_signed_char || enc == DW_ATE_unsigned_char;
}

/* Fetch type of a type (kpt_dwarf_internal.h). */
void kpt_dw_fetch_type(Dwarf_Die *t, char *buf, size_t size, bool *ptr_str,
		       bool *arr_str)
{
	Dwarf_Die p, n;
	Dwarf_Attribute a;
	Dwarf_Word enc = 0, sz = 0;

	buf[0] = '\0';
	*ptr_str = *arr_str = false;
	if (dwarf_peel_type(t, &p))
		return;
	switch (dwarf_tag(&p)) {
	case DW_TAG_base_type:
		if (!dwarf_attr(&p, DW_AT_encoding, &a) ||
		    dwarf_formudata(&a, &enc) || dwarf_aggregate_size(&p, &sz))
			return;
		if (sz != 1 && sz != 2 && sz != 4 && sz != 8)
			return;
		if (enc == DW_ATE_boolean)
			snprintf(buf, size, "u8");
		else if (enc == DW_ATE_signed || enc == DW_ATE_signed_char)
			snprintf(buf, size, "s%u", (unsigned int)sz * 8);
		else if (enc == DW_ATE_unsigned ||
			 enc == DW_ATE_unsigned_char)
			snprintf(buf, size, "u%u", (unsigned int)sz * 8);
		return;
	case DW_TAG_enumeration_type:
		if (dwarf_aggregate_size(&p, &sz) ||
		    (sz != 1 && sz != 2 && sz != 4 && sz != 8))
			return;
		/* signed if its underlying type is (an enumerator < 0) */
		if (kpt_dw_type_of(&p, &n) && !dwarf_peel_type(&n, &n) &&
		    dwarf_attr(&n, DW_AT_encoding, &a) &&
		    !dwarf_formudata(&a, &enc) && enc != DW_ATE_signed)
			enc = 0;
		snprintf(buf, size, "%c%u", enc == DW_ATE_signed ? 's' : 'u',
			 (unsigned int)sz * 8);
		return;
	case DW_TAG_pointer_type:
		if (kpt_dw_type_of(&p, &n) && is_char(&n)) {
			snprintf(buf, size, "string");
			*ptr_str = true;
		} else {
			snprintf(buf, size, "x64");
		}
		return;
	case DW_TAG_array_type:
		if (kpt_dw_type_of(&p, &n) && is_char(&n)) {
			snprintf(buf, size, "string");
			*arr_str = true;
		}
		return;
	}
}

/*
 * The one member of struct/union *t (peeled), when it has exactly one,
 * whole bytes at offset 0: its type in *m.
 */
static bool one_member(Dwarf_Die *t, Dwarf_Die *m)
{
	Dwarf_Die p, c, only;
	Dwarf_Attribute a;
	Dwarf_Word at = 0;
	int n = 0;

	if (dwarf_peel_type(t, &p) || (dwarf_tag(&p) != DW_TAG_structure_type &&
				       dwarf_tag(&p) != DW_TAG_union_type))
		return false;
	kpt_dw_complete(&p);
	if (dwarf_child(&p, &c))
		return false;
	do {
		if (dwarf_tag(&c) == DW_TAG_member && n++ == 0)
			only = c;
	} while (!dwarf_siblingof(&c, &c));
	if (n != 1 || dwarf_hasattr(&only, DW_AT_bit_size) ||
	    dwarf_hasattr(&only, DW_AT_data_bit_offset) ||
	    (dwarf_attr(&only, DW_AT_data_member_location, &a) &&
	     (dwarf_formudata(&a, &at) || at)))
		return false;
	return kpt_dw_type_of(&only, m);
}

bool kpt_dw_sole_scalar(Dwarf_Die *t, Dwarf_Die *m)
{
	Dwarf_Die in = *t;
	char ft[32];
	bool ps, as;

	for (int depth = 0; depth < 8; depth++) {
		if (!one_member(&in, m))
			return false;
		kpt_dw_fetch_type(m, ft, sizeof(ft), &ps, &as);
		if (ft[0] && !as)
			return true;
		in = *m;
	}
	return false;
}

bool kpt_dw_is_pointer(Dwarf_Die *t)
{
	Dwarf_Die p;

	return !dwarf_peel_type(t, &p) && dwarf_tag(&p) == DW_TAG_pointer_type;
}

void kpt_dw_ctype(Dwarf_Die *t, char *buf, size_t size)
{
	ctype_at(t, buf, size, 0);
}
