// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/kprobetrace/latency (0600): the durations of every
 * return event with a $duration field, aggregated in the module (the hit
 * path adds them, kpt_hit.c; see kpt_latency.h for the histogram).
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
 * below 8 ns).  An event with an errno table (kpt_latency.h) adds
 *
 *   GRP/EVENT failures N               (negative errno returns)
 *   GRP/EVENT errno -ENAME COUNT       (each errno returned; "other")
  Write (anything): every histogram starts again from zero.
 * Hits racing with a reset are counted either before or after it; no
 * counter is ever torn (each is one aligned word, zeroed by one store).
 */
#include <linux/capability.h>
#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include "kpt_latency.h"
#include "kpt_probe.h"

/* The percentiles shown, in thousandths, and their names. */
static const struct {
	unsigned int q;
	const char *name;
} kpt_lat_pcts[] = {
	{ 500, "p50" }, { 900, "p90" }, { 990, "p99" }, { 999, "p99.9" },
};

static void *kpt_lat_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&kpt_mutex);
	return seq_list_start(&kpt_probes, *pos);
}

static void *kpt_lat_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &kpt_probes, pos);
}

static void kpt_lat_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kpt_mutex);
}

/* The percentile q (thousandths) of count durations in sum[]. */
static u64 kpt_lat_pct(const u64 *sum, u64 count, unsigned int q)
{
	u64 rank = div_u64(count * q + 999, 1000), seen = 0;
	unsigned int b;

	if (!rank)
		rank = 1;
	for (b = 0; b < KPT_LAT_BUCKETS; b++) {
		seen += sum[b];
		if (seen >= rank)
			return kpt_lat_lo(b);
	}
	return kpt_lat_lo(KPT_LAT_BUCKETS - 1);
}

/*
 * The errno table: "GRP/EVENT failures N", then "GRP/EVENT errno -ENAME
 * COUNT" for each errno returned (its number where the kernel has no
 * name for it), "errno other COUNT" for the rest.  sum: scratch, at
 * least KPT_LAT_ERRNOS words.
 */
static void kpt_lat_show_errnos(struct seq_file *m, struct kpt_probe *p,
				const char *label, u64 *sum)
{
	u64 failures = 0;
	unsigned int s;
	int cpu;

	memset(sum, 0, KPT_LAT_ERRNOS * sizeof(*sum));
	for_each_possible_cpu(cpu) {
		struct kpt_lat *lat = per_cpu_ptr(p->lat, cpu);

		for (s = 1; s < KPT_LAT_ERRNOS; s++)
			sum[s] += READ_ONCE(lat->err[s]);
	}
	for (s = 1; s < KPT_LAT_ERRNOS; s++)
		failures += sum[s];
	seq_printf(m, "%s failures %llu\n", label, failures);
	for (s = 1; s < KPT_LAT_ERR_OTHER; s++)
		if (sum[s])
			seq_printf(m, "%s errno %pe %llu\n", label,
				   ERR_PTR(-(long)kpt_lat_slot_errno(s)), sum[s]);
	if (sum[KPT_LAT_ERR_OTHER])
		seq_printf(m, "%s errno other %llu\n", label,
			   sum[KPT_LAT_ERR_OTHER]);
}

static int kpt_lat_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p = list_entry(v, struct kpt_probe, list);
	char label[KPT_LABEL_MAX];
	u64 *sum, count = 0, max = 0, hi;
	unsigned int b, i;
	int cpu;

	/* one entry per event: its holder's */
	if (p->ev != p || !p->lat)
		return 0;
	sum = kcalloc(KPT_LAT_BUCKETS, sizeof(*sum), GFP_KERNEL);
	if (!sum)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct kpt_lat *lat = per_cpu_ptr(p->lat, cpu);

		for (b = 0; b < KPT_LAT_BUCKETS; b++)
			sum[b] += READ_ONCE(lat->bucket[b]);
	}
	/*
	 * the hit path writes the max before the count: read it after
	 * (pairs with the smp_wmb() of kpt_duration_end(), kpt_hit.c)
	 */
	smp_rmb();
	for_each_possible_cpu(cpu)
		max = max_t(u64, max, READ_ONCE(per_cpu_ptr(p->lat, cpu)->max));
	for (b = 0; b < KPT_LAT_BUCKETS; b++) {
		count += sum[b];
		/* (a reset racing with a hit can zero a max, not its count) */
		if (sum[b])
			max = max_t(u64, max, kpt_lat_lo(b));
	}
	snprintf(label, sizeof(label), "%s/%s", kpt_probe_group(p),
		 kpt_probe_name(p));
	seq_printf(m, "%s count %llu max %llu", label, count,
		   count ? max : 0);
	for (i = 0; i < ARRAY_SIZE(kpt_lat_pcts); i++)
		seq_printf(m, " %s %llu", kpt_lat_pcts[i].name,
			   count ? kpt_lat_pct(sum, count, kpt_lat_pcts[i].q) :
				   0);
	seq_putc(m, '\n');
	for (b = 0; b < KPT_LAT_BUCKETS; b++) {
		if (!sum[b])
			continue;
		hi = b + 1 < KPT_LAT_BUCKETS ? kpt_lat_lo(b + 1) : U64_MAX;
		seq_printf(m, "%s bucket %llu %llu %llu\n", label,
			   kpt_lat_lo(b), hi, sum[b]);
	}
	if (p->errno_bits)
		kpt_lat_show_errnos(m, p, label, sum);
	kfree(sum);
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
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	/* a write only resets: no seq_file needed then */
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return seq_open(file, &kpt_lat_sops);
}

static int kpt_lat_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return seq_release(inode, file);
}

/* Any write: every event's histograms back to zero. */
static ssize_t kpt_lat_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct kpt_probe *p;
	unsigned int b;
	int cpu;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		if (p->ev != p || !p->lat)
			continue;
		for_each_possible_cpu(cpu) {
			struct kpt_lat *lat = per_cpu_ptr(p->lat, cpu);

			for (b = 0; b < KPT_LAT_BUCKETS; b++)
				WRITE_ONCE(lat->bucket[b], 0);
			for (b = 0; b < KPT_LAT_ERRNOS; b++)
				WRITE_ONCE(lat->err[b], 0);
			WRITE_ONCE(lat->max, 0);
		}
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

void kpt_latency_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("latency", 0600, dir, NULL, &kpt_lat_fops);
}
