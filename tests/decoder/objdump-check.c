// SPDX-License-Identifier: GPL-2.0
/*
 * objdump selftest, userspace (seed patch 003): reads the lines that
 * distill.awk makes of `objdump -d` (ADDR TAB HEX TAB TEXT, "-" between
 * streams, "@ TAB NAME" where a file starts) and checks, for every
 * instruction objdump lists, that our decoder finds the same length
 * there. Each line is decoded at its own address with the bytes that
 * follow it in the stream (up to 32), so a decoder that reads too far or
 * too little is caught, and one mismatch never hides the next.
 *
 *   objdump-check -m 32|64 [-e EXCEPTIONS] [-n NAME] [-q]
 *
 * Skipped, and counted: objdump's "(bad)" lines (also "rex.R (bad)"...)
 * and prefix-only lines (a prefix objdump prints on its own: lock, rep,
 * data16, rex.W, cs...); ".byte" lines (an instruction cut by the end of
 * its section) count as truncated-at-end if we find it truncated too.
 * Cases where objdump's length is not the CPU's are rules named in the
 * exception table (tests/decoder/exceptions.txt); a rule applies only if
 * the table lists it. Prints one summary line per file (NAME from its "@"
 * record, else -n NAME)
 *   NAME: decoded and checked N instructions; skipped B (bad), P
 *   prefix-only, T truncated-at-end; exceptions R1=n ...; M mismatches
 * and one "MISMATCH" line per mismatch; exits 1 if there is any. One run
 * checks many files (one objdump over them all): a process per file cost
 * more than the checking.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_insn.h"

#define WIN 64			/* lines kept ahead */
#define MAXB 32			/* bytes of one objdump line we keep */
#define LOOK 32			/* bytes of look-ahead given to the decoder */

struct line {
	unsigned long long addr;
	int n;			/* bytes objdump gives the instruction */
	u8 b[MAXB];
	char text[96];
};

enum rule { R_FWAIT, R_EMULATE, R_REL16, R_NR };
static const char *const rule_names[R_NR] = {
	"fwait-separate", "emulate-prefix", "rel16-branch-64",
};
static int rule_on[R_NR];
static unsigned long rule_count[R_NR];

static struct line win[WIN];
static int head, count;		/* ring buffer of pending lines */
static int mode = 64, quiet;
static char name[4096] = "-";
static unsigned long checked, bad, prefix_only, trunc_end, mismatches;
static unsigned long all_mismatches;

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Every word of TEXT a prefix, no operand: what objdump prints alone. */
static int prefix_only_text(const char *t)
{
	static const char *const pfx[] = {
		"lock", "rep", "repz", "repe", "repnz", "repne", "data16",
		"data32", "addr16", "addr32", "cs", "ds", "es", "ss", "fs",
		"gs", "bnd", "notrack", "xacquire", "xrelease", "rex", NULL,
	};
	char w[32];
	int any = 0;

	while (*t) {
		size_t k = 0;
		int ok = 0;

		while (*t == ' ')
			t++;
		if (!*t)
			break;
		while (*t && *t != ' ' && k < sizeof(w) - 1)
			w[k++] = *t++;
		w[k] = 0;
		if (!strncmp(w, "rex.", 4) || !strcmp(w, "rex"))
			ok = 1;
		for (int i = 0; !ok && pfx[i]; i++)
			ok = !strcmp(w, pfx[i]);
		if (!ok)
			return 0;
		any = 1;
	}
	return any;
}

/* Bytes from line i of the window onwards, up to max; how many. */
static size_t gather(int i, u8 *out, size_t max)
{
	size_t got = 0;

	for (; i < count && got < max; i++) {
		const struct line *l = &win[(head + i) % WIN];
		for (int k = 0; k < l->n && got < max; k++)
			out[got++] = l->b[k];
	}
	return got;
}

static void hexdump(FILE *f, const u8 *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s%02x", i ? " " : "", b[i]);
}

static void mismatch(const struct line *l, const u8 *buf, size_t avail,
		     int ours, const char *why)
{
	mismatches++;
	printf("MISMATCH %s %llx: bytes ", name, l->addr);
	hexdump(stdout, buf, avail < 16 ? avail : 16);
	printf(" | objdump %d \"%s\" | decoder ", l->n, l->text);
	if (ours < 0)
		printf("%s", kpt_insn_strerror(ours));
	else
		printf("%d", ours);
	printf("%s%s\n", why ? " | " : "", why ? why : "");
}

/* Length objdump's lines i, i+1, ... sum to, stopping at >= want. */
static int lines_cover(int i, int want)
{
	int sum = 0, k = 0;

	for (; i < count && sum < want; i++, k++)
		sum += win[(head + i) % WIN].n;
	return sum == want ? k : 0;
}

/* Check the line at the head of the window; returns lines consumed. */
static int check_head(void)
{
	const struct line *l = &win[head];
	u8 buf[LOOK];
	size_t avail = gather(0, buf, sizeof(buf));
	struct kpt_insn insn;
	int r, fast, len;

	if (strstr(l->text, "(bad)")) {
		bad++;
		return 1;
	}
	if (prefix_only_text(l->text)) {
		prefix_only++;
		return 1;
	}

	/*
	 * Rule emulate-prefix: "ud2; .ascii xen|kvm" before an instruction
	 * is one instruction to the kernel's kprobes (insn_decode() with
	 * the emulate prefix); objdump lists ud2, js/imul..., outsb/insl
	 * and the instruction. Checked as one: the prefix plus our length
	 * of what follows must end where one of objdump's lines ends.
	 */
	if (rule_on[R_EMULATE] && kpt_insn_emulate_prefix_len(buf, avail) == 5) {
		len = kpt_insn_length(buf + 5, avail - 5, mode);
		int k = len > 0 ? lines_cover(0, 5 + len) : 0;

		if (k) {
			rule_count[R_EMULATE]++;
			checked++;
			return k;
		}
		/* Otherwise check it like any other line. */
	}

	fast = kpt_insn_length(buf, avail, mode);
	r = kpt_insn_decode(&insn, buf, avail, mode);
	len = r < 0 ? r : insn.length;
	/*
	 * objdump prints ".byte 0xNN" for the bytes of an instruction that
	 * runs past the end of its section: we must find it truncated.
	 */
	if (!strncmp(l->text, ".byte", 5) && len == KPT_INSN_ERR_TRUNCATED &&
	    fast == len) {
		trunc_end++;
		return 1;
	}
	if (fast != len) {
		mismatch(l, buf, avail, len, "fast length path disagrees");
		return 1;
	}
	if (len == l->n) {
		checked++;
		return 1;
	}

	/*
	 * Rule fwait-separate: objdump folds FWAIT (9b) into the x87
	 * instruction after it (finit, fstsw...); the CPU executes FWAIT
	 * on its own.
	 */
	if (rule_on[R_FWAIT] && buf[0] == 0x9b && len == 1 && l->n > 1 &&
	    kpt_insn_length(buf + 1, avail - 1, mode) == l->n - 1) {
		rule_count[R_FWAIT]++;
		checked++;
		return 1;
	}

	/*
	 * Rule rel16-branch-64: plain objdump decodes 66 E8/E9/0F 8x in
	 * 64-bit mode with a rel16 (AMD); Intel CPUs ignore 66 there and
	 * take rel32. (objdump -M intel64 agrees with us.)
	 */
	if (rule_on[R_REL16] && mode == 64 && len == l->n + 2 &&
	    (insn.prefixes & KPT_INSN_PFX_OPSIZE) &&
	    kpt_insn_is_rel_branch(&insn) && insn.imm_len == 4) {
		rule_count[R_REL16]++;
		checked++;
		return 1;
	}

	mismatch(l, buf, avail, len, NULL);
	return 1;
}

static void drain(int all)
{
	while (count && (all || count >= WIN - 1 ||
			 gather(1, (u8[LOOK]){0}, LOOK) >= LOOK)) {
		int k = check_head();

		head = (head + k) % WIN;
		count -= k;
	}
}

static void load_exceptions(const char *path)
{
	FILE *f = fopen(path, "r");
	char s[512];

	if (!f) {
		perror(path);
		exit(2);
	}
	while (fgets(s, sizeof(s), f)) {
		char w[64];

		if (s[0] == '#' || sscanf(s, "rule %63s", w) != 1)
			continue;
		for (int i = 0; i < R_NR; i++)
			if (!strcmp(w, rule_names[i]))
				rule_on[i] = 1;
	}
	fclose(f);
}

/* The summary line of the file read so far, and counters afresh. */
static void summary(void)
{
	printf("%s: decoded and checked %lu instructions; skipped %lu (bad), %lu prefix-only, %lu truncated-at-end; exceptions",
	       name, checked, bad, prefix_only, trunc_end);
	for (int i = 0; i < R_NR; i++) {
		printf(" %s=%lu", rule_names[i], rule_count[i]);
		rule_count[i] = 0;
	}
	printf("; %lu mismatches\n", mismatches);
	all_mismatches += mismatches;
	checked = bad = prefix_only = trunc_end = mismatches = 0;
}

int main(int argc, char **argv)
{
	int pending = 0;	/* a file begun whose summary is not printed */

	/* a line a write: checkers of several batches share one pipe */
	setvbuf(stdout, NULL, _IOLBF, 0);

	char s[4096];
	unsigned long long next_addr = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-m") && i + 1 < argc)
			mode = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-e") && i + 1 < argc)
			load_exceptions(argv[++i]);
		else if (!strcmp(argv[i], "-n") && i + 1 < argc)
			snprintf(name, sizeof(name), "%s", argv[++i]);
		else if (!strcmp(argv[i], "-q"))
			quiet = 1;
		else {
			fprintf(stderr, "usage: objdump-check -m 32|64 [-e EXC] [-n NAME] [-q]\n");
			return 2;
		}
	}
	if (mode != 32 && mode != 64) {
		fprintf(stderr, "objdump-check: mode must be 32 or 64\n");
		return 2;
	}

	while (fgets(s, sizeof(s), stdin)) {
		char *p = s, *hex, *text;
		struct line *l;
		unsigned long long a;

		if (s[0] == '-') {
			drain(1);
			continue;
		}
		if (s[0] == '@' && s[1] == '\t') {
			/* a new file: the last one's lines and summary first */
			drain(1);
			if (pending)
				summary();
			s[strcspn(s, "\n")] = 0;
			snprintf(name, sizeof(name), "%s", s + 2);
			pending = 1;
			continue;
		}
		a = strtoull(p, &hex, 16);
		if (*hex != '\t')
			continue;
		hex++;
		text = strchr(hex, '\t');
		if (!text)
			continue;
		*text++ = 0;
		text[strcspn(text, "\n")] = 0;
		if (count && a != next_addr)
			drain(1);	/* not contiguous: a new stream */
		if (count == WIN)
			drain(1);
		l = &win[(head + count) % WIN];
		l->addr = a;
		l->n = 0;
		for (size_t k = 0; hex[k] && hex[k + 1]; k += 2) {
			int hi = hexval(hex[k]), lo = hexval(hex[k + 1]);

			if (hi < 0 || lo < 0)
				break;
			if (l->n < MAXB)
				l->b[l->n] = hi << 4 | lo;
			l->n++;
		}
		if (l->n > MAXB)
			l->n = MAXB;
		snprintf(l->text, sizeof(l->text), "%s", text);
		next_addr = a + l->n;
		count++;
		drain(0);
	}
	drain(1);
	summary();
	(void)quiet;
	return all_mismatches ? 1 : 0;
}
