/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The counters of timed events (return events with a $duration field):
 * what the probes room allocates (p->lat, and p->members through
 * kpt_members.h), the hit path counts in (kpt_hit_lat.h) and the latency
 * room sums and prints (kpt_latency.c).  Data and the arithmetic on it
 * only: no room's functions are declared here.
 *
 * Offers: struct kpt_lat, kpt_lat_bucket(), kpt_lat_lo(),
 * kpt_lat_errno_slot(), kpt_lat_slot_errno(); a member's struct
 * kpt_mlat, kpt_mlat_bucket(), kpt_mlat_lo(), kpt_minc(); a probe's
 * struct kpt_members, kpt_member_find().
 *
 * The histogram is log-linear: bucket 0 holds 0 ns; a duration v in
 * [2^k, 2^(k+1)) goes to one of 8 linear sub-buckets of that range, each
 * 2^k / 8 wide (below 8 ns a sub-bucket holds one value or none), so a
 * bucket's upper edge is at most 12.5% above its lower edge: the error
 * bound of the percentiles taken from it.  The hit path adds a duration
 * with kpt_lat_bucket() and per-CPU increments: no lock.
 *
 * An event whose $duration sits beside a plain $retval of a signed type
 * (s8..s64, or untyped/x64: taken as a long; BTF gives int functions
 * s32) also counts its negative errno returns, by errno (ERR_PTR returns
 * alike): p->errno_bits, the width to sign-extend the return value from.
 * An untyped $retval (no BTF typed it: its type is unknown) is a long,
 * except that a value whose upper 32 bits are zero and whose lower 32
 * bits are a negative errno as an s32 (-4095..-1) counts as that errno:
 * what an int function's errno return leaves in rax (p->errno_lo32).
 */
#ifndef KPT_LAT_TYPES_H
#define KPT_LAT_TYPES_H

#include <linux/bitops.h>
#include <linux/hash.h>
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
	u64 null;			/* NULL returns (p->ret_ptr) */
	/*
	 * Coverage: entries timed (calls whose return is hooked) and
	 * returns seen, whatever the aggregate file's filter
	 */
	u64 calls;
	u64 rets;
};

/*
 * Per-member aggregation (a member: one function of an f: set, or one
 * probe of an event made of several): made only while the event is armed
 * through the aggregate file (kpt_aggregate.c), for each probe of the
 * event (kpt_members.h), and printed when the event has more than one
 * member function.
 * A member's histogram is smaller than the event's: 4 linear sub-buckets
 * per power of 2 (a bucket's upper edge at most 25% above its lower edge:
 * the error bound of a member's percentiles), up to 2^40 ns (about 18
 * minutes; longer calls count in the last bucket), u32 counters (wrap
 * after 2^32 calls of one member between resets), a max, and at most
 * KPT_MLAT_ERRS distinct errnos (the rest "other").  It lives in one array
 * per CPU (kvzalloc'd, not the per-CPU allocator, which is too small for
 * 10,000 members): sizeof(struct kpt_mlat) = 704 bytes per member per
 * possible CPU (10,000 members: 6.7 MiB per CPU).  Sets of more than
 * KPT_MEMBERS_MAX functions get the event's block only.
 *
 * The counters are per CPU and written by that CPU's handlers only (with
 * preemption off); an interrupt may hit the same member on the same CPU,
 * so each update is one instruction (kpt_minc(), cmpxchg_local()): never
 * torn, no lock, no bus lock.
 */
#define KPT_MLAT_SUB_BITS	2
#define KPT_MLAT_SUB		(1 << KPT_MLAT_SUB_BITS)
#define KPT_MLAT_OCTAVES	40
#define KPT_MLAT_BUCKETS	(1 + KPT_MLAT_OCTAVES * KPT_MLAT_SUB)
#define KPT_MLAT_ERRS		4
#define KPT_MEMBERS_MAX		32768

struct kpt_mlat {
	u64 max;
	u32 calls, rets, misses, null;
	u16 eno[KPT_MLAT_ERRS];		/* errno of slot s; 0: free */
	u32 ecnt[KPT_MLAT_ERRS];
	u32 eother;
	u32 bucket[KPT_MLAT_BUCKETS];
	u32 pad;
};

/* A slot of a set's hash of members: ftrace's ip, the member + 1 */
struct kpt_mslot {
	unsigned long ip;
	unsigned long idx;		/* 0: an empty slot */
};

/*
 * The members of one probe: its function, or its set's (sorted), and for
 * a set the hash the hit path finds a member in by its ftrace ip (open
 * addressing, at most half full: 2^hbits >= 2n slots of 16 bytes, shared
 * by the CPUs; 10,000 members: 512 KiB)
 */
struct kpt_members {
	unsigned int n;
	unsigned int hbits;
	unsigned long *ips;		/* a copy: the set may be matched anew */
	struct kpt_mslot *hash;		/* n > 1 */
	struct kpt_mlat * __percpu *cpu;	/* each CPU's n members */
};

/* The member of a probe's table at ip (the entry's, ftrace's), or -1 */
static nokprobe_inline int kpt_member_find(const struct kpt_members *m,
					   unsigned long ip)
{
	unsigned long mask, h;

	if (m->n == 1)
		return 0;
	mask = (1UL << m->hbits) - 1;
	for (h = hash_long(ip, m->hbits); m->hash[h].idx; h = (h + 1) & mask)
		if (m->hash[h].ip == ip)
			return m->hash[h].idx - 1;
	return -1;
}

/* One increment, not torn by an interrupt on this CPU (x86: incl). */
static __always_inline void kpt_minc(u32 *c)
{
	asm volatile("incl %0" : "+m" (*c));
}

static nokprobe_inline unsigned int kpt_mlat_bucket(u64 v)
{
	unsigned int k, sub;

	if (!v)
		return 0;
	k = fls64(v) - 1;
	if (k >= KPT_MLAT_OCTAVES)
		return KPT_MLAT_BUCKETS - 1;
	if (k >= KPT_MLAT_SUB_BITS)
		sub = (v >> (k - KPT_MLAT_SUB_BITS)) & (KPT_MLAT_SUB - 1);
	else
		sub = (v << (KPT_MLAT_SUB_BITS - k)) & (KPT_MLAT_SUB - 1);
	return 1 + k * KPT_MLAT_SUB + sub;
}

static inline u64 kpt_mlat_lo(unsigned int b)
{
	unsigned int k, sub;

	if (!b)
		return 0;
	k = (b - 1) / KPT_MLAT_SUB;
	sub = (b - 1) % KPT_MLAT_SUB;
	if (k >= KPT_MLAT_SUB_BITS)
		return (1ULL << k) + ((u64)sub << (k - KPT_MLAT_SUB_BITS));
	return (1ULL << k) + (((u64)sub << k) + KPT_MLAT_SUB - 1) /
			     KPT_MLAT_SUB;
}

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

#endif /* KPT_LAT_TYPES_H */
