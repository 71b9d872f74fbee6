/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): what the files of the DWARF room (kpt_dwarf_*.c) share
 * behind kpt_dwarf.h: the opened file, the function lookups, and the
 * types and member chains of variables.
 */
#ifndef KPT_DWARF_INTERNAL_H
#define KPT_DWARF_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include "kpt_dwarf.h"
#include "kpt_dwarf_index.h"

struct kpt_dwarf {
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf *dw;
	Dwarf_Addr bias;	/* file address = DIE address + bias */
	char module[128];	/* "" : vmlinux */
	char path[1024];
	/* the index (kpt_dwarf_cache.c): 0 not looked for, 1 ix, -1 none */
	int ix_state;
	struct kpt_dwarf_index ix;
	void *ix_buf;		/* malloc'd: the file read, or built */
	size_t ix_len;
	/*
	 * the units the index last led to (kpt_dwarf_cache.c): an address's
	 * unit found among them, not through .debug_aranges, which libdw
	 * reads by visiting every unit's header
	 */
	Dwarf_Die seen[8];
	int nseen;
	/* the running kernel's BTF (kpt_dwarf_btf.c): 0 not loaded, 1, -1 */
	int btf_state;
	struct btf *btf_vm, *btf_mod;
	char btf_why[1536];
};

/*
 * The compile units (kpt_dwarf_cache.c), in order: those that may hold a
 * function named func (func not NULL), else those whose line table names
 * file (exactly, or a trailing part of the path), else all; through the
 * index when there is one.  fn returns nonzero to stop; that is returned.
 */
typedef int (*kpt_dwarf_cu_fn)(Dwarf_Die *cu, void *ctx);
int kpt_dwarf_each_cu(struct kpt_dwarf *d, const char *func,
		      const char *file, bool exact, kpt_dwarf_cu_fn fn,
		      void *ctx);
void kpt_dwarf_index_drop(struct kpt_dwarf *d);
/*
 * The compile unit that holds DWARF address addr: one the index led to,
 * or libdw's answer (dwfl_module_addrdie()); NULL if none.
 */
Dwarf_Die *kpt_dwarf_addr_cu(struct kpt_dwarf *d, Dwarf_Addr addr);
/* The index of d's DWARF into a malloc'd buffer (kpt_dwarf_index_build.c):
 * 0, or -1. */
int kpt_dwarf_index_build(struct kpt_dwarf *d,
			  const struct kpt_dwarf_index_key *key, void **buf,
			  size_t *len);
/* Does path end with want, at a path component's start? */
bool kpt_dwarf_file_match(const char *path, const char *want);

/*
 * The debug file of build-id hex from the debuginfod servers of
 * DEBUGINFOD_URLS (kpt_dwarf_debuginfod.c): 0 with its cached path, -1
 * with why ("" when DEBUGINFOD_URLS is not set).
 */
int kpt_dwarf_debuginfod(const char *hex, char *path, size_t size, char *why,
			 size_t wl);

/* Write a message to err. */
void kpt_dwarf_msg(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Types (kpt_dwarf_ctype.c): a DIE's type; a type's C spelling; (the
 * chain's file, kpt_dwarf_type.c) the length of the identifier at s.
 */
bool kpt_dw_type_of(Dwarf_Die *die, Dwarf_Die *out);
/* Is t a pointer (past typedefs and qualifiers)? */
bool kpt_dw_is_pointer(Dwarf_Die *t);
void kpt_dw_ctype(Dwarf_Die *t, char *buf, size_t size);
/*
 * Fetch type of a type: "s32", "x64", "string"; "" when there is nothing
 * scalar to fetch.  *ptr_str / *arr_str: a string read at the value (a
 * char pointer) / in place (a char array).
 */
void kpt_dw_fetch_type(Dwarf_Die *t, char *buf, size_t size, bool *ptr_str,
		       bool *arr_str);
/*
 * A struct or union of one member, itself a scalar (a base type, an
 * enum, a pointer) or such a struct again, as kuid_t, atomic_t,
 * refcount_t: the scalar's type in *m.  Fetched as that scalar, as perf
 * probe reads the whole value (the member is all of it).
 */
bool kpt_dw_sole_scalar(Dwarf_Die *t, Dwarf_Die *m);
size_t kpt_dw_ident_len(const char *s);

/*
 * The leading ".m" steps at *pp of expr on a value of type *t, without
 * reading memory: *off grows by their offsets, *t becomes the member's
 * type, *pp stops at "->", "[" or the end.  KPT_EXIT_OK, or an exit code
 * with err.
 */
int kpt_dw_members(const char *expr, const char **pp, Dwarf_Die *t,
		   int64_t *off, char *err, size_t errlen);
/* " a b c": the names of struct/union t's members; -1 if t is neither. */
int kpt_dw_member_names(Dwarf_Die *t, char *names, size_t size);
/*
 * A struct or union that t's unit only declares: the definition of the
 * same name in another unit of the file, in *t (kpt_dwarf_decl.c); false
 * if t is no declaration or none is found.  kpt_dw_types_forget() drops
 * what was learnt of a file's definitions.
 */
bool kpt_dw_complete(Dwarf_Die *t);
void kpt_dw_types_forget(void);

/*
 * The member chain at p (.m, ->m, [i]) of expr, whose variable has type
 * *t and is the value base (addr false), in memory at base + off (addr),
 * or a pointer whose value is the address base + off (lea: only a step
 * through it, ->m or [i], makes a fetch argument)
 * (base: KPT_FETCH_MAX bytes, rewritten), into out: the fetch argument,
 * its fetch type, its C type and its field name.  KPT_EXIT_OK, or an
 * exit code with err.
 */
int kpt_dw_chain(struct kpt_dwarf *d, const char *expr, const char *p,
		 Dwarf_Die *t, char *base, bool addr, bool lea, int64_t off,
		 struct kpt_btf_arg *out, char *err, size_t errlen);
/* "pieces: %bx (8 bytes), %r12 (8 bytes)": a variable's pieces, listed */
void kpt_dw_pieces_text(const struct kpt_dwarf_piece *pc, int n, char *buf,
			size_t size);
/*
 * kpt_dw_chain() on a variable in pieces (pc[0..npc)): the piece the
 * member lies in takes the rest of the chain; a whole struct in pieces is
 * KPT_EXIT_TYPE with its members' names in members (when given).
 */
int kpt_dw_chain_pieces(struct kpt_dwarf *d, const char *expr,
			const char *p, Dwarf_Die *t,
			const struct kpt_dwarf_piece *pc, int npc,
			struct kpt_btf_arg *out, char *members, size_t ml,
			char *err, size_t errlen);

/*
 * A struct (union) named sname that d only declares, in memory at base +
 * off (kpt_fetch_mem()), and expr + pos its member's name, then more
 * steps: through the running kernel's BTF when d is the running build's
 * debug info (kpt_dwarf_btf.c).  KPT_EXIT_OK with out, or an exit code
 * with err saying why not.  kpt_dwarf_btf_drop() frees that BTF.
 */
int kpt_dwarf_btf_member(struct kpt_dwarf *d, bool is_union,
			 const char *sname, const char *base, int64_t off,
			 const char *expr, size_t pos, struct kpt_btf_arg *out,
			 char *err, size_t errlen);
void kpt_dwarf_btf_drop(struct kpt_dwarf *d);

/*
 * The scopes holding a site's address (kpt_dwarf_scope.c): opened by
 * kpt_dw_scope_open() (0, or an exit code with err; free scopes), walked
 * for the site's own variables, the other function copies' live there
 * (callers', inlined copies called at its line) and the unit's globals.
 */
struct kpt_dw_scope {
	Dwarf_Die *scopes;	/* innermost first, up to the unit */
	int first, n;		/* [first, n): the site's own scopes, up to
				 * the function copy that owns its line */
	int all;		/* [n, all): its callers', up to the
				 * out-of-line function; [0, first): the
				 * inlined copies called at the site's line */
	Dwarf_Die *func;	/* the out-of-line function (frame base) */
	Dwarf_Die func_die;
	Dwarf_Die *cu;		/* its globals */
	Dwarf_Addr addr;	/* DIE address */
};

/*
 * cb on a variable, with the function copy it is of when that is not the
 * site's own (NULL otherwise); true stops the walk.
 */
typedef bool (*kpt_dw_var_cb)(Dwarf_Die *var, const char *owner, void *ctx);
int kpt_dw_scope_open(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		      struct kpt_dw_scope *sc, char *err, size_t errlen);
void kpt_dw_each_var(struct kpt_dw_scope *sc, kpt_dw_var_cb cb, void *ctx);
void kpt_dw_each_outer(struct kpt_dw_scope *sc, kpt_dw_var_cb cb, void *ctx);
void kpt_dw_each_global(struct kpt_dw_scope *sc, kpt_dw_var_cb cb, void *ctx);

/*
 * The code of lines the line table does not give (kpt_dwarf_callsite.c):
 * for each inlined copy called at a line of [lo, hi] of file (a trailing
 * part of the path), fn with the function copy holding the call (owner),
 * the line and the copy's entry; with decl, for each function copy
 * declared at such a line, fn with the copy itself and its entry.  fn
 * returns nonzero to stop; that is returned.
 */
struct kpt_dw_extra {
	const char *file;
	long lo, hi;
	bool decl;
	int (*fn)(void *ctx, Dwarf_Die *owner, int line, const char *file,
		  Dwarf_Addr entry);
	void *ctx;
};
int kpt_dw_extra_rows(Dwarf_Die *cu, const struct kpt_dw_extra *x);
/*
 * Is the inlined copy called at its own function's declaration line (a
 * part GCC split off the function and inlined back into it)?
 */
bool kpt_dw_called_at_decl(Dwarf_Die *inl);
/* A function copy's entry: DW_AT_entry_pc, DW_AT_low_pc, its first range. */
bool kpt_dw_entry(Dwarf_Die *die, Dwarf_Addr *pc);
/*
 * The scopes holding pc, innermost first, up to cu, into a malloc'd
 * array (free it): unlike dwarf_getscopes(), past an inlined copy on
 * with the caller's, and through a lexical block whose ranges miss a
 * copy inlined in it.  The count, or -1.
 */
int kpt_dw_chain_at(Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Die **out);

#endif /* KPT_DWARF_INTERNAL_H */
