// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time selftest (module parameter selftest=1, the default), like the
 * seed's: an entry probe with a0..a5 and a return probe with "ra rv" on a
 * six-argument function of this module, defined through the same parser
 * and compiler as kprobe_events lines; the function is called once and
 * the values the probes fetched and their hit counts are checked.  The
 * probes deliver their values to a capture hook instead of the trace, so
 * the selftest leaves no trace and no event behind.  A mismatch fails the
 * load.  The pt_regs library's unit tests run first.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/compiler.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include "kpt_ibt.h"
#include "kpt_probe.h"
#include "kpt_regs.h"

static unsigned long kpt_st_vals[2][KPT_MAX_ARGS < 8 ? KPT_MAX_ARGS : 8];
static unsigned long kpt_st_ip[2], kpt_st_ret_ip[2];
static unsigned long kpt_st_expected_ra;

noinline long kpt_selftest_target(long a0, long a1, long a2, long a3,
				  long a4, long a5)
{
	kpt_st_expected_ra = (unsigned long)__builtin_return_address(0);
	barrier();
	return a0 + a1 + a2 + a3 + a4 + a5;
}

/* One call site, so that both calls return to the same address. */
static noinline unsigned long kpt_st_call(void)
{
	typeof(&kpt_selftest_target) fn = kpt_selftest_target;
	unsigned long rv;

	OPTIMIZER_HIDE_VAR(fn);
	rv = fn(0x11, 0x22, 0x33, 0x44, 0x55, 0x66);
	OPTIMIZER_HIDE_VAR(rv);		/* no tail call: code after the call */
	return rv;
}

static void kpt_st_capture(struct kpt_probe *p, const unsigned long *vals,
			   unsigned long ip, unsigned long ret_ip)
{
	int k = p->is_return;

	memcpy(kpt_st_vals[k], vals, p->nargs * sizeof(*vals));
	kpt_st_ip[k] = ip;
	kpt_st_ret_ip[k] = ret_ip;
}

static struct kpt_probe *kpt_st_probe(const char *line)
{
	struct kpt_parse_error perr;
	struct kpt_probe_def *def;
	struct kpt_probe *p;
	struct kpt_err e = {};

	def = kvzalloc(sizeof(*def), GFP_KERNEL);
	if (!def)
		return ERR_PTR(-ENOMEM);
	if (kpt_parse_probe(line, strlen(line), def, &perr)) {
		pr_err("selftest: cannot parse '%s': %s\n", line,
		       kpt_parse_strerror(perr.code));
		kvfree(def);
		return ERR_PTR(-EINVAL);
	}
	p = kpt_probe_create(def, line, strlen(line), &e);
	kvfree(def);
	if (IS_ERR(p)) {
		pr_err("selftest: '%s': %s\n", line, e.msg);
		return p;
	}
	p->capture = kpt_st_capture;
	if (kpt_probe_register(p, &e)) {
		pr_err("selftest: '%s': cannot register: %s\n", line, e.msg);
		kpt_probe_free(p);
		return ERR_PTR(-EINVAL);
	}
	return p;
}

static void kpt_st_expect(bool ok, const char *what, int *ret)
{
	if (ok)
		return;
	pr_err("selftest: %s failed\n", what);
	*ret = -EINVAL;
}

#define KPT_ST_EXPECT(cond) kpt_st_expect(cond, #cond, &ret)

int kpt_selftest_run(void)
{
	struct kpt_probe *pe, *pr;
	unsigned long rv, ra, entry;
	int ret, i;

	ret = kpt_regs_selftest();
	if (ret)
		return ret;

	pe = kpt_st_probe("p:kpt_selftest_entry kpt_selftest_target a0 a1 a2 a3 a4 a5");
	if (IS_ERR(pe))
		return PTR_ERR(pe);
	pr = kpt_st_probe("r:kpt_selftest_return kpt_selftest_target ra rv");
	if (IS_ERR(pr)) {
		kpt_probe_free(pe);
		return PTR_ERR(pr);
	}

	/* unprobed first: the true return address (a kretprobe hides it) */
	kpt_st_call();
	ra = kpt_st_expected_ra;
	ret = enable_kprobe(&pe->rp.kp) ?: enable_kprobe(&pr->rp.kp);
	if (ret) {
		pr_err("selftest: cannot arm the probes: %d\n", ret);
		goto out;
	}
	rv = kpt_st_call();

	KPT_ST_EXPECT(kpt_probe_hits(pe) == 1);
	KPT_ST_EXPECT(kpt_probe_hits(pr) == 1);
	for (i = 0; i < 6; i++)
		KPT_ST_EXPECT(kpt_st_vals[0][i] == 0x11 * (i + 1));
	/* the entry: after an endbr64 on IBT kernels (compat/kpt_ibt.h) */
	entry = (unsigned long)kpt_selftest_target;
	entry += kpt_entry_skip(entry);
	KPT_ST_EXPECT(kpt_st_ip[0] == entry);
	KPT_ST_EXPECT(kpt_st_ip[1] == entry);
	KPT_ST_EXPECT(kpt_st_vals[1][0] == ra);
	KPT_ST_EXPECT(kpt_st_ret_ip[1] == ra);
	KPT_ST_EXPECT(kpt_st_vals[1][1] == rv && rv == 0x165);

	if (ret)
		pr_err("selftest: ra %lx/%lx, want %lx; rv %lx\n",
		       kpt_st_vals[1][0], kpt_st_ret_ip[1], ra, kpt_st_vals[1][1]);
out:
	kpt_probe_free(pe);
	kpt_probe_free(pr);
	if (!ret)
		pr_info("selftest passed (a0..a5, ra rv on kpt_selftest_target)\n");
	return ret;
}
