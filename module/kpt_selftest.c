// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time selftest (module parameter selftest=1, the default), like the
 * seed's, through the product's own paths only: an entry probe with
 * a0..a5 and a return probe with "ra rv" on a six-argument function of
 * this module are defined by the write transaction (the lines a write to
 * kprobe_events would carry), armed as an enabled event arms them, hit
 * once by a call, counted as kprobe_profile counts them, and deleted by
 * the write transaction again.  The events are created disabled and armed
 * without a trace instance, so the selftest leaves no record, no event and
 * no probe behind.  The values the probes fetch are checked by the guest
 * tests (tracer-fetch), which read them from the trace.  A failure fails
 * the load; on a locked-down kernel, which takes no new probes, it is
 * skipped.
 *
 * May touch: kpt_control_apply(), the probe list under kpt_mutex, the
 * probe room's arming and hit counts.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/compiler.h>
#include <linux/security.h>
#include <linux/string.h>
#include "kpt_ksyms.h"
#include "kpt_probe.h"
#include "kpt_resolve.h"
#include "kpt_selftest.h"
#include "kpt_write.h"

#define KPT_ST_GROUP	"kpt_selftest"

static const char kpt_st_define[] =
	"p:" KPT_ST_GROUP "/entry kpt_selftest_target a0 a1 a2 a3 a4 a5\n"
	"r:" KPT_ST_GROUP "/return kpt_selftest_target ra rv\n";
static const char kpt_st_delete[] =
	"-:" KPT_ST_GROUP "/entry\n"
	"-:" KPT_ST_GROUP "/return\n";

static noinline unsigned long kpt_st_call(void)
{
	typeof(&kpt_selftest_target) fn = kpt_selftest_target;
	unsigned long rv;

	OPTIMIZER_HIDE_VAR(fn);
	rv = fn(0x11, 0x22, 0x33, 0x44, 0x55, 0x66);
	OPTIMIZER_HIDE_VAR(rv);		/* no tail call: code after the call */
	return rv;
}

/* The event's holder in our group (kpt_mutex held) */
static struct kpt_probe *kpt_st_find(const char *event)
{
	struct kpt_probe *p;

	list_for_each_entry(p, &kpt_probes, list)
		if (p->ev == p && !strcmp(kpt_probe_group(p), KPT_ST_GROUP) &&
		    !strcmp(kpt_probe_name(p), event))
			return p;
	return NULL;
}

static int kpt_st_arm(struct kpt_probe *pe, struct kpt_probe *pr, bool on)
{
	int ret;

	mutex_lock(kpt_ksyms.event_mutex);
	ret = kpt_probe_set_armed(pe, on);
	if (!ret) {
		ret = kpt_probe_set_armed(pr, on);
		if (ret)
			kpt_probe_set_armed(pe, false);
	}
	mutex_unlock(kpt_ksyms.event_mutex);
	return ret;
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
	unsigned long rv = 0;
	int ret, del;

	/* a locked-down kernel takes no new probes: nothing to test */
	if (security_locked_down(LOCKDOWN_KPROBES)) {
		pr_info("selftest skipped: the kernel is locked down\n");
		return 0;
	}
	ret = kpt_control_apply(kpt_st_define, strlen(kpt_st_define), 1,
				KPT_APPLY_DISABLED);
	if (ret) {
		pr_err("selftest: cannot define the probes: %d\n", ret);
		return ret;
	}
	mutex_lock(&kpt_mutex);
	pe = kpt_st_find("entry");
	pr = kpt_st_find("return");
	mutex_unlock(&kpt_mutex);
	if (!pe || !pr) {
		pr_err("selftest: the probes are not listed\n");
		ret = -ENOENT;
		goto out;
	}
	ret = kpt_st_arm(pe, pr, true);
	if (ret) {
		pr_err("selftest: cannot arm the probes: %d\n", ret);
		goto out;
	}
	rv = kpt_st_call();
	kpt_st_arm(pe, pr, false);

	KPT_ST_EXPECT(kpt_probe_hits(pe) == 1);
	KPT_ST_EXPECT(kpt_probe_hits(pr) == 1);
	KPT_ST_EXPECT(kpt_probe_misses(pe) == 0);
	KPT_ST_EXPECT(kpt_probe_misses(pr) == 0);
	KPT_ST_EXPECT(rv == 0x165);
out:
	del = kpt_control_apply(kpt_st_delete, strlen(kpt_st_delete), 1, 0);
	if (del) {
		pr_err("selftest: cannot delete the probes: %d\n", del);
		ret = ret ?: del;
	}
	if (!ret)
		pr_info("selftest passed (a0..a5, ra rv on kpt_selftest_target)\n");
	return ret;
}
