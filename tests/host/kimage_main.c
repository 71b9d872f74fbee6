// SPDX-License-Identifier: GPL-2.0
/*
 * kimage-read PATH ADDR LEN OUT [TEXT]: LEN bytes at address ADDR (link
 * time; with TEXT, a running address with _text at TEXT) of the vmlinux in
 * PATH (an ELF vmlinux or a bzImage), through
 * tools/kprobetrace/kernel/kpt_kimage.c, written to OUT; the image's build-id on
 * standard output.  Exit 1 with the reason on standard error when they
 * cannot be read.  Driven by tests/host/cmd-kimage.
 */
#include <stdio.h>
#include <stdlib.h>
#include "kpt_kimage.h"

int main(int argc, char **argv)
{
	char bid[128], why[1024];
	unsigned long long addr, text = 0;
	unsigned long len;
	unsigned char *b;
	FILE *f;

	if (argc != 5 && argc != 6) {
		fprintf(stderr, "usage: kimage-read PATH ADDR LEN OUT [TEXT]\n");
		return 2;
	}
	addr = strtoull(argv[2], NULL, 0);
	len = strtoul(argv[3], NULL, 0);
	if (argc == 6)
		text = strtoull(argv[5], NULL, 0);
	b = malloc(len ? len : 1);
	if (!b)
		return 2;
	if (kpt_kimage_file_read(argv[1], addr, text, len, b, bid, sizeof(bid), why,
				 sizeof(why))) {
		fprintf(stderr, "kimage-read: %s\n", why);
		free(b);
		return 1;
	}
	printf("%s\n", bid);
	f = fopen(argv[4], "wb");
	if (!f || fwrite(b, 1, len, f) != len || fclose(f)) {
		perror(argv[4]);
		free(b);
		return 2;
	}
	free(b);
	return 0;
}
