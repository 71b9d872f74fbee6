// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: the attached event of an e: line and the perf counters
 * that bring its records (kpt_eprobe.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/err.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include "kpt_btf_mod.h"
#include "kpt_eprobe.h"
#include "kpt_event_fields.h"
#include "kpt_hit.h"
#include "kpt_ksyms.h"

/* what the kernel's tracer does not attach an event probe to */
#define KPT_EP_NOT_ATTACHED	(TRACE_EVENT_FL_IGNORE_ENABLE | \
				 TRACE_EVENT_FL_KPROBE | \
				 TRACE_EVENT_FL_UPROBE | \
				 TRACE_EVENT_FL_EPROBE)

/*
 * CPUs come and go: a counter lives as long as its CPU's life, numbered
 * by kpt_ep_cpu_gen (even: online; odd: going down or down), and the
 * worker below makes the counters of a CPU that came and drops those of
 * one that went.  kpt_ep_lock keeps the list of e: attachments; the
 * order is kpt_ep_lock, then event_mutex (taken by perf_trace_init()).
 */
static DEFINE_PER_CPU(unsigned int, kpt_ep_cpu_gen);
static DEFINE_MUTEX(kpt_ep_lock);
static LIST_HEAD(kpt_ep_list);
static enum cpuhp_state kpt_ep_hp;

int kpt_eprobe_alloc(struct kpt_probe *p)
{
	p->ep = kzalloc(sizeof(*p->ep), GFP_KERNEL);
	if (!p->ep)
		return -ENOMEM;
	INIT_LIST_HEAD(&p->ep->node);
	p->ep->owner = p;
	p->ep->ctr = kcalloc(nr_cpu_ids, sizeof(*p->ep->ctr), GFP_KERNEL);
	p->ep->gen = kcalloc(nr_cpu_ids, sizeof(*p->ep->gen), GFP_KERNEL);
	if (p->ep->ctr && p->ep->gen)
		return 0;
	kfree(p->ep->ctr);
	kfree(p->ep->gen);
	kfree(p->ep);
	p->ep = NULL;
	return -ENOMEM;
}

static void kpt_eprobe_release(struct kpt_ep *ep)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		if (ep->ctr[cpu])
			perf_event_release_kernel(ep->ctr[cpu]);
		ep->ctr[cpu] = NULL;
	}
}

void kpt_eprobe_free(struct kpt_probe *p)
{
	struct kpt_ep *ep = p->ep;

	if (!ep)
		return;
	/* off the list: the worker no longer touches its counters */
	mutex_lock(&kpt_ep_lock);
	list_del_init(&ep->node);
	mutex_unlock(&kpt_ep_lock);
	kpt_eprobe_release(ep);
	if (ep->file)
		trace_put_event_file(ep->file);
	kfree(ep->ctr);
	kfree(ep->gen);
	kfree(ep);
	p->ep = NULL;
}

/*
 * A disabled counter on cpu for p, in the CPU's present life (*gen): the
 * counter, NULL if the CPU is not (or no longer) online, or an ERR_PTR.
 */
static struct perf_event *kpt_ep_make(struct kpt_probe *p, unsigned int cpu,
				      unsigned int *gen)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = p->ep->call->event.type,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_PERIOD,
		.disabled = 1,
		.pinned = 1,
	};
	struct perf_event *ev;

	*gen = READ_ONCE(per_cpu(kpt_ep_cpu_gen, cpu));
	if ((*gen & 1) || !cpu_online(cpu))
		return NULL;
	ev = perf_event_create_kernel_counter(&attr, cpu, NULL,
					      kpt_eprobe_handler, p);
	if (ev == ERR_PTR(-ENODEV))
		return NULL;
	if (IS_ERR(ev))
		return ev;
	/* the CPU began to go while it was made: it goes with it */
	if (READ_ONCE(per_cpu(kpt_ep_cpu_gen, cpu)) != *gen) {
		perf_event_release_kernel(ev);
		return NULL;
	}
	return ev;
}

/* one disabled counter per online CPU: every record a sample */
static int kpt_eprobe_counters(struct kpt_probe *p)
{
	struct kpt_ep *ep = p->ep;
	struct perf_event *ev;
	unsigned int cpu;
	int ret = 0;

	mutex_lock(&kpt_ep_lock);
	for_each_online_cpu(cpu) {
		ev = kpt_ep_make(p, cpu, &ep->gen[cpu]);
		if (IS_ERR(ev)) {
			ret = PTR_ERR(ev);
			break;
		}
		ep->ctr[cpu] = ev;
	}
	if (ret)
		kpt_eprobe_release(ep);
	else
		list_add(&ep->node, &kpt_ep_list);
	mutex_unlock(&kpt_ep_lock);
	return ret;
}

/*
 * p's counter on cpu as the CPU's life says (kpt_ep_lock held): one of a
 * life that ended dropped, one made for the present life if the CPU is
 * online.
 */
static void kpt_ep_refresh_cpu(struct kpt_probe *p, unsigned int cpu)
{
	struct kpt_ep *ep = p->ep;
	struct perf_event *old, *ev;
	unsigned int gen = READ_ONCE(per_cpu(kpt_ep_cpu_gen, cpu));

	if (ep->ctr[cpu] && ep->gen[cpu] == gen)
		return;
	ev = kpt_ep_make(p, cpu, &gen);
	if (IS_ERR(ev)) {
		pr_warn("an e: probe on %s: no counter on CPU %u (%ld)\n",
			trace_event_name(ep->call), cpu, PTR_ERR(ev));
		ev = NULL;
	}
	if (!ev && !ep->ctr[cpu])
		return;
	mutex_lock(kpt_ksyms.event_mutex);
	old = ep->ctr[cpu];
	ep->ctr[cpu] = ev;
	ep->gen[cpu] = gen;
	if (ev && ep->on)
		perf_event_enable(ev);
	mutex_unlock(kpt_ksyms.event_mutex);
	/* outside event_mutex: releasing takes it (perf_trace_destroy()) */
	if (old)
		perf_event_release_kernel(old);
}

static void kpt_ep_refresh(struct work_struct *work)
{
	struct kpt_ep *ep;
	unsigned int cpu;

	mutex_lock(&kpt_ep_lock);
	list_for_each_entry(ep, &kpt_ep_list, node)
		for_each_possible_cpu(cpu)
			kpt_ep_refresh_cpu(ep->owner, cpu);
	mutex_unlock(&kpt_ep_lock);
}

static DECLARE_WORK(kpt_ep_work, kpt_ep_refresh);

static int kpt_ep_cpu_online(unsigned int cpu)
{
	WRITE_ONCE(per_cpu(kpt_ep_cpu_gen, cpu),
		   (per_cpu(kpt_ep_cpu_gen, cpu) | 1) + 1);
	queue_work(system_wq, &kpt_ep_work);
	return 0;
}

static int kpt_ep_cpu_offline(unsigned int cpu)
{
	WRITE_ONCE(per_cpu(kpt_ep_cpu_gen, cpu),
		   per_cpu(kpt_ep_cpu_gen, cpu) | 1);
	queue_work(system_wq, &kpt_ep_work);
	return 0;
}

int kpt_eprobe_init(void)
{
	int ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					    "kprobetrace/eprobe:online",
					    kpt_ep_cpu_online,
					    kpt_ep_cpu_offline);

	if (ret < 0)
		return ret;
	kpt_ep_hp = ret;
	return 0;
}

/* every e: probe gone: no more work queued */
void kpt_eprobe_exit(void)
{
	cpuhp_remove_state_nocalls(kpt_ep_hp);
	flush_work(&kpt_ep_work);
}

int kpt_eprobe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos)
{
	const struct kpt_probe_def *def = p->def;
	struct trace_event_file *file;
	int ret, err;

	if (kpt_event_fields_layout(kpt_btf_vmlinux(&err)))
		return kpt_error(e, KPT_ERR_EP_LAYOUT, 0);
	/* the top instance's file, referenced until the probe goes */
	file = trace_get_event_file(NULL, kpt_def_str(def, def->module),
				    kpt_def_str(def, def->symbol));
	if (IS_ERR(file))
		return kpt_error(e, KPT_ERR_EP_NO_EVENT, pos);
	p->ep->file = file;
	p->ep->call = file->event_call;
	/* ours are marked as the kernel's are (kpt_event.c) */
	if (p->ep->call->flags & KPT_EP_NOT_ATTACHED)
		return kpt_error(e, KPT_ERR_EP_NO_EVENT, pos);
	ret = kpt_eprobe_counters(p);
	if (ret)
		return kpt_error_with(e, KPT_ERR_EP_ATTACH, ret, pos,
				      kpt_def_str(def, def->module),
				      kpt_def_str(def, def->symbol), ret);
	/* no address: the event is the place */
	p->addr = (unsigned long)p->ep->call;
	return 0;
}

int kpt_eprobe_field(struct kpt_probe *p, const char *name,
		     struct kpt_cop *op, struct kpt_err *e, size_t pos)
{
	struct kpt_efield f;

	if (kpt_event_field_find(p->ep->call, name, &f)) {
		/* no such field: $comm is the current task's, as the kernel's */
		if (strcmp(name, "comm") && strcmp(name, "COMM"))
			return kpt_error(e, KPT_ERR_BAD_VAR, pos);
		op->op = KPT_COP_COMM;
		return 0;
	}
	op->val = f.offset;
	op->size = f.size;
	switch (f.filter_type) {
	case FILTER_DYN_STRING:
		op->op = KPT_COP_EFIELD_DSTR;
		return 0;
	case FILTER_RDYN_STRING:
		op->op = KPT_COP_EFIELD_RSTR;
		return 0;
	case FILTER_STATIC_STRING:
		op->op = KPT_COP_EFIELD_ADDR;
		return 0;
	}
	/* a char * field (FILTER_PTR_STRING) is its value: a pointer */
	op->op = f.is_signed ? KPT_COP_EFIELD_S : KPT_COP_EFIELD;
	return 0;
}

void kpt_eprobe_set_armed(struct kpt_probe *p, bool on)
{
	struct kpt_ep *ep = p->ep;
	unsigned int cpu;

	if (on == ep->on)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		if (!ep->ctr[cpu])
			continue;
		if (on)
			perf_event_enable(ep->ctr[cpu]);
		else
			perf_event_disable(ep->ctr[cpu]);
	}
	ep->on = on;
}

int kpt_eprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	if (armed) {
		p->ev->armed_once = true;
		kpt_eprobe_set_armed(p, true);
	}
	p->registered = true;
	return 0;
}

/*
 * Disabled: no handler of it still runs once perf_event_disable() has
 * returned (it ran on the counter's CPU, with interrupts off, after
 * any handler there).  The counters go with the probe.
 */
void kpt_eprobe_unregister(struct kpt_probe *p)
{
	kpt_eprobe_set_armed(p, false);
	p->registered = false;
}
