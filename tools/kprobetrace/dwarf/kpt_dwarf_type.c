// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the member chain of a variable, on the C types of
 * kpt_dwarf_ctype.c.  VAR.m and VAR->m add a member's
 * offset, dereferencing a pointer for ->; VAR[i] an element's, in an
 * array or after a pointer.  A variable in pieces (DW_OP_piece): the
 * leading .m steps pick the piece, which takes the rest of the chain.
 * A struct that the variable's unit only declares: the definition in
 * another unit of the file (kpt_dwarf_decl.c), else the running kernel's
 * BTF takes the rest of the chain (kpt_dwarf_btf.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"


/*
 * Where member c lies: *pos bits from its struct's start, and *bits its
 * width when it is a bitfield (0 otherwise).  DWARF 4/5's
 * DW_AT_data_bit_offset, or DWARF 2/3's DW_AT_bit_offset, counted from
 * the most significant bit of a storage unit of DW_AT_byte_size bytes.
 */
static bool member_pos(Dwarf_Die *c, uint64_t *pos, unsigned int *bits)
{
	Dwarf_Attribute a;
	Dwarf_Word v = 0, bo, size;

	*pos = 0;
	*bits = 0;
	if (dwarf_attr(c, DW_AT_bit_size, &a)) {
		if (dwarf_formudata(&a, &v) || !v || v > 64)
			return false;
		*bits = (unsigned int)v;
	}
	if (dwarf_attr(c, DW_AT_data_bit_offset, &a))
		return !dwarf_formudata(&a, pos);
	if (dwarf_attr(c, DW_AT_data_member_location, &a)) {
		if (dwarf_formudata(&a, &v) || v > UINT32_MAX)
			return false;
		*pos = v * 8;
	}
	if (*bits && dwarf_attr(c, DW_AT_bit_offset, &a)) {
		if (dwarf_formudata(&a, &bo) ||
		    !dwarf_attr(c, DW_AT_byte_size, &a) ||
		    dwarf_formudata(&a, &size) || size > 8 ||
		    bo + *bits > size * 8)
			return false;
		*pos += size * 8 - bo - *bits;
	}
	return true;
}

/*
 * Member name[0..len) of struct/union t, looking into its anonymous
 * structs and unions as C does: its type, *pos bits from t's start,
 * *bits its width if a bitfield.  The names seen go to names.
 */
static bool member_in(Dwarf_Die *t, const char *name, size_t len,
		      Dwarf_Die *mt, uint64_t *pos, unsigned int *bits,
		      char *names, size_t nl, int depth)
{
	Dwarf_Die c;

	if (depth > 16 || dwarf_child(t, &c))
		return false;
	do {
		const char *n = dwarf_diename(&c);
		Dwarf_Die ct, pt;
		uint64_t at;
		unsigned int w;
		size_t l = strlen(names);

		if (dwarf_tag(&c) != DW_TAG_member || !member_pos(&c, &at, &w))
			continue;
		if (!n) {
			/* an anonymous struct or union: its members are t's */
			if (w || !kpt_dw_type_of(&c, &ct) ||
			    dwarf_peel_type(&ct, &pt) ||
			    (dwarf_tag(&pt) != DW_TAG_structure_type &&
			     dwarf_tag(&pt) != DW_TAG_union_type) ||
			    !member_in(&pt, name, len, mt, pos, bits, names,
				       nl, depth + 1))
				continue;
			*pos += at;
			return true;
		}
		if (strlen(n) == len && !strncmp(n, name, len)) {
			*pos = at;
			*bits = w;
			return kpt_dw_type_of(&c, mt);
		}
		if (l + strlen(n) + 2 < nl)
			snprintf(names + l, nl - l, " %s", n);
	} while (!dwarf_siblingof(&c, &c));
	return false;
}

static bool member(Dwarf_Die *t, const char *name, size_t len,
		   Dwarf_Die *mt, uint64_t *pos, unsigned int *bits,
		   char *names, size_t nl)
{
	names[0] = '\0';
	return member_in(t, name, len, mt, pos, bits, names, nl, 0);
}

size_t kpt_dw_ident_len(const char *s)
{
	size_t i = 0;

	while ((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z') ||
	       s[i] == '_' || (i && s[i] >= '0' && s[i] <= '9'))
		i++;
	return i;
}

/*
 * [I] at *p on a value of type *t (at base + *off in memory when *addr;
 * the address base + *off itself when *lea): an array's element in place,
 * or a pointer's I-th element after it.
 */
static int index_step(const char **p, Dwarf_Die *t, char *base, size_t bsize,
		      bool *addr, bool *lea, int64_t *off, const char *expr,
		      char *err, size_t errlen)
{
	char *end;
	unsigned long i = strtoul(*p + 1, &end, 10);
	Dwarf_Die pt, et;
	Dwarf_Word esize;
	int tag;

	if (end == *p + 1 || *end != ']' || i > 0xffffff) {
		kpt_dwarf_msg(err, errlen, "'%s': [INDEX] with a decimal INDEX expected at '%s'",
			      expr, *p);
		return KPT_EXIT_USAGE;
	}
	if (dwarf_peel_type(t, &pt) || !kpt_dw_type_of(&pt, &et) ||
	    dwarf_aggregate_size(&et, &esize)) {
		kpt_dwarf_msg(err, errlen, "'%s': [%lu] on something neither an array nor a pointer to sized elements",
			      expr, i);
		return KPT_EXIT_TYPE;
	}
	tag = dwarf_tag(&pt);
	if (tag == DW_TAG_array_type) {
		if (!*addr) {
			kpt_dwarf_msg(err, errlen, "'%s': an array not in memory",
				      expr);
			return KPT_EXIT_TYPE;
		}
	} else if (tag == DW_TAG_pointer_type && *lea) {
		/* the elements are in memory at the address itself */
		*lea = false;
		*addr = true;
	} else if (tag == DW_TAG_pointer_type) {
		char v[KPT_FETCH_MAX];
		int l = *addr ? kpt_fetch_mem(v, sizeof(v), base, *off) :
				snprintf(v, sizeof(v), "%s", base);

		if (l >= (int)sizeof(v)) {
			kpt_dwarf_msg(err, errlen, "'%s': a chain too long", expr);
			return KPT_EXIT_USAGE;
		}
		snprintf(base, bsize, "%s", v);
		*off = 0;
		*addr = true;
	} else {
		kpt_dwarf_msg(err, errlen, "'%s': [%lu] on something neither an array nor a pointer",
			      expr, i);
		return KPT_EXIT_TYPE;
	}
	*off += (int64_t)(i * esize);
	*t = et;
	*p = end + 1;
	return KPT_EXIT_OK;
}

/* A bitfield: its width, and its first bit in the byte at the offset. */
struct dw_bits {
	unsigned int size, bit;
};

/*
 * Member p[0..ml) of pt (t peeled): *t its type, *off + its offset; a
 * bitfield's bits in *bf (NULL: refused).
 */
static int member_step(const char *expr, Dwarf_Die *pt, const char *p,
		       size_t ml, Dwarf_Die *t, int64_t *off,
		       struct dw_bits *bf, char *err, size_t errlen)
{
	Dwarf_Die mt;
	uint64_t pos;
	unsigned int bits;
	char names[512];

	if (dwarf_tag(pt) != DW_TAG_structure_type &&
	    dwarf_tag(pt) != DW_TAG_union_type) {
		kpt_dwarf_msg(err, errlen, "'%s': a member of something not a struct or union",
			      expr);
		return KPT_EXIT_TYPE;
	}
	if (dwarf_hasattr(pt, DW_AT_declaration) && !kpt_dw_complete(pt)) {
		kpt_dwarf_msg(err, errlen, "'%s': %s %s is only declared here, and no unit of the debug file defines it",
			      expr, dwarf_tag(pt) == DW_TAG_union_type ?
			      "union" : "struct", dwarf_diename(pt) ?
			      dwarf_diename(pt) : "(anonymous)");
		return KPT_EXIT_TYPE;
	}
	if (!member(pt, p, ml, &mt, &pos, &bits, names, sizeof(names))) {
		kpt_dwarf_msg(err, errlen, "'%s': no member '%.*s'; there are:%s",
			      expr, (int)ml, p, names);
		return KPT_EXIT_NONAME;
	}
	if (bits && !bf) {
		kpt_dwarf_msg(err, errlen, "'%s': '%.*s' is a bitfield, in a variable in pieces: not supported",
			      expr, (int)ml, p);
		return KPT_EXIT_TYPE;
	}
	if (!bits && pos % 8) {
		kpt_dwarf_msg(err, errlen, "'%s': '%.*s' does not start on a byte",
			      expr, (int)ml, p);
		return KPT_EXIT_TYPE;
	}
	*off += (int64_t)(pos / 8);
	if (bits) {
		bf->size = bits;
		bf->bit = pos % 8;
	}
	*t = mt;
	return KPT_EXIT_OK;
}

int kpt_dw_members(const char *expr, const char **pp, Dwarf_Die *t,
		   int64_t *off, char *err, size_t errlen)
{
	const char *p = *pp;

	while (*p == '.') {
		Dwarf_Die pt;
		size_t ml = kpt_dw_ident_len(p + 1);
		int r;

		if (!ml) {
			kpt_dwarf_msg(err, errlen, "'%s': a member name expected", expr);
			return KPT_EXIT_USAGE;
		}
		if (dwarf_peel_type(t, &pt))
			return KPT_EXIT_TYPE;
		r = member_step(expr, &pt, p + 1, ml, t, off, NULL, err,
				errlen);
		if (r)
			return r;
		p += 1 + ml;
	}
	*pp = p;
	return KPT_EXIT_OK;
}

int kpt_dw_member_names(Dwarf_Die *t, char *names, size_t size)
{
	Dwarf_Die pt, mt;
	uint64_t pos;
	unsigned int bits;

	if (dwarf_peel_type(t, &pt) ||
	    (dwarf_tag(&pt) != DW_TAG_structure_type &&
	     dwarf_tag(&pt) != DW_TAG_union_type))
		return -1;
	kpt_dw_complete(&pt);
	/* an impossible name: member() lists them all */
	member(&pt, "", 0, &mt, &pos, &bits, names, size);
	return names[0] ? 0 : -1;
}

/*
 * A bitfield of bf->size bits from bit bf->bit of the byte at base + off:
 * read in the smallest aligned container that holds them, as BTF's are
 * (b5@3/8: 5 bits from bit 3 of a byte).
 */
static int bitfield(const char *expr, Dwarf_Die *t, const char *base,
		    bool addr, int64_t off, const struct dw_bits *bf,
		    struct kpt_btf_arg *out, char *err, size_t errlen)
{
	unsigned int cont;

	if (!addr) {
		kpt_dwarf_msg(err, errlen, "'%s': a bitfield of a struct not in memory",
			      expr);
		return KPT_EXIT_TYPE;
	}
	for (cont = 8; cont < 64; cont *= 2)
		if (bf->bit / cont == (bf->bit + bf->size - 1) / cont)
			break;
	if (bf->bit % cont + bf->size > cont) {
		kpt_dwarf_msg(err, errlen, "'%s': a bitfield over more than 8 bytes",
			      expr);
		return KPT_EXIT_TYPE;
	}
	kpt_dw_ctype(t, out->ctype, sizeof(out->ctype));
	kpt_fetch_mem(out->value, sizeof(out->value), base, off);
	snprintf(out->fetch, sizeof(out->fetch), "%s", out->value);
	snprintf(out->type, sizeof(out->type), "b%u@%u/%u", bf->size,
		 bf->bit % cont, cont);
	kpt_arg_field_name(expr, out->name, sizeof(out->name));
	return KPT_EXIT_OK;
}

/*
 * '->' on *t (peeled: pt): the pointer's value (read from memory at
 * base + off when addr, else base itself) becomes the address of the
 * struct it points to.
 */
static int deref_step(const char *expr, Dwarf_Die *pt, Dwarf_Die *t,
		      char *base, bool *addr, bool *lea, int64_t *off,
		      char *err, size_t errlen)
{
	char v[KPT_FETCH_MAX];
	int l;

	if (dwarf_tag(pt) != DW_TAG_pointer_type || !kpt_dw_type_of(pt, t) ||
	    dwarf_peel_type(t, pt)) {
		kpt_dwarf_msg(err, errlen, "'%s': '->' on a value that is not a pointer to a struct",
			      expr);
		return KPT_EXIT_TYPE;
	}
	l = *addr ? kpt_fetch_mem(v, sizeof(v), base, *off) :
		    snprintf(v, sizeof(v), "%s", base);
	if (l >= (int)sizeof(v)) {
		kpt_dwarf_msg(err, errlen, "'%s': a chain too long", expr);
		return KPT_EXIT_USAGE;
	}
	/* an address: the struct is in memory there */
	if (!*lea) {
		snprintf(base, KPT_FETCH_MAX, "%s", v);
		*off = 0;
	}
	*lea = false;
	*addr = true;
	return KPT_EXIT_OK;
}

/*
 * '.' on *t (peeled: pt): a struct in memory has members to read; one in
 * a register (a value, not lea) those at its offset 0, the register's
 * low bytes (kuid_t's val), checked after the step (dot_in_register()).
 */
static int dot_check(const char *expr, Dwarf_Die *pt, bool lea, char *err,
		     size_t errlen)
{
	if (dwarf_tag(pt) == DW_TAG_pointer_type) {
		kpt_dwarf_msg(err, errlen, "'%s': '.' on a pointer: use '->'",
			      expr);
		return KPT_EXIT_TYPE;
	}
	if (lea) {
		kpt_dwarf_msg(err, errlen, "'%s': '.' on a value that is not in memory (a struct in registers)",
			      expr);
		return KPT_EXIT_TYPE;
	}
	return KPT_EXIT_OK;
}

static int dot_in_register(const char *expr, const char *end, int64_t off,
			   const struct dw_bits *bf, char *err, size_t errlen)
{
	if (!off && !bf->size)
		return KPT_EXIT_OK;
	if (bf->size)
		kpt_dwarf_msg(err, errlen, "'%.*s' is a bitfield of a struct held in a register, which no fetch argument shifts out",
			      (int)(end - expr), expr);
	else
		kpt_dwarf_msg(err, errlen, "'%.*s' is at byte %" PRId64 " of a struct held in a register, which no fetch argument shifts down",
			      (int)(end - expr), expr, off);
	return KPT_EXIT_TYPE;
}

/* The end of a chain: what it names as a fetch argument and its type. */
static int chain_fetch(const char *expr, Dwarf_Die *t, const char *base,
		       bool addr, bool lea, int64_t off,
		       const struct dw_bits *bf, struct kpt_btf_arg *out,
		       char *err, size_t errlen)
{
	bool ptr_str, arr_str;
	Dwarf_Die one;
	char ft[32];

	if (lea && kpt_dw_is_pointer(t)) {
		kpt_dwarf_msg(err, errlen, "'%s' is the address %s%+" PRId64 ", which no fetch argument computes: fetch what it points to ('%s->m', '%s[i]')",
			      expr, base, off, expr, expr);
		return KPT_EXIT_NOLOC;
	}
	if (lea) {
		kpt_dwarf_msg(err, errlen, "'%s' is %s%+" PRId64 " (a register plus an offset), which no fetch argument computes",
			      expr, base, off);
		return KPT_EXIT_NOLOC;
	}
	if (bf->size)
		return bitfield(expr, t, base, addr, off, bf, out, err, errlen);
	kpt_dw_ctype(t, out->ctype, sizeof(out->ctype));
	/* a struct of one scalar member is that member */
	if (kpt_dw_sole_scalar(t, &one))
		t = &one;
	kpt_dw_fetch_type(t, ft, sizeof(ft), &ptr_str, &arr_str);
	if (!ft[0]) {
		kpt_dwarf_msg(err, errlen, "'%s' is a %s: nothing scalar to fetch (name a member)",
			      expr, out->ctype);
		return KPT_EXIT_TYPE;
	}
	if (addr)
		kpt_fetch_mem(out->value, sizeof(out->value), base, off);
	else
		snprintf(out->value, sizeof(out->value), "%s", base);
	if (ptr_str) {
		if (snprintf(out->fetch, sizeof(out->fetch), "+0(%s)",
			     out->value) >= (int)sizeof(out->fetch)) {
			kpt_dwarf_msg(err, errlen, "'%s': a chain too long", expr);
			return KPT_EXIT_USAGE;
		}
	} else {
		snprintf(out->fetch, sizeof(out->fetch), "%s", out->value);
	}
	if (arr_str && !addr) {
		kpt_dwarf_msg(err, errlen, "'%s': a char array not in memory", expr);
		return KPT_EXIT_TYPE;
	}
	snprintf(out->type, sizeof(out->type), "%s", ft);
	kpt_arg_field_name(expr, out->name, sizeof(out->name));
	return KPT_EXIT_OK;
}

int kpt_dw_chain(struct kpt_dwarf *d, const char *expr, const char *p,
		 Dwarf_Die *t, char *base, bool addr, bool lea, int64_t off,
		 struct kpt_btf_arg *out, char *err, size_t errlen)
{
	struct dw_bits bf = { 0 };
	int r;

	while (*p) {
		bool arrow = !strncmp(p, "->", 2);
		Dwarf_Die pt;
		size_t ml;

		if (bf.size) {
			kpt_dwarf_msg(err, errlen, "'%s': '%.*s' is a bitfield: nothing comes after it",
				      expr, (int)(p - expr), expr);
			return KPT_EXIT_TYPE;
		}
		if (*p == '[') {
			r = index_step(&p, t, base, KPT_FETCH_MAX, &addr, &lea,
				       &off, expr, err, errlen);
			if (r)
				return r;
			continue;
		}
		if (!arrow && *p != '.') {
			kpt_dwarf_msg(err, errlen, "'%s': '.', '->' or '[' expected at '%s'",
				      expr, p);
			return KPT_EXIT_USAGE;
		}
		p += arrow ? 2 : 1;
		ml = kpt_dw_ident_len(p);
		if (!ml) {
			kpt_dwarf_msg(err, errlen, "'%s': a member name expected", expr);
			return KPT_EXIT_USAGE;
		}
		if (dwarf_peel_type(t, &pt))
			return KPT_EXIT_TYPE;
		r = arrow ? deref_step(expr, &pt, t, base, &addr, &lea, &off,
				       err, errlen) :
			    dot_check(expr, &pt, lea, err, errlen);
		if (r)
			return r;
		/* a struct no unit defines: the rest is BTF's */
		if ((dwarf_tag(&pt) == DW_TAG_structure_type ||
		     dwarf_tag(&pt) == DW_TAG_union_type) &&
		    dwarf_hasattr(&pt, DW_AT_declaration) &&
		    !kpt_dw_complete(&pt) && dwarf_diename(&pt))
			return !addr ? dot_check(expr, &pt, true, err, errlen) :
			       kpt_dwarf_btf_member(d,
					dwarf_tag(&pt) == DW_TAG_union_type,
					dwarf_diename(&pt), base, off, expr,
					(size_t)(p - expr), out, err, errlen);
		r = member_step(expr, &pt, p, ml, t, &off, &bf, err, errlen);
		if (!r && !addr)
			r = dot_in_register(expr, p + ml, off, &bf, err,
					    errlen);
		if (r)
			return r;
		p += ml;
	}
	return chain_fetch(expr, t, base, addr, lea, off, &bf, out, err,
			   errlen);
}

/* "pieces: %bx (8 bytes), %r12 (8 bytes)": for a listing. */
void kpt_dw_pieces_text(const struct kpt_dwarf_piece *pc, int n, char *buf,
			size_t size)
{
	size_t o = (size_t)snprintf(buf, size, "pieces:");

	for (int i = 0; i < n && o < size; i++) {
		char f[KPT_FETCH_MAX + 16];

		if (!pc[i].ok)
			snprintf(f, sizeof(f), "(%s)", pc[i].why);
		else if (pc[i].addr)
			kpt_fetch_mem(f, sizeof(f), pc[i].fetch, pc[i].off);
		else
			snprintf(f, sizeof(f), "%s", pc[i].fetch);
		o += (size_t)snprintf(buf + o, size - o, "%s %s (%" PRIu64 " bytes)",
				      i ? "," : "", f, pc[i].size);
	}
}

/*
 * The member chain at p of expr on a variable of type *t in pieces: the
 * leading ".m" steps pick the piece the member lies in, which then takes
 * the rest of the chain as a whole variable's location would.  A whole
 * struct in pieces: KPT_EXIT_TYPE, its members' names in members (when
 * given) for the caller to take one field each.
 */
int kpt_dw_chain_pieces(struct kpt_dwarf *d, const char *expr,
			const char *p, Dwarf_Die *t,
			const struct kpt_dwarf_piece *pc, int npc,
			struct kpt_btf_arg *out, char *members, size_t ml,
			char *err, size_t errlen)
{
	char base[KPT_FETCH_MAX], where[200];
	int64_t off = 0;
	Dwarf_Word size;
	Dwarf_Die one;
	int r, i;

	r = kpt_dw_members(expr, &p, t, &off, err, errlen);
	if (r)
		return r;
	kpt_dw_pieces_text(pc, npc, where, sizeof(where));
	if (!*p && members && !kpt_dw_sole_scalar(t, &one) &&
	    !kpt_dw_member_names(t, members, ml))
		return KPT_EXIT_TYPE;
	if (dwarf_aggregate_size(t, &size)) {
		kpt_dwarf_msg(err, errlen, "'%s': a type of no size", expr);
		return KPT_EXIT_TYPE;
	}
	for (i = 0; i < npc; i++)
		if ((uint64_t)off >= pc[i].start &&
		    (uint64_t)off + size <= pc[i].start + pc[i].size)
			break;
	if (i == npc) {
		char names[512];

		if (!*p && !kpt_dw_member_names(t, names, sizeof(names)))
			kpt_dwarf_msg(err, errlen, "'%s' is split over registers (%s): name a member:%s",
				      expr, where, names);
		else
			kpt_dwarf_msg(err, errlen, "'%s' spans pieces of its variable (%s)",
				      expr, where);
		return KPT_EXIT_NOLOC;
	}
	if (!pc[i].ok) {
		kpt_dwarf_msg(err, errlen, "'%s': its piece is %s", expr,
			      pc[i].why);
		return KPT_EXIT_NOLOC;
	}
	off -= (int64_t)pc[i].start;
	snprintf(base, sizeof(base), "%s", pc[i].fetch);
	if (pc[i].addr)
		return kpt_dw_chain(d, expr, p, t, base, true, false, pc[i].off + off,
				    out, err, errlen);
	if (off) {
		kpt_dwarf_msg(err, errlen, "'%s' is in bytes %" PRId64 "..%" PRIu64 " of %s, which no fetch argument shifts down",
			      expr, off, off + size - 1, pc[i].fetch);
		return KPT_EXIT_NOLOC;
	}
	return kpt_dw_chain(d, expr, p, t, base, false, false, 0, out, err,
			    errlen);
}
