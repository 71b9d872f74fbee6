// SPDX-License-Identifier: GPL-2.0
/*
 * Removing events and probes, and the lifecycle rules that say when an
 * event may go (module parameter lifecycle): a whole event is disabled,
 * waited for, removed from tracefs, its format files detached and its
 * probes unregistered in one batch; probes of an event that keeps others
 * are only unregistered.  O_TRUNC of kprobe_events and the unload clear
 * everything through here; the write transaction (kpt_write.c) removes
 * what it replaces or deletes through here.
 *
 * May touch: the probe list (kpt_mutex held), events (kpt_event.h),
 * probes' registration (kpt_probe.h), the error log.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/moduleparam.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_ksyms.h"
#include "kpt_probe.h"
#include "kpt_remove.h"

/* ---- lifecycle ------------------------------------------------------------ */

/*
 * lifecycle=seed (default): a new event is enabled at once; O_TRUNC
 * removes every probe, enabled ones too; redefining an EVENT replaces it.
 * lifecycle=today, as the kernel's tracer of today: a new event is
 * created disabled; clearing or deleting an enabled event fails with
 * EBUSY (nothing removed).  It can be changed at run time only while no
 * probe is defined (EBUSY otherwise).
 */
int kpt_lifecycle = KPT_LIFE_SEED;

static const char * const kpt_lifecycle_names[] = {
	[KPT_LIFE_SEED] = "seed",
	[KPT_LIFE_TODAY] = "today",
};

static int kpt_lifecycle_set(const char *val, const struct kernel_param *kp)
{
	int i, ret = 0;

	for (i = 0; i < ARRAY_SIZE(kpt_lifecycle_names); i++)
		if (sysfs_streq(val, kpt_lifecycle_names[i]))
			break;
	if (i == ARRAY_SIZE(kpt_lifecycle_names))
		return -EINVAL;
	mutex_lock(&kpt_mutex);
	if (i != kpt_lifecycle && !list_empty(&kpt_probes))
		ret = -EBUSY;
	else
		WRITE_ONCE(kpt_lifecycle, i);
	mutex_unlock(&kpt_mutex);
	return ret;
}

static int kpt_lifecycle_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n",
			 kpt_lifecycle_names[READ_ONCE(kpt_lifecycle)]);
}

static const struct kernel_param_ops kpt_lifecycle_ops = {
	.set = kpt_lifecycle_set,
	.get = kpt_lifecycle_get,
};

module_param_cb(lifecycle, &kpt_lifecycle_ops, NULL, 0644);
MODULE_PARM_DESC(lifecycle,
		 "seed (default): events live at once, clearing removes all; today: events created disabled, enabled ones cannot be cleared or deleted (EBUSY); changeable only with no probes defined");

/* ---- removing ------------------------------------------------------------- */

/*
 * Could the event be disabled and removed now?  (kpt_mutex held)  Returns
 * NULL if so, else why not.  Seed lifecycle: unless held by perf, another
 * trace instance or a trigger (soft mode); today's: unless enabled at all.
 * In both, unless armed through the aggregate file (kpt_aggregate.c).
 */
const char *kpt_busy(struct kpt_probe *p)
{
	const char *why = NULL;
	struct kpt_link *link;

	mutex_lock(kpt_ksyms.event_mutex);
	list_for_each_entry(link, &p->links, list) {
		if (kpt_lifecycle == KPT_LIFE_TODAY)
			why = "enabled";
		else if (link->pinned ||
			 (link->file->flags & EVENT_FILE_FL_SOFT_MODE))
			why = "in use (by another trace instance or a trigger)";
	}
	if (p->perf_on)
		why = "in use (by perf)";
	if (p->agg_on)
		why = "armed for aggregation (disarm it in the aggregate file)";
	if (p->wtrig_refs)
		why = "named by a wprobe trigger (remove it in wprobe_triggers)";
	mutex_unlock(kpt_ksyms.event_mutex);
	return why;
}

/*
 * Remove whole events (their holders evs[0..n)): disable them, wait for
 * the hit path to let go, remove the event calls, detach their format
 * files (kpt_event.c), unregister all their probes in one batch and free
 * them.  An event that cannot be removed stays, with its probes; returns
 * -EBUSY then.
 */
int kpt_remove_events(struct kpt_probe **evs, unsigned int n)
{
	struct kpt_probe **ps, *q, *tmp;
	struct trace_event_call **calls;
	unsigned int i, np = 0, nc = 0;
	int ret = 0;

	for (i = 0; i < n; i++)
		list_for_each_entry(q, &evs[i]->sibs, sib)
			np++;
	ps = kvcalloc(np, sizeof(*ps), GFP_KERNEL);
	calls = kvcalloc(n, sizeof(*calls), GFP_KERNEL);
	if (!ps || !calls) {
		kvfree(ps);
		kvfree(calls);
		return -ENOMEM;
	}
	np = 0;
	for (i = 0; i < n; i++)
		if (kpt_event_disable(evs[i]))
			ret = -EBUSY;
	/*
	 * Handlers that began before the last disarming may still use the
	 * event's links and files: wait for a grace period after it, unless
	 * one has passed already or the event was never armed (a handler
	 * that still runs keeps the event busy: its removal fails).
	 */
	for (i = 0; i < n; i++)
		if (evs[i]->armed_once)
			cond_synchronize_rcu(evs[i]->disarm_gp);
	for (i = 0; i < n; i++) {
		bool added = evs[i]->event_added;

		if (kpt_event_remove(evs[i])) {
			pr_warn("cannot remove event %s: busy\n",
				kpt_probe_name(evs[i]));
			kpt_event_keep(evs[i]);
			ret = -EBUSY;
			continue;
		}
		if (added)
			calls[nc++] = &evs[i]->call;
		list_for_each_entry_safe(q, tmp, &evs[i]->sibs, sib) {
			list_del_init(&q->list);
			ps[np++] = q;
		}
	}
	kpt_event_forget_files(calls, nc);
	kvfree(calls);
	kpt_probe_unregister_many(ps, np);
	for (i = 0; i < np; i++)
		kpt_probe_free(ps[i]);
	kvfree(ps);
	return ret;
}

/*
 * Remove some probes of events that keep others: unregister them; the
 * holder of an event stays as such (detached), the others are freed.
 */
void kpt_detach_probes(struct kpt_probe **ps, unsigned int n)
{
	unsigned int i;

	kpt_probe_unregister_many(ps, n);
	for (i = 0; i < n; i++) {
		struct kpt_probe *q = ps[i];

		mutex_lock(kpt_ksyms.event_mutex);
		if (q->ev == q)
			q->detached = true;
		else
			list_del_init(&q->sib);
		mutex_unlock(kpt_ksyms.event_mutex);
		if (q->ev != q) {
			list_del_init(&q->list);
			kpt_probe_free(q);
		}
	}
}

int kpt_remove_clear(bool force)
{
	struct kpt_probe **evs, *p;
	unsigned int n = 0, i = 0;
	struct kpt_err e = {};
	char label[KPT_LABEL_MAX];
	const char *why;
	int ret;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		if (p->ev != p)
			continue;
		n++;
		why = force ? NULL : kpt_busy(p);
		if (why) {
			kpt_error(&e, KPT_ERR_EVENT_BUSY, 0,
				    kpt_probe_label(p, label), why);
			mutex_unlock(&kpt_mutex);
			kpt_errlog_add(0, "", 0, &e);
			return -EBUSY;
		}
	}
	if (!n) {
		mutex_unlock(&kpt_mutex);
		return 0;
	}
	evs = kvcalloc(n, sizeof(*evs), GFP_KERNEL);
	if (!evs) {
		mutex_unlock(&kpt_mutex);
		return -ENOMEM;
	}
	list_for_each_entry(p, &kpt_probes, list)
		if (p->ev == p)
			evs[i++] = p;
	ret = kpt_remove_events(evs, n);
	mutex_unlock(&kpt_mutex);
	kvfree(evs);
	if (ret && !force) {
		kpt_error_with(&e, KPT_ERR_CLEAR_BUSY, ret, 0);
		kpt_errlog_add(0, "", 0, &e);
	}
	return ret;
}

void kpt_remove_exit(void)
{
	struct kpt_probe *p, *tmp;

	kpt_event_exiting();
	kpt_remove_clear(true);
	mutex_lock(&kpt_mutex);
	list_for_each_entry_safe(p, tmp, &kpt_probes, list) {
		pr_warn("event %s is still in use; unregistering its probe\n",
			kpt_probe_name(p));
		kpt_event_disable(p);
		kpt_probe_unregister_many(&p, 1);
		list_del_init(&p->list);
		/* p stays allocated: the core still has its event call */
	}
	mutex_unlock(&kpt_mutex);
}
