// SPDX-License-Identifier: GPL-2.0
/*
 * Per-CPU perf counters that follow CPU hotplug (kpt_cpuctr.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/err.h>
#include <linux/slab.h>
#include "kpt_cpuctr.h"

static enum cpuhp_state kpt_cpuctr_hp;

static int kpt_cpuctr_online(unsigned int cpu, struct hlist_node *node)
{
	struct kpt_cpuctr *c = hlist_entry(node, struct kpt_cpuctr, hp);

	WRITE_ONCE(c->cpu_gen[cpu], (c->cpu_gen[cpu] | 1) + 1);
	queue_work(system_wq, &c->work);
	return 0;
}

static int kpt_cpuctr_offline(unsigned int cpu, struct hlist_node *node)
{
	struct kpt_cpuctr *c = hlist_entry(node, struct kpt_cpuctr, hp);

	WRITE_ONCE(c->cpu_gen[cpu], c->cpu_gen[cpu] | 1);
	queue_work(system_wq, &c->work);
	return 0;
}

int kpt_cpuctr_init(void)
{
	int ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN,
					  "kprobetrace/cpuctr:online",
					  kpt_cpuctr_online,
					  kpt_cpuctr_offline);

	if (ret < 0)
		return ret;
	kpt_cpuctr_hp = ret;
	return 0;
}

void kpt_cpuctr_exit(void)
{
	cpuhp_remove_multi_state(kpt_cpuctr_hp);
}

/*
 * A disabled counter on cpu in the CPU's present life (*gen, *seq: attr's
 * then): the counter, NULL if the CPU is not (or no longer) online, or an
 * ERR_PTR.
 */
static struct perf_event *kpt_cpuctr_make(struct kpt_cpuctr *c,
					  unsigned int cpu, unsigned int *gen,
					  unsigned int *seq)
{
	struct perf_event_attr attr;
	struct perf_event *ev;

	*gen = READ_ONCE(c->cpu_gen[cpu]);
	if ((*gen & 1) || !cpu_online(cpu))
		return NULL;
	mutex_lock(c->lock);
	attr = c->attr;
	*seq = c->attr_seq;
	mutex_unlock(c->lock);
	attr.disabled = 1;
	ev = perf_event_create_kernel_counter(&attr, cpu, NULL, c->handler,
					      c->context);
	if (ev == ERR_PTR(-ENODEV))
		return NULL;
	return ev;
}

/* ev (made in life gen, attr seq) installed on cpu unless stale: 0 or 1 */
static bool kpt_cpuctr_install(struct kpt_cpuctr *c, unsigned int cpu,
			       struct perf_event *ev, unsigned int gen,
			       unsigned int seq)
{
	struct perf_event_attr attr;

	if (c->ctr[cpu] || READ_ONCE(c->cpu_gen[cpu]) != gen)
		return false;
	if (seq != c->attr_seq && c->update) {
		attr = c->attr;
		attr.disabled = 1;
		if (c->update(ev, &attr))
			return false;
	}
	c->ctr[cpu] = ev;
	c->ctr_gen[cpu] = gen;
	if (c->on)
		perf_event_enable(ev);
	return true;
}

/*
 * cpu's counter as the CPU's life says: one of a life that ended dropped,
 * one made for the present life if the CPU is online.  Runs in the work
 * and at the start, maybe both at once: the lock decides.
 */
static int kpt_cpuctr_refresh_cpu(struct kpt_cpuctr *c, unsigned int cpu)
{
	unsigned int gen = READ_ONCE(c->cpu_gen[cpu]), seq = 0;
	struct perf_event *old = NULL, *ev;
	bool have;

	mutex_lock(c->lock);
	if (c->ctr[cpu] && c->ctr_gen[cpu] != gen) {
		old = c->ctr[cpu];
		c->ctr[cpu] = NULL;
	}
	have = c->ctr[cpu];
	mutex_unlock(c->lock);
	/* outside the lock: releasing an e: counter takes event_mutex */
	if (old)
		perf_event_release_kernel(old);
	if (have)
		return 0;
	ev = kpt_cpuctr_make(c, cpu, &gen, &seq);
	if (IS_ERR_OR_NULL(ev))
		return PTR_ERR_OR_ZERO(ev);
	mutex_lock(c->lock);
	if (kpt_cpuctr_install(c, cpu, ev, gen, seq))
		ev = NULL;
	mutex_unlock(c->lock);
	if (ev)
		perf_event_release_kernel(ev);
	return 0;
}

void kpt_cpuctr_work(struct work_struct *work)
{
	struct kpt_cpuctr *c = container_of(work, struct kpt_cpuctr, work);
	unsigned int cpu;
	int ret;

	for_each_possible_cpu(cpu) {
		ret = kpt_cpuctr_refresh_cpu(c, cpu);
		if (ret)
			pr_warn("no counter on CPU %u for a probe that has the other CPUs' (%d)\n",
				cpu, ret);
	}
}

int __kpt_cpuctr_alloc(struct kpt_cpuctr *c, const struct perf_event_attr *attr,
		       perf_overflow_handler_t handler, void *context,
		       struct mutex *lock)
{
	c->attr = *attr;
	c->handler = handler;
	c->context = context;
	c->lock = lock;
	c->ctr = kcalloc(nr_cpu_ids, sizeof(*c->ctr), GFP_KERNEL);
	c->ctr_gen = kcalloc(nr_cpu_ids, sizeof(*c->ctr_gen), GFP_KERNEL);
	c->cpu_gen = kcalloc(nr_cpu_ids, sizeof(*c->cpu_gen), GFP_KERNEL);
	if (c->ctr && c->ctr_gen && c->cpu_gen)
		return 0;
	kpt_cpuctr_stop(c);
	return -ENOMEM;
}

static void kpt_cpuctr_release(struct kpt_cpuctr *c)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		if (c->ctr[cpu])
			perf_event_release_kernel(c->ctr[cpu]);
		c->ctr[cpu] = NULL;
	}
}

int kpt_cpuctr_start(struct kpt_cpuctr *c)
{
	unsigned int cpu;
	int ret;

	/* first the instance: a CPU that goes meanwhile is seen */
	ret = cpuhp_state_add_instance_nocalls(kpt_cpuctr_hp, &c->hp);
	if (ret)
		return ret;
	c->started = true;
	for_each_online_cpu(cpu) {
		ret = kpt_cpuctr_refresh_cpu(c, cpu);
		if (ret)
			break;
	}
	if (!ret)
		return 0;
	cpuhp_state_remove_instance_nocalls(kpt_cpuctr_hp, &c->hp);
	c->started = false;
	cancel_work_sync(&c->work);
	kpt_cpuctr_release(c);
	return ret;
}

void kpt_cpuctr_stop(struct kpt_cpuctr *c)
{
	if (c->started) {
		cpuhp_state_remove_instance_nocalls(kpt_cpuctr_hp, &c->hp);
		c->started = false;
	}
	/* no callback queues it any more */
	cancel_work_sync(&c->work);
	if (c->ctr)
		kpt_cpuctr_release(c);
	kfree(c->ctr);
	kfree(c->ctr_gen);
	kfree(c->cpu_gen);
	c->ctr = NULL;
	c->ctr_gen = NULL;
	c->cpu_gen = NULL;
}

void kpt_cpuctr_enable(struct kpt_cpuctr *c, bool on)
{
	unsigned int cpu;

	lockdep_assert_held(c->lock);
	c->on = on;
	for (cpu = 0; c->ctr && cpu < nr_cpu_ids; cpu++) {
		if (!c->ctr[cpu])
			continue;
		if (on)
			perf_event_enable(c->ctr[cpu]);
		else
			perf_event_disable(c->ctr[cpu]);
	}
}

int kpt_cpuctr_modify(struct kpt_cpuctr *c, const struct perf_event_attr *attr,
		      bool on)
{
	struct perf_event_attr a = *attr;
	unsigned int cpu;
	int refused = 0;

	lockdep_assert_held(c->lock);
	c->attr = *attr;
	c->attr_seq++;
	c->on = on;
	a.disabled = !on;
	for (cpu = 0; c->ctr && cpu < nr_cpu_ids; cpu++)
		if (c->ctr[cpu] && c->update(c->ctr[cpu], &a))
			refused++;
	return refused;
}
