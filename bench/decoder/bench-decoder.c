// SPDX-License-Identifier: GPL-2.0
/*
 * Decoder benchmark: walks a code blob (the .text sections of a set of
 * ELF files, concatenated by bench/decoder/run) boundary to boundary with
 * one engine, 1 byte forward on an error.
 *
 *   bench-decoder ENGINE FILE [RUNS [MAXBYTES]]
 *
 * ENGINE: ours-len (kpt_insn_length), ours (kpt_insn_decode), kernel
 * (linux-6.1 insn_decode), zydis-min (minimal mode, no operands),
 * zydis-full (ZydisDecoderDecodeFull), capstone (cs_disasm_iter, no detail).
 * Prints "ENGINE insns N errors E best_ns T insn_per_s R" for the best of
 * RUNS (default 5) walks. Under callgrind, count only the walk:
 *   valgrind --tool=callgrind --toggle-collect=walk ...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <Zydis/Zydis.h>
#include <capstone/capstone.h>
#include "kpt_insn.h"

int kdec_decode(const unsigned char *p, size_t len, int mode64);

static ZydisDecoder zmin, zfull;
static csh cs;
static cs_insn *csi;

/* One instruction's length at p, or <= 0 on error. */
static int one(int engine, const u8 *p, size_t left)
{
	switch (engine) {
	case 0:
		return kpt_insn_length(p, left, KPT_INSN_MODE_64);
	case 1: {
		struct kpt_insn insn;
		return kpt_insn_decode(&insn, p, left, KPT_INSN_MODE_64) ? -1 : insn.length;
	}
	case 2:
		return kdec_decode(p, left, 1);
	case 3: {
		ZydisDecodedInstruction zi;
		return ZYAN_SUCCESS(ZydisDecoderDecodeInstruction(&zmin, NULL, p, left, &zi)) ? zi.length : -1;
	}
	case 4: {
		ZydisDecodedInstruction zi;
		ZydisDecodedOperand ops[ZYDIS_MAX_OPERAND_COUNT];
		return ZYAN_SUCCESS(ZydisDecoderDecodeFull(&zfull, p, left, &zi, ops)) ? zi.length : -1;
	}
	case 5: {
		const uint8_t *c = p;
		size_t sz = left;
		uint64_t addr = 0;
		return cs_disasm_iter(cs, &c, &sz, &addr, csi) ? (int)csi->size : -1;
	}
	}
	return -1;
}

/* noinline: callgrind's --toggle-collect=walk counts exactly this. */
__attribute__((noinline)) unsigned long walk(int engine, const u8 *b, size_t n,
					     unsigned long *errors)
{
	unsigned long insns = 0, err = 0;
	size_t off = 0;

	while (off < n) {
		int l = one(engine, b + off, n - off);

		if (l <= 0) {
			err++;
			l = 1;
		} else {
			insns++;
		}
		off += l;
	}
	*errors = err;
	return insns;
}

static const char *const names[] = {
	"ours-len", "ours", "kernel", "zydis-min", "zydis-full", "capstone",
};

int main(int argc, char **argv)
{
	int engine = -1, runs = argc > 3 ? atoi(argv[3]) : 5;
	size_t max = argc > 4 ? strtoul(argv[4], NULL, 0) : 0, n;
	unsigned long insns = 0, errors = 0;
	double best = 1e30;
	FILE *f;
	u8 *b;

	if (argc < 3) {
		fprintf(stderr, "usage: bench-decoder ENGINE FILE [RUNS [MAXBYTES]]\n");
		return 2;
	}
	for (int i = 0; i < 6; i++)
		if (!strcmp(argv[1], names[i]))
			engine = i;
	if (engine < 0) {
		fprintf(stderr, "unknown engine %s\n", argv[1]);
		return 2;
	}
	f = fopen(argv[2], "rb");
	if (!f) {
		perror(argv[2]);
		return 1;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	if (max && n > max)
		n = max;
	b = malloc(n + 16);
	if (fread(b, 1, n, f) != n)
		return 1;
	fclose(f);

	ZydisDecoderInit(&zmin, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
	ZydisDecoderEnableMode(&zmin, ZYDIS_DECODER_MODE_MINIMAL, ZYAN_TRUE);
	ZydisDecoderInit(&zfull, ZYDIS_MACHINE_MODE_LONG_64, ZYDIS_STACK_WIDTH_64);
	if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK)
		return 1;
	csi = cs_malloc(cs);

	for (int r = 0; r < runs; r++) {
		struct timespec t0, t1;
		double ns;

		clock_gettime(CLOCK_MONOTONIC, &t0);
		insns = walk(engine, b, n, &errors);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
		if (ns < best)
			best = ns;
	}
	printf("%s insns %lu errors %lu bytes %zu best_ns %.0f insn_per_s %.0f ns_per_insn %.2f\n",
	       names[engine], insns, errors, n, best, insns / best * 1e9,
	       best / insns);
	return 0;
}
