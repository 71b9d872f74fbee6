// SPDX-License-Identifier: GPL-2.0
/*
 * Functions in BTF: the FUNC records indexed by name, a function found by
 * name (in a blob and its base), its parameters.
 */
#include "kpt_btf_reader.h"

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

bool kpt_btf_name_eq(const char *s, const char *name, size_t n)
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
			    kpt_btf_name_eq(kpt_btf_name(b, t.name_off), name, len))
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
