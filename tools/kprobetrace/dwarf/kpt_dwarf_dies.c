// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the functions among a compile unit's children, read
 * from the unit's entries and its abbreviation table directly (DWARF 2-5,
 * 32- and 64-bit), for the index's build (kpt_dwarf_index_build.c).  It
 * reads what libdw's dwarf_child()/dwarf_siblingof() walk, dwarf_tag(),
 * dwarf_hasattr(DW_AT_declaration) and dwarf_diename() give there:
 * DW_AT_sibling jumps over an entry's children, which are walked only
 * when it has none.  Anything else (a form it does not know, a name by
 * index into .debug_str_offsets, a reference out of the unit) is a
 * refusal: the caller asks libdw.  The build compares the two on the
 * first unit (every unit with KPT_DWARF_INDEX_VERIFY).  Bounds are
 * checked on every read.
 */
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_dwarf_dies.h"
#include "kpt_dwarf_rd.h"

struct attr {
	uint16_t name, form;
};

struct abbrev {
	uint32_t tag;
	bool children;
	uint32_t first, n;	/* its attributes in the table's attrs */
	/* for the unit's sizes: the bytes of all its values, of those
	 * before DW_AT_sibling (NONE: not fixed), and DW_AT_sibling's form */
	uint32_t fixed, sib_at;
	uint16_t sib_form;
};

#define NONE UINT32_MAX

/* one unit's abbreviation table, by code (codes 1..ncodes) */
struct abbrevs {
	uint64_t off;		/* in .debug_abbrev; UINT64_MAX: none read */
	unsigned int offsize, addrsize, version;	/* sizes for */
	struct abbrev *a;
	size_t ncodes, cap;
	struct attr *attrs;
	size_t nattrs, capattrs;
};

struct unit {
	const struct kpt_dwarf_dies_in *in;
	const unsigned char *start, *end;	/* the unit, header included */
	unsigned int offsize, addrsize, version;
	const struct abbrevs *ab;
};

static struct abbrevs tab = { .off = UINT64_MAX };

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	size_t c = *cap ? *cap : 64;
	void *q;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	q = realloc(*p, c * size);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

/* The size of a value of form in the unit, NONE if it varies. */
static uint32_t form_size(const struct unit *un, unsigned int form)
{
	switch (form) {
	case DW_FORM_flag_present: case DW_FORM_implicit_const:
		return 0;
	case DW_FORM_data1: case DW_FORM_flag: case DW_FORM_strx1:
	case DW_FORM_addrx1: case DW_FORM_ref1:
		return 1;
	case DW_FORM_data2: case DW_FORM_strx2: case DW_FORM_addrx2:
	case DW_FORM_ref2:
		return 2;
	case DW_FORM_strx3: case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4: case DW_FORM_ref_sup4: case DW_FORM_strx4:
	case DW_FORM_addrx4: case DW_FORM_ref4:
		return 4;
	case DW_FORM_data8: case DW_FORM_ref_sig8: case DW_FORM_ref_sup8:
	case DW_FORM_ref8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_addr:
		return un->addrsize;
	case DW_FORM_ref_addr:
		return un->version <= 2 ? un->addrsize : un->offsize;
	case DW_FORM_sec_offset: case DW_FORM_strp_sup:
	case DW_FORM_GNU_ref_alt: case DW_FORM_GNU_strp_alt:
	case DW_FORM_strp: case DW_FORM_line_strp:
		return un->offsize;
	default:
		return NONE;
	}
}

/* Each abbreviation's fixed sizes (struct abbrev) for the unit's. */
static void layout(struct abbrevs *t, const struct unit *un)
{
	for (size_t c = 1; c <= t->ncodes; c++) {
		struct abbrev *a = &t->a[c];
		uint32_t at = 0;

		if (a->n == NONE)
			continue;
		a->fixed = 0;
		a->sib_at = NONE;
		for (uint32_t i = 0; i < a->n; i++) {
			const struct attr *x = &t->attrs[a->first + i];
			uint32_t sz = form_size(un, x->form);

			if (x->name == DW_AT_sibling && at != NONE &&
			    x->form != DW_FORM_ref_addr) {
				a->sib_at = at;
				a->sib_form = x->form;
			}
			at = at == NONE || sz == NONE ? NONE : at + sz;
		}
		a->fixed = at;
	}
	t->offsize = un->offsize;
	t->addrsize = un->addrsize;
	t->version = un->version;
}

/*
 * The abbreviation table at off, laid out for the unit (kept while the
 * next unit shares it).
 */
static const struct abbrevs *abbrevs_at(const struct kpt_dwarf_sec *sec,
					uint64_t off, const struct unit *un)
{
	struct kpt_rd r;

	if (tab.off == off) {
		if (tab.offsize != un->offsize || tab.addrsize != un->addrsize ||
		    tab.version != un->version)
			layout(&tab, un);
		return &tab;
	}
	tab.off = UINT64_MAX;
	tab.ncodes = 0;
	tab.nattrs = 0;
	if (!sec->data || off >= sec->size)
		return NULL;
	r.p = sec->data + off;
	r.end = sec->data + sec->size;
	r.bad = false;
	for (;;) {
		uint64_t code = kpt_rd_uleb(&r), tag;
		struct abbrev *a;

		if (r.bad)
			return NULL;
		if (!code)
			break;
		/* dense codes from 1, as compilers number them */
		if (code > 1u << 20 ||
		    grow((void **)&tab.a, &tab.cap, code + 1, sizeof(*tab.a)))
			return NULL;
		while (tab.ncodes < code)
			tab.a[++tab.ncodes].n = NONE;	/* unset */
		a = &tab.a[code];
		tag = kpt_rd_uleb(&r);
		a->tag = (uint32_t)tag;
		a->children = kpt_rd_u(&r, 1) != 0;
		a->first = (uint32_t)tab.nattrs;
		a->n = 0;
		for (;;) {
			uint64_t name = kpt_rd_uleb(&r), form = kpt_rd_uleb(&r);

			if (r.bad || name > 0xffff || form > 0xffff)
				return NULL;
			if (form == DW_FORM_implicit_const)
				(void)kpt_rd_uleb(&r);	/* (signed; only skipped) */
			if (!name && !form)
				break;
			if (grow((void **)&tab.attrs, &tab.capattrs,
				 tab.nattrs + 1, sizeof(*tab.attrs)))
				return NULL;
			tab.attrs[tab.nattrs].name = (uint16_t)name;
			tab.attrs[tab.nattrs].form = (uint16_t)form;
			tab.nattrs++;
			a->n++;
		}
	}
	layout(&tab, un);
	tab.off = off;
	return &tab;
}

/*
 * Skip one attribute value of form; a reference's unit offset in *ref
 * when asked.  false on a form this does not read.
 */
static bool value(struct unit *un, struct kpt_rd *r, unsigned int form,
		  uint64_t *ref)
{
	uint32_t sz = form_size(un, form);
	uint64_t v;

	switch (form) {
	case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4:
	case DW_FORM_ref8:
		v = kpt_rd_u(r, sz);
		break;
	case DW_FORM_ref_udata:
		v = kpt_rd_uleb(r);
		break;
	case DW_FORM_udata: case DW_FORM_sdata: case DW_FORM_strx:
	case DW_FORM_addrx: case DW_FORM_loclistx: case DW_FORM_rnglistx:
	case DW_FORM_GNU_addr_index: case DW_FORM_GNU_str_index:
		kpt_rd_uleb(r);
		return !r->bad;
	case DW_FORM_string:
		kpt_rd_cstr(r);
		return !r->bad;
	case DW_FORM_block1:
		v = kpt_rd_u(r, 1);
		goto skip;
	case DW_FORM_block2:
		v = kpt_rd_u(r, 2);
		goto skip;
	case DW_FORM_block4:
		v = kpt_rd_u(r, 4);
		goto skip;
	case DW_FORM_block: case DW_FORM_exprloc:
		v = kpt_rd_uleb(r);
		goto skip;
	default:
		if (sz == NONE)
			return false;	/* DW_FORM_indirect and the unknown */
		v = sz;		/* the fixed-size forms (form_size()) */
		goto skip;
	}
	if (ref)
		*ref = v;
	return !r->bad;
skip:
	if (r->bad || v > (uint64_t)(r->end - r->p)) {
		r->bad = true;
		return false;
	}
	r->p += v;
	return true;
}

/* what the walk wants of an entry */
struct entry {
	const char *name;	/* DW_AT_name's, DW_FORM_string */
	uint64_t name_off;	/* ... or its offset in name_sec */
	const struct kpt_dwarf_sec *name_sec;
	bool name_other;	/* DW_AT_name by another form (strx) */
	bool decl;		/* DW_AT_declaration */
	uint64_t sibling;	/* DW_AT_sibling's unit offset, 0 if none */
	uint64_t origin;	/* DW_AT_abstract_origin/specification's */
	bool origin_out;	/* ... out of the unit (DW_FORM_ref_addr) */
};

static const struct abbrev *abbrev_of(const struct unit *un, uint64_t code)
{
	if (!code || code > un->ab->ncodes || un->ab->a[code].n == NONE)
		return NULL;
	return &un->ab->a[code];
}

/* The attributes of an entry of abbreviation a: r->p after them. */
static bool attrs(struct unit *un, struct kpt_rd *r, const struct abbrev *a,
		  struct entry *e)
{
	memset(e, 0, sizeof(*e));
	for (uint32_t i = 0; i < a->n; i++) {
		const struct attr *at = &un->ab->attrs[a->first + i];
		bool ref = at->name == DW_AT_sibling ||
			   at->name == DW_AT_abstract_origin ||
			   at->name == DW_AT_specification;
		uint64_t v = 0;

		if (at->name == DW_AT_name) {
			if (at->form == DW_FORM_strp ||
			    at->form == DW_FORM_line_strp) {
				e->name_sec = at->form == DW_FORM_strp ?
					      &un->in->str : &un->in->line_str;
				e->name_off = kpt_rd_u(r, un->offsize);
				continue;
			}
			if (at->form == DW_FORM_string) {
				e->name = kpt_rd_cstr(r);
				continue;
			}
			e->name_other = true;
		}
		if (ref && at->form == DW_FORM_ref_addr) {
			e->origin_out = at->name != DW_AT_sibling;
			ref = false;
		}
		if (!value(un, r, at->form, ref ? &v : NULL))
			return false;
		if (at->name == DW_AT_declaration)
			e->decl = true;
		else if (at->name == DW_AT_sibling)
			e->sibling = v;
		else if (ref)
			e->origin = v;
	}
	return !r->bad;
}

/*
 * The name dwarf_diename() gives an entry: its own, else its origin's
 * (a few levels, as dwarf_attr_integrate() follows them).  false if it
 * cannot be told here.
 */
static bool diename(struct unit *un, const struct entry *e, const char **name)
{
	struct entry o = *e;

	for (int depth = 0; depth < 8; depth++) {
		const struct abbrev *a;
		struct kpt_rd r;

		if (o.name_other || o.origin_out)
			return false;
		if (o.name) {
			*name = o.name;
			return true;
		}
		if (o.name_sec) {
			*name = kpt_rd_strsec(o.name_sec, o.name_off);
			return *name != NULL;
		}
		if (!o.origin) {
			*name = NULL;
			return true;
		}
		if (o.origin >= (uint64_t)(un->end - un->start))
			return false;
		r.p = un->start + o.origin;
		r.end = un->end;
		r.bad = false;
		a = abbrev_of(un, kpt_rd_uleb(&r));
		if (!a || !attrs(un, &r, a, &o))
			return false;
	}
	return false;
}

/* r->p to the unit offset of a sibling, which must be ahead */
static bool jump(struct unit *un, struct kpt_rd *r, uint64_t sib)
{
	if (sib >= (uint64_t)(un->end - un->start) || un->start + sib <= r->p)
		return false;
	r->p = un->start + sib;
	return true;
}

static bool past(struct unit *un, struct kpt_rd *r, const struct abbrev *a,
		 int depth);

/* Past the children of an entry (r->p at the first), their end included. */
static bool skip_children(struct unit *un, struct kpt_rd *r, int depth)
{
	if (depth > 64)
		return false;	/* (no compiler nests that deep) */
	for (;;) {
		uint64_t code = kpt_rd_uleb(r);
		const struct abbrev *a;

		if (r->bad)
			return false;
		if (!code)
			return true;
		a = abbrev_of(un, code);
		if (!a || !past(un, r, a, depth + 1))
			return false;
	}
}

/*
 * Past an entry of abbreviation a (its code read), children included:
 * by the fixed sizes when they tell (DW_AT_sibling at a known place, or
 * no children and every value of a fixed size), else value by value.
 */
static bool past(struct unit *un, struct kpt_rd *r, const struct abbrev *a,
		 int depth)
{
	struct entry e;

	if (a->children && a->sib_at != NONE) {
		struct kpt_rd s = *r;
		uint64_t v = 0;

		if (a->sib_at > (uint64_t)(r->end - r->p))
			return false;
		s.p += a->sib_at;
		return value(un, &s, a->sib_form, &v) && jump(un, r, v);
	}
	if (!a->children && a->fixed != NONE) {
		if (a->fixed > (uint64_t)(r->end - r->p))
			return false;
		r->p += a->fixed;
		return true;
	}
	if (!attrs(un, r, a, &e))
		return false;
	if (!a->children)
		return true;
	return e.sibling ? jump(un, r, e.sibling) :
	       skip_children(un, r, depth);
}

int kpt_dwarf_dies_funcs(const struct kpt_dwarf_dies_in *in, uint64_t off)
{
	const struct kpt_dwarf_sec *info = &in->info;
	struct unit un = { .in = in };
	const struct abbrev *a;
	struct entry e;
	uint64_t len, abbr;
	struct kpt_rd r;

	if (!info->data || off >= info->size)
		return -1;
	r.p = info->data + off;
	r.end = info->data + info->size;
	r.bad = false;
	len = kpt_rd_u(&r, 4);
	un.offsize = 4;
	if (len == 0xffffffff) {
		len = kpt_rd_u(&r, 8);
		un.offsize = 8;
	}
	if (r.bad || len > (uint64_t)(r.end - r.p))
		return -1;
	un.start = info->data + off;
	un.end = r.p + len;
	r.end = un.end;
	un.version = (unsigned int)kpt_rd_u(&r, 2);
	if (un.version >= 5) {
		if (kpt_rd_u(&r, 1) != DW_UT_compile)
			return -1;
		un.addrsize = (unsigned int)kpt_rd_u(&r, 1);
		abbr = kpt_rd_u(&r, un.offsize);
	} else if (un.version >= 2) {
		abbr = kpt_rd_u(&r, un.offsize);
		un.addrsize = (unsigned int)kpt_rd_u(&r, 1);
	} else {
		return -1;
	}
	if (r.bad || (un.addrsize != 4 && un.addrsize != 8))
		return -1;
	un.ab = abbrevs_at(&in->abbrev, abbr, &un);
	if (!un.ab)
		return -1;
	/* the unit's entry, then its children */
	a = abbrev_of(&un, kpt_rd_uleb(&r));
	if (!a || !attrs(&un, &r, a, &e))
		return -1;
	if (!a->children)
		return 0;
	for (;;) {
		uint64_t code = kpt_rd_uleb(&r);
		const char *name;

		if (r.bad)
			return -1;
		if (!code)
			return 0;	/* the end of the unit's children */
		a = abbrev_of(&un, code);
		if (!a)
			return -1;
		if (a->tag != DW_TAG_subprogram) {
			if (!past(&un, &r, a, 0))
				return -1;
			continue;
		}
		if (!attrs(&un, &r, a, &e))
			return -1;
		if (!e.decl) {
			if (!diename(&un, &e, &name))
				return -1;
			if (name && in->fn(in->ctx, name))
				return -1;
		}
		if (a->children && !(e.sibling ? jump(&un, &r, e.sibling) :
				     skip_children(&un, &r, 0)))
			return -1;
	}
}
