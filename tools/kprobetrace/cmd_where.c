// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace where: a function's live instructions and probe offsets.
 *
 * The address and size come from /proc/kallsyms (size = distance to the
 * next symbol), the bytes from /proc/kcore, the decoding from decoder/.
 * Every instruction start is a probe offset the module accepts, but:
 *  - the __fentry__ site (a 5-byte call or nop at +0 when ftrace is built
 *    in): kprobes puts a probe at +0 on ftrace; +1..+4 are inside the call
 *    and refused;
 *  - functions in the kprobes blacklist (NOKPROBE_SYMBOL, entry code) are
 *    refused at every offset;
 *  - offsets inside an instruction are refused (EILSEQ);
 *  - jump labels and static calls are refused at every byte (EINVAL:
 *    the kernel patches them at run time); alternatives are noted
 *    (kpt_patched.h).
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_cmd.h"
#include "kpt_insn.h"
#include "kpt_mnemonic.h"
#include "kpt_patched.h"

static const char where_usage[] =
"usage: kprobetrace where [-m MAX] [MOD:]FUNC\n"
"\n"
"Decode FUNC as it is in memory (/proc/kcore, address and size from\n"
"/proc/kallsyms) and print each instruction: offset, length, bytes,\n"
"mnemonic, whether a probe may go there (PROBE: ok; ftrace = the\n"
"__fentry__ site at +0, probed through ftrace; no = refused: int3,\n"
"iret, far jumps, %ss loads, ud2, jump labels and static calls (patched\n"
"at run time), blacklisted functions; ? = after bytes that do not\n"
"decode, or after a live kprobe's int3 or optimized jmp), and notes:\n"
"RIP-relative operands and branch targets as symbol+offset, jump labels,\n"
"static calls and alternatives (from the kernel's tables).\n"
"Offsets inside an instruction are refused by the module (EILSEQ).\n"
"  -m, --max BYTES  decode at most BYTES (default 65536)\n"
"exit: 0 ok, 1 cannot read kallsyms/kcore (root?), 2 usage,\n"
"      3 unknown or ambiguous function\n";

#define MAX_BYTES_DEFAULT 65536

/* Is [addr, addr+size) in the kprobes blacklist?  Sets what. */
static bool blacklisted(uint64_t addr, uint64_t size, char *what, size_t len)
{
	char *text = kpt_read_file("/sys/kernel/debug/kprobes/blacklist", NULL);
	char *line, *save;
	bool hit = false;

	if (!text)
		return false;
	for (line = strtok_r(text, "\n", &save); line && !hit;
	     line = strtok_r(NULL, "\n", &save)) {
		unsigned long long s, e;
		char sym[256] = "";

		if (sscanf(line, "0x%llx-0x%llx %255s", &s, &e, sym) < 2)
			continue;
		if (s < addr + size && e > addr) {
			hit = true;
			snprintf(what, len, "%s", sym);
		}
	}
	free(text);
	return hit;
}

/* Is there a registered kprobe at addr (/sys/kernel/debug/kprobes/list)? */
static bool live_kprobe(uint64_t addr)
{
	static char *list;
	static bool read_once;
	char key[32];

	if (!read_once) {
		list = kpt_read_file("/sys/kernel/debug/kprobes/list", NULL);
		read_once = true;
	}
	snprintf(key, sizeof(key), "%016" PRIx64 " ", addr);
	return list && strstr(list, key);
}

/* Instructions kprobes refuses to single-step or emulate; NULL if fine. */
static const char *refused_insn(const struct kpt_insn *in)
{
	if (in->map == KPT_INSN_MAP_0F && !in->vex_type && in->opcode == 0x0b)
		return "ud2 (BUG/WARN): kprobes refuses it";
	if (in->map != KPT_INSN_MAP_1BYTE || in->vex_type)
		return NULL;
	switch (in->opcode) {
	case 0xcf:
		return "iret: kprobes refuses it";
	case 0x9a:
	case 0xea:
		return "far call/jmp: kprobes refuses it";
	case 0x17:
		return "pop %ss masks exceptions: kprobes refuses it";
	case 0x8e:
		if (kpt_insn_modrm_reg(in) == 2)
			return "mov to %ss masks exceptions: kprobes refuses it";
		return NULL;
	}
	return NULL;
}

static void hex(const uint8_t *p, int n, char *buf, size_t size)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && o + 4 < size; i++)
		o += snprintf(buf + o, size - o, "%s%02x", i ? " " : "", p[i]);
}

/* A 5-byte __fentry__ site: nopl 0x0(%rax,%rax,1) or a call. */
static bool fentry_site(const struct kpt_insn *in, const uint8_t *p)
{
	static const uint8_t nop5[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };

	return in->length == 5 && (!memcmp(p, nop5, 5) || p[0] == 0xe8);
}

/*
 * An IBT kernel (CONFIG_X86_KERNEL_IBT: 6.12) begins functions that may be
 * called indirectly with endbr64, or with its poison (osp nopl (%rax)) where
 * objtool sealed it; register_kprobe() then places an entry probe (FUNC,
 * FUNC+0) after it, at +4.  Only such kernels have ibt_selftest_noendbr.
 */
static bool ibt_kernel(void)
{
	static int ibt = -1;
	char line[512];
	FILE *f;

	if (ibt >= 0)
		return ibt;
	ibt = 0;
	f = fopen("/proc/kallsyms", "r");
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f))
		if (strstr(line, " ibt_selftest_noendbr")) {
			ibt = 1;
			break;
		}
	fclose(f);
	return ibt;
}

/* at +0 of an IBT kernel's function: "endbr64", "sealed endbr64" or NULL */
static const char *endbr(const uint8_t *p, size_t len)
{
	static const uint8_t endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
	static const uint8_t poison[4] = { 0x66, 0x0f, 0x1f, 0x00 };

	if (len < 4 || !ibt_kernel())
		return NULL;
	if (!memcmp(p, endbr64, 4))
		return "endbr64";
	if (!memcmp(p, poison, 4))
		return "sealed endbr64";
	return NULL;
}

/*
 * A region the kernel patches at a (kpt_patched.h): appended to note.
 * Returns 2 if the kernel refuses a probe at a, 1 if only noted, 0 if a
 * is in no such region; 3 for a BUG/WARN site (refused; its note
 * replaces the ud2's).
 */
static int patched_note(const struct kpt_sym *sym, uint64_t a, char *note,
			size_t size)
{
	const char *what, *name;
	uint64_t start;
	unsigned int len;
	size_t o = strlen(note);
	bool refuses;
	char at[300], when[16];

	if (kpt_patched_find(sym->module, a, &start, &len, &what) != 1)
		return 0;
	if (!strcmp(what, KPT_PATCHED_BUG)) {
		char desc[400];

		if (start != a || !kpt_patched_bug(sym->module, a, desc,
						   sizeof(desc)))
			return 0;
		/* (in place of the ud2's own note) */
		snprintf(note, size, "%s (the kernel's bug table): kprobes refuses it",
			 desc);
		return 3;
	}
	refuses = kpt_patched_kernel_refuses(what);
	name = what + (what[1] == 'n' ? 3 : 2);	/* without "a "/"an " */
	if (start >= sym->addr)
		snprintf(at, sizeof(at), "+%" PRIu64, start - sym->addr);
	else
		kpt_ksyms_fmt(start, at, sizeof(at));
	snprintf(when, sizeof(when), "%s", refuses ? "run time" :
		 sym->module ? "load" : "boot");
	if (start == a)
		snprintf(note + o, size - o, "%s%s (%u bytes, patched at %s)%s",
			 o ? "; " : "", name, len, when,
			 refuses ? ": kprobes refuses it" : "");
	else
		snprintf(note + o, size - o, "%sinside %s at %s (%u bytes, patched at %s)%s",
			 o ? "; " : "", what, at, len, when,
			 refuses ? ": kprobes refuses it" : "");
	return refuses ? 2 : 1;
}

/* What the listing's marks mean for this function. */
static void legend(const struct kpt_sym *sym, bool black, const char *why,
		   bool fentry, bool refused_patched, bool lost)
{
	if (black)
		printf("%s is in the kprobes blacklist (%s): every offset is refused\n",
		       sym->name, why);
	else
		printf("probe offsets: the instruction starts marked ok%s; any other offset is refused (EILSEQ)\n",
		       fentry ? " or ftrace" : "");
	if (refused_patched)
		printf("jump labels and static calls are patched at run time: the kernel refuses a probe on any of their bytes (EINVAL)\n");
	if (*kpt_patched_unchecked(sym->module))
		printf("not checked: %s\n", kpt_patched_unchecked(sym->module));
	if (lost)
		printf("offsets marked '?' follow bytes that cannot be decoded as they are (the module leaves those to register_kprobe())\n");
}

static int decode(const struct kpt_sym *sym, const uint8_t *buf, size_t len,
		  bool black, const char *why)
{
	static const char *const hdr[] = {
		"OFFSET", "LEN", "BYTES", "INSN", "PROBE", "NOTE"
	};
	struct kpt_table *t = kpt_table_new(6, hdr);
	size_t off = 0, fentry = (size_t)-1;
	bool lost = false;
	int errors = 0, refused_patched = 0;

	kpt_table_right(t, 0);
	kpt_table_right(t, 1);
	while (off < len) {
		struct kpt_insn in;
		uint64_t a = sym->addr + off;
		int r = kpt_insn_decode(&in, buf + off, len - off,
					KPT_INSN_MODE_64);
		int n = r ? 1 : in.length;
		char o[24], l[8], b[64], note[512] = "", tgt[256];
		const char *probe = black ? "no" : lost ? "?" : "ok";
		const char *row[6] = { o, l, b, r ? "(bad)" : kpt_mnemonic(&in),
				       probe, note };

		snprintf(o, sizeof(o), "+%zu", off);
		snprintf(l, sizeof(l), "%d", n);
		hex(buf + off, n, b, sizeof(b));
		if (r) {
			snprintf(note, sizeof(note), "undecodable: %s",
				 kpt_insn_strerror(r));
			errors++;
			lost = true;
		} else if (!off && n == 4 && endbr(buf, len)) {
			row[3] = "endbr64";
			snprintf(note, sizeof(note), "%s (IBT): a probe at %s or %s+0 goes after it, at +4, as the kernel's tracer places it",
				 endbr(buf, len), sym->name, sym->name);
		} else if (fentry == (size_t)-1 && off <= 4 &&
			   fentry_site(&in, buf + off)) {
			fentry = off;
			if (!black)
				row[4] = "ftrace";
			if (buf[off] == 0xe8) {
				kpt_ksyms_fmt(kpt_insn_branch_target(&in, a),
					      tgt, sizeof(tgt));
				snprintf(note, sizeof(note), "__fentry__ site (call %s): +%zu..+%zu refused",
					 tgt, off + 1, off + 4);
			} else {
				snprintf(note, sizeof(note), "__fentry__ site (nop): +%zu..+%zu refused",
					 off + 1, off + 4);
			}
		} else if (buf[off] == 0xcc && n == 1 && live_kprobe(a)) {
			snprintf(note, sizeof(note), "int3 of a live kprobe (the instruction is hidden)");
			lost = true;
		} else if (buf[off] == 0xe9 && live_kprobe(a)) {
			snprintf(note, sizeof(note), "jmp of a live optimized kprobe (instructions hidden)");
			lost = true;
		} else if (buf[off] == 0xcc && n == 1) {
			row[4] = "no";
			snprintf(note, sizeof(note), "int3 (padding or another's breakpoint): kprobes refuses it");
		} else if (refused_insn(&in)) {
			row[4] = "no";
			snprintf(note, sizeof(note), "%s", refused_insn(&in));
		} else if (kpt_insn_is_rel_branch(&in)) {
			uint64_t to = kpt_insn_branch_target(&in, a);

			kpt_ksyms_fmt(to, tgt, sizeof(tgt));
			if (to >= sym->addr && to < sym->addr + len)
				snprintf(note, sizeof(note), "-> +%" PRIu64 " (%s)",
					 to - sym->addr, tgt);
			else
				snprintf(note, sizeof(note), "-> %s", tgt);
		} else if (kpt_insn_is_rip_relative(&in)) {
			kpt_ksyms_fmt(kpt_insn_rip_target(&in, a), tgt,
				      sizeof(tgt));
			snprintf(note, sizeof(note), "rip-relative: %s", tgt);
		}
		if (!r) {
			int pn = patched_note(sym, a, note, sizeof(note));

			refused_patched += pn == 2;
			if (pn >= 2 && !black)
				row[4] = "no";
		}
		if (black && !note[0])
			snprintf(note, sizeof(note), "blacklisted (%s)", why);
		kpt_table_add(t, row);
		off += n;
	}
	kpt_table_print(t);
	legend(sym, black, why, fentry != (size_t)-1, refused_patched,
	       errors || lost);
	return 0;
}

int kpt_cmd_where(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "max", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ 0 }
	};
	const struct kpt_sym *sym;
	unsigned long max = MAX_BYTES_DEFAULT;
	uint64_t size;
	uint8_t *buf;
	char why[256] = "";
	bool black;
	int c, n, r;

	while ((c = getopt_long(argc, argv, "+m:h", opts, NULL)) != -1) {
		switch (c) {
		case 'm': max = strtoul(optarg, NULL, 0); break;
		case 'h': fputs(where_usage, stdout); return 0;
		default: fputs(where_usage, stderr); return KPT_EXIT_USAGE;
		}
	}
	if (optind + 1 != argc || !max) {
		fputs(where_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	r = kpt_ksyms_load();
	if (r) {
		kpt_err("/proc/kallsyms: %s", strerror(-r));
		return KPT_EXIT_FAIL;
	}
	sym = kpt_ksyms_find(argv[optind], &n);
	if (!sym) {
		kpt_err("no function '%s' in /proc/kallsyms", argv[optind]);
		return KPT_EXIT_NOFUNC;
	}
	if (n > 1) {
		kpt_err("'%s' is not unique (%d functions); name one as MOD:FUNC",
			argv[optind], n);
		return KPT_EXIT_NOFUNC;
	}
	if (!sym->addr) {
		kpt_err("/proc/kallsyms shows no addresses (run as root, or lower kernel.kptr_restrict)");
		return KPT_EXIT_FAIL;
	}
	size = sym->size && sym->size < max ? sym->size : max;
	buf = malloc(size);
	if (!buf)
		return KPT_EXIT_FAIL;
	r = kpt_kcore_read(sym->addr, buf, size);
	if (r) {
		kpt_err("cannot read %#" PRIx64 "..+%#" PRIx64 " from /proc/kcore: %s",
			sym->addr, size, strerror(-r));
		free(buf);
		return KPT_EXIT_FAIL;
	}
	black = blacklisted(sym->addr, size, why, sizeof(why));
	printf("%s%s%s%s at 0x%" PRIx64 ", %" PRIu64 " bytes%s\n", sym->name,
	       sym->module ? " [" : "", sym->module ? sym->module : "",
	       sym->module ? "]" : "", sym->addr, size,
	       !sym->size ? " (last symbol: size unknown)" :
	       sym->size > size ? " (cut: see -m)" : "");
	r = decode(sym, buf, size, black, why);
	free(buf);
	return r;
}
