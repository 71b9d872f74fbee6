// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace lines: the source lines of a function or a file range, each
 * marked with the probe points its code starts at (DWARF, kpt_dwarf.h).
 */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd_dwarf_opts.h"
#include "kpt_cmd.h"
#include "kpt_dwarf.h"

static const char lines_usage_head[] =
"usage: kprobetrace lines [-m MOD] [--debuginfo FILE] [--build-id HEX] [--no-inlines]\n"
"                         [--no-index] [-s DIR]\n"
"                         FUNC[@FILE][:A[-B]] | FILE:A[-B]\n"
"\n"
"Print source lines (the text when the source file is there, the numbers\n"
"otherwise) with, for each line that has code, where a probe on it goes:\n"
"SYMBOL+OFFSET, one per copy of the function (an inlined copy says\n"
"\"FUNC inline in CALLER\", FUNC the innermost inlined function there),\n"
"every address checked against the instruction boundaries of the file's\n"
"text by the decoder, and, when FUNC runs here,\n"
"marked \"refused: live code in a jump label\" (a static call, inside an\n"
"alternative) where the kernel patches the code. A..B count from FUNC's first\n"
"line (FUNC:0), or are the file's lines (FILE:A-B). FILE is the base\n"
"name or any trailing part of the path DWARF records.\n"
"\n"
"The debug info is found by build-id: the running kernel's\n"
"(/sys/kernel/notes) or module's (/sys/module/MOD/notes), looked up in\n"
"/usr/lib/debug/.build-id/, /usr/lib/debug/boot/vmlinux-KVER,\n"
"/usr/lib/debug/lib/modules/KVER/ (package linux-image-KVER-dbg) and the\n"
"module's own .ko when built with debug info.\n"
"\n"
"options:\n";

static const char lines_usage_tail[] =
"  -s, --source DIR      the source tree: a file DWARF records is looked\n"
"                        up under DIR by the trailing parts of its path\n"
"                        first (the kernel's: Debian's linux-source-KVER,\n"
"                        unpacked)\n"
"  -h, --help            this help\n"
"exit: 0 ok, 2 usage, 3 unknown function or file, 9 no matching debug\n"
"      info, 10 no code in that range\n";

static int lines_usage(FILE *f, int r)
{
	fputs(lines_usage_head, f);
	fputs(dwarf_opts_help, f);
	fputs(lines_usage_tail, f);
	return r;
}

/* lines' own options; the DWARF ones are cmd_dwarf_opts.c's */
static const struct option lines_opts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ 0 }
};

struct src_text {
	char path[512];
	char *text;
	char **line;
	long n;
};

/*
 * The text of the source file DWARF records as path: under dir (--source)
 * first, as path's trailing parts, longest first (a kernel's DWARF records
 * paths of its build tree: debian/build/.../fs/open.c is fs/open.c of the
 * source tree); then path itself.
 */
static char *read_source(const char *dir, const char *path, size_t *len)
{
	char p[4096];
	char *t;

	for (const char *tail = path; dir && tail; ) {
		while (*tail == '/')
			tail++;
		if (*tail && (size_t)snprintf(p, sizeof(p), "%s/%s", dir,
					      tail) < sizeof(p)) {
			t = kpt_read_file(p, len);
			if (t)
				return t;
		}
		tail = strchr(tail, '/');
	}
	return kpt_read_file(path, len);
}

static void load_source(struct src_text *s, const char *dir,
			const char *path)
{
	size_t len;
	long cap = 0;

	if (!strcmp(s->path, path))
		return;
	free(s->text);
	free(s->line);
	memset(s, 0, sizeof(*s));
	snprintf(s->path, sizeof(s->path), "%s", path);
	s->text = read_source(dir, path, &len);
	if (!s->text)
		return;
	for (char *p = s->text; p && *p;) {
		char *nl = strchr(p, '\n');

		if (s->n == cap) {
			char **l = realloc(s->line, (cap = cap ? cap * 2 : 1024) *
					   sizeof(*l));

			if (!l)
				return;
			s->line = l;
		}
		s->line[s->n++] = p;
		if (nl)
			*nl = '\0';
		p = nl ? nl + 1 : NULL;
	}
}

struct lines_ctx {
	struct src_text src;
	const char *srcdir;	/* --source DIR */
	bool header;
	struct kpt_dwarf *d;	/* live checks: the running kernel's file */
};

static void one_line(void *arg, const char *file, int line,
		     const struct kpt_dwarf_site *sites, int n)
{
	struct lines_ctx *c = arg;
	char where[1024] = "";
	const char *patched;
	size_t o = 0;

	if (!c->header) {
		printf("%s\n", file);
		c->header = true;
	}
	load_source(&c->src, c->srcdir, file);
	for (int i = 0; i < n && o < sizeof(where); i++) {
		o += snprintf(where + o, sizeof(where) - o, "%s%s+0x%" PRIx64,
			      i ? "," : "", sites[i].sym, sites[i].off);
		if (sites[i].inlined && o < sizeof(where))
			o += snprintf(where + o, sizeof(where) - o,
				      " (%s inline in %s)", sites[i].func,
				      sites[i].caller);
		patched = c->d ? kpt_dwarf_site_patched(c->d, &sites[i]) : NULL;
		if (patched && o < sizeof(where))
			o += snprintf(where + o, sizeof(where) - o,
				      " (refused: live code in %s)", patched);
	}
	printf("%6d  %-28s %s\n", line, where,
	       line <= c->src.n ? c->src.line[line - 1] : "");
}

int kpt_cmd_lines(int argc, char **argv)
{
	static char err[KPT_ERRMSG_MAX];
	struct dwarf_opts o = { .extra = DWARF_OPT_SOURCE };
	const struct option *opts = dwarf_opts_table(lines_opts, o.extra);
	struct kpt_dwarf_spec spec;
	struct lines_ctx ctx = { 0 };
	struct kpt_dwarf *d;
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "+m:s:h", opts, NULL)) != -1) {
		if (dwarf_opt(c, optarg, &o))
			continue;
		return c == 'h' ? lines_usage(stdout, 0) :
				  lines_usage(stderr, KPT_EXIT_USAGE);
	}
	ctx.srcdir = o.srcdir;
	if (optind + 1 != argc)
		return lines_usage(stderr, KPT_EXIT_USAGE);
	r = kpt_dwarf_open_spec(&o.src, argv[optind], true, o.no_inlines,
				&spec, &d, err, sizeof(err));
	if (r) {
		kpt_err("%s", err);
		return r;
	}
	/* --build-id: the file may be another machine's; else it runs here */
	if (!o.src.build_id)
		ctx.d = d;
	r = kpt_dwarf_lines(d, &spec, one_line, &ctx, err, sizeof(err));
	if (r)
		kpt_err("%s", err);
	free(ctx.src.text);
	free(ctx.src.line);
	kpt_dwarf_close(d);
	return r;
}
