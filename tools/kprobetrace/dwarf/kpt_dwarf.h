/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): names from DWARF (elfutils libdw/libdwfl).  The other
 * source of names beside BTF (kpt_btf_fetch.h): a local variable at a
 * source line comes out as the same struct kpt_btf_arg (field name, fetch
 * argument, fetch type, C type) as a parameter from BTF, so that `add`
 * writes both the same way.
 *
 *   kpt_dwarf_file.c   the debug info of vmlinux or of a module, found by
 *                      build-id (strict match) in Debian's -dbg layout,
 *                      the module's own .ko, or --debuginfo FILE
 *   kpt_dwarf_buildid.c  a file's build-id (the file, the index and the
 *                      BTF fallback match by it)
 *   kpt_dwarf_point.c  probe points: FUNC[@FILE][:REL], FILE:LINE -> the
 *                      addresses of a line (every inlined site), as
 *                      SYMBOL+OFFSET checked against instruction boundaries
 *                      by the decoder on the file's own text
 *   kpt_dwarf_live.c   a site checked on the live text (kcore, the
 *                      code the kernel patches)
 *   kpt_dwarf_ret.c    a function's return type as a fetch type
 *   kpt_dwarf_callsite.c  a line's code the line table does not give
 *                      (inlined calls, a function's entry), and the
 *                      scopes holding an address
 *   kpt_dwarf_var.c    the variables at an address, their C types, and a
 *                      variable (with .member/->member) -> fetch argument
 *   kpt_dwarf_scope.c  the scopes holding an address, and their variables
 *   kpt_dwarf_loc.c    a DWARF location expression -> fetch argument
 *   kpt_dwarf_decl.c   a struct a unit only declares -> another unit's
 *   kpt_dwarf_btf.c    a struct the file only declares -> the running
 *                      kernel's BTF (for the running build's file only)
 *   kpt_dwarf_cache.c  the index by build-id in the cache directory:
 *                      which compile units hold a function or a source
 *                      file (built by kpt_dwarf_index_build.c, the file
 *                      names from kpt_dwarf_linehdr.c; the format:
 *                      kpt_dwarf_index.c)
 *
 * Addresses are the debug file's (a module's sections laid out by libdwfl);
 * what leaves this room is SYMBOL+OFFSET, which holds on the live kernel.
 */
#ifndef KPT_DWARF_H
#define KPT_DWARF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "kpt_btf_fetch.h"

struct kpt_dwarf;	/* one opened debug file */

/* Where the debug info comes from (kpt_dwarf_open()). */
struct kpt_dwarf_src {
	const char *module;	/* NULL or "": vmlinux */
	const char *debuginfo;	/* --debuginfo FILE, or NULL */
	const char *build_id;	/* --build-id HEX: expected, or NULL (the
				 * running kernel's or module's) */
};

/*
 * Open the debug info.  Returns KPT_EXIT_OK, or KPT_EXIT_NODEBUG with err
 * saying what was looked for, where, and which package to install.
 */
int kpt_dwarf_open(const struct kpt_dwarf_src *src, struct kpt_dwarf **out,
		   char *err, size_t errlen);
void kpt_dwarf_close(struct kpt_dwarf *d);
/* The module's name for probe points ("" for vmlinux), the file's path. */
const char *kpt_dwarf_module(const struct kpt_dwarf *d);
const char *kpt_dwarf_path(const struct kpt_dwarf *d);

/*
 * The same for a command: the module is src's, else (no --debuginfo) the
 * one /proc/kallsyms says holds func (vmlinux when none does).
 */
int kpt_dwarf_open_for(const struct kpt_dwarf_src *src, const char *func,
		       struct kpt_dwarf **out, char *err, size_t errlen);

/*
 * --no-index: read every compile unit, neither reading nor writing the
 * index in the cache directory (kpt_dwarf_cache.c).
 */
extern bool kpt_dwarf_no_index;

/* ---- kpt_dwarf_buildid.c ---- */

/* Hex build-id of an ELF file's note ("" if none): 0 or -errno. */
int kpt_dwarf_file_build_id(const char *path, char *hex, size_t size);

/* ---- kpt_dwarf_point.c ---- */

/* A probe point as written: FUNC, FUNC:REL, FUNC@FILE[:REL], FILE:LINE. */
struct kpt_dwarf_spec {
	char func[256];		/* "" if none */
	char file[256];		/* "" if none: a trailing part of the path */
	bool has_line;
	bool relative;		/* line counted from FUNC's first line */
	long line, last;	/* a range for `lines` (last == line: one) */
	bool no_inlines;	/* only out-of-line copies (--no-inlines) */
};

/* Parse; KPT_EXIT_USAGE with err on a bad spec.  ranges: A-B allowed. */
int kpt_dwarf_parse_spec(const char *text, bool ranges,
			 struct kpt_dwarf_spec *s, char *err, size_t errlen);
/* Is text a point only DWARF resolves (a line, or @FILE)? */
bool kpt_dwarf_is_line_point(const char *text);
/*
 * A command's point: parse text (kpt_dwarf_parse_spec()), keep no_inlines
 * in it and open the debug info that holds its function
 * (kpt_dwarf_open_for()); 0, or the exit status with err.
 */
int kpt_dwarf_open_spec(const struct kpt_dwarf_src *src, const char *text,
			bool ranges, bool no_inlines,
			struct kpt_dwarf_spec *spec, struct kpt_dwarf **out,
			char *err, size_t errlen);

#define KPT_DWARF_MAX_SITES 64

/* One address where a line's code starts. */
struct kpt_dwarf_site {
	uint64_t addr;		/* the debug file's address */
	char sym[256];		/* ELF symbol holding it (clones: foo.isra.0) */
	uint64_t off;		/* addr - the symbol's */
	char file[512];		/* source file, as the DWARF records it */
	int line;
	char func[256];		/* function whose code it is (the inlined one) */
	char caller[256];	/* out-of-line function holding an inlined site */
	bool inlined;
};

/*
 * The sites of one line (spec with one line): one per function instance
 * (the out-of-line copy and each inlined copy), each checked against the
 * instruction boundaries of the file's text.  Returns KPT_EXIT_OK with
 * *n >= 1, KPT_EXIT_NOFUNC (no such function or file), KPT_EXIT_NOLINE (no
 * code at that line: err names the nearest lines that have some).
 */
int kpt_dwarf_sites(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
		    struct kpt_dwarf_site *sites, int max, int *n, char *err,
		    size_t errlen);

/* How many out-of-line and inlined copies FUNC has; -1 if no FUNC. */
int kpt_dwarf_func_copies(struct kpt_dwarf *d, const char *func,
			  int *outofline, int *inlined);

/*
 * Check the site on the live text: its symbol in /proc/kallsyms, the
 * instruction boundaries of /proc/kcore's bytes up to it, the regions the
 * kernel patches (a jump label or static call anywhere, inside an
 * alternative: kpt_patched.h).  1 checked, 0
 * could not check (no access, a module not loaded yet, a live probe's int3
 * on the way: the module checks when it arms the probe), -1 wrong (why
 * says how).
 */
int kpt_dwarf_check_live(const struct kpt_dwarf *d,
			 const struct kpt_dwarf_site *site, char *why,
			 size_t wl);

/*
 * Is the site, on the live text, in code the kernel patches where
 * kpt_dwarf_check_live() refuses it?  "a jump label", "a static call",
 * "an alternative" (kpt_patched.h), or NULL: no, or it cannot be told
 * (the symbol not live, no access).
 */
const char *kpt_dwarf_site_patched(const struct kpt_dwarf *d,
				   const struct kpt_dwarf_site *site);

/* A line of `lines`: its number, and its sites (n 0: no code there). */
typedef void (*kpt_dwarf_line_fn)(void *ctx, const char *file, int line,
				  const struct kpt_dwarf_site *sites, int n);
/*
 * Walk the lines of spec (a function's whole body without a line; a range
 * otherwise) in order, calling fn for each.  Returns KPT_EXIT_OK,
 * KPT_EXIT_NOFUNC or KPT_EXIT_NOLINE (no line of the range in the DWARF).
 */
int kpt_dwarf_lines(struct kpt_dwarf *d, const struct kpt_dwarf_spec *s,
		    kpt_dwarf_line_fn fn, void *ctx, char *err, size_t errlen);

/* ---- kpt_dwarf_ret.c ---- */

/*
 * FUNC's return type as a fetch type: "s32", "u64", "x64" (a pointer),
 * "void".  1 typed, 0 no FUNC in the DWARF, -1 a type it cannot say.
 */
int kpt_dwarf_ret_type(struct kpt_dwarf *d, const char *func, char *type,
		       size_t size);

/* ---- kpt_dwarf_var.c ---- */

/* One variable visible at a site. */
struct kpt_dwarf_var {
	char name[128];
	char ctype[128];
	bool param;
	bool global;		/* a global of the compile unit */
	char owner[128];	/* a caller's variable, live in the inlined
				 * copy that holds the site: the caller */
	/* the fetch argument (the value), or why there is none */
	char fetch[KPT_FETCH_MAX + 32];
	char why[160];		/* "" when fetch is set */
	char ranges[256];	/* with ranges: where it has a location,
				 * "+0x5-+0x1f ..." of the site's symbol */
};

typedef void (*kpt_dwarf_var_fn)(void *ctx, const struct kpt_dwarf_var *v);
#define KPT_DWARF_RANGES	1	/* v->ranges: its location list's */
#define KPT_DWARF_EXTERNS	2	/* the compile unit's globals too */

/*
 * Every parameter and local in scope at the site, innermost first (with
 * KPT_DWARF_EXTERNS, then the globals its compile unit defines).
 */
int kpt_dwarf_vars(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		   unsigned int flags, kpt_dwarf_var_fn fn, void *ctx,
		   char *err, size_t errlen);

/*
 * Resolve EXPR (VAR, VAR.m, VAR->m, VAR[i]...) at the site (VAR a local,
 * else a global of its compile unit, fetched as @SYM), as kpt_btf_resolve()
 * does a parameter; a variable in pieces by the piece its member lies in.
 * Returns KPT_EXIT_OK, KPT_EXIT_NONAME (no such
 * variable or member: err lists those there are), KPT_EXIT_TYPE, or
 * KPT_EXIT_NOLOC (optimized out there, or a location this tool cannot
 * translate: err says which).
 */
int kpt_dwarf_resolve(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		      const char *expr, struct kpt_btf_arg *out, char *err,
		      size_t errlen);
/*
 * The same, where a whole struct in pieces (DW_OP_piece: split over
 * registers) becomes a field per member (EXPR.m each): out[0..*n).  A
 * member not there at the address (its piece optimized out) is left out
 * when others are, and err then names it (a note; err is "" otherwise).
 */
int kpt_dwarf_resolve_all(struct kpt_dwarf *d,
			  const struct kpt_dwarf_site *site, const char *expr,
			  struct kpt_btf_arg *out, int max, int *n, char *err,
			  size_t errlen);

/* ---- kpt_dwarf_loc.c ---- */

/* One operation of a location expression (Dwarf_Op's fields we use). */
struct kpt_dwarf_op {
	uint8_t atom;
	uint64_t number, number2;
};

/* The canonical frame address at a pc, as base register + offset. */
struct kpt_dwarf_cfa {
	bool known;
	int reg;		/* DWARF register number */
	int64_t off;
};

/*
 * Translate ops[0..n) into a fetch argument of the module's syntax.  On
 * success *addr says whether the variable is in memory, at the address
 * out + *off (out a fetch argument: "%sp", "+8(%di)"), or out is the
 * value itself.  Returns 0, or -1 with why set, or
 * KPT_DWARF_LOC_ADDRESS: the value is out + *off (a pointer into the
 * stack: DW_OP_fbreg, DW_OP_stack_value), which no fetch argument
 * computes but a dereference through it reaches; why says so for a
 * caller that takes it as a refusal.
 */
#define KPT_DWARF_LOC_ADDRESS 1
int kpt_dwarf_loc_translate(const struct kpt_dwarf_op *ops, size_t n,
			    const struct kpt_dwarf_cfa *cfa, char *out,
			    size_t size, bool *addr, int64_t *off, char *why,
			    size_t whylen);
/*
 * A value read from memory: X DW_OP_deref_size K [the mask of K bytes,
 * DW_OP_and] DW_OP_stack_value is the K bytes in memory at X, zero
 * extended.  The length of X (and *k = K), or n when the expression is
 * not that.
 */
size_t kpt_dwarf_loc_sized(const struct kpt_dwarf_op *ops, size_t n,
			   uint64_t *k);
/*
 * One piece of a variable split in pieces (DW_OP_piece): bytes
 * [start, start + size) of the variable, and where they are, as
 * kpt_dwarf_loc_translate() says for a whole variable (ok: translated;
 * else why).  A piece with no operations is optimized out.
 */
struct kpt_dwarf_piece {
	uint64_t start, size;
	bool ok, addr;
	int64_t off;
	char fetch[KPT_FETCH_MAX];
	char why[160];
};

#define KPT_DWARF_MAX_PIECES 16

/*
 * The pieces of ops[0..n) (at most max), each translated alone: their
 * number, 0 when ops is not in pieces, or -1 with why (bit pieces, too
 * many pieces, an expression after the last piece).
 */
int kpt_dwarf_loc_pieces(const struct kpt_dwarf_op *ops, size_t n,
			 const struct kpt_dwarf_cfa *cfa,
			 struct kpt_dwarf_piece *pc, size_t max, char *why,
			 size_t whylen);
/* The pt_regs name of a DWARF x86-64 register ("di"), NULL if none. */
const char *kpt_dwarf_reg_name(int reg);

#endif /* KPT_DWARF_H */
