// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): probe points from DWARF.  FUNC, FUNC:REL, FUNC@FILE[:REL]
 * and FILE:LINE become lines of the line table; a line becomes one address
 * per function instance that has code for it (the out-of-line copy, each
 * inlined copy): the lowest is_stmt address of that line in the instance,
 * or the entry of a copy inlined at that line (kpt_dwarf_callsite.c);
 * FUNC:0 is each instance's entry.  Each address leaves as ELF
 * SYMBOL+OFFSET (a clone's symbol: foo.isra.0), checked against the
 * instruction boundaries of the file's own text by the decoder
 * (decoder/), and, before a probe is written, on the live text
 * (kpt_dwarf_live.c).
 *
 * The point's text is kpt_dwarf_spec.c's to parse.  FILE is the base
 * name or any trailing part of the path the DWARF records (as perf probe
 * takes it).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_inst.h"
#include "kpt_dwarf_internal.h"
#include "kpt_insn.h"

int kpt_dwarf_open_spec(const struct kpt_dwarf_src *src, const char *text,
			bool ranges, bool no_inlines,
			struct kpt_dwarf_spec *spec, struct kpt_dwarf **out,
			char *err, size_t errlen)
{
	int r = kpt_dwarf_parse_spec(text, ranges, spec, err, errlen);

	if (r)
		return r;
	spec->no_inlines = no_inlines;
	return kpt_dwarf_open_for(src, spec->func, out, err, errlen);
}

/* ---- line table rows ---- */

struct row {
	int line;
	int64_t key;		/* instance index, or -1 - (scope die offset),
				 * with the part of an out-of-line function
				 * (its hot and cold ranges) in the low bits */
	uint64_t addr;
	const char *file;
};

struct rows {
	struct row *r;
	size_t n, cap;
};

static int push_row(struct rows *rs, const struct row *r)
{
	if (rs->n == rs->cap) {
		size_t cap = rs->cap ? rs->cap * 2 : 256;
		struct row *p = realloc(rs->r, cap * sizeof(*p));

		if (!p)
			return -1;
		rs->r = p;
		rs->cap = cap;
	}
	rs->r[rs->n++] = *r;
	return 0;
}

static int row_cmp(const void *a, const void *b)
{
	const struct row *x = a, *y = b;

	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/*
 * Which part of an out-of-line function holds pc: the index of its range
 * (its hot and .cold parts), at most 3; 0 for an inlined copy, whose code
 * is one part, however its ranges are cut.
 */
static int part_of(Dwarf_Die *die, Dwarf_Addr pc)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	int i = 0;

	if (dwarf_tag(die) != DW_TAG_subprogram)
		return 0;
	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0) {
		if (pc >= start && pc < end)
			return i < 3 ? i : 3;
		i++;
	}
	return 0;
}

/* A function copy's key in rows of all code: from its DIE offset. */
static int64_t die_key(Dwarf_Die *die, Dwarf_Addr pc)
{
	return -1 - ((int64_t)dwarf_dieoffset(die) * 4 + part_of(die, pc));
}

/* The key of instance k of f at pc. */
static int64_t inst_key(const struct kpt_dw_finder *f, int k, Dwarf_Addr pc)
{
	return (int64_t)k * 4 + part_of((Dwarf_Die *)&f->inst[k].die, pc);
}

/*
 * The innermost function instance holding pc in cu: its key; 0 for
 * none, or an inlined one when no_inlines.
 */
static int64_t scope_key(Dwarf_Die *cu, Dwarf_Addr pc, bool no_inlines)
{
	Dwarf_Die *scopes = NULL;
	int n = kpt_dw_chain_at(cu, pc, &scopes);
	int64_t key = 0;

	for (int i = 0; i < n; i++) {
		int t = dwarf_tag(&scopes[i]);

		if (t == DW_TAG_inlined_subroutine && no_inlines)
			break;
		if (t == DW_TAG_subprogram || t == DW_TAG_inlined_subroutine) {
			key = die_key(&scopes[i], pc);
			break;
		}
	}
	free(scopes);
	return key;
}

struct collecting {
	const struct kpt_dw_finder *f;
	const char *file;
	long lo, hi;
	bool no_inlines;
	struct rows *rs;
};

/* The instance of f that is die, else the first holding pc; -1 none. */
static int inst_of(const struct kpt_dw_finder *f, Dwarf_Die *die, Dwarf_Addr pc)
{
	for (int k = 0; k < f->n; k++)
		if (dwarf_dieoffset((Dwarf_Die *)&f->inst[k].die) ==
		    dwarf_dieoffset(die))
			return k;
	for (int k = 0; k < f->n; k++)
		if (dwarf_haspc((Dwarf_Die *)&f->inst[k].die, pc) > 0)
			return k;
	return -1;
}

/* A row the line table lacks: a call's line, a declaration's entry. */
static int extra_row(void *ctx, Dwarf_Die *owner, int line,
		     const char *file, Dwarf_Addr pc)
{
	struct collecting *c = ctx;
	struct row r = { .line = line, .addr = pc, .file = file };

	if (c->f) {
		int k = inst_of(c->f, owner, pc);

		if (k < 0)
			return 0;
		r.key = inst_key(c->f, k, pc);
	} else {
		if (c->no_inlines &&
		    dwarf_tag(owner) == DW_TAG_inlined_subroutine)
			return 0;
		r.key = die_key(owner, pc);
	}
	return push_row(c->rs, &r);
}

static int extra_rows(Dwarf_Die *cu, struct collecting *c)
{
	struct kpt_dw_extra x = {
		.file = c->file, .lo = c->lo, .hi = c->hi, .decl = true,
		.fn = extra_row, .ctx = c,
	};

	return kpt_dw_extra_rows(cu, &x);
}

/*
 * Does an inlined copy end at pc (the end of one of its ranges)?  A row
 * of the callee's line there (its closing brace, in a view of zero
 * length before the caller's row at the same address) is the copy's
 * last statement, as a debugger and perf probe take it.
 */
static bool copy_ends_at(Dwarf_Die *die, Dwarf_Addr pc)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;

	if (dwarf_tag(die) != DW_TAG_inlined_subroutine)
		return false;
	while ((off = dwarf_ranges(die, off, &base, &start, &end)) > 0)
		if (end == pc)
			return true;
	return false;
}

/* The instance of f holding a, else one that ends at a; -1 none. */
static int inst_at(const struct kpt_dw_finder *f, Dwarf_Addr a)
{
	for (int k = 0; k < f->n; k++)
		if (dwarf_haspc((Dwarf_Die *)&f->inst[k].die, a) > 0)
			return k;
	for (int k = 0; k < f->n; k++)
		if (copy_ends_at((Dwarf_Die *)&f->inst[k].die, a))
			return k;
	return -1;
}

static int rows_in(Dwarf_Die *cu, void *arg)
{
	struct collecting *c = arg;
	const struct kpt_dw_finder *f = c->f;
	Dwarf_Lines *lines;
	size_t nl;

	if (dwarf_getsrclines(cu, &lines, &nl))
		return 0;
	for (size_t i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		bool stmt = false, endseq = false;
		Dwarf_Addr a;
		struct row r;
		int ln;

		if (!l || dwarf_lineno(l, &ln) || ln < c->lo || ln > c->hi ||
		    dwarf_lineaddr(l, &a) ||
		    dwarf_linebeginstatement(l, &stmt) || !stmt ||
		    dwarf_lineendsequence(l, &endseq) || endseq)
			continue;
		r.file = dwarf_linesrc(l, NULL, NULL);
		if (!kpt_dwarf_file_match(r.file, c->file))
			continue;
		r.line = ln;
		r.addr = a;
		if (f) {
			int k = inst_at(f, a);

			if (k < 0)
				continue;
			r.key = inst_key(f, k, a);
		} else {
			r.key = scope_key(cu, a, c->no_inlines);
			if (!r.key)
				continue;
		}
		if (push_row(c->rs, &r))
			return -1;
	}
	return extra_rows(cu, c);
}

/*
 * Rows of lines [lo, hi] of file (a trailing part) in the instances of f
 * (all code when f is NULL).  Sorted by line, instance, address.  The
 * units read: f's function's, else those naming file.
 */
static int collect(struct kpt_dwarf *d, const struct kpt_dw_finder *f,
		   const char *file, long lo, long hi, bool no_inlines,
		   struct rows *rs)
{
	struct collecting c = { f, file, lo, hi, no_inlines, rs };

	if (kpt_dwarf_each_cu(d, f ? f->s->func : NULL, f ? NULL : file,
			      false, rows_in, &c))
		return -1;
	if (rs->n)
		qsort(rs->r, rs->n, sizeof(*rs->r), row_cmp);
	return 0;
}

/* The entry of each instance of f, as rows of line (its first). */
static int entries(const struct kpt_dw_finder *f, long line, struct rows *rs)
{
	for (int k = 0; k < f->n; k++) {
		struct row r = { .line = (int)line, .key = (int64_t)k * 4,
				 .file = f->decl_file };
		Dwarf_Addr pc;

		if (!kpt_dw_entry((Dwarf_Die *)&f->inst[k].die, &pc))
			continue;
		r.addr = pc;
		if (push_row(rs, &r))
			return -1;
	}
	return 0;
}

/* Bytes of the text at a file address (and how many follow), or NULL. */
static const uint8_t *text_at(struct kpt_dwarf *d, uint64_t addr,
			      size_t *avail)
{
	Dwarf_Addr a = addr, bias;
	Elf_Scn *scn = dwfl_module_address_section(d->mod, &a, &bias);
	Elf_Data *data;

	if (!scn)
		return NULL;
	data = elf_getdata(scn, NULL);
	if (!data || !data->d_buf || a >= data->d_size)
		return NULL;
	*avail = data->d_size - a;
	return (const uint8_t *)data->d_buf + a;
}

/*
 * Is addr an instruction start of the function that begins off bytes
 * before it?  why says what is wrong otherwise.
 */
static bool on_boundary(struct kpt_dwarf *d, uint64_t addr, uint64_t off,
			char *why, size_t wl)
{
	size_t avail;
	const uint8_t *p = text_at(d, addr - off, &avail);
	uint64_t pos = 0;

	if (!p || avail < off) {
		kpt_dwarf_msg(why, wl, "no text at this address in %s", d->path);
		return false;
	}
	while (pos < off) {
		struct kpt_insn in;
		int r = kpt_insn_decode(&in, p + pos, avail - pos,
					KPT_INSN_MODE_64);

		if (r) {
			kpt_dwarf_msg(why, wl, "the decoder stops at +0x%" PRIx64 ": %s",
				      pos, kpt_insn_strerror(r));
			return false;
		}
		pos += in.length;
	}
	if (pos != off) {
		kpt_dwarf_msg(why, wl, "+0x%" PRIx64 " is inside an instruction (the decoder's boundaries)",
			      off);
		return false;
	}
	return true;
}

static int make_site(struct kpt_dwarf *d, const struct row *r,
		     struct kpt_dwarf_site *s, char *why, size_t wl)
{
	GElf_Off off = 0;
	GElf_Sym sym;
	const char *name = dwfl_module_addrinfo(d->mod, r->addr + d->bias,
						&off, &sym, NULL, NULL, NULL);
	Dwarf_Die *cu = kpt_dwarf_addr_cu(d, r->addr);
	Dwarf_Die *scopes = NULL;
	int n;

	memset(s, 0, sizeof(*s));
	s->addr = r->addr;
	s->line = r->line;
	snprintf(s->file, sizeof(s->file), "%s", r->file ? r->file : "?");
	if (!name) {
		kpt_dwarf_msg(why, wl, "no symbol holds 0x%" PRIx64, r->addr);
		return -1;
	}
	snprintf(s->sym, sizeof(s->sym), "%s", name);
	s->off = off;
	n = cu ? kpt_dw_chain_at(cu, r->addr, &scopes) : 0;
	for (int i = 0; i < n; i++) {
		int t = dwarf_tag(&scopes[i]);
		const char *fn = dwarf_diename(&scopes[i]);

		if (t != DW_TAG_subprogram && t != DW_TAG_inlined_subroutine)
			continue;
		if (!s->func[0]) {
			snprintf(s->func, sizeof(s->func), "%s", fn ? fn : "?");
			s->inlined = t == DW_TAG_inlined_subroutine;
		}
	}
	free(scopes);
	/* an inlined copy's caller: the out-of-line code holding it */
	snprintf(s->caller, sizeof(s->caller), "%s", s->inlined ? name : "");
	return on_boundary(d, r->addr, off, why, wl) ? 0 : -1;
}

/* Is addr one of the first n sites' already? */
static bool seen_addr(const struct kpt_dwarf_site *sites, int n, uint64_t addr)
{
	for (int i = 0; i < n; i++)
		if (sites[i].addr == addr)
			return true;
	return false;
}

/* Lines with code nearest to line (below and above), for a message. */
static void nearest(const struct rows *all, long line, char *buf, size_t size)
{
	long below = -1, above = -1;

	for (size_t i = 0; i < all->n; i++) {
		long l = all->r[i].line;

		if (l < line && l > below)
			below = l;
		if (l > line && (above < 0 || l < above))
			above = l;
	}
	buf[0] = '\0';
	if (below >= 0 && above >= 0)
		snprintf(buf, size, "; the nearest lines with code: %ld and %ld",
			 below, above);
	else if (below >= 0 || above >= 0)
		snprintf(buf, size, "; the nearest line with code: %ld",
			 below >= 0 ? below : above);
}

/* The absolute line range and file of a spec (function found in f). */
static int spec_range(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
		      struct kpt_dw_finder *f, bool *have_f, long *lo, long *hi,
		      const char **file, char *err, size_t errlen)
{
	int r;

	*have_f = false;
	*file = s->file;
	*lo = s->line;
	*hi = s->last;
	if (!s->func[0])
		return KPT_EXIT_OK;
	r = kpt_dwarf_find_func(d, s, f, err, errlen);
	if (r)
		return r;
	*have_f = true;
	*file = f->decl_file;
	if (s->relative) {
		*lo = f->decl_line + s->line;
		*hi = f->decl_line + s->last;
	} else if (!s->has_line) {
		*lo = f->decl_line;
		*hi = f->next_decl ? f->next_decl - 1 : f->decl_line + 100000;
	}
	return KPT_EXIT_OK;
}

int kpt_dwarf_sites(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
		    struct kpt_dwarf_site *sites, int max, int *n, char *err,
		    size_t errlen)
{
	static struct kpt_dw_finder f;
	struct rows rs = { 0 }, all = { 0 };
	const char *file;
	bool have_f;
	long lo, hi;
	char why[256], near[128];
	int r;

	*n = 0;
	r = spec_range(d, s, &f, &have_f, &lo, &hi, &file, err, errlen);
	if (r)
		return r;
	if (have_f && (!s->has_line || (s->relative && !s->line)))
		r = entries(&f, lo, &rs);	/* FUNC:0, FUNC@FILE */
	else
		r = collect(d, have_f ? &f : NULL, file, lo, hi, s->no_inlines,
			    &rs);
	if (r) {
		kpt_dwarf_msg(err, errlen, "out of memory");
		return KPT_EXIT_FAIL;
	}
	if (!rs.n) {
		if (collect(d, have_f ? &f : NULL, file, 1, 10000000,
			    s->no_inlines, &all))
			all.n = 0;
		if (!all.n && !have_f)
			kpt_dwarf_msg(err, errlen, "no file '%s' with code in the DWARF of %s",
				      file, d->path);
		else {
			nearest(&all, lo, near, sizeof(near));
			kpt_dwarf_msg(err, errlen, "line %ld of %s has no code%s%s%s",
				      lo, file, have_f ? " in " : "",
				      have_f ? s->func : "", near);
		}
		free(all.r);
		return all.n || have_f ? KPT_EXIT_NOLINE : KPT_EXIT_NOFUNC;
	}
	for (size_t i = 0; i < rs.n; i++) {
		if ((i && rs.r[i].key == rs.r[i - 1].key) ||
		    seen_addr(sites, *n, rs.r[i].addr))
			continue;	/* the instance's lowest address only */
		if (*n == max) {
			kpt_dwarf_msg(err, errlen, "more than %d sites", max);
			free(rs.r);
			return KPT_EXIT_USAGE;
		}
		if (make_site(d, &rs.r[i], &sites[*n], why, sizeof(why))) {
			kpt_dwarf_msg(err, errlen, "line %d at %s+0x%" PRIx64 ": %s",
				      rs.r[i].line, sites[*n].sym,
				      sites[*n].off, why);
			free(rs.r);
			return KPT_EXIT_NOLINE;
		}
		(*n)++;
	}
	free(rs.r);
	return KPT_EXIT_OK;
}

int kpt_dwarf_lines(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
		    kpt_dwarf_line_fn fn, void *ctx, char *err, size_t errlen)
{
	static struct kpt_dw_finder f;
	static struct kpt_dwarf_site sites[KPT_DWARF_MAX_SITES];
	struct rows rs = { 0 };
	const char *file;
	bool have_f;
	long lo, hi;
	char why[256];
	size_t i = 0;
	int r;

	r = spec_range(d, s, &f, &have_f, &lo, &hi, &file, err, errlen);
	if (r)
		return r;
	if (collect(d, have_f ? &f : NULL, file, lo, hi, s->no_inlines, &rs)) {
		kpt_dwarf_msg(err, errlen, "out of memory");
		return KPT_EXIT_FAIL;
	}
	if (!rs.n) {
		struct rows all = { 0 };
		bool known = have_f;

		if (!known && !collect(d, NULL, file, 1, 10000000, false,
					  &all))
			known = all.n > 0;
		free(all.r);
		if (!known)
			kpt_dwarf_msg(err, errlen, "no file '%s' with code in the DWARF of %s",
				      file, d->path);
		else
			kpt_dwarf_msg(err, errlen, "no line of %s%s%s in %ld-%ld has code",
				      file[0] ? file : "?", have_f ? " in " : "",
				      have_f ? s->func : "", lo, hi);
		return known ? KPT_EXIT_NOLINE : KPT_EXIT_NOFUNC;
	}
	if (!s->has_line)	/* the whole function: to its last line */
		hi = rs.r[rs.n - 1].line;
	if (!file[0] || !have_f)
		file = rs.r[0].file;
	for (long line = lo; line <= hi; line++) {
		int n = 0;

		for (; i < rs.n && rs.r[i].line == line; i++) {
			if ((i && rs.r[i].line == rs.r[i - 1].line &&
			     rs.r[i].key == rs.r[i - 1].key) ||
			    seen_addr(sites, n, rs.r[i].addr))
				continue;
			if (n < KPT_DWARF_MAX_SITES &&
			    !make_site(d, &rs.r[i], &sites[n], why, sizeof(why)))
				n++;
		}
		fn(ctx, file, (int)line, sites, n);
	}
	free(rs.r);
	return KPT_EXIT_OK;
}

int kpt_dwarf_func_copies(struct kpt_dwarf *d, const char *func,
			  int *outofline, int *inlined)
{
	static struct kpt_dw_finder f;
	struct kpt_dwarf_spec s = { 0 };
	char err[256];

	*outofline = *inlined = 0;
	snprintf(s.func, sizeof(s.func), "%s", func);
	if (kpt_dwarf_find_func(d, &s, &f, err, sizeof(err)) && !f.found)
		return -1;
	for (int i = 0; i < f.n; i++)
		(*(f.inst[i].inlined ? inlined : outofline))++;
	return 0;
}
