// SPDX-License-Identifier: GPL-2.0
/*
 * An e: filter run on a raw record (kpt_efilter.h): in the hit path, so
 * no allocation, no lock, nothing kprobe-able; every read of the record
 * checked against its size, a glob's work at most the pattern's length
 * times the string's.
 */
#include <linux/kprobes.h>
#include <linux/sched.h>
#include <linux/smp.h>
#include <linux/string.h>
#include "kpt_efilter.h"
#include "kpt_efilter_prog.h"

/* a number field's value, extended to 64 bits by its signedness */
static nokprobe_inline u64 kpt_ef_load(const u8 *p, u16 size, bool is_signed)
{
	u8 v8;
	u16 v16;
	u32 v32;
	u64 v64;

	switch (size) {
	case 1:
		memcpy(&v8, p, 1);
		return is_signed ? (u64)(s64)(s8)v8 : v8;
	case 2:
		memcpy(&v16, p, 2);
		return is_signed ? (u64)(s64)(s16)v16 : v16;
	case 4:
		memcpy(&v32, p, 4);
		return is_signed ? (u64)(s64)(s32)v32 : v32;
	}
	memcpy(&v64, p, 8);
	return v64;
}

static nokprobe_inline bool kpt_ef_cmp(u8 cmp, u64 a, u64 b, bool is_signed)
{
	switch (cmp) {
	case KPT_EF_EQ:
		return a == b;
	case KPT_EF_NE:
		return a != b;
	case KPT_EF_BAND:
		return a & b;
	}
	if (is_signed) {
		s64 x = a, y = b;

		return cmp == KPT_EF_LT ? x < y : cmp == KPT_EF_LE ? x <= y :
		       cmp == KPT_EF_GT ? x > y : x >= y;
	}
	return cmp == KPT_EF_LT ? a < b : cmp == KPT_EF_LE ? a <= b :
	       cmp == KPT_EF_GT ? a > b : a >= b;
}

/*
 * [...] at p (after the '['): 1 if c is in the class, 0 if not, -1 if
 * it has no ']' (then '[' is itself); *end: after the ']'.  A leading !
 * complements it; a ']' first is a member; a-z a range.
 */
static int kpt_ef_class(const char *p, char c, const char **end)
{
	bool neg = *p == '!', in = false;
	u8 lo, hi;

	p += neg;
	do {
		if (!*p)
			return -1;
		lo = *p;
		hi = lo;
		if (p[1] == '-' && p[2] && p[2] != ']') {
			hi = p[2];
			p += 2;
		}
		p++;
		if (lo <= (u8)c && (u8)c <= hi)
			in = true;
	} while (*p != ']');
	*end = p + 1;
	return in != neg;
}
NOKPROBE_SYMBOL(kpt_ef_class);

/*
 * glob(7) of pat on s[0..n): ?, *, [...], \ quoting the next byte.  After
 * a mismatch the last '*' takes one more byte and the rest is tried
 * again: at most strlen(pat) * n steps.
 */
static bool kpt_ef_glob(const char *pat, const char *s, u32 n)
{
	const char *star = NULL, *next;
	u32 i = 0, star_i = 0;
	bool ok;
	int r;

	for (;;) {
		char d = *pat;

		if (d == '*') {
			star = ++pat;
			star_i = i;
			continue;
		}
		if (i == n)
			return !d;
		next = pat + 1;
		switch (d) {
		case '\0':
			ok = false;
			break;
		case '?':
			ok = true;
			break;
		case '[':
			r = kpt_ef_class(next, s[i], &next);
			ok = r < 0 ? s[i] == '[' : r;
			break;
		case '\\':
			if (pat[1])
				d = *next++;
			fallthrough;
		default:
			ok = s[i] == d;
		}
		if (!ok && !star)
			return false;
		pat = ok ? next : star;
		i = ok ? i + 1 : ++star_i;
	}
}
NOKPROBE_SYMBOL(kpt_ef_glob);

/* the string s[0..n) (no NUL in it) against in's pattern */
static bool kpt_ef_str_match(const struct kpt_efilter *f,
			     const struct kpt_ef_insn *in, const char *s,
			     u32 n)
{
	const char *pat = f->pool + in->pat;
	u32 m = in->plen, i;

	switch (in->cmp) {
	case KPT_EF_FULL:
		return n == m && !memcmp(s, pat, m);
	case KPT_EF_FRONT:
		return n >= m && !memcmp(s, pat, m);
	case KPT_EF_END:
		return n >= m && !memcmp(s + n - m, pat, m);
	case KPT_EF_MIDDLE:
		for (i = 0; i + m <= n; i++)
			if (!memcmp(s + i, pat, m))
				return true;
		return false;
	}
	return kpt_ef_glob(pat, s, n);
}
NOKPROBE_SYMBOL(kpt_ef_str_match);

/* the bytes before a NUL in s[0..n) (strnlen(), kept in the hit path) */
static nokprobe_inline u32 kpt_ef_strnlen(const char *s, u32 n)
{
	u32 i = 0;

	while (i < n && s[i])
		i++;
	return i;
}

/* the string of insn in: in the record, or the task's name; false: not there */
static nokprobe_inline bool kpt_ef_str_at(const struct kpt_ef_insn *in,
					  const u8 *rec, u32 size,
					  const char **s, u32 *n)
{
	u32 loc, len, base = 0;

	if (in->where == KPT_EF_COMM) {
		*s = current->comm;
		*n = kpt_ef_strnlen(current->comm, TASK_COMM_LEN);
		return true;
	}
	if (in->off + in->size > size)
		return false;
	if (in->where == KPT_EF_STATIC) {
		*s = (const char *)rec + in->off;
		*n = kpt_ef_strnlen(*s, in->size);
		return true;
	}
	memcpy(&loc, rec + in->off, 4);
	len = loc >> 16;
	loc &= 0xffff;
	if (in->where == KPT_EF_RLOC)
		base = in->off + 4;
	if (base + loc > size)
		return false;
	len = min(len, size - base - loc);
	*s = (const char *)rec + base + loc;
	*n = kpt_ef_strnlen(*s, len);
	return true;
}

static bool kpt_ef_pred(const struct kpt_efilter *f,
			const struct kpt_ef_insn *in, const u8 *rec, u32 size)
{
	const char *s;
	u32 n;

	switch (in->code) {
	case KPT_EF_CPU:
		if (in->cmp == KPT_EF_BAND)	/* the kernel's: never */
			return false;
		return kpt_ef_cmp(in->cmp, (s64)raw_smp_processor_id(),
				  in->val, true);
	case KPT_EF_NUM:
		if (in->off + in->size > size)
			return false;
		return kpt_ef_cmp(in->cmp,
				  kpt_ef_load(rec + in->off, in->size, in->where),
				  in->val, in->where);
	case KPT_EF_STR:
		if (!kpt_ef_str_at(in, rec, size, &s, &n))
			return false;
		return kpt_ef_str_match(f, in, s, n) != in->not;
	}
	return false;		/* KPT_EF_NEVER */
}
NOKPROBE_SYMBOL(kpt_ef_pred);

bool kpt_efilter_match(const struct kpt_efilter *f, const void *rec,
		       u32 size)
{
	u64 st = 0;		/* the pending results, the last in bit 0 */
	unsigned int i;
	bool a, b;

	for (i = 0; i < f->n; i++) {
		const struct kpt_ef_insn *in = &f->insn[i];

		switch (in->code) {
		case KPT_EF_NOT:
			st ^= 1;
			continue;
		case KPT_EF_AND:
		case KPT_EF_OR:
			b = st & 1;
			st >>= 1;
			a = st & 1;
			st = (st & ~1ULL) |
			     (in->code == KPT_EF_AND ? a && b : a || b);
			continue;
		}
		st = st << 1 | kpt_ef_pred(f, in, rec, size);
	}
	return st & 1;
}
NOKPROBE_SYMBOL(kpt_efilter_match);
