// SPDX-License-Identifier: GPL-2.0
/*
 * The hit path: every function that runs when a probe is hit, in one
 * place, with its fetch header (kpt_fetch.h).  See kpt_hit.h.
 *
 * It takes no lock and allocates nothing: the handler counts the hit in a
 * per-CPU counter, evaluates each argument's compiled ops and writes one
 * ring-buffer record per trace instance that enabled the event (and one
 * for perf).  The record is the seed's (kpt_fill()) or today's
 * (kpt_typed_dyn_size(), then kpt_typed_store(), in kpt_hit_today.h): the
 * format backends' store operation (kpt_fmt.h), picked by p->today with a
 * direct call.  It is NOKPROBE_SYMBOL/nokprobe_inline throughout so that
 * it cannot be probed (and recurse) itself.  A record goes straight into the ring
 * buffer (kpt_lean.h) unless a filter, trigger, pid list, stack-trace
 * option, tp_printk or trace export wants the kernel's generic
 * trace_event_buffer_reserve()/commit(); under tp_printk the record is
 * also printed to the console (kpt_printk.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/perf_event.h>
#include <linux/percpu.h>
#include <linux/sched/clock.h>
#include <linux/trace_events.h>
#include <linux/trace_recursion.h>
#include "kpt_efilter.h"
#include "kpt_fetch.h"
#include "kpt_fmt.h"
#include "kpt_ftrace_regs.h"
#include "kpt_hit.h"
#include "kpt_hit_lat.h"
#include "kpt_hit_today.h"
#include "kpt_hit_wtrig.h"
#include "kpt_lat_types.h"
#include "kpt_lean.h"
#include "kpt_otype_types.h"
#include "kpt_printk.h"
#include "kpt_probe_types.h"
#include "kpt_rethook_handler.h"
#include "kpt_unaligned.h"

unsigned long kpt_kaddr_min = ULONG_MAX;	/* refuse every read until set */

void kpt_hit_init(void)
{
	unsigned int bits = boot_cpu_data.x86_virt_bits;

	/* the lowest canonical kernel address (kpt_kaddr_ok()) */
	kpt_kaddr_min = TASK_SIZE_MAX + PAGE_SIZE;
	if (bits > 1 && bits < BITS_PER_LONG)
		kpt_kaddr_min = max(kpt_kaddr_min, -(1UL << (bits - 1)));
	else
		kpt_kaddr_min = ULONG_MAX;	/* never: refuse every read */
}

/* ---- the seed's record, the handlers --------------------------------------- */

/*
 * The seed's record.  edata (the entry values of a return, never NULL
 * there; NULL at an entry) is a constant NULL where this is inlined
 * into an entry handler: its copy has no test.
 */
static nokprobe_inline void kpt_fill(struct kpt_probe *p, void *rec,
				     struct pt_regs *regs,
				     const unsigned long *edata,
				     unsigned long ip)
{
	unsigned int n = p->nargs;
	unsigned long *args;

	if (edata) {
		struct kpt_return_rec *r = rec;

		r->func = ip;
		r->ret_ip = instruction_pointer(regs);	/* see KPT_FOP_RETADDR */
		r->nargs = n;
		args = r->args;
	} else {
		struct kpt_entry_rec *e = rec;

		e->ip = ip;
		e->nargs = n;
		args = e->args;
	}
	if (n)
		kpt_fetch_vals(p, regs, edata, args, n);
}

/*
 * Our record on the console while the kernel prints events there
 * (kpt_printk.h): what its output_printk() does with an event whose call
 * has printers, through our output type's.
 */
static noinline void kpt_printk_record(struct kpt_probe *p,
				       struct trace_event_file *file,
				       void *rec, u32 size)
{
	struct trace_event *ev = &p->otype->shell.event;
	struct trace_iterator *iter = kpt_printk.iter;
	struct event_filter *filter;
	unsigned long flags;

	if (unlikely(file->flags & EVENT_FILE_FL_FILTERED)) {
		filter = rcu_dereference_raw(file->filter);
		if (filter && !filter_match_preds(filter, rec))
			return;
	}
	raw_spin_lock_irqsave(&kpt_printk.lock, flags);
	trace_seq_init(&iter->seq);
	iter->ent = rec;
	iter->ent_size = size;
	ev->funcs->trace(iter, 0, ev);
	trace_seq_putc(&iter->seq, 0);
	/* at the kernel's default level, "kprobetrace: " before the line */
	pr_warn("%s", iter->seq.buffer);
	raw_spin_unlock_irqrestore(&kpt_printk.lock, flags);
}
NOKPROBE_SYMBOL(kpt_printk_record);

/*
 * The kernel's generic record path, for what the lean one leaves
 * (kpt_lean.h).  Out of line: its trace_event_buffer on the stack (and
 * the stack protector's canary that comes with it) stays off the lean
 * path.
 */
static noinline void kpt_record_generic(struct kpt_probe *p,
					struct trace_event_file *file,
					struct pt_regs *regs,
					const unsigned long *edata, u32 size,
					bool today, unsigned long ip)
{
	/* trace_event_buffer_reserve() sets every field it returns with */
	struct trace_event_buffer fbuffer __uninitialized;
	void *rec;

	if (trace_trigger_soft_disabled(file))
		return;
	rec = trace_event_buffer_reserve(&fbuffer, file, size);
	if (!rec)
		return;
	fbuffer.regs = regs;
	if (today)
		kpt_typed_store(p, rec, size, regs, edata, ip);
	else
		kpt_fill(p, rec, regs, edata, ip);
	if (kpt_printk_on())
		kpt_printk_record(p, file, rec, size);
	trace_event_buffer_commit(&fbuffer);
}
NOKPROBE_SYMBOL(kpt_record_generic);

static nokprobe_inline void
kpt_record_one(struct kpt_probe *p, struct trace_event_file *file,
	       struct pt_regs *regs, const unsigned long *edata, u32 size,
	       bool today, unsigned long ip)
{
	struct trace_buffer *buffer = kpt_lean_buffer(file);
	struct ring_buffer_event *event;
	void *rec;

	if (unlikely(!buffer)) {
		kpt_record_generic(p, file, regs, edata, size, today, ip);
		return;
	}
	/* nothing needs the generic path: kpt_lean.h */
	event = kpt_lean_reserve(buffer, file, size, &rec);
	if (!event)
		return;
	if (today)
		kpt_typed_store(p, rec, size, regs, edata, ip);
	else
		kpt_fill(p, rec, regs, edata, ip);
	kpt_lean_commit(buffer, event);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * The same record for perf (and for the BPF programs perf attaches).  Out
 * of line: the ftrace path does not pay for its registers.
 */
static noinline void kpt_perf_record(struct kpt_probe *p,
				     struct pt_regs *regs,
				     const unsigned long *edata,
				     u32 rec_size, bool today,
				     unsigned long ip)
{
	struct hlist_head *head = this_cpu_ptr(p->ev->call.perf_events);
	int size, rctx;
	void *rec;

	if (hlist_empty(head))
		return;
	size = ALIGN(rec_size + sizeof(u32), sizeof(u64)) - sizeof(u32);
	rec = perf_trace_buf_alloc(size, NULL, &rctx);
	if (!rec)
		return;
	if (today)
		kpt_typed_store(p, rec, rec_size, regs, edata, ip);
	else if (edata)
		kpt_fill(p, rec, regs, edata, ip);
	else
		kpt_fill(p, rec, regs, NULL, ip);
	perf_trace_buf_submit(rec, size, rctx, p->ev->call.event.type, 1, regs,
			      head, NULL);
}
NOKPROBE_SYMBOL(kpt_perf_record);
#endif

/* today (and an entry's NULL edata) are constants: no test of them */
static nokprobe_inline void kpt_event_record_fmt(struct kpt_probe *p,
						 struct pt_regs *regs,
						 const unsigned long *edata,
						 bool today, unsigned long ip)
{
	struct kpt_link *link;
	u32 size = p->rec_size;

	/* today's strings: measured first */
	if (today && p->has_dyn)
		size += kpt_typed_dyn_size(p, regs, edata);
	if (static_branch_unlikely(&kpt_wtrig_on) &&
	    rcu_access_pointer(p->ev->wtrig))
		kpt_wtrig_fire(p, regs, edata);
	/* kprobe handlers run with preemption off: an RCU reader */
	list_for_each_entry_rcu(link, &p->ev->links, list)
		kpt_record_one(p, link->file, regs, edata, size, today, ip);
#ifdef CONFIG_PERF_EVENTS
	if (unlikely(READ_ONCE(p->ev->perf_on)))
		kpt_perf_record(p, regs, edata, size, today, ip);
#endif
}

/* Today's format: out of the seed's way. */
static noinline void kpt_event_record_today(struct kpt_probe *p,
					    struct pt_regs *regs,
					    const unsigned long *edata,
					    unsigned long ip)
{
	kpt_event_record_fmt(p, regs, edata, true, ip);
}
NOKPROBE_SYMBOL(kpt_event_record_today);

int kpt_kprobe_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_probe *p = container_of(kp, struct kpt_probe, rp.kp);

	this_cpu_inc(*p->hits);
	if (unlikely(p->today))
		kpt_event_record_today(p, regs, NULL, (unsigned long)kp->addr);
	else
		kpt_event_record_fmt(p, regs, NULL, false,
				     (unsigned long)kp->addr);
	return 0;
}
NOKPROBE_SYMBOL(kpt_kprobe_handler);

/*
 * A kretprobe's entry, when its return reads entry values ($argN,
 * $duration): they go into the instance's data (rp.data_size:
 * kpt_edata_words()).
 */
int kpt_kretprobe_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kpt_probe *p;

	if (unlikely(!rp))
		return 1;		/* no instance: nothing to return to */
	p = container_of(rp, struct kpt_probe, rp);
	kpt_store_edata(p, regs, (unsigned long *)ri->data);
	if (p->timed)
		kpt_call_start(p, 0);
	return 0;
}
NOKPROBE_SYMBOL(kpt_kretprobe_entry);

int kpt_kretprobe_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kpt_probe *p;

	if (unlikely(!rp))
		return 0;
	p = container_of(rp, struct kpt_probe, rp);
	if (p->timed)
		kpt_duration_end(p, regs, (unsigned long *)ri->data, 0);
	this_cpu_inc(*p->hits);
	if (unlikely(p->today))
		kpt_event_record_today(p, regs, (unsigned long *)ri->data,
				       (unsigned long)rp->kp.addr);
	else
		kpt_event_record_fmt(p, regs, (unsigned long *)ri->data, false,
				     (unsigned long)rp->kp.addr);
	return 0;
}
NOKPROBE_SYMBOL(kpt_kretprobe_handler);

/*
 * The recursion guard of the ftrace callbacks (f: events): the bit to
 * unlock, or < 0 (the hit refused, counted as the set's miss).  It also
 * disables preemption: the callbacks are RCU readers.
 */
static __always_inline int kpt_ftrace_lock(struct kpt_fset *fs,
					   unsigned long ip,
					   unsigned long parent_ip)
{
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0)
		this_cpu_inc(*fs->misses);
	return bit;
}

/*
 * f: entry: the ftrace_ops callback of an f: probe, called at the entry of
 * every function of its set with the registers ftrace_caller saves (its
 * ops asks for no more: that is all an f: event's arguments read,
 * kpt_fprobe.c), the rest cleared here (for perf and the stack trace,
 * which get the pt_regs too); a full pt_regs when another ops on the
 * function asked for one.
 * notrace (the module is built with -pg off anyway) and NOKPROBE.  It
 * guards recursion itself (kpt_ftrace_lock()), and counts a refused hit
 * (recursion, RCU not watching) as a miss.
 * f: events always use today's format.
 */
notrace void kpt_ftrace_handler(unsigned long ip, unsigned long parent_ip,
				struct ftrace_ops *op,
				struct ftrace_regs *fregs)
{
	struct kpt_fset *fs = container_of(op, struct kpt_fset, ops);
	struct kpt_probe *p = fs->p;
	struct pt_regs *regs;
	int bit;

	bit = kpt_ftrace_lock(fs, ip, parent_ip);
	if (bit < 0)
		return;
	regs = ftrace_get_regs(fregs);
	if (!regs) {
		/* ftrace_caller: what it did not save is stale stack */
		regs = kpt_ftrace_regs_pt(fregs);
		regs->bx = 0;
		regs->r10 = 0;
		regs->r11 = 0;
		regs->r12 = 0;
		regs->r13 = 0;
		regs->r14 = 0;
		regs->r15 = 0;
		regs->flags = 0;
		regs->ss = 0;
	}
	if (unlikely(!rcu_is_watching())) {
		this_cpu_inc(*fs->misses);
	} else {
		this_cpu_inc(*p->hits);
		kpt_event_record_today(p, regs, NULL, ip);
	}
	ftrace_test_recursion_unlock(bit);
}
NOKPROBE_SYMBOL(kpt_ftrace_handler);

/*
 * f: exit, at the entry: the ftrace_ops callback of an f: exit probe
 * takes a node of the probe's rethook, keeps the entry's ip (and the
 * entry values the exit's args read) in it and hooks the function's
 * return with it: the return then goes through the rethook trampoline,
 * which calls kpt_fexit_handler().  A refused entry (recursion, RCU not
 * watching, no regs, no free node) is a miss.
 */
notrace void kpt_ftrace_exit_handler(unsigned long ip, unsigned long parent_ip,
				     struct ftrace_ops *op,
				     struct ftrace_regs *fregs)
{
	struct kpt_fset *fs = container_of(op, struct kpt_fset, ops);
	struct rethook_node *node = NULL;
	struct kpt_members *m;
	struct kpt_mlat *ml;
	struct kpt_fnode *fn;
	struct pt_regs *regs;
	int bit, i = -1;

	bit = kpt_ftrace_lock(fs, ip, parent_ip);
	if (bit < 0)
		return;
	regs = ftrace_get_regs(fregs);
	if (likely(regs && rcu_is_watching())) {
		node = kpt_kcall(rethook_try_get)(fs->rh);
		/* its member, once per call (the return takes it from fn) */
		m = rcu_dereference_sched(fs->p->members);
		if (m)
			i = kpt_member_find(m, ip);
	}
	if (unlikely(!node)) {
		this_cpu_inc(*fs->misses);
		ml = kpt_mlat_of(fs->p, i);
		if (ml)
			kpt_minc(&ml->misses);
	} else {
		fn = container_of(node, struct kpt_fnode, node);
		fn->ip = ip;
		fn->parent_ip = parent_ip;
		fn->member = i;
		if (kpt_edata_words(fs->p))
			kpt_store_edata(fs->p, regs, fn->edata);
		if (fs->p->timed)
			kpt_call_start(fs->p, i);
		kpt_kcall(rethook_hook)(node, regs, true);
	}
	ftrace_test_recursion_unlock(bit);
}
NOKPROBE_SYMBOL(kpt_ftrace_exit_handler);

/*
 * f: exit: the rethook's handler, called by the rethook trampoline when a
 * hooked function returns (preemption disabled, regs->ip the true return
 * address, ax the return value); the node goes back to the pool after.
 * Recursion-guarded as the entry, with the entry's ips.
 */
static notrace void kpt_fexit(KPT_RETHOOK_HANDLER_PARAMS(node, data, regs))
{
	struct kpt_fnode *fn = container_of(node, struct kpt_fnode, node);
	struct kpt_fset *fs = data;
	int bit;

	bit = kpt_ftrace_lock(fs, fn->ip, fn->parent_ip);
	if (bit < 0)
		return;
	if (fs->p->timed)
		kpt_duration_end(fs->p, regs, fn->edata, fn->member);
	this_cpu_inc(*fs->p->hits);
	kpt_event_record_today(fs->p, regs, fn->edata, fn->ip);
	ftrace_test_recursion_unlock(bit);
}
NOKPROBE_SYMBOL(kpt_fexit);

const rethook_handler_t kpt_fexit_handler = kpt_fexit;

/*
 * t: the tracepoint's callback (kpt_tprobe_tramp.S) saved its arguments
 * as a function's in regs; what it did not set is cleared here (perf and
 * the stack trace get the pt_regs too).  Tracepoints call their probes
 * with preemption off and RCU watching.  t: events use today's format.
 */
notrace void kpt_tprobe_handler(void *data, struct pt_regs *regs)
{
	struct kpt_probe *p = data;

	regs->ax = 0;
	regs->r10 = 0;
	regs->r11 = 0;
	regs->orig_ax = 0;
	regs->cs = __KERNEL_CS;
	regs->flags = X86_EFLAGS_FIXED;
	regs->ss = __KERNEL_DS;
	this_cpu_inc(*p->hits);
	kpt_event_record_today(p, regs, NULL, p->addr);
}
NOKPROBE_SYMBOL(kpt_tprobe_handler);

/*
 * A w: probe's breakpoint, from the debug exception (an NMI-like context,
 * the debug registers off while it runs): after the access, regs are the
 * accessing code's and their ip the instruction after it.
 */
void kpt_wprobe_handler(struct perf_event *bp, struct perf_sample_data *data,
			struct pt_regs *regs)
{
	struct kpt_probe *p = bp->overflow_handler_context;

	this_cpu_inc(*p->hits);
	kpt_event_record_today(p, regs, NULL, instruction_pointer(regs));
}
NOKPROBE_SYMBOL(kpt_wprobe_handler);

/*
 * An e: probe's perf counter on its attached event (kpt_eprobe.c): called
 * by perf for each of the event's records, where the event fired (a
 * tracepoint: preemption off), with the record as raw data and the
 * caller's registers.  The record is the probe's edata (kpt_fetch.h).
 */
void kpt_eprobe_handler(struct perf_event *ev, struct perf_sample_data *data,
			struct pt_regs *regs)
{
	struct kpt_probe *p = ev->overflow_handler_context;
	const struct kpt_efilter *f = p->ep->filter;

	if (unlikely(!(data->sample_flags & PERF_SAMPLE_RAW)))
		return;
	/* a record the filter drops is no hit, as the kernel's trigger */
	if (f && !kpt_efilter_match(f, data->raw->frag.data,
				    data->raw->frag.size))
		return;
	this_cpu_inc(*p->hits);
	kpt_event_record_today(p, regs, data->raw->frag.data, 0);
}
NOKPROBE_SYMBOL(kpt_eprobe_handler);
