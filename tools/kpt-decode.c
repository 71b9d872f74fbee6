// SPDX-License-Identifier: GPL-2.0
/*
 * kpt-decode: show what the kprobetrace decoder sees, field by field.
 *
 *   kpt-decode [-m 32|64] [-a ADDR] [-q] HEX...     bytes from the arguments
 *   kpt-decode [-m 32|64] [-a ADDR] [-q] -          hex bytes from stdin
 *   kpt-decode [-q] -f ELF -s SYMBOL[+OFF]          a function of an ELF file
 *   kpt-decode [-q] -f ELF -r START-END|START+LEN   an address range
 *
 * It decodes one instruction after another and prints, for each, its
 * address, bytes, length and mnemonic (the opcode map's name: for a
 * family of opcodes that the map lists as one range, a representative
 * name) and then every field (prefixes, REX,
 * VEX/EVEX/XOP, opcode, ModRM, SIB, displacement, immediates, branch and
 * RIP-relative targets): what one wants to see when checking that a probe
 * offset falls on an instruction boundary. -q prints one line each.
 * The mode comes from the ELF class (32/64-bit) or -m (default 64).
 * After an undecodable instruction it reports the error and goes on one
 * byte later. Exit status: 0, 1 if some bytes did not decode, 2 on usage
 * or file errors.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_insn.h"
#include "kpt_inat.h"
#include "kpt_mnemonic.h"

static int quiet;

static void usage(void)
{
	fprintf(stderr,
		"usage: kpt-decode [-m 32|64] [-a ADDR] [-q] HEX... | -\n"
		"       kpt-decode [-q] -f ELF -s SYMBOL[+OFF]\n"
		"       kpt-decode [-q] -f ELF -r START-END|START+LEN\n");
	exit(2);
}

static const char *map_name(unsigned int map)
{
	switch (map) {
	case KPT_INSN_MAP_1BYTE: return "1-byte";
	case KPT_INSN_MAP_0F: return "0f";
	case KPT_INSN_MAP_0F38: return "0f38";
	case KPT_INSN_MAP_0F3A: return "0f3a";
	case KPT_INSN_MAP_5: return "map5";
	case KPT_INSN_MAP_6: return "map6";
	case KPT_INSN_MAP_XOP8: return "xop8";
	case KPT_INSN_MAP_XOP9: return "xop9";
	case KPT_INSN_MAP_XOPA: return "xopA";
	default: return "?";
	}
}

static const char *vex_name(unsigned int t)
{
	switch (t) {
	case KPT_INSN_VEX_VEX2: return "VEX2";
	case KPT_INSN_VEX_VEX3: return "VEX3";
	case KPT_INSN_VEX_XOP: return "XOP";
	case KPT_INSN_VEX_EVEX: return "EVEX";
	default: return "none";
	}
}

static const char *imm_kind(unsigned int k)
{
	static const char *const names[] = {
		"none", "ib", "iw", "iz", "iv", "moffs", "far-ptr", "enter",
		"rel8", "rel16/32", "ib,ib", "id", "rel16/32 (osz)",
	};

	return k < sizeof(names) / sizeof(names[0]) ? names[k] : "?";
}

static void print_bytes(const u8 *p, int n)
{
	for (int i = 0; i < n; i++)
		printf("%s%02x", i ? " " : "", p[i]);
}

static void print_prefixes(const struct kpt_insn *in)
{
	static const char *const names[] = {
		"lock", "repne", "rep", "data16", "addr32",
		"es", "cs", "ss", "ds", "fs", "gs",
	};
	int any = 0;

	printf("  prefixes  %d legacy byte(s):", in->nr_prefixes);
	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (in->prefixes & (1u << i)) {
			printf(" %s", names[i]);
			any = 1;
		}
	if (!any)
		printf(" none");
	if (in->mandatory_prefix)
		printf("; selects the %02x variant", in->mandatory_prefix);
	printf("\n");
	if (in->rex)
		printf("  rex       %02x W=%d R=%d X=%d B=%d\n", in->rex,
		       !!(in->rex & 8), !!(in->rex & 4), !!(in->rex & 2),
		       !!(in->rex & 1));
}

static void print_fields(struct kpt_insn *in, u64 addr)
{
	unsigned int a = in->attr;

	printf("  mode      %d-bit, operand size %d, address size %d\n",
	       in->mode, in->opnd_bytes * 8, in->addr_bytes * 8);
	print_prefixes(in);
	if (in->vex_type) {
		printf("  %-9s ", vex_name(in->vex_type));
		print_bytes(in->vex, in->vex_len);
		printf(" (at +%d): map %s W=%d L=%d vvvv=%d pp=%d R=%d X=%d B=%d",
		       in->off_vex, map_name(in->map), in->vex_w, in->vex_l,
		       in->vex_vvvv, in->vex_pp, in->vex_r, in->vex_x,
		       in->vex_b);
		if (in->vex_type == KPT_INSN_VEX_EVEX)
			printf(" R'=%d aaa=%d z=%d b=%d", in->evex_r2,
			       in->evex_aaa, in->evex_z, in->evex_b);
		printf("\n");
	}
	printf("  opcode    ");
	print_bytes(in->buf + in->off_opcode, in->opcode_len);
	printf(" (at +%d): map %s, opcode %02x", in->off_opcode,
	       map_name(in->map), in->opcode);
	if (in->map == KPT_INSN_MAP_0F && in->opcode == 0x0f)
		printf(" (3DNow!, operation in the imm byte)");
	printf("\n  attr      %04x: imm %s%s%s%s%s%s%s\n", a,
	       imm_kind(a & KPT_INAT_IMM_MASK),
	       (a & KPT_INAT_MODRM) ? ", modrm" : "",
	       (a & KPT_INAT_MEMONLY) ? ", memory forms only" : "",
	       (a & KPT_INAT_REGONLY) ? ", register forms only" : "",
	       (a & KPT_INAT_REGFORM) ? ", register form" : "",
	       (a & KPT_INAT_D64) ? ", d64 (64-bit operand by default in 64-bit mode)" : "",
	       (a & KPT_INAT_F64) ? ", f64 (64-bit operand in 64-bit mode)" : "");
	if (in->modrm_len)
		printf("  modrm     %02x (at +%d): mod=%d reg=%d rm=%d%s\n",
		       in->modrm, in->off_modrm, kpt_insn_modrm_mod(in),
		       kpt_insn_modrm_reg(in), kpt_insn_modrm_rm(in),
		       (a & KPT_INAT_REGFORM) && in->modrm < 0xc0 ?
		       " (mod ignored: register form)" : "");
	if (in->sib_len)
		printf("  sib       %02x: scale=%d index=%d base=%d\n", in->sib,
		       1 << kpt_insn_sib_scale(in), kpt_insn_sib_index(in),
		       kpt_insn_sib_base(in));
	if (in->disp_len)
		printf("  disp      %d byte(s) at +%d: %s0x%x\n", in->disp_len,
		       in->off_disp, in->disp < 0 ? "-" : "",
		       in->disp < 0 ? -(unsigned int)in->disp :
		       (unsigned int)in->disp);
	if (kpt_insn_is_rip_relative(in))
		printf("  rip-rel   target 0x%llx\n",
		       (unsigned long long)kpt_insn_rip_target(in, addr));
	if (in->imm_len)
		printf("  imm       %d byte(s) at +%d: 0x%llx\n", in->imm_len,
		       in->off_imm, (unsigned long long)in->imm);
	if (in->imm2_len)
		printf("  imm2      %d byte(s) at +%d: 0x%x\n", in->imm2_len,
		       in->off_imm2, in->imm2);
	if (kpt_insn_is_rel_branch(in))
		printf("  branch    relative, target 0x%llx\n",
		       (unsigned long long)kpt_insn_branch_target(in, addr));
}

/*
 * Decode buf[0..len) as code at addr; returns the number of errors. The
 * instruction at address mark (a probe offset), if any, is flagged "=>".
 */
static int decode_range(const u8 *buf, size_t len, u64 addr,
			enum kpt_insn_mode mode, u64 mark)
{
	size_t off = 0;
	int errors = 0;

	while (off < len) {
		struct kpt_insn in;
		int r = kpt_insn_decode(&in, buf + off, len - off, mode);
		int n = r ? 1 : in.length;
		int emu = kpt_insn_emulate_prefix_len(buf + off, len - off);

		printf("%s%llx: ", mark && addr + off == mark ? "=> " : "",
		       (unsigned long long)(addr + off));
		if (emu) {
			/* The kernel's view: a prefix of what follows. */
			print_bytes(buf + off, emu);
			printf("%*s len %d  Xen/KVM emulate prefix (ud2; \"%c%c%c\"): the kernel treats it and the next instruction as one\n",
			       3 * (15 - emu), "", emu, buf[off + 2],
			       buf[off + 3], buf[off + 4]);
			off += emu;
			continue;
		}
		if (r) {
			print_bytes(buf + off, 1);
			printf("  error: %s\n", kpt_insn_strerror(r));
			errors++;
		} else {
			print_bytes(buf + off, n);
			printf("%*s len %-2d  %s", 3 * (15 - n), "", n,
			       kpt_mnemonic(&in));
			if (in.map == KPT_INSN_MAP_0F && in.opcode == 0x0f &&
			    !in.vex_type)
				printf(" (suffix %02x)", (unsigned int)in.imm);
			printf("\n");
			if (!quiet)
				print_fields(&in, addr + off);
		}
		off += n;
	}
	return errors;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

/* Append hex digits of s (spaces, commas, "0x" and "\x" ignored). */
static int add_hex(const char *s, u8 **buf, size_t *len, size_t *cap)
{
	int hi = -1;

	for (; *s; s++) {
		int v;

		if ((s[0] == '0' || s[0] == '\\') && (s[1] | 0x20) == 'x') {
			s++;
			continue;
		}
		v = hexval((unsigned char)*s);
		if (v < 0) {
			if (strchr(" \t\n\r,:", *s))
				continue;
			fprintf(stderr, "kpt-decode: not hex: '%c'\n", *s);
			return -1;
		}
		if (hi < 0) {
			hi = v;
			continue;
		}
		if (*len == *cap) {
			*cap = *cap ? *cap * 2 : 64;
			*buf = realloc(*buf, *cap);
			if (!*buf) {
				perror("kpt-decode");
				exit(2);
			}
		}
		(*buf)[(*len)++] = hi << 4 | v;
		hi = -1;
	}
	if (hi >= 0) {
		fprintf(stderr, "kpt-decode: odd number of hex digits\n");
		return -1;
	}
	return 0;
}

struct elf_file {
	u8 *data;
	size_t size;
	int is64;
	int is_rel;
};

struct elf_sec {
	u64 addr, off, size;
	u32 type, link;
	u64 flags, entsize;
};

static int elf_nsec(const struct elf_file *f)
{
	if (f->is64)
		return ((const Elf64_Ehdr *)f->data)->e_shnum;
	return ((const Elf32_Ehdr *)f->data)->e_shnum;
}

static int elf_sec(const struct elf_file *f, int i, struct elf_sec *s)
{
	u64 shoff, shentsize, at;

	if (f->is64) {
		const Elf64_Ehdr *e = (const void *)f->data;

		shoff = e->e_shoff;
		shentsize = e->e_shentsize;
	} else {
		const Elf32_Ehdr *e = (const void *)f->data;

		shoff = e->e_shoff;
		shentsize = e->e_shentsize;
	}
	at = shoff + (u64)i * shentsize;
	if (at + (f->is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) > f->size)
		return -1;
	if (f->is64) {
		const Elf64_Shdr *h = (const void *)(f->data + at);

		*s = (struct elf_sec){ h->sh_addr, h->sh_offset, h->sh_size,
				       h->sh_type, h->sh_link, h->sh_flags,
				       h->sh_entsize };
	} else {
		const Elf32_Shdr *h = (const void *)(f->data + at);

		*s = (struct elf_sec){ h->sh_addr, h->sh_offset, h->sh_size,
				       h->sh_type, h->sh_link, h->sh_flags,
				       h->sh_entsize };
	}
	if (s->type != SHT_NOBITS && s->off + s->size > f->size)
		return -1;
	return 0;
}

/* Find a symbol: its section index, value and size. */
static int elf_find_sym(const struct elf_file *f, const char *name,
			int *shndx, u64 *value, u64 *size)
{
	int n = elf_nsec(f);

	for (int pass = 0; pass < 2; pass++) {
		u32 want = pass ? SHT_DYNSYM : SHT_SYMTAB;

		for (int i = 0; i < n; i++) {
			struct elf_sec s, str;
			u64 esz, cnt;

			if (elf_sec(f, i, &s) || s.type != want ||
			    elf_sec(f, s.link, &str))
				continue;
			esz = f->is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
			cnt = s.size / esz;
			for (u64 j = 0; j < cnt; j++) {
				const u8 *p = f->data + s.off + j * esz;
				u64 nm, v, sz;
				int sh;

				if (f->is64) {
					const Elf64_Sym *y = (const void *)p;

					nm = y->st_name;
					v = y->st_value;
					sz = y->st_size;
					sh = y->st_shndx;
				} else {
					const Elf32_Sym *y = (const void *)p;

					nm = y->st_name;
					v = y->st_value;
					sz = y->st_size;
					sh = y->st_shndx;
				}
				if (nm >= str.size || sh == SHN_UNDEF ||
				    sh >= SHN_LORESERVE)
					continue;
				if (strncmp((const char *)f->data + str.off + nm,
					    name, str.size - nm) == 0) {
					*shndx = sh;
					*value = v;
					*size = sz;
					return 0;
				}
			}
		}
	}
	return -1;
}

/*
 * File bytes for [addr, addr+len): in a relocatable object (.ko, .o)
 * addresses are section offsets, so the section must be given (shndx);
 * else the allocated section holding addr is searched (shndx < 0).
 */
static const u8 *elf_bytes(const struct elf_file *f, int shndx, u64 addr,
			   u64 *len)
{
	int n = elf_nsec(f);

	for (int i = 0; i < n; i++) {
		struct elf_sec s;
		u64 base;

		if ((shndx >= 0 && i != shndx) || elf_sec(f, i, &s) ||
		    s.type == SHT_NOBITS)
			continue;
		if (shndx < 0 && !(s.flags & SHF_ALLOC))
			continue;
		/* Relocatable: every section starts at 0; take the code. */
		if (shndx < 0 && f->is_rel && !(s.flags & SHF_EXECINSTR))
			continue;
		base = f->is_rel ? 0 : s.addr;
		if (addr < base || addr >= base + s.size)
			continue;
		if (addr + *len > base + s.size)
			*len = base + s.size - addr;
		return f->data + s.off + (addr - base);
	}
	return NULL;
}

static int load_elf(const char *path, struct elf_file *f)
{
	FILE *fp = fopen(path, "rb");
	long sz;

	if (!fp || fseek(fp, 0, SEEK_END) || (sz = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET)) {
		fprintf(stderr, "kpt-decode: %s: %s\n", path, strerror(errno));
		return -1;
	}
	f->size = sz;
	f->data = malloc(sz ? sz : 1);
	if (!f->data || fread(f->data, 1, sz, fp) != (size_t)sz) {
		fprintf(stderr, "kpt-decode: %s: read error\n", path);
		fclose(fp);
		return -1;
	}
	fclose(fp);
	if (f->size < sizeof(Elf32_Ehdr) || memcmp(f->data, ELFMAG, SELFMAG) ||
	    (f->data[EI_CLASS] != ELFCLASS32 && f->data[EI_CLASS] != ELFCLASS64) ||
	    (f->data[EI_CLASS] == ELFCLASS64 && f->size < sizeof(Elf64_Ehdr))) {
		fprintf(stderr, "kpt-decode: %s: not an ELF file\n", path);
		return -1;
	}
	f->is64 = f->data[EI_CLASS] == ELFCLASS64;
	f->is_rel = (f->is64 ? ((Elf64_Ehdr *)f->data)->e_type :
		     ((Elf32_Ehdr *)f->data)->e_type) == ET_REL;
	return 0;
}

static int do_elf(const char *path, const char *sym, const char *range,
		  int mode)
{
	struct elf_file f;
	u64 start, len, value, size, off = 0;
	int shndx = -1;
	const u8 *p;
	char *end;

	if (load_elf(path, &f))
		return 2;
	if (!mode)
		mode = f.is64 ? KPT_INSN_MODE_64 : KPT_INSN_MODE_32;
	if (sym) {
		char name[512];
		const char *plus = strchr(sym, '+');
		size_t nl = plus ? (size_t)(plus - sym) : strlen(sym);

		if (nl >= sizeof(name))
			usage();
		memcpy(name, sym, nl);
		name[nl] = 0;
		if (plus)
			off = strtoull(plus + 1, NULL, 0);
		if (elf_find_sym(&f, name, &shndx, &value, &size)) {
			fprintf(stderr, "kpt-decode: %s: no symbol %s\n", path, name);
			return 2;
		}
		if (!f.is_rel)
			shndx = -1;
		start = value;
		len = size ? size : 64;
		if (off >= len) {
			fprintf(stderr, "kpt-decode: offset beyond %s's %llu bytes\n",
				name, (unsigned long long)len);
			return 2;
		}
		printf("%s: %s at 0x%llx, %llu bytes, %d-bit%s\n", path, name,
		       (unsigned long long)value, (unsigned long long)len, mode,
		       size ? "" : " (size unknown: 64 bytes shown)");
	} else {
		start = strtoull(range, &end, 0);
		if (*end == '-')
			len = strtoull(end + 1, NULL, 0) - start;
		else if (*end == '+')
			len = strtoull(end + 1, NULL, 0);
		else
			usage();
	}
	p = elf_bytes(&f, shndx, start, &len);
	if (!p) {
		fprintf(stderr, "kpt-decode: 0x%llx is in no section of %s\n",
			(unsigned long long)start, path);
		return 2;
	}
	/*
	 * With +OFF, decode from the start anyway and say whether OFF is a
	 * boundary: that is the question a probe offset asks.
	 */
	if (sym && off) {
		u64 at = 0;

		while (at < off) {
			int n = kpt_insn_length(p + at, len - at, mode);

			if (n < 0)
				break;
			at += n;
		}
		printf("offset +0x%llx is %san instruction boundary\n",
		       (unsigned long long)off, at == off ? "" : "NOT ");
	}
	return decode_range(p, len, start, mode,
			    sym && off ? start + off : 0) ? 1 : 0;
}

int main(int argc, char **argv)
{
	const char *file = NULL, *sym = NULL, *range = NULL;
	u64 addr = 0;
	int mode = 0, i;
	u8 *buf = NULL;
	size_t len = 0, cap = 0;

	for (i = 1; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *o = argv[i];

		if (!strcmp(o, "-q")) {
			quiet = 1;
			continue;
		}
		if (!strcmp(o, "--")) {
			i++;
			break;
		}
		if (i + 1 >= argc)
			usage();
		if (!strcmp(o, "-m")) {
			mode = atoi(argv[++i]);
			if (mode != 32 && mode != 64)
				usage();
		} else if (!strcmp(o, "-a")) {
			addr = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(o, "-f")) {
			file = argv[++i];
		} else if (!strcmp(o, "-s")) {
			sym = argv[++i];
		} else if (!strcmp(o, "-r")) {
			range = argv[++i];
		} else {
			usage();
		}
	}
	if (file) {
		if (!!sym == !!range || i != argc)
			usage();
		return do_elf(file, sym, range, mode);
	}
	if (i >= argc)
		usage();
	if (!mode)
		mode = 64;
	if (argc - i == 1 && !strcmp(argv[i], "-")) {
		char line[4096];

		while (fgets(line, sizeof(line), stdin))
			if (add_hex(line, &buf, &len, &cap))
				return 2;
	} else {
		for (; i < argc; i++)
			if (add_hex(argv[i], &buf, &len, &cap))
				return 2;
	}
	if (!len)
		usage();
	i = decode_range(buf, len, addr, mode, 0);
	free(buf);
	return i ? 1 : 0;
}
