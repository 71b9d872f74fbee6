// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-bench-site: the live bytes of kernel text, for `make bench` to pick
 * instruction boundaries inside a function.
 *
 *   kpt-bench-site ADDR LEN      write LEN bytes at kernel address ADDR (hex),
 *                                read from /proc/kcore (the kprobetrace
 *                                command's reader, kpt_kcore.c), to stdout
 *   kpt-bench-site -b ADDR LEN   print the offsets of the instruction
 *                                boundaries in [ADDR, ADDR+LEN), one a line
 *                                (only when built with our decoder,
 *                                KPT_HAVE_DECODER; otherwise exits 3 and
 *                                bench.sh falls back to objdump)
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_kernel.h"	/* kpt_kcore_read(): the command's reader */
#ifdef KPT_HAVE_DECODER
#include "kpt_insn.h"
#endif

static int read_kcore(unsigned long addr, unsigned char *buf, size_t len)
{
	int r = kpt_kcore_read(addr, buf, len);

	if (r)
		fprintf(stderr, "kpt-bench-site: %lx+%zu from /proc/kcore: %s\n",
			addr, len, strerror(-r));
	return r;
}

int main(int argc, char **argv)
{
	int bounds = argc > 1 && !strcmp(argv[1], "-b");
	unsigned long addr;
	unsigned char *buf;
	size_t len;

	if (argc != 3 + bounds) {
		fprintf(stderr, "usage: kpt-bench-site [-b] ADDR LEN\n");
		return 2;
	}
	addr = strtoul(argv[1 + bounds], NULL, 16);
	len = strtoul(argv[2 + bounds], NULL, 0);
	if (len == 0 || len > 1 << 20)
		return 2;
	buf = malloc(len + 16);
	if (!buf || read_kcore(addr, buf, len))
		return 1;
	if (bounds) {
#ifdef KPT_HAVE_DECODER
		size_t off = 0;

		while (off < len) {
			int n = KPT_INSN_LENGTH(buf + off, len - off);

			if (n <= 0)
				break;
			printf("%zu\n", off);
			off += n;
		}
		return 0;
#else
		return 3;
#endif
	}
	return fwrite(buf, 1, len, stdout) == len ? 0 : 1;
}
