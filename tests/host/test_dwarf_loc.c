// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1)'s DWARF location translator (tools/kprobetrace/
 * kpt_dwarf_loc.c): location expressions -> fetch arguments, and the
 * reasons it gives for what it refuses.  A table of cases, each an
 * expression as libdw hands it over.
 */
#include <stdio.h>
#include <string.h>
#include <dwarf.h>
#include "check.h"
#include "kpt_dwarf.h"

#define OP(a) { (a), 0, 0 }
#define OPN(a, n) { (a), (uint64_t)(n), 0 }
#define OPN2(a, n, m) { (a), (uint64_t)(n), (uint64_t)(m) }
#define N(ops) (sizeof(ops) / sizeof((ops)[0]))

/* CFA = %sp + 24 (after a push and a 16-byte frame) */
static const struct kpt_dwarf_cfa cfa = { true, 7, 24 };

static void ok(const char *what, const struct kpt_dwarf_op *ops, size_t n,
	       const struct kpt_dwarf_cfa *c, const char *want, bool want_addr,
	       int64_t want_off)
{
	char out[KPT_FETCH_MAX], why[256];
	bool addr;
	int64_t off;
	int r = kpt_dwarf_loc_translate(ops, n, c, out, sizeof(out), &addr,
					&off, why, sizeof(why));

	CHECK(r == 0, "%s: refused: %s", what, why);
	if (r)
		return;
	CHECK(!strcmp(out, want), "%s: '%s', want '%s'", what, out, want);
	CHECK(addr == want_addr, "%s: addr %d, want %d", what, addr, want_addr);
	CHECK(off == want_off, "%s: off %lld, want %lld", what,
	      (long long)off, (long long)want_off);
}

static void refused(const char *what, const struct kpt_dwarf_op *ops,
		    size_t n, const struct kpt_dwarf_cfa *c, const char *why_has)
{
	char out[KPT_FETCH_MAX], why[256];
	bool addr;
	int64_t off;
	int r = kpt_dwarf_loc_translate(ops, n, c, out, sizeof(out), &addr,
					&off, why, sizeof(why));

	CHECK(r == -1, "%s: translated to '%s'", what, out);
	CHECK(strstr(why, why_has), "%s: reason '%s' lacks '%s'", what, why,
	      why_has);
}

/* A value that is a register plus an offset: an address, not a fetch. */
static void address(const char *what, const struct kpt_dwarf_op *ops,
		    size_t n, const struct kpt_dwarf_cfa *c, const char *want,
		    int64_t want_off)
{
	char out[KPT_FETCH_MAX], why[256];
	bool addr;
	int64_t off;
	int r = kpt_dwarf_loc_translate(ops, n, c, out, sizeof(out), &addr,
					&off, why, sizeof(why));

	CHECK(r == KPT_DWARF_LOC_ADDRESS, "%s: %d, want an address", what, r);
	if (r != KPT_DWARF_LOC_ADDRESS)
		return;
	CHECK(!strcmp(out, want) && off == want_off,
	      "%s: '%s' + %lld, want '%s' + %lld", what, out, (long long)off,
	      want, (long long)want_off);
	CHECK(strstr(why, "register plus an offset") != NULL,
	      "%s: reason '%s'", what, why);
}

/* Pieces: their count, and each one's bytes and translation. */
static void pieces(void)
{
	static const struct kpt_dwarf_op two[] = {
		OP(DW_OP_reg3), OPN(DW_OP_piece, 8), OP(DW_OP_reg12),
		OPN(DW_OP_piece, 4)
	};
	static const struct kpt_dwarf_op hole[] = {
		OPN(DW_OP_piece, 8), OPN(DW_OP_fbreg, -16), OPN(DW_OP_piece, 8)
	};
	static const struct kpt_dwarf_op uninit[] = {
		OP(DW_OP_reg0), OP(DW_OP_GNU_uninit), OPN(DW_OP_piece, 8)
	};
	static const struct kpt_dwarf_op bits[] = {
		OP(DW_OP_reg0), OPN2(DW_OP_bit_piece, 3, 0)
	};
	static const struct kpt_dwarf_op tail[] = {
		OP(DW_OP_reg0), OPN(DW_OP_piece, 8), OP(DW_OP_reg1)
	};
	static const struct kpt_dwarf_op whole[] = { OP(DW_OP_reg5) };
	struct kpt_dwarf_piece pc[KPT_DWARF_MAX_PIECES];
	char why[256];
	int n;

	n = kpt_dwarf_loc_pieces(two, N(two), &cfa, pc, KPT_DWARF_MAX_PIECES,
				 why, sizeof(why));
	CHECK(n == 2, "two pieces: %d (%s)", n, why);
	if (n == 2) {
		CHECK(pc[0].ok && !pc[0].addr && !strcmp(pc[0].fetch, "%bx") &&
		      pc[0].start == 0 && pc[0].size == 8,
		      "piece 0: %s at %llu", pc[0].fetch,
		      (unsigned long long)pc[0].start);
		CHECK(pc[1].ok && !strcmp(pc[1].fetch, "%r12") &&
		      pc[1].start == 8 && pc[1].size == 4,
		      "piece 1: %s at %llu size %llu", pc[1].fetch,
		      (unsigned long long)pc[1].start,
		      (unsigned long long)pc[1].size);
	}
	n = kpt_dwarf_loc_pieces(hole, N(hole), &cfa, pc,
				 KPT_DWARF_MAX_PIECES, why, sizeof(why));
	CHECK(n == 2 && !pc[0].ok && strstr(pc[0].why, "optimized out") &&
	      pc[1].ok && pc[1].addr && !strcmp(pc[1].fetch, "%sp") &&
	      pc[1].off == 8, "a piece optimized out, one in memory: %d", n);
	n = kpt_dwarf_loc_pieces(uninit, N(uninit), &cfa, pc,
				 KPT_DWARF_MAX_PIECES, why, sizeof(why));
	CHECK(n == 1 && !pc[0].ok && strstr(pc[0].why, "not set yet"),
	      "DW_OP_GNU_uninit: %d", n);
	n = kpt_dwarf_loc_pieces(bits, N(bits), &cfa, pc,
				 KPT_DWARF_MAX_PIECES, why, sizeof(why));
	CHECK(n == -1 && strstr(why, "DW_OP_bit_piece"), "bit pieces: %d %s",
	      n, why);
	n = kpt_dwarf_loc_pieces(tail, N(tail), &cfa, pc,
				 KPT_DWARF_MAX_PIECES, why, sizeof(why));
	CHECK(n == -1 && strstr(why, "after the last piece"),
	      "ops after the last piece: %d %s", n, why);
	n = kpt_dwarf_loc_pieces(two, N(two), &cfa, pc, 1, why, sizeof(why));
	CHECK(n == -1 && strstr(why, "more pieces"), "too many pieces: %d", n);
	n = kpt_dwarf_loc_pieces(whole, N(whole), &cfa, pc,
				 KPT_DWARF_MAX_PIECES, why, sizeof(why));
	CHECK(n == 0, "not in pieces: %d", n);
}

/* A read of K bytes of memory: the memory it reads, and K. */
static void sized(void)
{
	static const struct kpt_dwarf_op masked[] = {
		OPN(DW_OP_fbreg, -94), OPN(DW_OP_deref_size, 1),
		OPN(DW_OP_const1u, 0xff), OP(DW_OP_and), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op plain[] = {
		OPN(DW_OP_breg5, 8), OPN(DW_OP_deref_size, 4),
		OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op signext[] = {
		OPN(DW_OP_breg5, 8), OPN(DW_OP_deref_size, 1),
		OPN(DW_OP_const1s, -1), OP(DW_OP_and), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op wide[] = {
		OPN(DW_OP_breg5, 8), OPN(DW_OP_deref_size, 1),
		OPN(DW_OP_const2u, 0xffff), OP(DW_OP_and), OP(DW_OP_stack_value)
	};
	uint64_t k = 0;
	size_t m = kpt_dwarf_loc_sized(masked, N(masked), &k);

	CHECK(m == 1 && k == 1, "a masked byte: %zu, %llu", m,
	      (unsigned long long)k);
	ok("a masked byte: the frame's byte", masked, m, &cfa, "%sp", true,
	   24 - 94);
	k = 0;
	m = kpt_dwarf_loc_sized(plain, N(plain), &k);
	CHECK(m == 1 && k == 4, "4 bytes, no mask: %zu, %llu", m,
	      (unsigned long long)k);
	ok("4 bytes, no mask", plain, m, &cfa, "%di", true, 8);
	m = kpt_dwarf_loc_sized(signext, N(signext), &k);
	CHECK(m == N(signext), "a signed constant is no mask: %zu", m);
	m = kpt_dwarf_loc_sized(wide, N(wide), &k);
	CHECK(m == N(wide), "a mask of other bytes than read: %zu", m);
}

int main(void)
{
	static const struct kpt_dwarf_op reg5[] = { OP(DW_OP_reg5) };
	static const struct kpt_dwarf_op regx12[] = { OPN(DW_OP_regx, 12) };
	static const struct kpt_dwarf_op reg17[] = { OP(DW_OP_reg17) };
	static const struct kpt_dwarf_op fb[] = { OPN(DW_OP_fbreg, -20) };
	static const struct kpt_dwarf_op breg[] = { OPN(DW_OP_breg6, -8) };
	static const struct kpt_dwarf_op bregx[] = { OPN2(DW_OP_bregx, 3, 16) };
	static const struct kpt_dwarf_op chain[] = {
		OPN(DW_OP_breg5, 8), OP(DW_OP_deref), OPN(DW_OP_plus_uconst, 24),
		OP(DW_OP_deref),
	};
	static const struct kpt_dwarf_op lit[] = {
		OP(DW_OP_lit5), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op consts[] = {
		OPN(DW_OP_consts, -3), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op arith[] = {
		OP(DW_OP_lit7), OP(DW_OP_lit3), OP(DW_OP_minus),
		OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op regval[] = {
		OPN(DW_OP_breg3, 0), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op cfa_op[] = { OP(DW_OP_call_frame_cfa) };
	static const uint8_t bytes[8] = { 0x2a, 0x01 };
	const struct kpt_dwarf_op implicit[] = {
		OPN2(DW_OP_implicit_value, 2, (uintptr_t)bytes)
	};
	static const struct kpt_dwarf_op piece[] = {
		OP(DW_OP_reg0), OPN(DW_OP_piece, 4), OP(DW_OP_reg1),
		OPN(DW_OP_piece, 4)
	};
	static const struct kpt_dwarf_op entry[] = {
		OPN(DW_OP_entry_value, 1), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op regplus[] = {
		OPN(DW_OP_breg3, 2), OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op xmm[] = { OP(DW_OP_reg17 + 3) };
	static const struct kpt_dwarf_op addr[] = { OPN(DW_OP_addr, 0x1000) };
	static const struct kpt_dwarf_op two_regs[] = {
		OPN(DW_OP_breg3, 0), OPN(DW_OP_breg4, 0), OP(DW_OP_plus),
		OP(DW_OP_stack_value)
	};
	static const struct kpt_dwarf_op underflow[] = { OP(DW_OP_deref) };

	ok("DW_OP_reg5", reg5, N(reg5), &cfa, "%di", false, 0);
	ok("DW_OP_regx 12", regx12, N(regx12), &cfa, "%r12", false, 0);
	refused("DW_OP_reg17 (xmm0)", reg17, N(reg17), &cfa, "not in pt_regs");
	refused("DW_OP_reg20 (xmm3)", xmm, N(xmm), &cfa, "not in pt_regs");
	ok("DW_OP_fbreg -20, CFA %sp+24", fb, N(fb), &cfa, "%sp", true, 4);
	refused("DW_OP_fbreg, no CFA", fb, N(fb), NULL, "CFA");
	ok("DW_OP_breg6 -8", breg, N(breg), &cfa, "%bp", true, -8);
	ok("DW_OP_bregx 3 16", bregx, N(bregx), &cfa, "%bx", true, 16);
	ok("a dereference chain", chain, N(chain), &cfa, "+24(+8(%di))", true, 0);
	ok("DW_OP_lit5 stack_value", lit, N(lit), &cfa, "\\5", false, 0);
	ok("DW_OP_consts -3 stack_value", consts, N(consts), &cfa, "\\-3",
	   false, 0);
	ok("7 - 3", arith, N(arith), &cfa, "\\4", false, 0);
	ok("breg3 0 stack_value", regval, N(regval), &cfa, "%bx", false, 0);
	ok("DW_OP_call_frame_cfa", cfa_op, N(cfa_op), &cfa, "%sp", true, 24);
	ok("DW_OP_implicit_value", implicit, N(implicit), &cfa, "\\298", false,
	   0);
	refused("DW_OP_piece", piece, N(piece), &cfa, "DW_OP_piece");
	refused("DW_OP_entry_value", entry, N(entry), &cfa, "DW_OP_entry_value");
	address("register + 2 as a value", regplus, N(regplus), &cfa, "%bx", 2);
	{
		static const struct kpt_dwarf_op stackptr[] = {
			OPN(DW_OP_fbreg, -8), OP(DW_OP_stack_value)
		};

		address("frame base - 8 as a value (a pointer into the stack)",
			stackptr, N(stackptr), &cfa, "%sp", 16);
	}
	refused("DW_OP_addr", addr, N(addr), &cfa, "DW_OP_addr");
	refused("two registers added", two_regs, N(two_regs), &cfa,
		"two registers");
	refused("deref of nothing", underflow, N(underflow), &cfa, "malformed");
	refused("empty", NULL, 0, &cfa, "optimized out");
	pieces();
	sized();
	printf("dwarf-loc: %d checks, %d failures\n", checks, failures);
	return failures != 0;
}
