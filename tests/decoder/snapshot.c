// SPDX-License-Identifier: GPL-2.0
/*
 * Decoder snapshots: reads vectors ("MODE HEX... [# comment]", one a line;
 * '#' lines and blank lines are copied as they are) and prints every field
 * the decoder fills, plus, for each vector, the result of decoding every
 * truncation of it (exact-size heap buffers: 0..len-1 bytes must all be
 * "truncated"; a deviation is printed). The output is compared with
 * tests/decoder/snapshots.expected by tests/decoder/snapshot.
 *
 *   snapshot < vectors        full report
 *   snapshot --length         "MODE HEX" lines in, one length/error out
 *   snapshot --kernel-length  the same, a Xen/KVM emulate prefix counted
 *                             with the instruction after it (kprobes' view)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_insn.h"

static int parse(char *s, int *mode, u8 *b, char **comment)
{
	char *p = s, *c = strchr(s, '#');
	int n = 0;

	if (c) {
		*c++ = 0;
		while (*c == ' ')
			c++;
		c[strcspn(c, "\n")] = 0;
	}
	*comment = c;
	*mode = (int)strtol(p, &p, 10);
	for (;;) {
		char *e;
		unsigned long v = strtoul(p, &e, 16);

		if (e == p)
			break;
		if (n < 32)
			b[n++] = (u8)v;
		p = e;
	}
	return n;
}

static int decode_exact(struct kpt_insn *insn, const u8 *b, int n, int mode)
{
	u8 *h = malloc(n ? n : 1);
	int r;

	memcpy(h, b, n);
	r = kpt_insn_decode(insn, h, n, mode);
	free(h);
	return r;
}

static void report(const struct kpt_insn *i)
{
	printf("  length %u  prefixes %u(mask %03x last %02x seg %02x mand %02x) rex %02x opnd %u addr %u\n",
	       i->length, i->nr_prefixes, i->prefixes, i->last_prefix,
	       i->seg_prefix, i->mandatory_prefix, i->rex, i->opnd_bytes,
	       i->addr_bytes);
	if (i->vex_type)
		printf("  vex type %u len %u @%u [%02x %02x %02x %02x] W%u L%u vvvv %u pp %u R%u X%u B%u R'%u aaa %u z%u b%u\n",
		       i->vex_type, i->vex_len, i->off_vex, i->vex[0], i->vex[1],
		       i->vex[2], i->vex[3], i->vex_w, i->vex_l, i->vex_vvvv,
		       i->vex_pp, i->vex_r, i->vex_x, i->vex_b, i->evex_r2,
		       i->evex_aaa, i->evex_z, i->evex_b);
	printf("  map %u opcode %02x len %u @%u attr %08x\n", i->map, i->opcode,
	       i->opcode_len, i->off_opcode, (unsigned)i->attr);
	if (i->modrm_len)
		printf("  modrm %02x @%u (mod %u reg %u rm %u)%s\n", i->modrm,
		       i->off_modrm, i->modrm >> 6, (i->modrm >> 3) & 7,
		       i->modrm & 7, "");
	if (i->sib_len)
		printf("  sib %02x (scale %u index %u base %u)\n", i->sib,
		       i->sib >> 6, (i->sib >> 3) & 7, i->sib & 7);
	if (i->disp_len)
		printf("  disp %d len %u @%u\n", (int)i->disp, i->disp_len,
		       i->off_disp);
	if (i->imm_len)
		printf("  imm %llx len %u @%u\n", (unsigned long long)i->imm,
		       i->imm_len, i->off_imm);
	if (i->imm2_len)
		printf("  imm2 %x len %u @%u\n", (unsigned)i->imm2, i->imm2_len,
		       i->off_imm2);
}

int main(int argc, char **argv)
{
	int kernel = argc > 1 && !strcmp(argv[1], "--kernel-length");
	int length_only = kernel || (argc > 1 && !strcmp(argv[1], "--length"));
	char s[1024];

	while (fgets(s, sizeof(s), stdin)) {
		struct kpt_insn insn, q;
		char *comment;
		u8 b[32];
		int mode, n, r;

		if (s[0] == '#' || s[0] == '\n') {
			if (!length_only)
				fputs(s, stdout);
			continue;
		}
		n = parse(s, &mode, b, &comment);
		r = decode_exact(&insn, b, n, mode);
		if (length_only) {
			int e = kernel ? kpt_insn_emulate_prefix_len(b, n) : 0;

			if (e)
				r = decode_exact(&insn, b + e, n - e, mode);
			printf("%d\n", r < 0 ? r : e + insn.length);
			continue;
		}
		printf("%d:", mode);
		for (int k = 0; k < n; k++)
			printf(" %02x", b[k]);
		printf("%s%s\n", comment ? "  # " : "", comment ? comment : "");
		if (r < 0) {
			printf("  error %s\n", kpt_insn_strerror(r));
		} else {
			struct kpt_insn tmp = insn;
			report(&insn);
			printf("  rel_branch %d rip_relative %d has_modrm %d\n",
			       kpt_insn_is_rel_branch(&tmp),
			       kpt_insn_is_rip_relative(&tmp),
			       kpt_insn_has_modrm(&tmp));
		}
		/* Fast path must agree. */
		{
			int f = kpt_insn_length(b, n, mode);
			if (f != (r < 0 ? r : insn.length))
				printf("  FAST PATH DIFFERS: %d\n", f);
		}
		/* Every truncation of a good vector. */
		if (r == 0) {
			int bad = 0;

			for (int k = 0; k < insn.length; k++) {
				int t = decode_exact(&q, b, k, mode);
				if (t != KPT_INSN_ERR_TRUNCATED) {
					printf("  truncated to %d: %s\n", k,
					       t < 0 ? kpt_insn_strerror(t) : "decodes");
					bad++;
				}
			}
			if (!bad)
				printf("  every truncation (0..%d bytes): truncated\n",
				       insn.length - 1);
		}
	}
	return 0;
}
