// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/tracing/kprobetrace/latency (0600): the durations of every
 * return event with a $duration field, aggregated in the module (the hit
 * path adds them, kpt_hit.c; see kpt_lat_types.h for the histogram).
 *
 * Read: for each such event, its per-CPU histograms summed at read time:
 *
 *   GRP/EVENT count N max M p50 A p90 B p99 C p99.9 D
 *   GRP/EVENT bucket LO HI COUNT      (each non-empty bucket, [LO, HI) ns)
 *
 * count is the sum of the buckets read, so the lines of one event always
 * agree; max is read after them and is at least every duration counted
 * (at least the lower edge of the highest bucket, after a reset raced).
 * A percentile is the lower edge LO of the bucket its rank (nearest rank)
 * falls in: the true value is in [LO, HI), HI <= LO + LO / 8 (exact
 * below 8 ns).  An event with an errno table (kpt_lat_types.h) adds
 *
 *   GRP/EVENT failures N               (negative errno returns)
 *   GRP/EVENT errno -ENAME COUNT       (each errno returned; "other")
 *   GRP/EVENT null N                   (a pointer's NULL returns, if any)
 *
 * and every event its coverage:
 *
 *   GRP/EVENT calls N misses M inflight K
 *
 * calls: the calls seen (entries timed, plus misses); misses: the returns
 * lost (the probes' misses: an exhausted kretprobe or rethook pool,
 * recursion); inflight: calls timed that have not returned (returns read
 * first, then calls: never below 0).  They count every call, whatever the
 * aggregate file's filter.
 *
 * Then, for an event with more than one member function whose members
 * are made (armed through the aggregate file, kpt_members.h), one block
 * of the same lines for each member hit, labelled GRP/EVENT:FUNC, from
 * the member's smaller histogram (its bucket edges: 4 per power of 2).
 *
 * Write (anything): every histogram and counter starts again from zero.
 * Hits racing with a reset are counted either before or after it; no
 * counter is ever torn (each is one aligned word, zeroed by one store).
 * A call under way across a reset returns uncounted as a call: inflight
 * leaves it out.
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include "kpt_files.h"
#include "kpt_lat_types.h"
#include "kpt_latency.h"
#include "kpt_probe.h"

/* The percentiles shown, in thousandths, and their names. */
static const struct {
	unsigned int q;
	const char *name;
} kpt_lat_pcts[] = {
	{ 500, "p50" }, { 900, "p90" }, { 990, "p99" }, { 999, "p99.9" },
};

/* One block's sums (an event's or a member's), as printed */
struct kpt_lat_sum {
	u64 bucket[KPT_LAT_BUCKETS];
	u64 err[KPT_LAT_ERRNOS];
	u64 max, null, calls, rets, misses;
	unsigned int nb;			/* buckets used */
	u64 (*lo)(unsigned int b);		/* their lower edges */
};

/* How many member functions the event held by ev has now */
static unsigned int kpt_members_count(struct kpt_probe *ev)
{
	struct kpt_members *m;
	struct kpt_probe *q;
	unsigned int n = 0;

	list_for_each_entry(q, &ev->sibs, sib) {
		m = rcu_dereference_protected(q->members,
					      lockdep_is_held(&kpt_mutex));
		if (m)
			n += m->n;
	}
	return n;
}

/* ---- reading ---------------------------------------------------------------- */

/*
 * The file's items: each event's block, then (if it has more than one
 * member function) one per member of each probe of it, in order.
 */
struct kpt_lat_it {
	struct kpt_probe *ev;
	struct kpt_probe *q;		/* NULL: the event's block */
	unsigned int i;			/* q's member i */
	struct kpt_lat_sum *sum;	/* scratch */
};

static struct kpt_members *kpt_lat_members(struct kpt_probe *q)
{
	return rcu_dereference_protected(q->members,
					 lockdep_is_held(&kpt_mutex));
}

/* The first event block from list entry pos on */
static bool kpt_lat_next_event(struct kpt_lat_it *it, struct list_head *pos)
{
	struct kpt_probe *p;

	for (; pos != &kpt_probes; pos = pos->next) {
		p = list_entry(pos, struct kpt_probe, list);
		if (p->ev == p && p->lat) {
			it->ev = p;
			it->q = NULL;
			it->i = 0;
			return true;
		}
	}
	return false;
}

/* The first member of a probe of the event from q on (q itself too) */
static bool kpt_lat_next_member(struct kpt_lat_it *it, struct kpt_probe *q)
{
	for (; &q->sib != &it->ev->sibs;
	     q = list_entry(q->sib.next, struct kpt_probe, sib)) {
		if (kpt_lat_members(q)) {
			it->q = q;
			it->i = 0;
			return true;
		}
	}
	return false;
}

static bool kpt_lat_step(struct kpt_lat_it *it)
{
	struct kpt_members *m;

	if (!it->q) {
		if (kpt_members_count(it->ev) > 1 &&
		    kpt_lat_next_member(it, list_first_entry(&it->ev->sibs,
							     struct kpt_probe,
							     sib)))
			return true;
	} else {
		m = kpt_lat_members(it->q);
		if (m && ++it->i < m->n)
			return true;
		if (kpt_lat_next_member(it, list_entry(it->q->sib.next,
						       struct kpt_probe, sib)))
			return true;
	}
	return kpt_lat_next_event(it, it->ev->list.next);
}

static void *kpt_lat_start(struct seq_file *m, loff_t *pos)
{
	struct kpt_lat_it *it = m->private;
	loff_t n = *pos;

	mutex_lock(&kpt_mutex);
	if (!kpt_lat_next_event(it, kpt_probes.next))
		return NULL;
	while (n--)
		if (!kpt_lat_step(it))
			return NULL;
	return it;
}

static void *kpt_lat_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return kpt_lat_step(v) ? v : NULL;
}

static void kpt_lat_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kpt_mutex);
}

/* The percentile q (thousandths) of count durations in s's buckets. */
static u64 kpt_lat_pct(const struct kpt_lat_sum *s, u64 count, unsigned int q)
{
	u64 rank = div_u64(count * q + 999, 1000), seen = 0;
	unsigned int b;

	if (!rank)
		rank = 1;
	for (b = 0; b < s->nb; b++) {
		seen += s->bucket[b];
		if (seen >= rank)
			return s->lo(b);
	}
	return s->lo(s->nb - 1);
}

/*
 * One block: the count line, the buckets, the errno table ("failures N",
 * then "errno -ENAME COUNT" for each errno returned, its number where the
 * kernel has no name for it, "errno other COUNT" for the rest), the NULL
 * returns, the coverage line.
 */
static void kpt_lat_print(struct seq_file *m, const char *label,
			  struct kpt_lat_sum *s, bool errnos)
{
	u64 count = 0, max = s->max, failures = 0, hi, inflight;
	unsigned int b, i;

	for (b = 0; b < s->nb; b++) {
		count += s->bucket[b];
		/* (a reset racing with a hit can zero a max, not its count) */
		if (s->bucket[b])
			max = max_t(u64, max, s->lo(b));
	}
	seq_printf(m, "%s count %llu max %llu", label, count,
		   count ? max : 0);
	for (i = 0; i < ARRAY_SIZE(kpt_lat_pcts); i++)
		seq_printf(m, " %s %llu", kpt_lat_pcts[i].name,
			   count ? kpt_lat_pct(s, count, kpt_lat_pcts[i].q) :
				   0);
	seq_putc(m, '\n');
	for (b = 0; b < s->nb; b++) {
		if (!s->bucket[b])
			continue;
		hi = b + 1 < s->nb ? s->lo(b + 1) : U64_MAX;
		seq_printf(m, "%s bucket %llu %llu %llu\n", label, s->lo(b), hi,
			   s->bucket[b]);
	}
	if (errnos) {
		for (i = 1; i < KPT_LAT_ERRNOS; i++)
			failures += s->err[i];
		seq_printf(m, "%s failures %llu\n", label, failures);
		for (i = 1; i < KPT_LAT_ERR_OTHER; i++)
			if (s->err[i])
				seq_printf(m, "%s errno %pe %llu\n", label,
					   ERR_PTR(-(long)kpt_lat_slot_errno(i)),
					   s->err[i]);
		if (s->err[KPT_LAT_ERR_OTHER])
			seq_printf(m, "%s errno other %llu\n", label,
				   s->err[KPT_LAT_ERR_OTHER]);
	}
	if (s->null)
		seq_printf(m, "%s null %llu\n", label, s->null);
	inflight = s->calls > s->rets ? s->calls - s->rets : 0;
	seq_printf(m, "%s calls %llu misses %llu inflight %llu\n", label,
		   s->calls + s->misses, s->misses, inflight);
}

/* A probe's misses since the last reset */
static unsigned long kpt_lat_misses(struct kpt_probe *q)
{
	unsigned long n = kpt_probe_misses(q);

	return n > q->miss_base ? n - q->miss_base : 0;
}

static void kpt_lat_sum_event(struct kpt_lat_sum *s, struct kpt_probe *p)
{
	struct kpt_probe *q;
	unsigned int b;
	int cpu;

	memset(s, 0, sizeof(*s));
	s->nb = KPT_LAT_BUCKETS;
	s->lo = kpt_lat_lo;
	for_each_possible_cpu(cpu)
		s->rets += READ_ONCE(per_cpu_ptr(p->lat, cpu)->rets);
	/* returns before calls: a return read has its call read too */
	smp_rmb();
	for_each_possible_cpu(cpu) {
		struct kpt_lat *lat = per_cpu_ptr(p->lat, cpu);

		s->calls += READ_ONCE(lat->calls);
		for (b = 0; b < KPT_LAT_BUCKETS; b++)
			s->bucket[b] += READ_ONCE(lat->bucket[b]);
		for (b = 1; b < KPT_LAT_ERRNOS; b++)
			s->err[b] += READ_ONCE(lat->err[b]);
		s->null += READ_ONCE(lat->null);
	}
	/*
	 * the hit path writes the max before the count: read it after
	 * (pairs with the smp_wmb() of kpt_duration_end(), kpt_hit.c)
	 */
	smp_rmb();
	for_each_possible_cpu(cpu)
		s->max = max_t(u64, s->max,
			       READ_ONCE(per_cpu_ptr(p->lat, cpu)->max));
	list_for_each_entry(q, &p->sibs, sib)
		s->misses += kpt_lat_misses(q);
}

static void kpt_lat_sum_member(struct kpt_lat_sum *s, struct kpt_probe *q,
			       struct kpt_members *mb, unsigned int i)
{
	unsigned int b;
	int cpu;

	memset(s, 0, sizeof(*s));
	s->nb = KPT_MLAT_BUCKETS;
	s->lo = kpt_mlat_lo;
	for_each_possible_cpu(cpu)
		s->rets += READ_ONCE((*per_cpu_ptr(mb->cpu, cpu))[i].rets);
	/* returns before calls (as kpt_lat_sum_event()) */
	smp_rmb();
	for_each_possible_cpu(cpu) {
		struct kpt_mlat *ml = &(*per_cpu_ptr(mb->cpu, cpu))[i];
		unsigned int e;

		s->calls += READ_ONCE(ml->calls);
		for (b = 0; b < KPT_MLAT_BUCKETS; b++)
			s->bucket[b] += READ_ONCE(ml->bucket[b]);
		for (b = 0; b < KPT_MLAT_ERRS; b++) {
			e = READ_ONCE(ml->eno[b]);
			s->err[e && e <= MAX_ERRNO ? kpt_lat_errno_slot(e) :
			       KPT_LAT_ERR_OTHER] += READ_ONCE(ml->ecnt[b]);
		}
		s->err[KPT_LAT_ERR_OTHER] += READ_ONCE(ml->eother);
		s->null += READ_ONCE(ml->null);
		s->misses += READ_ONCE(ml->misses);
		s->max = max_t(u64, s->max, READ_ONCE(ml->max));
	}
	/* a kretprobe's member is the probe: its misses */
	if (!q->fprobe)
		s->misses = kpt_lat_misses(q);
}

/* A member's function name, without its module */
static void kpt_lat_member_label(char *buf, size_t size, struct kpt_probe *q,
				 struct kpt_members *mb, unsigned int i)
{
	char name[KSYM_SYMBOL_LEN];

	if (q->fprobe) {
		sprint_symbol_no_offset(name, mb->ips[i]);
		name[strcspn(name, " ")] = '\0';
	} else {
		strscpy(name, kpt_def_str(q->def, q->def->symbol),
			sizeof(name));
	}
	snprintf(buf, size, "%s/%s:%s", kpt_probe_group(q), kpt_probe_name(q),
		 name);
}

static int kpt_lat_show(struct seq_file *m, void *v)
{
	struct kpt_lat_it *it = v;
	struct kpt_lat_sum *s = it->sum;
	char label[KPT_LABEL_MAX + KSYM_SYMBOL_LEN];
	struct kpt_members *mb;
	u64 count = 0;
	unsigned int b;

	if (!it->q) {
		kpt_lat_sum_event(s, it->ev);
		snprintf(label, sizeof(label), "%s/%s",
			 kpt_probe_group(it->ev), kpt_probe_name(it->ev));
		kpt_lat_print(m, label, s, it->ev->errno_bits);
		return 0;
	}
	mb = kpt_lat_members(it->q);
	if (!mb || it->i >= mb->n)
		return 0;
	kpt_lat_sum_member(s, it->q, mb, it->i);
	for (b = 0; b < s->nb; b++)
		count += s->bucket[b];
	/* only the members hit */
	if (!count && !s->calls && !s->misses)
		return 0;
	kpt_lat_member_label(label, sizeof(label), it->q, mb, it->i);
	kpt_lat_print(m, label, s, it->q->errno_bits);
	return 0;
}

static const struct seq_operations kpt_lat_sops = {
	.start = kpt_lat_start,
	.next = kpt_lat_next,
	.stop = kpt_lat_stop,
	.show = kpt_lat_show,
};

static int kpt_lat_open(struct inode *inode, struct file *file)
{
	struct kpt_lat_it *it;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	/* a write only resets: no seq_file needed then */
	if (!(file->f_mode & FMODE_READ))
		return 0;
	it = __seq_open_private(file, &kpt_lat_sops, sizeof(*it));
	if (!it)
		return -ENOMEM;
	it->sum = kvmalloc(sizeof(*it->sum), GFP_KERNEL);
	if (!it->sum) {
		seq_release_private(inode, file);
		return -ENOMEM;
	}
	return 0;
}

static int kpt_lat_release(struct inode *inode, struct file *file)
{
	struct kpt_lat_it *it;

	if (!(file->f_mode & FMODE_READ))
		return 0;
	it = ((struct seq_file *)file->private_data)->private;
	kvfree(it->sum);
	return seq_release_private(inode, file);
}

/* Zero one CPU's counters of a member: one store a word */
static void kpt_mlat_zero(struct kpt_mlat *ml)
{
	u32 *w = &ml->calls, *end = (u32 *)(ml + 1);

	WRITE_ONCE(ml->max, 0);
	for (; w < end; w++)
		WRITE_ONCE(*w, 0);
}

/* Any write: every event's histograms and counters back to zero. */
static ssize_t kpt_lat_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct kpt_members *mb;
	struct kpt_probe *p;
	unsigned int b, i;
	int cpu;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		if (!p->timed)
			continue;
		p->miss_base = kpt_probe_misses(p);
		mb = kpt_lat_members(p);
		for_each_possible_cpu(cpu)
			for (i = 0; mb && i < mb->n; i++)
				kpt_mlat_zero(&(*per_cpu_ptr(mb->cpu, cpu))[i]);
		if (p->ev != p || !p->lat)
			continue;
		for_each_possible_cpu(cpu) {
			struct kpt_lat *lat = per_cpu_ptr(p->lat, cpu);

			for (b = 0; b < KPT_LAT_BUCKETS; b++)
				WRITE_ONCE(lat->bucket[b], 0);
			for (b = 0; b < KPT_LAT_ERRNOS; b++)
				WRITE_ONCE(lat->err[b], 0);
			WRITE_ONCE(lat->null, 0);
			WRITE_ONCE(lat->calls, 0);
			WRITE_ONCE(lat->rets, 0);
			WRITE_ONCE(lat->max, 0);
		}
		cond_resched();
	}
	mutex_unlock(&kpt_mutex);
	return count;
}

static const struct file_operations kpt_lat_fops = {
	.owner = THIS_MODULE,
	.open = kpt_lat_open,
	.read = seq_read,
	.write = kpt_lat_write,
	.llseek = seq_lseek,
	.release = kpt_lat_release,
};

int kpt_latency_init(void)
{
	return kpt_file("latency", 0600, &kpt_lat_fops, NULL);
}
