// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a DWARF location expression -> a fetch argument.
 *
 * A small symbolic stack machine: each entry is BASE + OFF, BASE a fetch
 * argument ("%di", "+8(%sp)") or nothing (a constant).  What it takes:
 *   DW_OP_regN / regx             the value is in a register: %REG
 *   DW_OP_bregN / bregx OFF       REG + OFF
 *   DW_OP_fbreg OFF               frame base (the CFA) + OFF; the CFA at the
 *                                 address comes from the CFI: %sp + K
 *   DW_OP_call_frame_cfa          the CFA
 *   DW_OP_litN, constNu/s, constu/s   constants
 *   DW_OP_plus_uconst, plus, minus (with a constant operand)
 *   DW_OP_deref                   BASE + OFF -> +OFF(BASE), nested
 *   DW_OP_stack_value             the top is the value, not its address
 *                                 (a register plus an offset: an address,
 *                                 KPT_DWARF_LOC_ADDRESS)
 *   DW_OP_implicit_value (<= 8 bytes)  an immediate
 * and refuses, saying which, what the module cannot fetch: entry values,
 * arithmetic on registers, TLS, addresses that need a relocation
 * (DW_OP_addr: globals).  A variable in pieces (DW_OP_piece: a struct
 * split over registers) is not one fetch argument: kpt_dwarf_loc_pieces()
 * translates each piece alone, for the caller to pick the one a member
 * lies in.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_dwarf.h"

#define STACK_MAX 8

struct ent {
	char base[KPT_FETCH_MAX];	/* "" : a constant */
	int64_t off;
};

/* DWARF x86-64 register numbers -> pt_regs names. */
static const char *const regs[] = {
	"ax", "dx", "cx", "bx", "si", "di", "bp", "sp",
	"r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15",
	"ip",
};

const char *kpt_dwarf_reg_name(int reg)
{
	if (reg < 0 || reg >= (int)(sizeof(regs) / sizeof(regs[0])))
		return NULL;
	return regs[reg];
}

/* DWARF's stack is of address-sized words: wrap, never overflow. */
static int64_t wrap_add(int64_t a, uint64_t b)
{
	return (int64_t)((uint64_t)a + b);
}

static int why_set(char *why, size_t len, const char *fmt, const char *a)
{
	snprintf(why, len, fmt, a);
	return -1;
}

static const char *op_name(uint8_t atom, char *buf, size_t size)
{
	switch (atom) {
	case DW_OP_piece: return "DW_OP_piece (a variable split in pieces)";
	case DW_OP_bit_piece: return "DW_OP_bit_piece";
	case DW_OP_entry_value: return "DW_OP_entry_value (the value at the function's entry)";
	case DW_OP_GNU_entry_value: return "DW_OP_GNU_entry_value (the value at the function's entry)";
	case DW_OP_addr: return "DW_OP_addr (a global's address, relocated at load)";
	case DW_OP_form_tls_address: return "DW_OP_form_tls_address (thread-local)";
	case DW_OP_GNU_push_tls_address: return "DW_OP_GNU_push_tls_address (thread-local)";
	case DW_OP_implicit_pointer: return "DW_OP_implicit_pointer (a pointer optimized away)";
	case DW_OP_GNU_implicit_pointer: return "DW_OP_GNU_implicit_pointer (a pointer optimized away)";
	case DW_OP_GNU_parameter_ref: return "DW_OP_GNU_parameter_ref";
	}
	snprintf(buf, size, "DW_OP 0x%02x", atom);
	return buf;
}

/*
 * e as a fetch argument of its value: BASE, +OFF(...) is for memory; a
 * register plus an offset is an address (KPT_DWARF_LOC_ADDRESS).
 */
static int value_of(const struct ent *e, char *out, size_t size,
		    int64_t *off, char *why, size_t wl)
{
	if (!e->base[0]) {
		snprintf(out, size, "\\%" PRId64, e->off);
		return 0;
	}
	snprintf(out, size, "%s", e->base);
	if (!e->off)
		return 0;
	*off = e->off;
	why_set(why, wl, "the value is a register plus an offset (%s + offset), which no fetch argument computes",
		e->base);
	return KPT_DWARF_LOC_ADDRESS;
}

/*
 * An expression that is one register (DW_OP_regN, DW_OP_regx): its fetch
 * argument, 0; -1 with why; 1 when it is not one.
 */
static int whole_register(const struct kpt_dwarf_op *ops, size_t n,
			  char *out, size_t size, char *why, size_t wl)
{
	const char *r;
	int no;

	if (n != 1)
		return 1;
	if (ops[0].atom >= DW_OP_reg0 && ops[0].atom <= DW_OP_reg31)
		no = ops[0].atom - DW_OP_reg0;
	else if (ops[0].atom == DW_OP_regx)
		no = (int)ops[0].number;
	else
		return 1;
	r = kpt_dwarf_reg_name(no);
	if (!r)
		return why_set(why, wl, "%s", "in a register the module cannot read (not in pt_regs: SSE, x87)");
	snprintf(out, size, "%%%s", r);
	return 0;
}

/* A register as the base of an entry: 0, or -1 with why. */
static int set_base(struct ent *e, int reg, int64_t off, const char *what,
		    char *why, size_t wl)
{
	const char *r = kpt_dwarf_reg_name(reg);

	if (!r)
		return why_set(why, wl, "%s", what);
	snprintf(e->base, sizeof(e->base), "%%%s", r);
	e->off = off;
	return 0;
}

/*
 * An operation that pushes an entry (a constant, a register plus an
 * offset, the frame): 0 pushed, -1 with why, 1 when o is not one.
 */
static int push_op(struct ent *st, int *sp, const struct kpt_dwarf_op *o,
		   const struct kpt_dwarf_cfa *cfa, char *why, size_t wl)
{
	static const char breg[] = "based on a register the module cannot read";
	uint8_t a = o->atom;
	struct ent *e = &st[*sp];
	int r = 0;

	if (a >= DW_OP_lit0 && a <= DW_OP_lit31) {
		e->base[0] = '\0';
		e->off = a - DW_OP_lit0;
	} else if (a >= DW_OP_breg0 && a <= DW_OP_breg31) {
		r = set_base(e, a - DW_OP_breg0, (int64_t)o->number, breg, why,
			     wl);
	} else if (a == DW_OP_bregx) {
		r = set_base(e, (int)o->number, (int64_t)o->number2, breg, why,
			     wl);
	} else if (a == DW_OP_fbreg || a == DW_OP_call_frame_cfa) {
		if (!cfa || !cfa->known)
			return why_set(why, wl, "%s", "relative to the frame (CFA), which the call frame information does not give at this address");
		r = set_base(e, cfa->reg, wrap_add(cfa->off, a == DW_OP_fbreg ?
						   o->number : 0),
			     "relative to a frame based on a register the module cannot read",
			     why, wl);
	} else if (a >= DW_OP_const1u && a <= DW_OP_consts) {
		/* const1u, const1s, ... const8s, constu, consts */
		e->base[0] = '\0';
		e->off = (int64_t)o->number;
	} else {
		return 1;
	}
	if (!r)
		(*sp)++;
	return r;
}
/*
 * An operation on the top entries (an offset added, a sum, a difference,
 * a dereference): 0, -1 with why, 1 when o is not one.
 */
static int arith_op(struct ent *st, int *sp, const struct kpt_dwarf_op *o,
		    char *why, size_t wl)
{
	static const char bad[] = "a malformed location expression";
	struct ent *t = *sp ? &st[*sp - 1] : NULL;
	struct ent *u = *sp > 1 ? &st[*sp - 2] : NULL;
	uint8_t a = o->atom;
	char d[KPT_FETCH_MAX];

	switch (a) {
	case DW_OP_plus_uconst:
		if (!*sp)
			return why_set(why, wl, "%s", bad);
		t->off = wrap_add(t->off, o->number);
		return 0;
	case DW_OP_plus:
	case DW_OP_minus:
		if (*sp < 2)
			return why_set(why, wl, "%s", bad);
		if (t->base[0] && (a == DW_OP_minus || u->base[0]))
			return why_set(why, wl, "%s", "arithmetic on two registers or memory values, which no fetch argument computes");
		if (t->base[0]) {	/* c + x */
			t->off = wrap_add(t->off, (uint64_t)u->off);
			*u = *t;
		} else {
			u->off = wrap_add(u->off, a == DW_OP_plus ?
					  (uint64_t)t->off : -(uint64_t)t->off);
		}
		(*sp)--;
		return 0;
	case DW_OP_deref:
		if (!*sp)
			return why_set(why, wl, "%s", bad);
		if (!t->base[0])
			snprintf(d, sizeof(d), "@0x%" PRIx64, (uint64_t)t->off);
		else if (snprintf(d, sizeof(d), "%+" PRId64 "(%s)", t->off,
				  t->base) >= (int)sizeof(d))
			return why_set(why, wl, "%s", "a dereference chain too long");
		snprintf(t->base, sizeof(t->base), "%s", d);
		t->off = 0;
		return 0;
	}
	return 1;
}

/* DW_OP_implicit_value alone: the constant it holds (up to 8 bytes). */
static int implicit_value(const struct kpt_dwarf_op *o, size_t n, char *out,
			  size_t size, char *why, size_t wl)
{
	uint64_t v = 0;

	if (n != 1 || o->number > 8)
		return why_set(why, wl, "%s", "DW_OP_implicit_value of more than 8 bytes");
	/* number2 is the block's address (libdw) */
	memcpy(&v, (const void *)(uintptr_t)o->number2, o->number);
	snprintf(out, size, "\\%" PRIu64, v);
	return 0;
}

/* An operation no fetch argument has: why. */
static int untranslatable(uint8_t a, char *why, size_t wl)
{
	char nb[64];

	if (a == DW_OP_regx)
		return why_set(why, wl, "%s", "a register inside an expression (DW_OP_regx not alone)");
	if (a >= DW_OP_reg0 && a <= DW_OP_reg31)
		return why_set(why, wl, "%s", "a register inside an expression (DW_OP_regN not alone)");
	return why_set(why, wl, "uses %s, which kprobetrace cannot translate",
		       op_name(a, nb, sizeof(nb)));
}

int kpt_dwarf_loc_translate(const struct kpt_dwarf_op *ops, size_t n,
			    const struct kpt_dwarf_cfa *cfa, char *out,
			    size_t size, bool *addr, int64_t *off, char *why,
			    size_t wl)
{
	struct ent st[STACK_MAX];
	int sp = 0, r;
	char nb[64];

	*addr = false;
	*off = 0;
	why[0] = '\0';
	if (!n)
		return why_set(why, wl, "%s", "an empty location (optimized out)");
	/* a variable in pieces (registers, memory): not one fetch argument */
	for (size_t i = 0; i < n; i++)
		if (ops[i].atom == DW_OP_piece || ops[i].atom == DW_OP_bit_piece)
			return why_set(why, wl, "uses %s, which kprobetrace cannot translate yet",
				       op_name(ops[i].atom, nb, sizeof(nb)));
	r = whole_register(ops, n, out, size, why, wl);
	if (r <= 0)
		return r;
	for (size_t i = 0; i < n; i++) {
		const struct kpt_dwarf_op *o = &ops[i];

		if (sp == STACK_MAX)
			return why_set(why, wl, "%s", "a location expression too deep");
		r = push_op(st, &sp, o, cfa, why, wl);
		if (r > 0)
			r = arith_op(st, &sp, o, why, wl);
		if (r <= 0) {
			if (r < 0)
				return r;
			continue;
		}
		if (o->atom == DW_OP_nop)
			continue;
		if (o->atom == DW_OP_implicit_value)
			return implicit_value(o, n, out, size, why, wl);
		if (o->atom != DW_OP_stack_value)
			return untranslatable(o->atom, why, wl);
		if (i + 1 != n || sp != 1)
			return why_set(why, wl, "%s", "DW_OP_stack_value inside an expression");
		return value_of(&st[0], out, size, off, why, wl);
	}
	if (sp != 1)
		return why_set(why, wl, "%s", "a malformed location expression");
	/* the address of the value */
	if (!st[0].base[0])
		return why_set(why, wl, "%s", "at a fixed address (a global): not supported");
	snprintf(out, size, "%s", st[0].base);
	*off = st[0].off;
	*addr = true;
	return 0;
}

size_t kpt_dwarf_loc_sized(const struct kpt_dwarf_op *ops, size_t n,
			   uint64_t *k)
{
	size_t i = n - 1;
	uint64_t size;

	if (n < 3 || ops[i].atom != DW_OP_stack_value)
		return n;
	/* the mask GCC adds for a narrow read: a no-op after it */
	if (i >= 3 && ops[i - 1].atom == DW_OP_and &&
	    ops[i - 2].atom >= DW_OP_const1u &&
	    ops[i - 2].atom <= DW_OP_constu && !(ops[i - 2].atom & 1) &&
	    ops[i - 3].atom == DW_OP_deref_size) {
		size = ops[i - 3].number;
		if (size && size < 8 &&
		    ops[i - 2].number == (1ull << (8 * size)) - 1)
			i -= 2;
	}
	size = ops[i - 1].number;
	if (ops[i - 1].atom != DW_OP_deref_size || !size || size > 8)
		return n;
	*k = size;
	return i - 1;
}

int kpt_dwarf_loc_pieces(const struct kpt_dwarf_op *ops, size_t n,
			 const struct kpt_dwarf_cfa *cfa,
			 struct kpt_dwarf_piece *pc, size_t max, char *why,
			 size_t wl)
{
	size_t np = 0, from = 0;
	uint64_t start = 0;
	char nb[64];

	why[0] = '\0';
	for (size_t i = 0; i < n; i++)
		if (ops[i].atom == DW_OP_bit_piece)
			return why_set(why, wl, "uses %s, which kprobetrace cannot translate",
				       op_name(ops[i].atom, nb, sizeof(nb)));
	for (size_t i = 0; i < n; i++) {
		struct kpt_dwarf_piece *p;
		size_t k = from, m;

		if (ops[i].atom != DW_OP_piece)
			continue;
		if (np == max)
			return why_set(why, wl, "%s", "a variable in more pieces than kprobetrace takes");
		if (!ops[i].number || ops[i].number > 64)
			return why_set(why, wl, "%s", "a piece of a size kprobetrace cannot take");
		p = &pc[np++];
		memset(p, 0, sizeof(*p));
		p->start = start;
		p->size = ops[i].number;
		start += ops[i].number;
		/* GCC's DW_OP_GNU_uninit: the value is not set yet there */
		for (m = k; m < i && ops[m].atom != DW_OP_GNU_uninit; m++)
			;
		if (k == i)
			snprintf(p->why, sizeof(p->why), "optimized out");
		else if (m < i)
			snprintf(p->why, sizeof(p->why), "not set yet at this address (DW_OP_GNU_uninit)");
		else
			p->ok = !kpt_dwarf_loc_translate(ops + k, i - k, cfa,
							 p->fetch,
							 sizeof(p->fetch),
							 &p->addr, &p->off,
							 p->why,
							 sizeof(p->why));
		from = i + 1;
	}
	if (np && from != n)
		return why_set(why, wl, "%s", "operations after the last piece");
	return (int)np;
}
