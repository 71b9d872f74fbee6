/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hit path's timing and aggregation steps (part of the hit path,
 * included by kpt_hit.c only): a timed call's entry counted, its return's
 * duration into the event's per-CPU histogram (kpt_lat_types.h), its errno
 * or NULL, and the same into the member block of the function it hit
 * (the aggregate file's per-function counts), behind that file's pid and
 * comm filter.  Everything nokprobe_inline: no call leaves the hit path.
 */
#ifndef KPT_HIT_LAT_H
#define KPT_HIT_LAT_H

#include <linux/err.h>
#include <linux/kprobes.h>
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sched/clock.h>
#include "kpt_lat_types.h"
#include "kpt_probe_types.h"

/* The histogram a timed probe counts in: its event's (see below) */
static nokprobe_inline struct kpt_lat __percpu *kpt_lat_of(struct kpt_probe *p)
{
	/*
	 * the event's; a timed probe appended to an event whose holder is
	 * not (its "duration" field fetched another way) counts in its own
	 */
	return p->ev->lat ? p->ev->lat : p->lat;
}

/* This CPU's counters of member i of p, if p has members now */
static nokprobe_inline struct kpt_mlat *kpt_mlat_of(struct kpt_probe *p,
						    int i)
{
	/* handlers run with preemption off: RCU-sched readers */
	struct kpt_members *m = rcu_dereference_sched(p->members);

	if (!m || i < 0 || i >= m->n)
		return NULL;
	return &this_cpu_read(*m->cpu)[i];
}

/*
 * A timed call's entry, its return hooked: counted (the coverage line's
 * calls, kpt_latency.c), in the event and in its member i.
 */
static nokprobe_inline void kpt_call_start(struct kpt_probe *p, int i)
{
	struct kpt_mlat *ml = kpt_mlat_of(p, i);

	this_cpu_inc(kpt_lat_of(p)->calls);
	if (ml)
		kpt_minc(&ml->calls);
}

/*
 * The aggregate file's filter: the thread group and/or the task name of
 * the task returning.  Inline: the hit path calls out to nothing.
 */
static nokprobe_inline bool kpt_agg_match(struct kpt_probe *ev)
{
	const char *want = ev->agg_comm, *comm = current->comm;
	unsigned int i;

	if (READ_ONCE(ev->agg_by_pid) &&
	    current->tgid != READ_ONCE(ev->agg_pid))
		return false;
	for (i = 0; i < TASK_COMM_LEN && want[0]; i++) {
		if (want[i] != comm[i])
			return false;
		if (!want[i])
			break;
	}
	return true;
}

/* A member's errno: its slot, claimed by the first return of it */
static nokprobe_inline void kpt_mlat_errno(struct kpt_mlat *ml, u16 e)
{
	unsigned int s;
	u16 cur;

	for (s = 0; s < KPT_MLAT_ERRS; s++) {
		cur = READ_ONCE(ml->eno[s]);
		if (!cur) {
			cur = cmpxchg_local(&ml->eno[s], 0, e);
			if (!cur)
				cur = e;
		}
		if (cur == e) {
			kpt_minc(&ml->ecnt[s]);
			return;
		}
	}
	kpt_minc(&ml->eother);
}

/* A member's duration and return value */
static nokprobe_inline void kpt_mlat_add(struct kpt_mlat *ml, u64 d,
					 long v, bool err, bool null)
{
	u64 old = READ_ONCE(ml->max), prev;

	while (d > old) {
		prev = cmpxchg_local(&ml->max, old, d);
		if (prev == old)
			break;
		old = prev;
	}
	kpt_minc(&ml->bucket[kpt_mlat_bucket(d)]);
	if (err)
		kpt_mlat_errno(ml, -v);
	if (null)
		kpt_minc(&ml->null);
}

/*
 * A timed return ($duration): word 0 of its entry data, the entry's time
 * (kpt_store_edata()), becomes the call's duration, which $duration reads
 * and the event's histogram on this CPU counts (kpt_lat_types.h): the max
 * first, then the bucket, so that a reader who sees the count sees a max
 * at least as high; with an errno table, a negative errno return too (a
 * NULL one for a pointer); then the member i's (kpt_lat_types.h), if the
 * event has members now.  The return is counted (coverage) before the
 * aggregate file's filter is applied.  Per-CPU operations, safe against
 * an interrupt that hits the same event: no lock.  A call that migrated
 * to a CPU whose clock lags (by less than local_clock()'s bound) would
 * come out negative: it counts as 0.
 */
static nokprobe_inline void kpt_duration_end(struct kpt_probe *p,
					     struct pt_regs *regs,
					     unsigned long *edata, int i)
{
	struct kpt_lat __percpu *lat = kpt_lat_of(p);
	struct kpt_probe *ev = p->ev;
	struct kpt_mlat *ml = kpt_mlat_of(p, i);
	u64 d = local_clock() - edata[0];
	bool err = false, null = false;
	u64 old, prev;
	long v = 0;

	if (unlikely((s64)d < 0))
		d = 0;
	edata[0] = d;
	this_cpu_inc(lat->rets);
	if (ml)
		kpt_minc(&ml->rets);
	if (unlikely(READ_ONCE(ev->agg_on)) && !kpt_agg_match(ev))
		return;
	old = this_cpu_read(lat->max);
	while (d > old) {
		prev = this_cpu_cmpxchg(lat->max, old, d);
		if (prev == old)
			break;
		old = prev;
	}
	/* pairs with the reader's smp_rmb() (kpt_latency.c) */
	smp_wmb();
	this_cpu_inc(lat->bucket[kpt_lat_bucket(d)]);
	if (p->errno_bits) {
		unsigned long rv = regs_return_value(regs);

		/* the return value, sign-extended from its type's width */
		v = (long)(rv << (64 - p->errno_bits)) >> (64 - p->errno_bits);
		/* type unknown: upper 32 bits zero, an s32 errno below */
		if (p->errno_lo32 && !(rv >> 32) &&
		    IS_ERR_VALUE((long)(s32)rv))
			v = (s32)rv;
		err = IS_ERR_VALUE(v);
		null = p->ret_ptr && !v;
		if (err)
			this_cpu_inc(lat->err[kpt_lat_errno_slot(-v)]);
		else if (null)
			this_cpu_inc(lat->null);
	}
	if (ml)
		kpt_mlat_add(ml, d, v, err, null);
}

#endif /* KPT_HIT_LAT_H */
