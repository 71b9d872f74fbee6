// SPDX-License-Identifier: GPL-2.0
/*
 * The members of a timed probe (kpt_members.h): a copy of its functions'
 * addresses (one, or an f: set's, sorted), for a set the hash the hit
 * path finds a member in by the ip ftrace calls back with, and each
 * CPU's array of member counters (struct kpt_mlat, kpt_lat_types.h).
 * Published with RCU; the handlers read them with preemption off.
 */
#include <linux/ftrace.h>
#include <linux/log2.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include "kpt_fprobe.h"
#include "kpt_ksyms.h"
#include "kpt_lat_types.h"
#include "kpt_members.h"
#include "kpt_probe_types.h"

static void kpt_members_destroy(struct kpt_members *m)
{
	int cpu;

	if (!m)
		return;
	if (m->cpu)
		for_each_possible_cpu(cpu)
			kvfree(*per_cpu_ptr(m->cpu, cpu));
	free_percpu(m->cpu);
	kvfree(m->hash);
	kvfree(m->ips);
	kfree(m);
}

/*
 * A set's hash: each member under the ip ftrace calls back with, its
 * ftrace location (the function's start, or after its endbr64 on IBT)
 */
static int kpt_members_hash(struct kpt_members *m)
{
	unsigned long mask, h, ip;
	unsigned int i;

	m->hbits = ilog2(roundup_pow_of_two(2 * m->n));
	mask = (1UL << m->hbits) - 1;
	m->hash = kvcalloc(mask + 1, sizeof(*m->hash), GFP_KERNEL);
	if (!m->hash)
		return -ENOMEM;
	for (i = 0; i < m->n; i++) {
		ip = kpt_kcall(ftrace_location)(m->ips[i]) ?: m->ips[i];
		for (h = hash_long(ip, m->hbits); m->hash[h].idx;
		     h = (h + 1) & mask)
			;
		m->hash[h].ip = ip;
		m->hash[h].idx = i + 1;
	}
	return 0;
}

int kpt_members_make(struct kpt_probe *p)
{
	const unsigned long *ips = &p->addr;
	struct kpt_members *m;
	unsigned int n = 1;
	int cpu;

	BUILD_BUG_ON(sizeof(struct kpt_mlat) != 704);
	/* (a detached holder has no probe any more) */
	if (!p->timed || p->detached || rcu_access_pointer(p->members))
		return 0;
	if (p->fprobe) {
		n = kpt_fprobe_count(p);
		ips = p->fs->ips;
	}
	/* (a set's module not loaded: made when it comes) */
	if (!n || n > KPT_MEMBERS_MAX)
		return 0;
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->n = n;
	m->ips = kvmalloc_array(n, sizeof(*m->ips), GFP_KERNEL);
	m->cpu = alloc_percpu(struct kpt_mlat *);
	if (!m->ips || !m->cpu)
		goto nomem;
	memcpy(m->ips, ips, n * sizeof(*m->ips));
	if (n > 1 && kpt_members_hash(m))
		goto nomem;
	for_each_possible_cpu(cpu) {
		struct kpt_mlat *a = kvzalloc_node(n * sizeof(*a), GFP_KERNEL,
						   cpu_to_node(cpu));

		if (!a)
			goto nomem;
		*per_cpu_ptr(m->cpu, cpu) = a;
	}
	rcu_assign_pointer(p->members, m);
	return 0;
nomem:
	kpt_members_destroy(m);
	return -ENOMEM;
}

void kpt_members_drop(struct kpt_probe *p)
{
	struct kpt_members *m = rcu_dereference_protected(p->members, 1);

	if (!m)
		return;
	RCU_INIT_POINTER(p->members, NULL);
	/* the handlers are RCU-sched readers (preemption off) */
	synchronize_rcu();
	kpt_members_destroy(m);
}

void kpt_members_free(struct kpt_probe *p)
{
	kpt_members_destroy(rcu_dereference_protected(p->members, 1));
	RCU_INIT_POINTER(p->members, NULL);
}
