// SPDX-License-Identifier: GPL-2.0
/*
 * Functions, parameters and member paths in BTF.
 *
 * An expression is resolved step by step, keeping where the current value
 * is: either the value of the path so far (a parameter: $argN), or the
 * memory at that value + off (after a "->": the path evaluates to the
 * pointer, off is the member's offset; "." and "[i]" only add to off).  A
 * "->" on a value in memory first loads the pointer: a deref step {off}.
 * The final value is a last deref step {off} (or the register itself);
 * a string's last step is its address (deref 0).
 */
#include "kpt_btf_reader.h"

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool is_alnum(char c)
{
	return is_alpha(c) || (c >= '0' && c <= '9');
}

static size_t ident_len(const char *s, size_t len)
{
	size_t n = 0;

	if (!len || !is_alpha(s[0]))
		return 0;
	while (n < len && is_alnum(s[n]))
		n++;
	return n;
}

/* Is the NUL-terminated s equal to name[0..n)? */
/*
 * The NUL-terminated s against name[0..len), as strcmp orders them; name
 * may hold a NUL (from hostile input): s never reads past its own NUL.
 */
static int name_cmp(const char *s, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char a = s[i], c = name[i];

		if (a != c)
			return a < c ? -1 : 1;
		if (!a)
			return -1;	/* s ended, name goes on past a NUL */
	}
	return s[len] ? 1 : 0;
}

static bool name_eq(const char *s, const char *name, size_t n)
{
	return !name_cmp(s, name, n);
}

u32 kpt_btf_nr_funcs(const struct kpt_btf *b)
{
	struct kpt_btf_type t;
	u32 id, n = 0;

	for (id = b->start_id; id < kpt_btf_end_id(b); id++)
		if (!kpt_btf_type(b, id, &t) && t.kind == KPT_BTF_K_FUNC)
			n++;
	return n;
}

static const char *type_name(const struct kpt_btf *b, u32 id)
{
	struct kpt_btf_type t;

	if (kpt_btf_type(b, id, &t))
		return "";
	return kpt_btf_name(b, t.name_off);
}

/* by name, then by id */
static int func_cmp(const struct kpt_btf *b, u32 x, u32 y)
{
	int c = strcmp(type_name(b, x), type_name(b, y));

	return c ? c : x < y ? -1 : x > y;
}

static void sift_down(const struct kpt_btf *b, u32 *a, u32 root, u32 n)
{
	for (;;) {
		u32 child = 2 * root + 1, tmp;

		if (child >= n)
			return;
		if (child + 1 < n && func_cmp(b, a[child], a[child + 1]) < 0)
			child++;
		if (func_cmp(b, a[root], a[child]) >= 0)
			return;
		tmp = a[root];
		a[root] = a[child];
		a[child] = tmp;
		root = child;
	}
}

int kpt_btf_set_func_index(struct kpt_btf *b, u32 *ids, u32 cap)
{
	struct kpt_btf_type t;
	u32 id, n = 0, i, tmp;

	for (id = b->start_id; id < kpt_btf_end_id(b); id++) {
		if (kpt_btf_type(b, id, &t) || t.kind != KPT_BTF_K_FUNC)
			continue;
		if (n >= cap)
			return KPT_BTF_E_INDEX_SIZE;
		ids[n++] = id;
	}
	/* heapsort: no allocation, no recursion */
	for (i = n / 2; i-- > 0;)
		sift_down(b, ids, i, n);
	for (i = n; i-- > 1;) {
		tmp = ids[0];
		ids[0] = ids[i];
		ids[i] = tmp;
		sift_down(b, ids, 0, i);
	}
	b->funcs = ids;
	b->nr_funcs = n;
	return KPT_BTF_OK;
}

/* The first FUNC of one blob (not its base) named name[0..len); 0: none. */
static u32 func_in(const struct kpt_btf *b, const char *name, size_t len)
{
	struct kpt_btf_type t;
	u32 id, lo = 0, hi;

	if (!b->funcs) {
		for (id = b->start_id; id < kpt_btf_end_id(b); id++)
			if (!kpt_btf_type(b, id, &t) &&
			    t.kind == KPT_BTF_K_FUNC &&
			    name_eq(kpt_btf_name(b, t.name_off), name, len))
				return id;
		return 0;
	}
	hi = b->nr_funcs;
	while (lo < hi) {		/* the first not below name */
		u32 mid = lo + (hi - lo) / 2;

		if (name_cmp(type_name(b, b->funcs[mid]), name, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < b->nr_funcs &&
	    !name_cmp(type_name(b, b->funcs[lo]), name, len) &&
	    !kpt_btf_type(b, b->funcs[lo], &t) && t.kind == KPT_BTF_K_FUNC)
		return b->funcs[lo];
	return 0;
}

int kpt_btf_func_find(const struct kpt_btf *b, const char *name, size_t len,
		      struct kpt_btf_fn *f)
{
	const struct kpt_btf *chain[8], *c;
	struct kpt_btf_type t, p;
	int depth = 0, r;
	u32 id = 0;

	memset(f, 0, sizeof(*f));
	if (!b || !b->types)
		return KPT_BTF_E_NO_BTF;
	if (!len || len >= KPT_BTF_MAX_NAME)
		return KPT_BTF_E_NO_FUNC;
	/* the base first, as ids go */
	for (c = b; c && depth < (int)ARRAY_SIZE(chain); c = c->base)
		chain[depth++] = c;
	while (depth-- > 0 && !id)
		id = func_in(chain[depth], name, len);
	if (!id)
		return KPT_BTF_E_NO_FUNC;
	if (kpt_btf_type(b, id, &t))
		return KPT_BTF_E_BAD_BTF;
	r = kpt_btf_type(b, t.size_type, &p);
	if (r || p.kind != KPT_BTF_K_FUNC_PROTO)
		return KPT_BTF_E_BAD_BTF;
	f->func_id = id;
	f->proto_id = t.size_type;
	f->nparams = p.vlen;
	f->ret_type = p.size_type;
	f->name = kpt_btf_name(b, t.name_off);
	return KPT_BTF_OK;
}

int kpt_btf_param(const struct kpt_btf *b, const struct kpt_btf_fn *f,
		  u32 i, const char **name, u32 *type)
{
	struct kpt_btf_type p;
	struct kpt_btf_member m;
	int r;

	r = kpt_btf_type(b, f->proto_id, &p);
	if (!r && p.kind != KPT_BTF_K_FUNC_PROTO)
		r = KPT_BTF_E_BAD_ID;
	if (!r)
		r = kpt_btf_member(&p, i + f->first, &m);
	if (r)
		return r;
	*name = kpt_btf_name(b, m.name_off);
	*type = m.type;
	return KPT_BTF_OK;
}

/* ---- expression state -------------------------------------------------- */

struct loc {
	bool mem;		/* value at (path's value) + off, else the value */
	bool user;		/* mem is user memory */
	s64 off;		/* bytes */
	u32 type;
	u32 bitoff, bfsize;	/* bitfield (mem only) */
};

static int push(struct kpt_btf_path *p, s64 off, bool deref, bool user)
{
	if (p->nsteps >= KPT_BTF_MAX_STEPS)
		return KPT_BTF_E_TOO_DEEP;
	if (off < -0x7fffffffLL - 1 || off > 0x7fffffffLL)
		return KPT_BTF_E_OFFSET_RANGE;
	p->step[p->nsteps].off = (s32)off;
	p->step[p->nsteps].deref = deref;
	p->step[p->nsteps].user = user;
	p->nsteps++;
	return KPT_BTF_OK;
}

/* mem -> the value loaded */
static int load(struct kpt_btf_path *p, struct loc *l)
{
	int r;

	if (!l->mem)
		return KPT_BTF_OK;
	r = push(p, l->off, true, l->user);
	if (r)
		return r;
	l->mem = false;
	l->user = false;
	l->off = 0;
	return KPT_BTF_OK;
}

/* Register slots of a parameter type (x86-64 SysV), -1 if not in regs. */
static int param_slots(const struct kpt_btf *b, u32 id)
{
	struct kpt_btf_type t;

	if (kpt_btf_skip_mods(b, id, &id) || kpt_btf_type(b, id, &t))
		return -1;
	if (t.kind == KPT_BTF_K_FLOAT)
		return -1;
	if (t.kind == KPT_BTF_K_STRUCT || t.kind == KPT_BTF_K_UNION)
		return t.size_type <= 8 ? 1 : t.size_type <= 16 ? 2 : -1;
	if (t.kind == KPT_BTF_K_INT && t.size_type > 8)
		return 2;
	return 1;
}

static int param_value(const struct kpt_btf *b, const struct kpt_btf_fn *f,
		       const char *name, size_t n, struct kpt_btf_path *p,
		       struct loc *l)
{
	bool unsure = false;
	int slot = 0;
	u32 i;

	for (i = 0; i < f->nparams; i++) {
		const char *pn;
		u32 type;
		int s;

		if (kpt_btf_param(b, f, i, &pn, &type))
			return KPT_BTF_E_BAD_BTF;
		if (!type)		/* ... of a variadic function */
			break;
		s = param_slots(b, type);
		if (name_eq(pn, name, n)) {
			if (unsure)
				return KPT_BTF_E_PARAM_REG_UNKNOWN;
			if (s != 1) {
				p->err_detail = s;
				return KPT_BTF_E_PARAM_BY_VALUE;
			}
			p->src = KPT_BTF_SRC_ARG;
			p->argno = slot + 1;
			l->type = type;
			return KPT_BTF_OK;
		}
		if (s < 0)
			unsure = true;
		else
			slot += s;
		if (slot > 0xfff0)
			unsure = true;
	}
	return KPT_BTF_E_NO_PARAM;
}

/*
 * Member name[0..n) of struct/union sid, looking into anonymous members;
 * *visits counts the members read, at most KPT_BTF_MAX_VISITS.
 */
static bool find_member(const struct kpt_btf *b, u32 sid, const char *name,
			size_t n, int depth, u32 *visits, u32 *bitoff,
			u32 *type, u32 *bfsize)
{
	struct kpt_btf_type t, u;
	struct kpt_btf_member m;
	u32 i, mt;

	if (depth > KPT_BTF_MAX_NEST || kpt_btf_type(b, sid, &t))
		return false;
	for (i = 0; i < t.vlen; i++) {
		const char *mn;

		if (++*visits > KPT_BTF_MAX_VISITS || kpt_btf_member(&t, i, &m))
			return false;
		mn = kpt_btf_name(b, m.name_off);
		if (*mn) {
			if (!name_eq(mn, name, n))
				continue;
			*bitoff = m.bit_off;
			*bfsize = m.bf_size;
			*type = m.type;
			return true;
		}
		if (kpt_btf_skip_mods(b, m.type, &mt) ||
		    kpt_btf_type(b, mt, &u) ||
		    (u.kind != KPT_BTF_K_STRUCT && u.kind != KPT_BTF_K_UNION))
			continue;
		if (find_member(b, mt, name, n, depth + 1, visits, bitoff,
				type, bfsize)) {
			*bitoff += m.bit_off;
			return true;
		}
	}
	return false;
}

static bool composite(u32 kind)
{
	return kind == KPT_BTF_K_STRUCT || kind == KPT_BTF_K_UNION;
}

/* One "->m" or ".m" step. */
static int step_member(const struct kpt_btf *b, struct kpt_btf_path *p,
		       struct loc *l, bool arrow, const char *m, size_t n)
{
	struct kpt_btf_type t;
	u32 id, bitoff = 0, mtype = 0, bfsize = 0, visits = 0;
	int r;

	p->err_type = l->type;
	r = kpt_btf_skip_mods(b, l->type, &id);
	if (!r)
		r = kpt_btf_type(b, id, &t);
	if (r)
		return r;
	if (arrow) {
		struct kpt_btf_class_info c;

		if (t.kind != KPT_BTF_K_PTR)
			return KPT_BTF_E_ARROW_NON_PTR;
		r = kpt_btf_classify(b, l->type, &c);
		if (!r)
			r = load(p, l);
		if (r)
			return r;
		l->mem = true;
		l->user = c.user;
		l->off = 0;
		p->err_type = t.size_type;
		r = kpt_btf_skip_mods(b, t.size_type, &id);
		if (!r)
			r = kpt_btf_type(b, id, &t);
		if (r)
			return r;
	} else if (t.kind == KPT_BTF_K_PTR) {
		return KPT_BTF_E_DOT_ON_PTR;
	}
	if (!composite(t.kind))
		return KPT_BTF_E_NOT_STRUCT;
	if (!l->mem)
		return KPT_BTF_E_STRUCT_BY_VALUE;
	if (!find_member(b, id, m, n, 0, &visits, &bitoff, &mtype,
			 &bfsize)) {
		p->err_struct = id;
		return KPT_BTF_E_NO_MEMBER;
	}
	if (l->bfsize)
		return KPT_BTF_E_BITFIELD_MEMBER;
	l->off += bitoff / 8;
	l->bitoff = bfsize ? bitoff % 8 : 0;
	l->bfsize = bfsize;
	l->type = mtype;
	return KPT_BTF_OK;
}

static int step_index(const struct kpt_btf *b, struct kpt_btf_path *p,
		      struct loc *l, u64 idx)
{
	struct kpt_btf_class_info c;
	u32 elem, sz = 0;
	int r;

	p->err_type = l->type;
	r = kpt_btf_classify(b, l->type, &c);
	if (r)
		return r;
	if (c.cls == KPT_BTF_C_ARRAY || c.cls == KPT_BTF_C_STR_ARRAY) {
		if (!l->mem)
			return KPT_BTF_E_NOT_IN_MEMORY;
		elem = c.elem;
	} else if (c.cls == KPT_BTF_C_PTR || c.cls == KPT_BTF_C_STR_PTR) {
		r = load(p, l);
		if (r)
			return r;
		l->mem = true;
		l->user = c.user;
		l->off = 0;
		elem = c.elem;
	} else {
		return KPT_BTF_E_NOT_INDEXABLE;
	}
	r = kpt_btf_size(b, elem, &sz);
	if (r == KPT_BTF_E_OFFSET_RANGE)
		return r;
	if (r || !sz)
		return KPT_BTF_E_ELEM_SIZE;
	if (idx > 0x7fffffffULL || idx * sz + l->off > 0x7fffffffLL)
		return KPT_BTF_E_OFFSET_RANGE;
	l->off += (s64)(idx * sz);
	l->type = elem;
	return KPT_BTF_OK;
}

static int finish(const struct kpt_btf *b, struct kpt_btf_path *p,
		  struct loc *l)
{
	struct kpt_btf_class_info c;
	int r;

	p->type = l->type;
	p->err_type = l->type;
	r = kpt_btf_classify(b, l->type, &c);
	if (r)
		return r;
	p->cls = c.cls;
	if (l->bfsize) {
		u32 bit = l->bitoff, cont;

		/* the smallest aligned container holding the bits */
		for (cont = 8; cont < 64; cont *= 2)
			if (bit / cont == (bit + l->bfsize - 1) / cont)
				break;
		if (bit % cont + l->bfsize > cont)
			return KPT_BTF_E_NOT_PRINTABLE;
		r = push(p, l->off + bit / cont * cont / 8, true, l->user);
		if (r)
			return r;
		p->fetch = KPT_BTF_F_BITFIELD;
		p->size = cont / 8;
		p->is_signed = c.is_signed;
		p->bf_size = l->bfsize;
		p->bf_shift = bit % cont;
		return KPT_BTF_OK;
	}
	if (!kpt_btf_printable(c.cls)) {
		if (c.cls == KPT_BTF_C_STRUCT || c.cls == KPT_BTF_C_UNION)
			p->err_struct = c.id;
		return KPT_BTF_E_NOT_PRINTABLE;
	}
	if (c.cls == KPT_BTF_C_STR_ARRAY) {
		/* read at the array itself */
		p->fetch = KPT_BTF_F_STRING;
		p->user = l->user;
		return push(p, l->off, false, l->user);
	}
	r = load(p, l);
	if (r)
		return r;
	switch (c.cls) {
	case KPT_BTF_C_STR_PTR:		/* read at the pointer's value */
		p->fetch = KPT_BTF_F_STRING;
		p->user = c.user;
		return push(p, 0, false, false);
	case KPT_BTF_C_PTR:
		p->fetch = KPT_BTF_F_PTR;
		p->size = 8;
		break;
	case KPT_BTF_C_BOOL:
		p->fetch = KPT_BTF_F_INT;
		p->size = 1;
		break;
	default:
		p->fetch = KPT_BTF_F_INT;
		p->size = c.size;
		p->is_signed = c.is_signed;
	}
	return KPT_BTF_OK;
}

/* [N] with N as strtol's base 0 reads it (0x.., 0.., decimal), N >= 0 */
static size_t parse_index(const char *s, size_t len, u64 *v)
{
	size_t i = 1, start;
	unsigned int base = 10;

	*v = 0;
	if (i < len && s[i] == '+')
		i++;
	if (i + 1 < len && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
		base = 16;
		i += 2;
	} else if (i < len && s[i] == '0') {
		base = 8;
	}
	start = i;
	for (; i < len; i++) {
		char c = s[i];
		unsigned int d;

		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			break;
		if (d >= base)
			break;
		if (*v < (1ULL << 40))
			*v = *v * base + d;
	}
	if (i == start || i >= len || s[i] != ']')
		return 0;
	return i + 1;
}

/* The steps at expr[pos..len) (->m, .m, [i]) from l, then the value. */
static int walk(const struct kpt_btf *b, const char *expr, size_t pos,
		size_t len, struct kpt_btf_path *p, struct loc *l)
{
	size_t n;
	int r;

	while (pos < len) {
		p->err_step = pos;
		p->err_pos = pos;
		p->err_len = 1;
		if (expr[pos] == '.' ||
		    (expr[pos] == '-' && pos + 1 < len && expr[pos + 1] == '>')) {
			bool arrow = expr[pos] == '-';

			pos += arrow ? 2 : 1;
			n = ident_len(expr + pos, len - pos);
			p->err_pos = pos;
			p->err_len = n;
			if (!n || n >= KPT_BTF_MAX_NAME)
				return KPT_BTF_E_EXPECT_MEMBER;
			r = step_member(b, p, l, arrow, expr + pos, n);
			pos += n;
		} else if (expr[pos] == '[') {
			u64 idx;

			n = parse_index(expr + pos, len - pos, &idx);
			if (!n)
				return KPT_BTF_E_EXPECT_INDEX;
			p->err_len = n;
			r = step_index(b, p, l, idx);
			pos += n;
		} else {
			p->err_len = len - pos;
			return KPT_BTF_E_UNEXPECTED;
		}
		if (r)
			return r;
	}
	p->err_step = len;
	p->err_pos = 0;
	p->err_len = len;
	return finish(b, p, l);
}

int kpt_btf_path_resolve(const struct kpt_btf *b, const struct kpt_btf_fn *f,
			 const char *expr, size_t len, unsigned int flags,
			 struct kpt_btf_path *p)
{
	struct loc l = { 0 };
	size_t pos, n;
	int r;

	memset(p, 0, sizeof(*p));
	if (!b || !b->types)
		return KPT_BTF_E_NO_BTF;
	if (len >= 7 && !memcmp(expr, "$retval", 7) &&
	    (len == 7 || !is_alnum(expr[7]) || expr[7] == '_')) {
		p->err_len = 7;
		if (!(flags & KPT_BTF_RETURN))
			return KPT_BTF_E_RETVAL_ON_ENTRY;
		if (!f->ret_type)
			return KPT_BTF_E_VOID_RETVAL;
		p->src = KPT_BTF_SRC_RETVAL;
		l.type = f->ret_type;
		pos = 7;
	} else {
		n = ident_len(expr, len);
		p->err_len = n;
		if (!n || n >= KPT_BTF_MAX_NAME)
			return KPT_BTF_E_EXPECT_PARAM;
		if ((flags & KPT_BTF_RETURN) && !(flags & KPT_BTF_ENTRY_ARGS))
			return KPT_BTF_E_PARAM_ON_RETURN;
		r = param_value(b, f, expr, n, p, &l);
		if (r)
			return r;
		pos = n;
	}
	return walk(b, expr, pos, len, p, &l);
}

int kpt_btf_path_member(const struct kpt_btf *b, u32 type, s32 off,
			const char *expr, size_t pos, size_t len,
			struct kpt_btf_path *p)
{
	struct loc l = { .mem = true, .off = off, .type = type };
	size_t n;
	int r;

	memset(p, 0, sizeof(*p));
	if (!b || !b->types)
		return KPT_BTF_E_NO_BTF;
	p->src = KPT_BTF_SRC_MEM;
	p->err_step = pos;
	p->err_pos = pos;
	n = pos < len ? ident_len(expr + pos, len - pos) : 0;
	p->err_len = n;
	if (!n || n >= KPT_BTF_MAX_NAME)
		return KPT_BTF_E_EXPECT_MEMBER;
	r = step_member(b, p, &l, false, expr + pos, n);
	if (r)
		return r;
	return walk(b, expr, pos + n, len, p, &l);
}
