/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Latency aggregation (kpt_latency.c): the durations of the return events
 * that have a $duration field, counted in the module, per CPU, without the
 * ring buffer, and the file /sys/kernel/debug/kprobetrace/latency that
 * sums and prints them.
 *
 * The histogram is log-linear: bucket 0 holds 0 ns; a duration v in
 * [2^k, 2^(k+1)) goes to one of 8 linear sub-buckets of that range, each
 * 2^k / 8 wide (below 8 ns a sub-bucket holds one value or none), so a
 * bucket's upper edge is at most 12.5% above its lower edge: the error
 * bound of the percentiles taken from it.  The hit path (kpt_hit.c) adds a
 * duration with kpt_lat_bucket() and per-CPU increments: no lock.
 *
 * An event whose $duration sits beside a plain $retval of a signed type
 * (s8..s64, or untyped/x64: taken as a long; BTF gives int functions
 * s32) also counts its negative errno returns, by errno (ERR_PTR returns
 * alike): p->errno_bits, the width to sign-extend the return value from.
 *
 * Offers: struct kpt_lat, kpt_lat_bucket(), kpt_lat_lo(),
 * kpt_lat_errno_slot(), kpt_lat_slot_errno(), kpt_latency_init().  May touch: the probe list (kpt_probe.h), read
 * under kpt_mutex, and the probes' per-CPU histograms.
 */
#ifndef KPT_LATENCY_H
#define KPT_LATENCY_H

#include <linux/bitops.h>
#include <linux/kprobes.h>
#include <linux/types.h>

#define KPT_LAT_SUB_BITS	3
#define KPT_LAT_SUB		(1 << KPT_LAT_SUB_BITS)	/* sub-buckets */
#define KPT_LAT_BUCKETS		(1 + 64 * KPT_LAT_SUB)

/*
 * The errno table: returns -1..-133 (the uapi errnos) and -512..-531 (the
 * kernel's own, ERESTARTSYS..ENOGRACE) one slot each, any other value in
 * [-MAX_ERRNO, -1] in the last slot (slot 0 is unused).
 */
#define KPT_LAT_ERRNO_UAPI	133
#define KPT_LAT_ERRNO_KFIRST	512
#define KPT_LAT_ERRNO_KLAST	531
#define KPT_LAT_ERR_OTHER	(KPT_LAT_ERRNO_UAPI + 1 + \
				 KPT_LAT_ERRNO_KLAST - KPT_LAT_ERRNO_KFIRST + 1)
#define KPT_LAT_ERRNOS		(KPT_LAT_ERR_OTHER + 1)

/* One CPU's histogram of one event (alloc_percpu). */
struct kpt_lat {
	u64 max;			/* written before the bucket's count */
	u64 bucket[KPT_LAT_BUCKETS];
	/* returns by errno: events with a signed $retval (p->errno_bits) */
	u64 err[KPT_LAT_ERRNOS];
};

/* The errno table's slot of errno e (1 <= e <= MAX_ERRNO). */
static nokprobe_inline unsigned int kpt_lat_errno_slot(unsigned long e)
{
	if (e <= KPT_LAT_ERRNO_UAPI)
		return e;
	if (e >= KPT_LAT_ERRNO_KFIRST && e <= KPT_LAT_ERRNO_KLAST)
		return KPT_LAT_ERRNO_UAPI + 1 + e - KPT_LAT_ERRNO_KFIRST;
	return KPT_LAT_ERR_OTHER;
}

/* The errno of a slot (not KPT_LAT_ERR_OTHER, not 0). */
static inline unsigned int kpt_lat_slot_errno(unsigned int s)
{
	if (s <= KPT_LAT_ERRNO_UAPI)
		return s;
	return s - KPT_LAT_ERRNO_UAPI - 1 + KPT_LAT_ERRNO_KFIRST;
}

/* The bucket of a duration: 0 for 0, else 1 + 8k + sub-bucket. */
static nokprobe_inline unsigned int kpt_lat_bucket(u64 v)
{
	unsigned int k, sub;

	if (!v)
		return 0;
	k = fls64(v) - 1;
	if (k >= KPT_LAT_SUB_BITS)
		sub = (v >> (k - KPT_LAT_SUB_BITS)) & (KPT_LAT_SUB - 1);
	else
		sub = (v << (KPT_LAT_SUB_BITS - k)) & (KPT_LAT_SUB - 1);
	return 1 + k * KPT_LAT_SUB + sub;
}

/* The lowest duration of bucket b (b < KPT_LAT_BUCKETS). */
static inline u64 kpt_lat_lo(unsigned int b)
{
	unsigned int k, sub;

	if (!b)
		return 0;
	k = (b - 1) / KPT_LAT_SUB;
	sub = (b - 1) % KPT_LAT_SUB;
	if (k >= KPT_LAT_SUB_BITS)
		return (1ULL << k) + ((u64)sub << (k - KPT_LAT_SUB_BITS));
	/* 2^k + sub * 2^k / 8, rounded up to a whole nanosecond */
	return (1ULL << k) + (((u64)sub << k) + KPT_LAT_SUB - 1) /
			     KPT_LAT_SUB;
}

struct dentry;
void kpt_latency_init(struct dentry *dir);

#endif /* KPT_LATENCY_H */
