// SPDX-License-Identifier: GPL-2.0
/*
 * Decoder smoke test: a handful of known encodings, chosen for the spots
 * that are easy to get wrong, each checked through the fast
 * length path, the full decode and the step-by-step API.
 */
#include <stdio.h>
#include <string.h>
#include "kpt_insn.h"

struct smoke_case {
	int mode;
	const char *hex;
	int want;		/* length, or a negative KPT_INSN_ERR_* */
	const char *what;
};

static const struct smoke_case cases[] = {
	{ 64, "90", 1, "nop" },
	{ 64, "48 b8 88 77 66 55 44 33 22 11", 10, "movabs imm64" },
	{ 64, "66 e8 00 00 00 00", 6, "66 call: rel32 in 64-bit mode" },
	{ 64, "66 e9 01 02 03 04", 6, "66 jmp: rel32 in 64-bit mode" },
	{ 64, "66 0f 84 00 00 00 00", 7, "66 jcc rel32" },
	{ 32, "66 e8 00 00", 4, "66 call: rel16 in 32-bit mode" },
	{ 64, "0f 20 00", 3, "mov from cr, mod 0: register form" },
	{ 64, "0f 23 40", 3, "mov to dr, mod 1: no displacement" },
	{ 64, "0f 22 84", 3, "mov to cr, mod 2 rm 4: no SIB" },
	{ 64, "0f ff 00", 3, "ud0 takes ModRM" },
	{ 64, "0f b9 00", 3, "ud1" },
	{ 64, "0f 19 04 24", 4, "hint nop 0f 19 with SIB" },
	{ 64, "0f 1d 80 00 00 00 00", 7, "hint nop 0f 1d disp32" },
	{ 64, "f3 0f 1e fa", 4, "endbr64" },
	{ 64, "a1 88 77 66 55 44 33 22 11", 9, "moffs64" },
	{ 64, "67 a1 44 33 22 11", 6, "moffs32 with 67" },
	{ 32, "67 a1 22 11", 4, "moffs16 with 67" },
	{ 32, "a1 44 33 22 11", 5, "moffs32" },
	{ 32, "ea 44 33 22 11 10 00", 7, "ljmp ptr16:32" },
	{ 32, "66 9a 22 11 10 00", 6, "lcall ptr16:16" },
	{ 64, "ea 00 00 00 00 00 00", KPT_INSN_ERR_UNDEFINED, "ljmp ptr in 64-bit" },
	{ 64, "c8 10 00 01", 4, "enter imm16, imm8" },
	{ 32, "c4 00", 2, "les in 32-bit mode (mod != 3)" },
	{ 32, "c5 00", 2, "lds in 32-bit mode" },
	{ 32, "62 00", 2, "bound in 32-bit mode" },
	{ 32, "c5 f8 77", 3, "vzeroupper in 32-bit mode" },
	{ 64, "c5 fd 6f 04 24", 5, "vmovdqa ymm with SIB" },
	{ 64, "c4 e2 7d 18 05 00 00 00 00", 9, "vbroadcastss rip" },
	{ 64, "c4 e3 71 6b c2 30", 6, "FMA4 vfmaddsd /is4" },
	{ 64, "8f c0", 2, "pop rax (8f, map < 8)" },
	{ 32, "8f 00", 2, "pop [eax]" },
	{ 64, "8f e8 78 c2 c1 05", 6, "XOP vprotq imm8" },
	{ 64, "8f e9 78 c2 c1", 5, "XOP vphaddbd" },
	{ 64, "8f ea 78 10 c0 01 02 03 04", 9, "XOP bextr imm32" },
	{ 64, "62 f1 7c 48 10 00", 6, "EVEX vmovups zmm" },
	{ 64, "62 f1 7c 48 10 40 01", 7, "EVEX disp8*N" },
	{ 64, "62 f3 7d 48 1f c1 00", 7, "EVEX vpcmpd imm8" },
	{ 64, "62 f5 7c 48 58 c1", 6, "EVEX map 5 vaddph" },
	{ 64, "62 f6 7d 48 2c c1", 6, "EVEX map 6 vscalefph" },
	{ 64, "0f 0f c1 9e", 4, "3DNow! pfadd suffix" },
	{ 64, "f0 83 00 01", 4, "lock add" },
	{ 64, "f0 90", 2, "lock before nop: length ignores lock" },
	{ 64, "8c f0", 2, "mov from segment 6 (invalid, still decoded)" },
	{ 64, "0f 0b", 2, "ud2" },
	{ 64, "f3 0f a7 c8", 4, "PadLock xcrypt-ecb" },
	{ 64, "66 0f 78 c1 04 05", 6, "extrq imm8, imm8" },
	{ 64, "c4 e2 f8 f7 c1", 5, "BMI bextr" },
	{ 64, "c4 e2 78 49 00", 5, "AMX ldtilecfg" },
	{ 64, "f6 00 01", 3, "test Eb, Ib (group 3 /0)" },
	{ 64, "f6 10", 2, "not Eb (group 3 /2)" },
	{ 64, "f7 00 01 00 00 00", 6, "test Ev, Iz" },
	{ 64, "66 f7 00 01 00", 5, "test Ew, Iw" },
	{ 64, "c7 f8 00 00 00 00", 6, "xbegin" },
	{ 32, "67 8b 46 00", 4, "16-bit addressing disp8" },
	{ 32, "67 8b 06 34 12", 5, "16-bit addressing disp16" },
	{ 32, "40", 1, "inc eax in 32-bit mode" },
	{ 64, "40", KPT_INSN_ERR_TRUNCATED, "REX alone" },
	{ 64, "f0", KPT_INSN_ERR_TRUNCATED, "prefix alone" },
	{ 64, "48 8b", KPT_INSN_ERR_TRUNCATED, "missing ModRM" },
	{ 64, "e8 00 00", KPT_INSN_ERR_TRUNCATED, "short rel32" },
	{ 64, "66 66 66 66 66 66 66 66 66 66 66 66 66 66 90",
	  15, "15 bytes" },
	{ 64, "66 66 66 66 66 66 66 66 66 66 66 66 66 66 66 90",
	  KPT_INSN_ERR_TOO_LONG, "16 bytes" },
	{ 64, "06", KPT_INSN_ERR_UNDEFINED, "push es in 64-bit mode" },
	{ 32, "06", 1, "push es in 32-bit mode" },
	{ 64, "fe 38", KPT_INSN_ERR_UNDEFINED, "group 4 /7" },
	{ 64, "62 f9 7c 48 10 00", KPT_INSN_ERR_BAD_VEX, "EVEX reserved bit" },
	{ 64, "c4 e0 78 10 00", KPT_INSN_ERR_BAD_VEX, "VEX map 0" },
	{ 64, "66 c5 f8 77", 4, "66 before VEX (objdump: data16 vzeroupper)" },
	{ 64, "48 c5 f8 77", 4, "REX before VEX (objdump: rex.W vzeroupper)" },
	{ 64, "2e c5 f8 77", 4, "segment prefix before VEX" },
};

static int parse_hex(const char *s, u8 *buf)
{
	int n = 0;
	unsigned int v;
	int used;

	while (sscanf(s, " %2x%n", &v, &used) == 1) {
		buf[n++] = v;
		s += used;
	}
	return n;
}

/*
 * The length fast path must agree exactly with the full decode and with
 * the step-by-step API: compare them on pseudo-random bytes biased
 * towards prefixes, escapes and tricky ModRM values, with every buffer
 * length from 0 to 17.
 */
static int differential(long rounds)
{
	static const u8 pick[] = {
		0x66, 0x67, 0xf2, 0xf3, 0xf0, 0x2e, 0x40, 0x48, 0x4c, 0x0f,
		0x0f, 0x38, 0x3a, 0xc4, 0xc5, 0x62, 0x8f, 0x00, 0x05, 0x04,
		0x24, 0x44, 0x84, 0xc0, 0xff, 0xf6, 0xf7, 0xe8, 0xa1, 0x9a,
		0xea, 0xc8, 0x9b,
	};
	unsigned long long x = 88172645463325252ull;
	int bad = 0;

	for (long i = 0; i < rounds; i++) {
		u8 b[20];
		size_t len;

		for (int k = 0; k < 20; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			b[k] = (x & 1) ? pick[(x >> 8) % sizeof(pick)] : x >> 16;
		}
		len = (x >> 40) % 18;
		for (int m = 32; m <= 64; m += 32) {
			struct kpt_insn in, st;
			int f = kpt_insn_length(b, len, m);
			int r = kpt_insn_decode(&in, b, len, m);
			int g = r ? r : in.length;
			int q;

			kpt_insn_init(&st, b, len, m);
			kpt_insn_get_prefixes(&st);
			kpt_insn_get_opcode(&st);
			kpt_insn_get_modrm(&st);
			q = kpt_insn_get_length(&st);
			q = q ? q : st.length;
			if (f != g || g != q || g > (int)len || g == 0 ||
			    g > KPT_INSN_MAX_LEN) {
				if (bad++ < 10) {
					printf("FAIL differential %d-bit:", m);
					for (size_t k = 0; k < len; k++)
						printf(" %02x", b[k]);
					printf(": fast %d full %d step %d\n",
					       f, g, q);
				}
			}
		}
	}
	return bad;
}

/* Decoded fields of a few instructions, not just their lengths. */
static int fields(void)
{
	struct kpt_insn in;
	int bad = 0;

#define FIELD(cond) do {						\
		if (!(cond)) {						\
			printf("FAIL field %s (line %d)\n", #cond, __LINE__); \
			bad++;						\
		}							\
	} while (0)
	static const u8 movabs[] = { 0x48, 0xb8, 0x88, 0x77, 0x66, 0x55,
				     0x44, 0x33, 0x22, 0x11 };
	static const u8 riprel[] = { 0x48, 0x8b, 0x05, 0x10, 0x00, 0x00, 0x00 };
	static const u8 ljmp[] = { 0x66, 0xea, 0x34, 0x12, 0x08, 0x00 };
	static const u8 enter[] = { 0xc8, 0x10, 0x00, 0x01 };
	static const u8 evex[] = { 0x62, 0xf1, 0xfd, 0xcf, 0x6f, 0x44, 0x24,
				   0xff };
	static const u8 sib[] = { 0x8b, 0x44, 0x8b, 0xf0 };
	static const u8 jcc[] = { 0x0f, 0x85, 0xf0, 0xff, 0xff, 0xff };

	FIELD(!kpt_insn_decode(&in, movabs, sizeof(movabs), KPT_INSN_MODE_64));
	FIELD(in.rex == 0x48 && in.opnd_bytes == 8 && in.imm_len == 8 &&
	      in.imm == 0x1122334455667788ull && in.off_imm == 2);
	FIELD(!kpt_insn_decode(&in, riprel, sizeof(riprel), KPT_INSN_MODE_64));
	FIELD(kpt_insn_is_rip_relative(&in) && in.disp == 0x10 &&
	      in.disp_len == 4 && in.off_disp == 3 &&
	      kpt_insn_rip_target(&in, 0x1000) == 0x1017);
	FIELD(!kpt_insn_decode(&in, ljmp, sizeof(ljmp), KPT_INSN_MODE_32));
	FIELD(in.imm_len == 2 && in.imm == 0x1234 && in.imm2_len == 2 &&
	      in.imm2 == 8 && in.opnd_bytes == 2);
	FIELD(!kpt_insn_decode(&in, enter, sizeof(enter), KPT_INSN_MODE_64));
	FIELD(in.imm == 0x10 && in.imm_len == 2 && in.imm2 == 1 &&
	      in.imm2_len == 1);
	FIELD(!kpt_insn_decode(&in, evex, sizeof(evex), KPT_INSN_MODE_64));
	FIELD(in.vex_type == KPT_INSN_VEX_EVEX && in.map == KPT_INSN_MAP_0F &&
	      in.vex_w == 1 && in.vex_pp == 1 && in.mandatory_prefix == 0x66 &&
	      in.vex_l == 2 && in.evex_z == 1 && in.evex_aaa == 7 &&
	      in.opcode == 0x6f && in.modrm == 0x44 && in.sib == 0x24 &&
	      in.disp == -1 && in.length == 8);
	FIELD(!kpt_insn_decode(&in, sib, sizeof(sib), KPT_INSN_MODE_32));
	FIELD(in.sib_len && kpt_insn_sib_scale(&in) == 2 &&
	      kpt_insn_sib_index(&in) == 1 && kpt_insn_sib_base(&in) == 3 &&
	      in.disp == -16 && in.length == 4);
	FIELD(!kpt_insn_decode(&in, jcc, sizeof(jcc), KPT_INSN_MODE_64));
	FIELD(kpt_insn_is_rel_branch(&in) && in.map == KPT_INSN_MAP_0F &&
	      in.opcode == 0x85 && in.opcode_len == 2 &&
	      kpt_insn_branch_target(&in, 0x2000) == 0x1ff6);
	FIELD(kpt_insn_decode(&in, jcc, 3, KPT_INSN_MODE_64) ==
	      KPT_INSN_ERR_TRUNCATED);
#undef FIELD
	return bad;
}

int main(void)
{
	int failed = 0;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct smoke_case *c = &cases[i];
		enum kpt_insn_mode m = c->mode == 32 ? KPT_INSN_MODE_32 :
						       KPT_INSN_MODE_64;
		struct kpt_insn insn, step;
		u8 buf[32];
		int n = parse_hex(c->hex, buf);
		int fast = kpt_insn_length(buf, n, m);
		int r = kpt_insn_decode(&insn, buf, n, m);
		int full = r ? r : insn.length;
		int st;

		kpt_insn_init(&step, buf, n, m);
		st = kpt_insn_get_length(&step);
		st = st ? st : step.length;
		if (fast != c->want || full != c->want || st != c->want) {
			printf("FAIL %s (%d-bit %s): fast %d full %d step %d, want %d\n",
			       c->what, c->mode, c->hex, fast, full, st, c->want);
			failed++;
		}
	}
	/* Branch target and emulate prefix. */
	{
		static const u8 call[] = { 0xe8, 0xfb, 0xff, 0xff, 0xff };
		static const u8 emu[] = { 0x0f, 0x0b, 0x78, 0x65, 0x6e, 0x0f, 0xa2 };
		struct kpt_insn insn;

		kpt_insn_decode(&insn, call, sizeof(call), KPT_INSN_MODE_64);
		if (kpt_insn_branch_target(&insn, 0x1000) != 0x1000) {
			printf("FAIL branch target\n");
			failed++;
		}
		if (kpt_insn_emulate_prefix_len(emu, sizeof(emu)) != 5) {
			printf("FAIL emulate prefix\n");
			failed++;
		}
	}
	failed += fields();
	failed += differential(500000);
	printf("decoder smoke: %zu cases + 1M random differential checks, %d failed\n",
	       sizeof(cases) / sizeof(cases[0]), failed);
	return failed != 0;
}
