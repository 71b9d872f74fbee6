/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-CPU perf counters that follow CPU hotplug (kpt_cpuctr.c): one kernel
 * counter per online CPU, made from one attr with one overflow handler,
 * for the e: probes (tracepoint counters) and the w: probes (hardware
 * breakpoints).  perf detaches a CPU's counters from its context when the
 * CPU goes offline (suspend takes every CPU but the first one down) and
 * never brings them back; here a CPU hotplug instance numbers each CPU's
 * life (even: online) and wakes a work that drops the counters of an
 * ended life and makes those of a CPU that came, enabled as the others.
 * A CPU's first moments online, before the work has run, are not seen.
 *
 * The owner's lock (lock) orders changes of ctr[], attr and on; the work
 * makes a counter with no lock held, then installs it under lock.
 *
 * Offers: the set's life (alloc, start, stop), enabling, and attr changes
 * (kpt_cpuctr_modify(): a breakpoint that moves).  May touch: perf's kernel counter API and the
 * CPU hotplug state machine.
 */
#ifndef KPT_CPUCTR_H
#define KPT_CPUCTR_H

#include <linux/cpuhotplug.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>
#include <linux/string.h>
#include <linux/workqueue.h>

struct kpt_cpuctr {
	struct hlist_node hp;		/* the hotplug instance */
	struct work_struct work;
	struct perf_event_attr attr;	/* a new CPU's counter: its attr */
	unsigned int attr_seq;		/* attr's changes (lock) */
	perf_overflow_handler_t handler;
	void *context;
	/* applies attr to a counter made before it changed (lock held) */
	int (*update)(struct perf_event *ev, struct perf_event_attr *attr);
	struct mutex *lock;		/* the owner's */
	struct perf_event **ctr;	/* nr_cpu_ids entries; NULL: none */
	unsigned int *ctr_gen;		/* the CPU's life each was made in */
	unsigned int *cpu_gen;		/* each CPU's life: even online */
	bool on;			/* counters enabled (lock) */
	bool started;
};

/* the hotplug state: at the module's load, and its unload */
int kpt_cpuctr_init(void);
void kpt_cpuctr_exit(void);

void kpt_cpuctr_work(struct work_struct *work);
int __kpt_cpuctr_alloc(struct kpt_cpuctr *c, const struct perf_event_attr *attr,
		       perf_overflow_handler_t handler, void *context,
		       struct mutex *lock);
/*
 * c's arrays for attr (made disabled), handler and its context, lock:
 * 0 or -ENOMEM.  kpt_cpuctr_stop() frees them.  A macro: each caller's
 * work has its own lockdep class (an e: work takes event_mutex, a w:
 * probe is stopped under it).
 */
#define kpt_cpuctr_alloc(c, attr, handler, context, lock)		\
({									\
	memset((c), 0, sizeof(*(c)));					\
	INIT_WORK(&(c)->work, kpt_cpuctr_work);				\
	__kpt_cpuctr_alloc((c), (attr), (handler), (context), (lock));	\
})
/*
 * A disabled counter on every online CPU, and on each that comes later:
 * 0, or the first CPU's error with none left.  Not with lock held.
 */
int kpt_cpuctr_start(struct kpt_cpuctr *c);
/* every counter released, the arrays freed: not with lock held */
void kpt_cpuctr_stop(struct kpt_cpuctr *c);
/* enable or disable every counter, and those to come (lock held) */
void kpt_cpuctr_enable(struct kpt_cpuctr *c, bool on);
/*
 * attr for every counter (through update), and those to come, enabled or
 * not (lock held): how many counters refused it
 */
int kpt_cpuctr_modify(struct kpt_cpuctr *c, const struct perf_event_attr *attr,
		      bool on);

#endif /* KPT_CPUCTR_H */
