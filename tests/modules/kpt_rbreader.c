// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_rbreader: the kernel ring buffer's reader against its
 * writers, under the rig, with nothing of kprobetrace involved.
 *
 * A reader that takes a page out of the ring while a writer's reservation
 * has run past the page's end (the writer is between its add and the
 * reset in rb_move_tail()) waits for that writer, udelay(1) at a time
 * with interrupts off, at most 1,000,000 times, then warns and switches
 * the buffer off (rb_get_reader_page()). Two things are measured here:
 *
 * turns  (tests/guest/rig-vcpu-turns.sh) A thread bound to CPU 0 waits
 *        udelay(1) TURNS times with interrupts off, while a thread bound
 *        to CPU 1 counts in a loop with preemption off all along and no
 *        PAUSE: a writer inside its reservation, as the reader's wait
 *        sees it.
 *        Out: how many of the waits saw the count not move
 *        (turns_stalled), the longest run of such waits (turns_longest),
 *        the mean time of one udelay(1) (turns_udelay_ns).
 * rb     (tests/kernel/rb-reader.sh) A private ring buffer of KB KiB a
 *        CPU (default 4: the smallest, two pages), overwrite off unless
 *        asked, a writer thread bound to each CPU writing records of
 *        varying length as fast as it can, optionally a high-resolution
 *        timer on each CPU (ticking, or writing from hard interrupt
 *        context too), and a reader thread consuming records, for SECS
 *        seconds. Every record carries its length and a byte pattern the
 *        reader checks. Out: records written and refused, read, left (the
 *        buffer's count) and drained at the end, overwritten, the
 *        buffer's own counts of dropped and read records, and records
 *        found damaged.
 *
 * Loaded with turns=N secs=S ...; the work is done before the load
 * returns; the results are read-only parameters
 * (/sys/module/kprobetrace_rbreader/parameters/).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/hrtimer.h>
#include <linux/irqflags.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/ring_buffer.h>
#include <linux/sched.h>

static unsigned int turns = 2000;
module_param(turns, uint, 0444);
MODULE_PARM_DESC(turns, "udelay(1) waits of the turns measurement (0: none)");

static unsigned int secs = 10;
module_param(secs, uint, 0444);
MODULE_PARM_DESC(secs, "seconds of the ring-buffer run (0: none)");

static unsigned int kb = 4;
module_param(kb, uint, 0444);
MODULE_PARM_DESC(kb, "the buffer's size a CPU in KiB (4: the smallest, two pages)");

static bool overwrite;
module_param(overwrite, bool, 0444);
MODULE_PARM_DESC(overwrite, "the buffer overwrites its oldest records when full (default: off, it refuses new ones)");

static unsigned int timers = 2;
module_param(timers, uint, 0444);
MODULE_PARM_DESC(timers, "a timer on each CPU: 0 none, 1 only ticks, 2 writes from hard interrupt context");

static bool reader = true;
module_param(reader, bool, 0444);
MODULE_PARM_DESC(reader, "a reader consumes while the writers write");

static unsigned long turns_stalled, turns_longest, turns_udelay_ns;
module_param(turns_stalled, ulong, 0444);
module_param(turns_longest, ulong, 0444);
module_param(turns_udelay_ns, ulong, 0444);

static unsigned long rb_written, rb_refused, rb_irq_written, rb_read;
static unsigned long rb_left, rb_drained, rb_dropped, rb_read_events;
static unsigned long rb_overrun, rb_damaged;
module_param(rb_written, ulong, 0444);
module_param(rb_refused, ulong, 0444);
module_param(rb_irq_written, ulong, 0444);
module_param(rb_read, ulong, 0444);
module_param(rb_left, ulong, 0444);
module_param(rb_drained, ulong, 0444);
module_param(rb_overrun, ulong, 0444);
module_param(rb_dropped, ulong, 0444);
module_param(rb_read_events, ulong, 0444);
module_param(rb_damaged, ulong, 0444);

/* --- turns ------------------------------------------------------------ */

static unsigned long kpt_rb_count;	/* CPU 1's counting loop */
static bool kpt_rb_counting;
static DECLARE_COMPLETION(kpt_rb_waited);

/* Counts with preemption off until the waiter is done, as a writer. */
static int kpt_rb_counter(void *unused)
{
	preempt_disable();
	while (READ_ONCE(kpt_rb_counting))
		WRITE_ONCE(kpt_rb_count, kpt_rb_count + 1);
	preempt_enable();
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ / 10);
	return 0;
}

/* One run of up to 100 udelay(1)s with interrupts off, as the reader's. */
static void kpt_rb_wait_run(unsigned int n, unsigned long *run, u64 *ns)
{
	unsigned long before, flags;
	unsigned int i;
	u64 t0;

	local_irq_save(flags);
	for (i = 0; i < n; i++) {
		before = READ_ONCE(kpt_rb_count);
		t0 = ktime_get_ns();
		udelay(1);
		*ns += ktime_get_ns() - t0;
		if (READ_ONCE(kpt_rb_count) == before) {
			turns_stalled++;
			turns_longest = max(turns_longest, ++*run);
		} else {
			*run = 0;
		}
	}
	local_irq_restore(flags);
}

static int kpt_rb_waiter(void *unused)
{
	unsigned long run = 0, before;
	unsigned int i;
	u64 ns = 0;

	/* start once the counter runs */
	before = READ_ONCE(kpt_rb_count);
	while (READ_ONCE(kpt_rb_count) == before)
		schedule_timeout_uninterruptible(1);
	for (i = 0; i < turns; i += 100) {
		kpt_rb_wait_run(min(100U, turns - i), &run, &ns);
		cond_resched();
	}
	WRITE_ONCE(kpt_rb_counting, false);
	turns_udelay_ns = div_u64(ns, turns);
	complete(&kpt_rb_waited);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ / 10);
	return 0;
}

static struct task_struct *kpt_rb_bound(int (*fn)(void *), void *data,
					unsigned int cpu, const char *what)
{
	struct task_struct *t;

	t = kthread_create(fn, data, "kpt_rb_%s/%u", what, cpu);
	if (IS_ERR(t))
		return t;
	kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

static int kpt_rb_turns(void)
{
	struct task_struct *c, *w;

	WRITE_ONCE(kpt_rb_counting, true);
	c = kpt_rb_bound(kpt_rb_counter, NULL, 1, "count");
	if (IS_ERR(c))
		return PTR_ERR(c);
	w = kpt_rb_bound(kpt_rb_waiter, NULL, 0, "wait");
	if (IS_ERR(w)) {
		WRITE_ONCE(kpt_rb_counting, false);
		kthread_stop(c);
		return PTR_ERR(w);
	}
	wait_for_completion(&kpt_rb_waited);	/* the waiter stopped the count */
	kthread_stop(c);
	kthread_stop(w);
	pr_info("turns: %u udelay(1) waits, interrupts off: %lu saw CPU 1 not move, longest run %lu, %lu ns each\n",
		turns, turns_stalled, turns_longest, turns_udelay_ns);
	return 0;
}

/* --- rb --------------------------------------------------------------- */

#define KPT_RB_MAX 196		/* payload bytes, multiple of 4 */
#define KPT_RB_IRQ_NS 500000	/* the timer writer's period */

struct kpt_rb_rec {
	u32 len;
	u32 seq;
	u8 fill[KPT_RB_MAX - 8];
};

struct kpt_rb_writer {
	struct task_struct *task;
	struct hrtimer timer;
	u32 seq;		/* the thread's records */
	u32 irq_seq;		/* the timer's */
	unsigned long written, refused, irq_written, irq_refused;
};

static struct trace_buffer *kpt_rb;
static struct kpt_rb_writer kpt_rb_writers[2];

static u8 kpt_rb_byte(u32 seq, u32 i)
{
	return (u8)(seq * 31 + i);
}

/* Writes record seq; counts it in *written or *refused. */
static void kpt_rb_put(u32 seq, unsigned long *written, unsigned long *refused)
{
	struct kpt_rb_rec r;
	u32 i, len = 8 + 4 * (seq % ((KPT_RB_MAX - 8) / 4 + 1));

	r.len = len;
	r.seq = seq;
	for (i = 0; i < len - 8; i++)
		r.fill[i] = kpt_rb_byte(seq, i);
	if (ring_buffer_write(kpt_rb, len, &r))
		(*refused)++;
	else
		(*written)++;
}

static enum hrtimer_restart kpt_rb_tick(struct hrtimer *t)
{
	struct kpt_rb_writer *w = container_of(t, struct kpt_rb_writer, timer);

	if (timers == 2)
		kpt_rb_put(w->irq_seq++ | 0x80000000U, &w->irq_written,
			   &w->irq_refused);
	hrtimer_forward_now(t, ns_to_ktime(KPT_RB_IRQ_NS));
	return HRTIMER_RESTART;
}

static int kpt_rb_writer_fn(void *data)
{
	struct kpt_rb_writer *w = data;

	if (timers)
		hrtimer_start(&w->timer, ns_to_ktime(KPT_RB_IRQ_NS),
			      HRTIMER_MODE_REL_PINNED_HARD);
	while (!kthread_should_stop()) {
		kpt_rb_put(w->seq++ & 0x7fffffffU, &w->written, &w->refused);
		if (!(w->seq % 64))
			cond_resched();
	}
	hrtimer_cancel(&w->timer);
	return 0;
}

/* A record as written? */
static bool kpt_rb_check(struct ring_buffer_event *ev)
{
	struct kpt_rb_rec *r = ring_buffer_event_data(ev);
	u32 i;

	if (ring_buffer_event_length(ev) < 8 || r->len < 8 ||
	    r->len > KPT_RB_MAX || ring_buffer_event_length(ev) < r->len)
		goto bad;
	for (i = 0; i < r->len - 8; i++)
		if (r->fill[i] != kpt_rb_byte(r->seq, i))
			goto bad;
	return true;
bad:
	pr_info("damaged record: event length %u, len %u, seq %#x, bytes %*ph\n",
		ring_buffer_event_length(ev), r->len, r->seq, 16, r->fill);
	return false;
}

/* Consume what is there on every CPU; the number of records. */
static unsigned long kpt_rb_drain(void)
{
	struct ring_buffer_event *ev;
	unsigned long n = 0, lost;
	unsigned int cpu;
	u64 ts;

	for_each_online_cpu(cpu) {
		while ((ev = ring_buffer_consume(kpt_rb, cpu, &ts, &lost))) {
			if (!kpt_rb_check(ev))
				rb_damaged++;
			if (!(++n % 64))
				cond_resched();
		}
	}
	return n;
}

static int kpt_rb_reader(void *unused)
{
	while (!kthread_should_stop()) {
		rb_read += kpt_rb_drain();
		cond_resched();
	}
	return 0;
}

static int kpt_rb_run(void)
{
	struct task_struct *rd;
	unsigned long end;
	unsigned int cpu, i;
	int ret = 0;

	kpt_rb = ring_buffer_alloc(kb * 1024UL, overwrite ? RB_FL_OVERWRITE : 0);
	if (!kpt_rb)
		return -ENOMEM;
	for (i = 0; i < ARRAY_SIZE(kpt_rb_writers); i++) {
		struct kpt_rb_writer *w = &kpt_rb_writers[i];

		hrtimer_init(&w->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		w->timer.function = kpt_rb_tick;
		w->task = kpt_rb_bound(kpt_rb_writer_fn, w, i, "write");
		if (IS_ERR(w->task)) {
			ret = PTR_ERR(w->task);
			w->task = NULL;
			break;
		}
	}
	rd = ret || !reader ? NULL :
		kthread_run(kpt_rb_reader, NULL, "kpt_rb_read");
	if (IS_ERR(rd)) {
		ret = PTR_ERR(rd);
		rd = NULL;
	}
	end = jiffies + secs * HZ;
	while (!ret && time_before(jiffies, end))
		schedule_timeout_interruptible(HZ / 10);
	for (i = 0; i < ARRAY_SIZE(kpt_rb_writers); i++) {
		struct kpt_rb_writer *w = &kpt_rb_writers[i];

		if (!w->task)
			continue;
		kthread_stop(w->task);
		rb_written += w->written + w->irq_written;
		rb_refused += w->refused + w->irq_refused;
		rb_irq_written += w->irq_written;
	}
	if (rd)
		kthread_stop(rd);
	for_each_online_cpu(cpu) {
		unsigned long left = ring_buffer_entries_cpu(kpt_rb, cpu);
		unsigned long dropped = ring_buffer_dropped_events_cpu(kpt_rb, cpu);
		unsigned long read = ring_buffer_read_events_cpu(kpt_rb, cpu);
		unsigned long overrun = ring_buffer_overrun_cpu(kpt_rb, cpu);

		rb_left += left;
		rb_dropped += dropped;
		rb_read_events += read;
		rb_overrun += overrun;
		pr_info("rb: cpu %u: entries %lu, dropped %lu, commit overrun %lu, overrun %lu, read %lu, bytes %lu\n",
			cpu, left, dropped,
			ring_buffer_commit_overrun_cpu(kpt_rb, cpu), overrun,
			read, ring_buffer_bytes_cpu(kpt_rb, cpu));
	}
	rb_drained = kpt_rb_drain();
	for_each_online_cpu(cpu)
		if (ring_buffer_entries_cpu(kpt_rb, cpu))
			pr_info("rb: cpu %u: %lu records left that the reader does not reach (empty: %d)\n",
				cpu, ring_buffer_entries_cpu(kpt_rb, cpu),
				ring_buffer_empty_cpu(kpt_rb, cpu));
	ring_buffer_free(kpt_rb);
	pr_info("rb: %u s: written %lu (%lu from the timers), refused %lu, read %lu, left %lu (drained %lu); the buffer's counts: dropped %lu, read %lu; damaged %lu\n",
		secs, rb_written, rb_irq_written, rb_refused, rb_read, rb_left,
		rb_drained, rb_dropped, rb_read_events, rb_damaged);
	return ret;
}

static int __init kpt_rb_init(void)
{
	int ret = 0;

	if (num_online_cpus() < 2 || !cpu_online(0) || !cpu_online(1)) {
		pr_info("needs CPUs 0 and 1 online\n");
		return -ENODEV;
	}
	if (turns)
		ret = kpt_rb_turns();
	if (!ret && secs)
		ret = kpt_rb_run();
	return ret;
}

static void __exit kpt_rb_exit(void)
{
}

module_init(kpt_rb_init);
module_exit(kpt_rb_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("kprobetrace tests: the ring buffer's reader wait under the rig");
