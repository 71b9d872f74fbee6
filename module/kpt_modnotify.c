// SPDX-License-Identifier: GPL-2.0
/*
 * The probed-modules notifier: probes on a module's symbols are registered
 * when it comes (armed if their event is enabled, as the kernel's tracer
 * does), and unregistered when it goes; their events stay.  A probe that
 * cannot be armed in the coming module is logged in error_log.
 *
 * May touch: the probe list and probes' registration (kpt_probe.h), under
 * kpt_mutex and event_mutex; the error log.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/notifier.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_ksyms.h"
#include "kpt_members.h"
#include "kpt_modnotify.h"
#include "kpt_probe.h"
#include "kpt_tprobe.h"

static void kpt_probe_arm_log(struct kpt_probe *p, struct kpt_err *e,
			      const char *modname)
{
	char msg[sizeof(e->msg)];

	strscpy(msg, e->msg, sizeof(msg));
	snprintf(e->msg, sizeof(e->msg), "cannot arm event %s/%s in module %s: %s",
		 kpt_probe_group(p), kpt_probe_name(p), modname, msg);
	/* the caret at the probe point: after "p:GRP/EVENT " */
	e->pos = strcspn(p->listing, " ") + 1;
	kpt_errlog_add(0, p->listing, strlen(p->listing), e);
	pr_warn("%s\n", e->msg);
}

/*
 * Module mod is coming (its init function has not run yet): register the
 * probes waiting for it, armed if their event is enabled.  (kpt_mutex held)
 */
static void kpt_probe_module_coming(struct module *mod)
{
	struct kpt_probe *p;
	struct kpt_err e;
	int ret;

	list_for_each_entry(p, &kpt_probes, list) {
		if (p->registered || p->detached ||
		    (p->tprobe ? !kpt_tprobe_waits_for(p, mod) :
		     !p->modname || strcmp(p->modname, mod->name)))
			continue;
		memset(&e, 0, sizeof(e));
		ret = kpt_probe_locate(p, &e, 0, NULL);
		if (!ret) {
			mutex_lock(kpt_ksyms.event_mutex);
			ret = kpt_probe_register_at(p, &e,
						    kpt_event_used(p->ev));
			/* a set's members are the module's functions now */
			if (!ret && p->fprobe && p->ev->agg_on)
				kpt_members_make(p);
			mutex_unlock(kpt_ksyms.event_mutex);
		}
		if (ret < 0) {
			p->addr = 0;
			kpt_probe_arm_log(p, &e, mod->name);
		}
	}
}

/*
 * Module mod is going (its exit function has run): unregister the probes
 * in its text, whose kprobes the kprobe core marks gone.  The events stay;
 * probes on a module symbol are registered again if it comes back.
 * (kpt_mutex held)
 */
static bool kpt_probe_in_module(struct kpt_probe *p, struct module *mod)
{
	/* an init-text probe's address is no longer within_module() */
	return p->registered &&
	       (within_module(p->addr, mod) ||
		(p->modname && !strcmp(p->modname, mod->name)));
}

static void kpt_probe_module_going(struct module *mod)
{
	struct kpt_probe *p, **ps;
	unsigned int n = 0, i;

	list_for_each_entry(p, &kpt_probes, list)
		if (kpt_probe_in_module(p, mod))
			n++;
	if (!n)
		return;
	ps = kcalloc(n, sizeof(*ps), GFP_KERNEL);
	n = 0;
	list_for_each_entry(p, &kpt_probes, list) {
		if (!kpt_probe_in_module(p, mod))
			continue;
		if (ps) {
			ps[n++] = p;
			continue;
		}
		mutex_lock(kpt_ksyms.event_mutex);
		kpt_probe_unregister_many(&p, 1);
		if (p->fprobe)
			kpt_members_drop(p);
		mutex_unlock(kpt_ksyms.event_mutex);
		p->addr = 0;
	}
	if (!ps)
		return;
	mutex_lock(kpt_ksyms.event_mutex);
	kpt_probe_unregister_many(ps, n);
	/* a set's members: matched anew if the module comes back */
	for (i = 0; i < n; i++)
		if (ps[i]->fprobe)
			kpt_members_drop(ps[i]);
	mutex_unlock(kpt_ksyms.event_mutex);
	for (i = 0; i < n; i++)
		ps[i]->addr = 0;
	kfree(ps);
}

static int kpt_modnotify_notify(struct notifier_block *nb,
				   unsigned long val, void *data)
{
	if (val != MODULE_STATE_COMING && val != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	mutex_lock(&kpt_mutex);
	if (val == MODULE_STATE_COMING)
		kpt_probe_module_coming(data);
	else
		kpt_probe_module_going(data);
	mutex_unlock(&kpt_mutex);
	return NOTIFY_DONE;
}

/*
 * After the kprobe core's notifier (priority 0: the module's kprobe
 * blacklist is in place when we register) and jump_label's (1: its
 * jump sites are known, so that kprobes refuses them).
 */
static struct notifier_block kpt_modnotify_nb = {
	.notifier_call = kpt_modnotify_notify,
	.priority = -1,
};

/*
 * A module with tracepoints is going: the tracepoint core warns if any
 * callback is still on one of them after its notifiers ran, which is
 * before the module notifier above: t: probes (every probe in the
 * module, as above) go now.  Its coming is left to the notifier above.
 */
static bool kpt_tp_nb_leaving;

static int kpt_modnotify_tp(struct notifier_block *nb, unsigned long val,
			    void *data)
{
	struct tp_module *tp_mod = data;

	if (val != MODULE_STATE_GOING || READ_ONCE(kpt_tp_nb_leaving))
		return NOTIFY_DONE;
	mutex_lock(&kpt_mutex);
	kpt_probe_module_going(tp_mod->mod);
	mutex_unlock(&kpt_mutex);
	return NOTIFY_DONE;
}

static struct notifier_block kpt_modnotify_tp_nb = {
	.notifier_call = kpt_modnotify_tp,
};

int kpt_modnotify_init(void)
{
	int ret = register_module_notifier(&kpt_modnotify_nb);

	if (ret)
		return ret;
	ret = register_tracepoint_module_notifier(&kpt_modnotify_tp_nb);
	if (ret)
		unregister_module_notifier(&kpt_modnotify_nb);
	return ret;
}

void kpt_modnotify_exit(void)
{
	/* its unregistration calls it with GOING for every module */
	WRITE_ONCE(kpt_tp_nb_leaving, true);
	unregister_tracepoint_module_notifier(&kpt_modnotify_tp_nb);
	unregister_module_notifier(&kpt_modnotify_nb);
}
