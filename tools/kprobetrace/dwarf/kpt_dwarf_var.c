// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): variables at an address from DWARF.  The scopes holding
 * the address (kpt_dwarf_scope.c) give the parameters and locals; each one's
 * location at that very address (the entry of its location list that
 * covers it) goes through kpt_dwarf_loc.c with the frame base the
 * function's DW_AT_frame_base and the call frame information give there.
 * The member chain after the variable's name, and the fetch type, are
 * kpt_dwarf_type.c's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"

#define MAX_OPS 64

/* ---- the frame ---- */

static void ops_of(const Dwarf_Op *in, size_t n, struct kpt_dwarf_op *out)
{
	for (size_t i = 0; i < n; i++) {
		out[i].atom = in[i].atom;
		out[i].number = in[i].number;
		out[i].number2 = in[i].number2;
	}
}

/* The CFA at addr from the CFI, as register + offset. */
static void cfa_at(struct kpt_dwarf *d, Dwarf_Addr addr,
		   struct kpt_dwarf_cfa *c)
{
	Dwarf_Addr bias;
	Dwarf_CFI *cfi = dwfl_module_dwarf_cfi(d->mod, &bias);
	Dwarf_Frame *fr = NULL;
	Dwarf_Op *ops;
	size_t n;

	c->known = false;
	if (!cfi || dwarf_cfi_addrframe(cfi, addr + d->bias - bias, &fr)) {
		cfi = dwfl_module_eh_cfi(d->mod, &bias);
		if (!cfi || dwarf_cfi_addrframe(cfi, addr + d->bias - bias,
						&fr))
			return;
	}
	if (!dwarf_frame_cfa(fr, &ops, &n) && n == 1) {
		if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
			c->reg = ops[0].atom - DW_OP_breg0;
			c->off = (int64_t)ops[0].number;
			c->known = true;
		} else if (ops[0].atom == DW_OP_bregx) {
			c->reg = (int)ops[0].number;
			c->off = (int64_t)ops[0].number2;
			c->known = true;
		}
	}
	free(fr);
}

/* The frame base of func at addr, for DW_OP_fbreg. */
static void frame_base(struct kpt_dwarf *d, Dwarf_Die *func, Dwarf_Addr addr,
		       struct kpt_dwarf_cfa *fb)
{
	Dwarf_Attribute a;
	Dwarf_Op *ops;
	size_t n;

	fb->known = false;
	if (!func || !dwarf_attr_integrate(func, DW_AT_frame_base, &a) ||
	    dwarf_getlocation_addr(&a, addr, &ops, &n, 1) != 1 || n != 1)
		return;
	if (ops[0].atom == DW_OP_call_frame_cfa) {
		cfa_at(d, addr, fb);
	} else if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
		fb->reg = ops[0].atom - DW_OP_breg0;
		fb->off = (int64_t)ops[0].number;
		fb->known = true;
	}
}

/* var's size in bytes, 0 if unknown */
static uint64_t var_size(Dwarf_Die *var)
{
	Dwarf_Attribute a;
	Dwarf_Die t, p;
	Dwarf_Word sz;

	if (!dwarf_attr_integrate(var, DW_AT_type, &a) ||
	    !dwarf_formref_die(&a, &t) || dwarf_peel_type(&t, &p) ||
	    dwarf_aggregate_size(&p, &sz))
		return 0;
	return sz;
}

/*
 * Where var is at the scope's address: a value (*addr false: out is the
 * fetch argument) or memory at out + *off; or in pieces (*npc > 0, pc
 * filled; out unset).  KPT_DWARF_LOC_ADDRESS: its value is the address
 * out + *off (a pointer into the stack, or to a global: "@SYM"), with why
 * saying so.  -1 with why otherwise.  *narrow: the value is that many
 * bytes of memory, fewer than its type's (0: the type's).
 */
static int locate(struct kpt_dwarf *d, struct kpt_dw_scope *sc, Dwarf_Die *var,
		  char *out, size_t size, bool *addr, int64_t *off,
		  struct kpt_dwarf_piece *pc, int *npc, unsigned int *narrow,
		  char *why, size_t wl)
{
	struct kpt_dwarf_op ops[MAX_OPS];
	struct kpt_dwarf_cfa fb;
	Dwarf_Attribute a;
	Dwarf_Op *expr;
	uint64_t k = 0, vs;
	size_t n, m;
	int r;

	*narrow = 0;
	*addr = false;
	*off = 0;
	*npc = 0;
	if (dwarf_attr_integrate(var, DW_AT_const_value, &a)) {
		Dwarf_Sword v;

		if (dwarf_formsdata(&a, &v)) {
			snprintf(why, wl, "a constant of a form kprobetrace cannot take (not an integer)");
			return -1;
		}
		snprintf(out, size, "\\%" PRId64, (int64_t)v);
		return 0;
	}
	if (!dwarf_attr(var, DW_AT_location, &a)) {
		snprintf(why, wl, "optimized out");
		return -1;
	}
	r = dwarf_getlocation_addr(&a, sc->addr, &expr, &n, 1);
	if (r < 0) {
		snprintf(why, wl, "a location kprobetrace cannot read: %s",
			 dwarf_errmsg(-1));
		return -1;
	}
	if (r == 0) {
		snprintf(why, wl, "optimized out at this address (not live here)");
		return -1;
	}
	if (n > MAX_OPS) {
		snprintf(why, wl, "a location expression of %zu operations", n);
		return -1;
	}
	if ((n == 1 || (n == 2 && expr[1].atom == DW_OP_stack_value)) &&
	    expr[0].atom == DW_OP_addr) {
		/* a global: @SYM, by the symbol at its address */
		GElf_Off so = 0;
		GElf_Sym sym;
		const char *name = dwfl_module_addrinfo(d->mod,
							expr[0].number + d->bias,
							&so, &sym, NULL, NULL,
							NULL);

		if (!name) {
			snprintf(why, wl, "at an address no symbol holds (0x%" PRIx64 ")",
				 (uint64_t)expr[0].number);
			return -1;
		}
		snprintf(out, size, "@%s", name);
		*off = (int64_t)so;
		if (n == 2) {
			/* the value is the global's address: &SYM */
			snprintf(why, wl, "the value is the address of %s, which no fetch argument computes",
				 name);
			return KPT_DWARF_LOC_ADDRESS;
		}
		*addr = true;
		return 0;
	}
	ops_of(expr, n, ops);
	/*
	 * a read of memory: at the variable's own size, that memory; at
	 * fewer bytes (a value kept narrower than its type), those bytes
	 */
	m = kpt_dwarf_loc_sized(ops, n, &k);
	vs = var_size(var);
	if (m < n && k <= vs) {
		*narrow = k < vs ? k : 0;
		n = m;
	}
	frame_base(d, sc->func, sc->addr, &fb);
	r = kpt_dwarf_loc_pieces(ops, n, &fb, pc, KPT_DWARF_MAX_PIECES, why,
				 wl);
	if (r < 0)
		return -1;
	if (r > 0) {
		*npc = r;
		return 0;
	}
	return kpt_dwarf_loc_translate(ops, n, &fb, out, size, addr, off, why,
				       wl);
}

/*
 * The lines nearest to the site's (below, above) at whose first address in
 * the site's function instance var has a location: for a message.
 */
static void live_lines(struct kpt_dwarf *d, struct kpt_dw_scope *sc, Dwarf_Die *var,
		       int line, char *buf, size_t size)
{
	Dwarf_Die *inst = &sc->scopes[sc->n - 1];	/* the own copy */
	Dwarf_Die *cu = kpt_dwarf_addr_cu(d, sc->addr);
	Dwarf_Attribute a;
	Dwarf_Lines *lines;
	size_t nl;
	int below = -1, above = -1;

	buf[0] = '\0';
	if (!cu || !dwarf_attr(var, DW_AT_location, &a) ||
	    dwarf_getsrclines(cu, &lines, &nl))
		return;
	for (size_t i = 0; i < nl; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		bool stmt = false;
		Dwarf_Addr addr;
		Dwarf_Op *ops;
		size_t n;
		int ln;

		if (!l || dwarf_lineno(l, &ln) || ln == line ||
		    (ln < line && ln <= below) || (ln > line && above >= 0 && ln >= above) ||
		    dwarf_lineaddr(l, &addr) || dwarf_linebeginstatement(l, &stmt) ||
		    !stmt || dwarf_haspc(inst, addr) <= 0 ||
		    dwarf_getlocation_addr(&a, addr, &ops, &n, 1) != 1)
			continue;
		if (ln < line)
			below = ln;
		else
			above = ln;
	}
	if (below >= 0 && above >= 0)
		snprintf(buf, size, "; it is live at lines %d and %d", below, above);
	else if (below >= 0 || above >= 0)
		snprintf(buf, size, "; it is live at line %d",
			 below >= 0 ? below : above);
}

/* ---- listing ---- */

struct list_ctx {
	struct kpt_dwarf *d;
	struct kpt_dw_scope *sc;
	kpt_dwarf_var_fn fn;
	void *ctx;
	bool ranges;
	uint64_t sym_addr;	/* the site's symbol's address */
	bool globals;		/* listing the compile unit's globals */
	char seen[2048];	/* " a b ": the names listed */
};

/* "+0xA-+0xB ..." of the location list of var (relative to sym_addr). */
static void loc_ranges(struct list_ctx *l, Dwarf_Die *var, char *buf,
		       size_t size)
{
	Dwarf_Attribute a;
	Dwarf_Addr base, start, end;
	Dwarf_Op *expr;
	size_t len, o = 0;
	ptrdiff_t off = 0;

	buf[0] = '\0';
	if (dwarf_attr_integrate(var, DW_AT_const_value, &a)) {
		snprintf(buf, size, "everywhere (a constant)");
		return;
	}
	if (!dwarf_attr(var, DW_AT_location, &a))
		return;
	Dwarf_Addr from = 0, to = 0;
	bool any = false;

	for (;;) {
		off = dwarf_getlocations(&a, off, &base, &start, &end, &expr,
					 &len);
		if (off > 0 && start == 0 && end == (Dwarf_Addr)-1) {
			snprintf(buf, size, "everywhere in its scope");
			return;
		}
		if (off > 0 && any && start == to) {	/* adjacent: merge */
			to = end;
			continue;
		}
		if (any && o + 1 < size)
			o += snprintf(buf + o, size - o,
				      "%s+0x%" PRIx64 "-+0x%" PRIx64,
				      o ? " " : "", (uint64_t)(from - l->sym_addr),
				      (uint64_t)(to - l->sym_addr));
		if (off <= 0)
			return;
		from = start;
		to = end;
		any = true;
	}
}

/* a value kept in fewer bytes than its type: said after its C type */
static void narrow_note(char *ctype, size_t size, unsigned int narrow)
{
	size_t l = strlen(ctype);

	if (narrow && l < size)
		snprintf(ctype + l, size - l, " (kept in %u byte%s here)",
			 narrow, narrow > 1 ? "s" : "");
}

static bool list_one(Dwarf_Die *var, const char *owner, void *arg)
{
	struct list_ctx *l = arg;
	struct kpt_dwarf_var v = { 0 };
	struct kpt_dwarf_piece pc[KPT_DWARF_MAX_PIECES];
	Dwarf_Die t;
	char out[KPT_FETCH_MAX], key[160];
	unsigned int narrow;
	bool addr;
	int64_t off;
	int npc, r;

	snprintf(v.name, sizeof(v.name), "%s", dwarf_diename(var));
	snprintf(key, sizeof(key), " %s ", v.name);
	/* another copy's variable that a name listed hides: NAME@OWNER */
	if (owner && strstr(l->seen, key))
		snprintf(v.name, sizeof(v.name), "%.60s@%.60s",
			 dwarf_diename(var), owner);
	else if (strlen(l->seen) + strlen(v.name) + 2 < sizeof(l->seen))
		snprintf(l->seen + strlen(l->seen),
			 sizeof(l->seen) - strlen(l->seen), "%s%s ",
			 l->seen[0] ? "" : " ", v.name);
	v.param = dwarf_tag(var) == DW_TAG_formal_parameter;
	v.global = l->globals;
	if (owner)
		snprintf(v.owner, sizeof(v.owner), "%s", owner);
	if (kpt_dw_type_of(var, &t))
		kpt_dw_ctype(&t, v.ctype, sizeof(v.ctype));
	else
		snprintf(v.ctype, sizeof(v.ctype), "?");
	if (l->ranges)
		loc_ranges(l, var, v.ranges, sizeof(v.ranges));
	r = locate(l->d, l->sc, var, out, sizeof(out), &addr, &off, pc, &npc,
		   &narrow, v.why, sizeof(v.why));
	if (r == KPT_DWARF_LOC_ADDRESS && kpt_dw_type_of(var, &t) &&
	    kpt_dw_is_pointer(&t))
		snprintf(v.why, sizeof(v.why), "the address %.64s%+" PRId64 ": fetch what it points to (->m, [i])",
			 out, off);
	if (!r) {
		if (npc)
			kpt_dw_pieces_text(pc, npc, v.fetch, sizeof(v.fetch));
		else if (addr)
			kpt_fetch_mem(v.fetch, sizeof(v.fetch), out, off);
		else
			snprintf(v.fetch, sizeof(v.fetch), "%s", out);
		narrow_note(v.ctype, sizeof(v.ctype), narrow);
	}
	l->fn(l->ctx, &v);
	return false;
}

int kpt_dwarf_vars(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		   unsigned int flags, kpt_dwarf_var_fn fn, void *ctx,
		   char *err, size_t errlen)
{
	struct kpt_dw_scope sc;
	struct list_ctx l = { d, &sc, fn, ctx, flags & KPT_DWARF_RANGES,
			      site->addr - site->off, false, "" };
	int r = kpt_dw_scope_open(d, site, &sc, err, errlen);

	if (r)
		return r;
	kpt_dw_each_var(&sc, list_one, &l);
	kpt_dw_each_outer(&sc, list_one, &l);
	if (flags & KPT_DWARF_EXTERNS) {
		l.globals = true;
		kpt_dw_each_global(&sc, list_one, &l);
	}
	free(sc.scopes);
	return KPT_EXIT_OK;
}

/* ---- resolving VAR[.m|->m]... ---- */

struct find_ctx {
	const char *name;
	size_t len;
	const char *owner;	/* NAME@OWNER: OWNER's NAME */
	size_t olen;
	const char *own;	/* the site's own function copy */
	Dwarf_Die found;
	bool ok;
	char names[512];
};

static bool find_one(Dwarf_Die *var, const char *owner, void *arg)
{
	struct find_ctx *f = arg;
	const char *n = dwarf_diename(var);
	size_t l = strlen(f->names);

	/* the first found in walk order is meant, or OWNER's */
	if (f->olen) {
		const char *o = owner ? owner : f->own;

		if (!o || strlen(o) != f->olen || strncmp(o, f->owner, f->olen))
			return false;
	}
	if (strlen(n) == f->len && !strncmp(n, f->name, f->len)) {
		f->found = *var;
		f->ok = true;
		return true;
	}
	if (l + strlen(n) + 2 < sizeof(f->names))
		snprintf(f->names + l, sizeof(f->names) - l, " %s", n);
	return false;
}

/* The first other function copy's variable of f's name: its owner. */
struct hidden_ctx {
	const char *name;
	char owner[64];
};

static bool hidden_one(Dwarf_Die *var, const char *owner, void *arg)
{
	struct hidden_ctx *h = arg;

	if (!owner || strcmp(dwarf_diename(var), h->name))
		return false;
	snprintf(h->owner, sizeof(h->owner), "%s", owner);
	return true;
}

/*
 * A name of the site's own copy that hides another copy's variable (a
 * caller's x under an inlined callee's x): the note that says which one
 * is meant and how to name the other, as vars lists it.
 */
static void hidden_note(struct kpt_dw_scope *sc, struct find_ctx *f,
			char *note, size_t size)
{
	struct hidden_ctx h = { 0 };
	char name[64];

	note[0] = '\0';
	if (f->olen || f->len >= sizeof(name))
		return;
	snprintf(name, sizeof(name), "%.*s", (int)f->len, f->name);
	h.name = name;
	kpt_dw_each_outer(sc, hidden_one, &h);
	if (h.owner[0])
		snprintf(note, size, "'%s' is %.64s's (the innermost); %s's is %s@%s",
			 name, f->own ? f->own : "this copy", h.owner, name,
			 h.owner);
}

/* kpt_dwarf_resolve(), and a whole struct in pieces' members' names */
static int resolve_one(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		       const char *expr, struct kpt_btf_arg *out,
		       char *members, size_t ml, char *err, size_t errlen)
{
	struct kpt_dwarf_piece pc[KPT_DWARF_MAX_PIECES];
	struct find_ctx f = { 0 };
	struct kpt_dw_scope sc;
	char base[KPT_FETCH_MAX], why[256], note[512] = "";
	unsigned int narrow;
	const char *rest;
	bool addr, lea;
	int64_t off;
	Dwarf_Die t;
	int r, npc;

	memset(out, 0, sizeof(*out));
	if (members)
		members[0] = '\0';
	f.name = expr;
	f.len = kpt_dw_ident_len(expr);
	if (!f.len) {
		kpt_dwarf_msg(err, errlen, "'%s': a variable's name first", expr);
		return KPT_EXIT_USAGE;
	}
	rest = expr + f.len;
	if (*rest == '@') {	/* NAME@OWNER */
		f.owner = rest + 1;
		f.olen = kpt_dw_ident_len(f.owner);
		if (!f.olen) {
			kpt_dwarf_msg(err, errlen, "'%s': a function's name after '@'", expr);
			return KPT_EXIT_USAGE;
		}
		rest = f.owner + f.olen;
	}
	r = kpt_dw_scope_open(d, site, &sc, err, errlen);
	if (r)
		return r;
	f.own = sc.n > 0 ? dwarf_diename(&sc.scopes[sc.n - 1]) : NULL;
	kpt_dw_each_var(&sc, find_one, &f);
	if (f.ok)
		hidden_note(&sc, &f, note, sizeof(note));
	else
		kpt_dw_each_outer(&sc, find_one, &f);
	if (!f.ok) {
		size_t nl = strlen(f.names);

		snprintf(f.names + nl, sizeof(f.names) - nl, "%s",
			 nl + 12 < sizeof(f.names) ? " (globals:" : "");
		kpt_dw_each_global(&sc, find_one, &f);
		nl = strlen(f.names);
		if (!f.ok && nl + 2 < sizeof(f.names))
			snprintf(f.names + nl, sizeof(f.names) - nl, ")");
	}
	if (!f.ok) {
		kpt_dwarf_msg(err, errlen, "no variable '%.*s' at %s:%d (%s+0x%" PRIx64 "); there are:%s",
			      (int)(rest - expr), expr, site->file, site->line,
			      site->sym, site->off,
			      f.names[0] ? f.names : " none");
		free(sc.scopes);
		return KPT_EXIT_NONAME;
	}
	r = locate(d, &sc, &f.found, base, sizeof(base), &addr, &off, pc, &npc,
		   &narrow, why, sizeof(why));
	lea = r == KPT_DWARF_LOC_ADDRESS;
	if (r && !lea) {
		char near[96] = "";

		if (strstr(why, "optimized out"))
			live_lines(d, &sc, &f.found, site->line, near,
				   sizeof(near));
		kpt_dwarf_msg(err, errlen, "'%.*s' at %s:%d: %s%s", (int)f.len,
			      expr, site->file, site->line, why, near);
		free(sc.scopes);
		return KPT_EXIT_NOLOC;
	}
	free(sc.scopes);
	if (!kpt_dw_type_of(&f.found, &t)) {
		kpt_dwarf_msg(err, errlen, "'%.*s': no type in the DWARF",
			      (int)f.len, expr);
		return KPT_EXIT_TYPE;
	}
	if (narrow && *rest) {
		kpt_dwarf_msg(err, errlen, "'%.*s' is kept in %u byte%s here: no member of it to fetch",
			      (int)f.len, expr, narrow, narrow > 1 ? "s" : "");
		return KPT_EXIT_TYPE;
	}
	r = npc ? kpt_dw_chain_pieces(d, expr, rest, &t, pc, npc, out,
				      members, ml, err, errlen) :
		  kpt_dw_chain(d, expr, rest, &t, base, addr, lea, off,
			       out, err, errlen);
	/* the bytes it is kept in, zero-extended (DW_OP_deref_size) */
	if (!r && narrow) {
		snprintf(out->type, sizeof(out->type), "u%u", narrow * 8);
		narrow_note(out->ctype, sizeof(out->ctype), narrow);
	}
	/* refused: the other one may do; taken: say which one it is */
	if (r && note[0] && strlen(err) + 2 < errlen)
		snprintf(err + strlen(err), errlen - strlen(err), " (%s)", note);
	else if (!r && note[0])
		kpt_dwarf_msg(err, errlen, "%s", note);
	return r;
}

int kpt_dwarf_resolve(struct kpt_dwarf *d, const struct kpt_dwarf_site *site,
		      const char *expr, struct kpt_btf_arg *out, char *err,
		      size_t errlen)
{
	return resolve_one(d, site, expr, out, NULL, 0, err, errlen);
}

int kpt_dwarf_resolve_all(struct kpt_dwarf *d,
			  const struct kpt_dwarf_site *site, const char *expr,
			  struct kpt_btf_arg *out, int max, int *n, char *err,
			  size_t errlen)
{
	char members[512], sub[KPT_FETCH_MAX * 2], skipped[256] = "", *m;
	char *save;
	int r;

	*n = 0;
	r = resolve_one(d, site, expr, &out[0], members, sizeof(members), err,
			errlen);
	if (!r)
		*n = 1;
	if (r != KPT_EXIT_TYPE || !members[0])
		return r;
	/* a whole struct in pieces: a field per member */
	for (m = strtok_r(members, " ", &save); m;
	     m = strtok_r(NULL, " ", &save)) {
		if (*n == max) {
			kpt_dwarf_msg(err, errlen, "'%s': more members than fields", expr);
			return KPT_EXIT_USAGE;
		}
		snprintf(sub, sizeof(sub), "%s.%s", expr, m);
		r = kpt_dwarf_resolve(d, site, sub, &out[*n], err, errlen);
		if (r == KPT_EXIT_NOLOC) {
			/* a member not there: the others are */
			size_t l = strlen(skipped);

			snprintf(skipped + l, sizeof(skipped) - l, " %s", m);
			continue;
		}
		if (r)
			return r;
		(*n)++;
	}
	if (!*n)
		return KPT_EXIT_NOLOC;	/* err: the last member's reason */
	if (skipped[0])
		kpt_dwarf_msg(err, errlen, "'%s': members not there at this address, left out:%s",
			      expr, skipped);
	else
		err[0] = '\0';
	return KPT_EXIT_OK;
}
