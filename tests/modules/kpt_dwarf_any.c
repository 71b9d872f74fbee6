// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_dwarf: DWARF shapes that probes at any function meet (built
 * with -g): a line whose only code is an inlined call, a function whose
 * first line's rows are not at its entry, a helper inlined in a loop body
 * (its copy under a lexical block), a function that exists only inlined,
 * a caller's and an inlined callee's variable of the same name, structs
 * of one member passed by value, and int returns of errnos for
 * `kprobetrace errors` without BTF.
 *
 * The guest test (cmd-dwarf-any) names the lines by the KPT_LINE markers'
 * text, so the markers must stay on the lines they mark.
 */
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/refcount.h>
#include <linux/string.h>
#include <linux/uidgid.h>
#include "kpt_dwarf_any.h"

#define __kpt_target __attribute__((__noipa__))

static u64 kpt_any_total;
static unsigned long kpt_any_hits;

/* Inlined, with no code of its caller around it. */
static __always_inline void kpt_any_bump(long v)
{
	WRITE_ONCE(kpt_any_total, READ_ONCE(kpt_any_total) + v);
}

static __always_inline bool kpt_any_odd(long v)
{
	return READ_ONCE(kpt_any_hits) != v && (v & 1);
}

/*
 * The condition's second line has no row of its own: its code is
 * kpt_any_odd's, called there.
 */
__kpt_target void kpt_any_callsite(long x)
{
	if (x > 2 &&
	    kpt_any_odd(x))	/* KPT_LINE any_callsite */
		kpt_any_bump(x);
	kpt_any_bump(1);
}

/* Inlined in a loop body: the hottest copy, hit once per iteration. */
static __always_inline long kpt_any_step(long v, long i)
{
	long x = v ^ i;		/* KPT_LINE any_step */

	WRITE_ONCE(kpt_any_hits, READ_ONCE(kpt_any_hits) + 1);
	return x * 3 + 1;
}

__kpt_target long kpt_any_loop(long n)
{
	long acc = kpt_any_step(n, 0);

	for (long i = 1; i <= n; i++) {
		long x = i + acc;

		if (x & 1)
			acc += kpt_any_step(x, i);
		else
			acc -= kpt_any_step(x, i) >> 1;
	}
	return acc;
}

/* Exists only inlined: no symbol, no BTF entry. */
static __always_inline long kpt_any_only_inline(long v)
{
	long doubled = v * 2;

	WRITE_ONCE(kpt_any_total, doubled);	/* KPT_LINE only_inline */
	return doubled + 1;
}

__kpt_target long kpt_any_outer(long v)
{
	return kpt_any_only_inline(v + 1);
}

/* A name of the caller's that the inlined callee's hides: x */
static __always_inline long kpt_any_shadow_in(long x)
{
	long y = x * 5;

	WRITE_ONCE(kpt_any_total, y);	/* KPT_LINE shadow_in */
	return y + x;
}

__kpt_target long kpt_any_shadow(long x)
{
	long y;

	WRITE_ONCE(kpt_any_total, x * 7);
	y = kpt_any_shadow_in(READ_ONCE(kpt_any_total));
	WRITE_ONCE(kpt_any_hits, y + x);
	return y;
}

/*
 * Structs of one member by value: kuid_t (a struct of a uid_t), and a
 * struct of a refcount_t (of an atomic_t, of an int): each is read as
 * its scalar.  A struct of two in one register: only its first member
 * is the register's low bytes.
 */
struct kpt_any_ref {
	refcount_t ref;
};

struct kpt_any_two {
	u32 lo, hi;
};

__kpt_target long kpt_any_one(kuid_t uid, struct kpt_any_ref r,
			      struct kpt_any_two two, long x)
{
	WRITE_ONCE(kpt_any_total, x);	/* KPT_LINE one_member */
	return __kuid_val(uid) + atomic_read(&r.ref.refs) + two.lo + two.hi + x;
}

/* int returns: errnos without BTF for the module */
__kpt_target int kpt_any_errno(long v)
{
	if (v == 1)
		return -ENOENT;
	if (v == 2)
		return -EIO;
	if (v == 3)
		return -EINVAL;
	return 0;
}

int kpt_dwarf_any_call(const char *name, long arg)
{
	if (!strcmp(name, "callsite"))
		kpt_any_callsite(arg);
	else if (!strcmp(name, "loop"))
		kpt_any_loop(arg);
	else if (!strcmp(name, "outer"))
		kpt_any_outer(arg);
	else if (!strcmp(name, "shadow"))
		kpt_any_shadow(arg);
	else if (!strcmp(name, "one"))
		kpt_any_one(KUIDT_INIT((uid_t)arg + 1000),
			    (struct kpt_any_ref){ REFCOUNT_INIT((int)arg * 2) },
			    (struct kpt_any_two){ 1, 2 }, arg);
	else if (!strcmp(name, "errno"))
		kpt_any_errno(arg);
	else
		return -ENOENT;
	return 0;
}
