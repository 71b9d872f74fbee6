// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for kprobetrace(1)'s DWARF location translator
 * (tools/kprobetrace/dwarf/kpt_dwarf_loc.c).
 *
 * Input: byte 0 and 1 the CFA (bit 7 of byte 0: known; its low bits the
 * register, byte 1 the offset), then operations of 9 bytes each: the atom
 * and a little-endian 64-bit operand (number; number2 is the same
 * operand, except for DW_OP_implicit_value, whose block libdw hands over
 * as a pointer: here 8 bytes of the harness's).  Asserted (abort on
 * failure): no crash, no UB; the result is NUL-terminated and fits; a
 * refusal has a reason, a success none; a success is a register, a
 * memory chain or an immediate, and only a memory location sets *addr.
 * The same input split in pieces (kpt_dwarf_loc_pieces(), room for 4):
 * a count within the room, or a refusal with a reason; pieces that follow
 * each other byte for byte, each translated the same way or with a
 * reason; none found only when there is no DW_OP_piece.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_dwarf.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "CHECK failed: %s (line %d)\n", #c, __LINE__); abort(); } } while (0)
#define MAX_OPS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void pieces_check(const struct kpt_dwarf_op *ops, size_t n,
			 const struct kpt_dwarf_cfa *cfa)
{
	struct kpt_dwarf_piece pc[4];
	char why[256];
	uint64_t next = 0;
	bool any = false;
	int r;

	for (size_t i = 0; i < n; i++)
		any |= ops[i].atom == DW_OP_piece;
	memset(why, 'x', sizeof(why));
	r = kpt_dwarf_loc_pieces(ops, n, cfa, pc, 4, why, sizeof(why));
	CHECK(r >= -1 && r <= 4);
	CHECK(memchr(why, '\0', sizeof(why)));
	if (r < 0) {
		CHECK(why[0]);
		return;
	}
	CHECK(!r == !any);
	for (int i = 0; i < r; i++) {
		CHECK(pc[i].start == next && pc[i].size > 0);
		next += pc[i].size;
		CHECK(memchr(pc[i].why, '\0', sizeof(pc[i].why)));
		if (!pc[i].ok) {
			CHECK(pc[i].why[0]);
			continue;
		}
		CHECK(memchr(pc[i].fetch, '\0', sizeof(pc[i].fetch)));
		CHECK(pc[i].fetch[0] == '%' || pc[i].fetch[0] == '+' ||
		      pc[i].fetch[0] == '-' || pc[i].fetch[0] == '\\' ||
		      pc[i].fetch[0] == '@');
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint8_t block[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct kpt_dwarf_op ops[MAX_OPS];
	struct kpt_dwarf_cfa cfa;
	char out[KPT_FETCH_MAX], why[256];
	size_t n = 0;
	bool addr;
	int64_t off;
	int r;

	if (size < 2)
		return 0;
	cfa.known = data[0] & 0x80;
	cfa.reg = data[0] & 0x1f;
	cfa.off = (int8_t)data[1];
	for (size_t p = 2; p + 9 <= size && n < MAX_OPS; p += 9) {
		uint64_t v;

		memcpy(&v, data + p + 1, 8);
		ops[n].atom = data[p];
		ops[n].number = v;
		ops[n].number2 = v;
		if (ops[n].atom == DW_OP_implicit_value) {
			ops[n].number = v % 17;
			ops[n].number2 = (uintptr_t)block;
		}
		n++;
	}
	pieces_check(ops, n, &cfa);
	memset(out, 'x', sizeof(out));
	memset(why, 'x', sizeof(why));
	r = kpt_dwarf_loc_translate(ops, n, &cfa, out, sizeof(out), &addr,
				    &off, why, sizeof(why));
	CHECK(r == 0 || r == -1 || r == KPT_DWARF_LOC_ADDRESS);
	CHECK(memchr(why, '\0', sizeof(why)));
	if (r == KPT_DWARF_LOC_ADDRESS) {
		/* a register or memory value plus an offset */
		CHECK(why[0] && memchr(out, '\0', sizeof(out)));
		CHECK(out[0] == '%' || out[0] == '+' || out[0] == '-' ||
		      out[0] == '@');
		return 0;
	}
	if (r) {
		CHECK(why[0]);
		return 0;
	}
	CHECK(!why[0]);
	CHECK(memchr(out, '\0', sizeof(out)));
	CHECK(out[0] == '%' || out[0] == '+' || out[0] == '-' ||
	      out[0] == '\\' || out[0] == '@');
	if (out[0] == '\\')
		CHECK(!addr);
	return 0;
}
