// SPDX-License-Identifier: GPL-2.0
/*
 * One dynamic ftrace event per probe, in tracefs events/<group>/<EVENT>/
 * (group "kprobetrace"), built on the exported trace-event API.
 *
 * Output types.  In 6.1 trace_remove_event_call() unregisters the event's
 * output type (event_remove(): "if (call->event.funcs)
 * __unregister_trace_event(&call->event)"), after which records already in
 * the ring buffer print as "Unknown type".  Yet the seed's usage example
 * clears every probe and then reads the trace.  So the output type is not
 * the call's: every probe takes a struct kpt_otype, a trace_event we
 * register ourselves (register_trace_event() assigns its type id), and
 * sets call->event.type to that id with call->event.funcs left NULL, so
 * removing the call leaves the type registered.  The printers are generic
 * (a record carries its address(es), nargs and the values), so a type
 * outlives its probe: when the probe goes the type is only marked unused,
 * and the next probe of the same kind (entry/return) reuses it.  Live
 * types therefore never exceed the peak number of probes.  Events in
 * today's format (kpt_types.c) print typed, named fields: their type owns
 * an immutable copy of the event's print description (struct kpt_pdesc),
 * so it prints a removed event's records right, and is reused only by an
 * event with an identical description; at most KPT_OTYPE_SPARE_MAX unused
 * ones are kept (the least recently released goes first).  (A binary
 * reader such as trace-cmd maps old records of a reused id with the new
 * event's format, as it does when the core recycles a freed id; the text
 * output is right either way.)  All of them are
 * unregistered at module unload (after which no record can reach our
 * printers: unregister_trace_event() takes trace_event_sem for writing,
 * and printing holds it for reading).
 * Every path that maps a type to something finds what it needs:
 * trace_event_buffer_reserve() takes file->event_call->event.type, the
 * id file prints call->event.type, filters and format use the call's
 * fields, print_trace_line() finds our trace_event by type.  The struct
 * trace_event is embedded in an otherwise unused trace_event_call (flag
 * DYNAMIC) because some core code does container_of(trace_event,
 * struct trace_event_call, event) on any type it prints.  Only
 * tp_printk (output_printk) skips our events: it wants call->event.funcs.
 *
 * Format files.  On Debian's 6.1.192 an event's tracefs "format" file has
 * i_private = the trace_event_call (every trace instance has one), which
 * f_start(), f_next() and f_show() read under event_mutex through
 * event_file_data(); remove_event_file_dir() no longer clears it, so f_start's
 * NULL check cannot see a removed event, and a format file opened before
 * the removal and read after it would read our freed call, class, name
 * and print_fmt.  So after removing events (and before freeing them), we
 * clear that i_private ourselves, as older kernels did: one walk over the
 * tracefs superblock's inodes (the files of every instance, whatever
 * their dentries' state), under event_mutex, so that no reader is between
 * f_start() and f_stop().  A read then ends with -ENODEV.  No memory is
 * kept and nothing waits for the file to be closed (its fops are the
 * core's, so it pins nothing of ours either).  The other per-event files
 * hold the refcounted trace_event_file (EVENT_FILE_FL_FREED), and "id"
 * holds a number: they need nothing.
 *
 * Arming.  The kprobe is registered disabled and armed by the event's
 * reg() callback (TRACE_REG_REGISTER from the enable file, the seed's
 * "live at once" enable, triggers); it is disarmed when the last trace
 * instance disables the event and perf lets go of it.  Enabled in an
 * instance other than the top one, the event holds a module reference (we
 * could not disable it at unload); perf holds one through call->module.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bsearch.h>
#include <linux/fs.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include "kpt_event_files.h"
#include "kpt_ksyms.h"
#include "kpt_probe.h"
#include "kpt_fetch.h"

struct kpt_otype {
	struct trace_event_call shell;	/* only shell.event is used */
	struct list_head list;		/* kpt_otypes, under kpt_mutex */
	/* today's format: the print description it owns; NULL: the seed's */
	struct kpt_pdesc *pdesc;
	bool is_return;
	bool in_use;
};

/* Unused today's output types kept for reuse (see kpt_types.c). */
#define KPT_OTYPE_SPARE_MAX	256

static LIST_HEAD(kpt_otypes);
bool kpt_exiting;
/* tracefs: its format files (see the top of this file) */
static struct super_block *kpt_tracefs_sb;

/* ---- printing (trace file) --------------------------------------------- */

static unsigned int kpt_rec_nargs(struct trace_iterator *iter, int nargs,
				  size_t hdr)
{
	size_t room = iter->ent_size > hdr ? iter->ent_size - hdr : 0;

	if (nargs < 0)
		return 0;
	return min_t(size_t, nargs, room / sizeof(unsigned long));
}

static void kpt_print_args(struct trace_seq *s, const unsigned long *args,
			   unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		trace_seq_printf(s, " 0x%lx", args[i]);
	trace_seq_putc(s, '\n');
}

/* SYM+off/size: 0x.. 0x.. */
static enum print_line_t kpt_print_entry(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct kpt_entry_rec *r = (struct kpt_entry_rec *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%pS:", (void *)r->ip);
	kpt_print_args(s, r->args, kpt_rec_nargs(iter, r->nargs,
			offsetof(struct kpt_entry_rec, args)));
	return trace_handle_return(s);
}

/* CALLER+off/size <- SYM: 0x.. 0x.. */
static enum print_line_t kpt_print_return(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct kpt_return_rec *r = (struct kpt_return_rec *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%pS <- %ps:", (void *)r->ret_ip, (void *)r->func);
	kpt_print_args(s, r->args, kpt_rec_nargs(iter, r->nargs,
			offsetof(struct kpt_return_rec, args)));
	return trace_handle_return(s);
}

static struct trace_event_functions kpt_entry_funcs = {
	.trace = kpt_print_entry,
};

static struct trace_event_functions kpt_return_funcs = {
	.trace = kpt_print_return,
};

/* today's format: (SYM+off/size) NAME=VAL ... */
static enum print_line_t kpt_print_typed(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct kpt_otype *t = container_of(event, struct kpt_otype,
					   shell.event);

	return kpt_typed_print(iter, t->pdesc);
}

static struct trace_event_functions kpt_typed_funcs = {
	.trace = kpt_print_typed,
};

/* An output type of the right kind: an unused one, or a new one. */
static struct kpt_otype *kpt_otype_get(bool is_return)
{
	struct kpt_otype *t;

	lockdep_assert_held(&kpt_mutex);
	list_for_each_entry(t, &kpt_otypes, list) {
		if (!t->in_use && !t->pdesc && t->is_return == is_return) {
			t->in_use = true;
			return t;
		}
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;
	t->is_return = is_return;
	t->shell.flags = TRACE_EVENT_FL_DYNAMIC;
	t->shell.event.funcs = is_return ? &kpt_return_funcs :
					   &kpt_entry_funcs;
	if (!register_trace_event(&t->shell.event)) {
		kfree(t);
		return NULL;
	}
	t->in_use = true;
	list_add_tail(&t->list, &kpt_otypes);
	return t;
}

static void kpt_otype_free(struct kpt_otype *t)
{
	unregister_trace_event(&t->shell.event);
	list_del(&t->list);
	kpt_pdesc_free(t->pdesc);
	kfree(t);
}

/*
 * Today's format: an unused type with an identical description, or a new
 * one that takes over the probe's description.
 */
static struct kpt_otype *kpt_otype_get_typed(struct kpt_probe *p)
{
	struct kpt_otype *t;

	lockdep_assert_held(&kpt_mutex);
	list_for_each_entry(t, &kpt_otypes, list) {
		if (!t->in_use && t->pdesc &&
		    kpt_pdesc_equal(t->pdesc, p->pdesc)) {
			t->in_use = true;
			if (p->pdesc_owned)
				kpt_pdesc_free(p->pdesc);
			p->pdesc = t->pdesc;
			p->pdesc_owned = false;
			return t;
		}
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return NULL;
	t->is_return = p->is_return;
	t->shell.flags = TRACE_EVENT_FL_DYNAMIC;
	t->shell.event.funcs = &kpt_typed_funcs;
	t->pdesc = p->pdesc;
	if (!register_trace_event(&t->shell.event)) {
		kfree(t);
		return NULL;
	}
	p->pdesc_owned = false;
	t->in_use = true;
	list_add_tail(&t->list, &kpt_otypes);
	return t;
}

/* The probe lets go of its type; bound the spare today's types. */
static void kpt_otype_put(struct kpt_probe *p)
{
	struct kpt_otype *t = p->otype, *old = NULL;
	unsigned int spare = 0;

	p->otype = NULL;
	if (p->today && !p->pdesc_owned)
		p->pdesc = NULL;	/* the type's, it may go now */
	if (!t)
		return;
	t->in_use = false;
	list_move_tail(&t->list, &kpt_otypes);	/* least recent first */
	list_for_each_entry(t, &kpt_otypes, list) {
		if (t->in_use || !t->pdesc)
			continue;
		if (!old)
			old = t;
		spare++;
	}
	if (spare > KPT_OTYPE_SPARE_MAX)
		kpt_otype_free(old);
}

/* ---- fields, format ------------------------------------------------------ */

static bool kpt_field_taken(struct kpt_probe *p, const char *name,
			    unsigned int upto)
{
	static const char * const fixed[] = { "ip", "func", "ret_ip", "nargs" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		if (!strcmp(name, fixed[i]))
			return true;
	if (!strncmp(name, "common_", 7))
		return true;
	if (!strncmp(name, "arg", 3)) {
		unsigned int n;

		if (!kstrtouint(name + 3, 10, &n) && n < p->nargs)
			return true;
	}
	for (i = 0; i < upto; i++)
		if (!strcmp(name, p->def->args[i].name))
			return true;
	return false;
}

/*
 * Fields: ip (entry) or func and ret_ip (return), nargs, arg0..argN-1,
 * plus one alias field per argument that has an alias (see kpt_probe_def.h
 * for which do), at the same offset as its argN: so filters take both
 * names.  An alias that would shadow a field or an earlier alias (e.g.
 * %ip's "ip" on an entry probe) is not added.
 */
static int kpt_define_fields(struct trace_event_call *call)
{
	struct kpt_probe *p = call->data;
	const char *name = p->field_names;
	size_t args_off;
	unsigned int i;
	int ret;

	if (p->is_return) {
		ret = trace_define_field(call, "unsigned long", "func",
					 offsetof(struct kpt_return_rec, func),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "unsigned long", "ret_ip",
					 offsetof(struct kpt_return_rec, ret_ip),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "int", "nargs",
					 offsetof(struct kpt_return_rec, nargs),
					 sizeof(int), 1, FILTER_OTHER);
		args_off = offsetof(struct kpt_return_rec, args);
	} else {
		ret = trace_define_field(call, "unsigned long", "ip",
					 offsetof(struct kpt_entry_rec, ip),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "int", "nargs",
					 offsetof(struct kpt_entry_rec, nargs),
					 sizeof(int), 1, FILTER_OTHER);
		args_off = offsetof(struct kpt_entry_rec, args);
	}
	for (i = 0; !ret && i < p->nargs; i++) {
		ret = trace_define_field(call, "unsigned long", name,
					 args_off + i * sizeof(long),
					 sizeof(long), 0, FILTER_OTHER);
		name += strlen(name) + 1;
	}
	for (i = 0; !ret && i < p->nargs; i++) {
		const char *alias = p->def->args[i].name;

		if (!alias[0] || kpt_field_taken(p, alias, i))
			continue;
		ret = trace_define_field(call, "unsigned long", alias,
					 args_off + i * sizeof(long),
					 sizeof(long), 0, FILTER_OTHER);
	}
	return ret;
}

static struct trace_event_fields kpt_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = kpt_define_fields },
	{}
};

/* "%lx: 0x%lx ...", REC->ip, REC->arg0 ... (or "%lx <- %lx: ...") */
static char *kpt_make_print_fmt(struct kpt_probe *p)
{
	size_t size = 64 + p->nargs * 24, n;
	unsigned int i;
	char *buf;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	n = scnprintf(buf, size, "\"%s", p->is_return ? "%lx <- %lx:" : "%lx:");
	for (i = 0; i < p->nargs; i++)
		n += scnprintf(buf + n, size - n, " 0x%%lx");
	n += scnprintf(buf + n, size - n, "\", %s",
		       p->is_return ? "REC->ret_ip, REC->func" : "REC->ip");
	for (i = 0; i < p->nargs; i++)
		n += scnprintf(buf + n, size - n, ", REC->arg%u", i);
	return buf;
}

static char *kpt_make_field_names(struct kpt_probe *p)
{
	size_t size = p->nargs * 8 + 1, n = 0;
	unsigned int i;
	char *buf;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	for (i = 0; i < p->nargs; i++)
		n += scnprintf(buf + n, size - n, "arg%u", i) + 1;
	return buf;
}

/* ---- arming: reg() ------------------------------------------------------ */

/* Is anyone (a trace instance, perf) using the event?  (event_mutex) */
static bool kpt_event_used(struct kpt_probe *p)
{
	return !list_empty(&p->links) || p->perf_on;
}

static int kpt_link_add(struct kpt_probe *p, struct trace_event_file *file)
{
	struct kpt_link *link;
	bool first = !kpt_event_used(p);
	int ret;

	if (kpt_exiting || p->dying)
		return -ENODEV;
	link = kzalloc(sizeof(*link), GFP_KERNEL);
	if (!link)
		return -ENOMEM;
	link->file = file;
	if (file->tr != kpt_ksyms.global_trace) {
		if (!try_module_get(THIS_MODULE)) {
			kfree(link);
			return -ENODEV;
		}
		link->pinned = true;
	}
	list_add_tail_rcu(&link->list, &p->links);
	if (first) {
		ret = kpt_probe_set_armed(p, true);
		if (ret) {
			list_del_rcu(&link->list);
			if (link->pinned)
				module_put(THIS_MODULE);
			kfree_rcu(link, rcu);
			return ret;
		}
	}
	return 0;
}

static void kpt_link_del(struct kpt_probe *p, struct trace_event_file *file)
{
	struct kpt_link *link;

	list_for_each_entry(link, &p->links, list) {
		if (link->file != file)
			continue;
		list_del_rcu(&link->list);
		if (!kpt_event_used(p))
			kpt_probe_set_armed(p, false);
		if (link->pinned)
			module_put(THIS_MODULE);
		/*
		 * A handler may still be using the link; the file itself
		 * lives until the event is removed, which waits for a grace
		 * period first (kpt_control.c / instance removal).
		 */
		kfree_rcu(link, rcu);
		return;
	}
}

static int kpt_event_reg(struct trace_event_call *call, enum trace_reg type,
			 void *data)
{
	struct kpt_probe *p = call->data;

	switch (type) {
	case TRACE_REG_REGISTER:
		return kpt_link_add(p, data);
	case TRACE_REG_UNREGISTER:
		kpt_link_del(p, data);
		return 0;
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER: {
		/* called once, when perf's first user comes */
		bool first = !kpt_event_used(p);
		int ret;

		if (kpt_exiting || p->dying)
			return -ENODEV;
		WRITE_ONCE(p->perf_on, true);
		if (first) {
			ret = kpt_probe_set_armed(p, true);
			if (ret) {
				WRITE_ONCE(p->perf_on, false);
				return ret;
			}
		}
		return 0;
	}
	case TRACE_REG_PERF_UNREGISTER:
		WRITE_ONCE(p->perf_on, false);
		if (!kpt_event_used(p))
			kpt_probe_set_armed(p, false);
		return 0;
	default:
		return 0;
#endif
	}
	return 0;
}

/* ---- hit path ----------------------------------------------------------- */

/*
 * The seed's record.  ri is a constant where this is inlined: the entry
 * and the return handler each get their own copy, without tests.
 */
static nokprobe_inline void kpt_fill(struct kpt_probe *p, void *rec,
				     struct pt_regs *regs,
				     struct kretprobe_instance *ri)
{
	unsigned int n = p->nargs;
	unsigned long *args;

	if (ri) {
		struct kpt_return_rec *r = rec;

		r->func = (unsigned long)p->rp.kp.addr;
		r->ret_ip = instruction_pointer(regs);	/* see KPT_FOP_RETADDR */
		r->nargs = n;
		args = r->args;
	} else {
		struct kpt_entry_rec *e = rec;

		e->ip = (unsigned long)p->rp.kp.addr;
		e->nargs = n;
		args = e->args;
	}
	if (n)
		kpt_fetch_vals(p, regs, args, n);
}

static nokprobe_inline void
kpt_record_one(struct kpt_probe *p, struct trace_event_file *file,
	       struct pt_regs *regs, struct kretprobe_instance *ri, u32 size,
	       bool today)
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
		kpt_typed_store(p, rec, size, regs, ri);
	else
		kpt_fill(p, rec, regs, ri);
	trace_event_buffer_commit(&fbuffer);
}

#ifdef CONFIG_PERF_EVENTS
/*
 * The same record for perf (and for the BPF programs perf attaches).  Out
 * of line: the ftrace path does not pay for its registers.
 */
static noinline void kpt_perf_record(struct kpt_probe *p,
				     struct pt_regs *regs,
				     struct kretprobe_instance *ri,
				     u32 rec_size, bool today)
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
		kpt_typed_store(p, rec, rec_size, regs, ri);
	else if (ri)
		kpt_fill(p, rec, regs, ri);
	else
		kpt_fill(p, rec, regs, NULL);
	perf_trace_buf_submit(rec, size, rctx, p->ev->call.event.type, 1, regs,
			      head, NULL);
}
NOKPROBE_SYMBOL(kpt_perf_record);
#endif

/* today and ri are constants: each copy has no test of them */
static nokprobe_inline void kpt_event_record_fmt(struct kpt_probe *p,
						 struct pt_regs *regs,
						 struct kretprobe_instance *ri,
						 bool today)
{
	struct kpt_link *link;
	u32 size = p->rec_size;

	/* today's strings: measured first (kpt_types.c) */
	if (today && p->has_dyn)
		size += kpt_typed_dyn_size(p, regs);
	/* kprobe handlers run with preemption off: an RCU reader */
	list_for_each_entry_rcu(link, &p->ev->links, list)
		kpt_record_one(p, link->file, regs, ri, size, today);
#ifdef CONFIG_PERF_EVENTS
	if (unlikely(READ_ONCE(p->ev->perf_on)))
		kpt_perf_record(p, regs, ri, size, today);
#endif
}

/* Today's format, and the selftest's capture: out of the seed's way. */
static noinline void kpt_event_record_other(struct kpt_probe *p,
					    struct pt_regs *regs,
					    struct kretprobe_instance *ri)
{
	if (p->capture)
		kpt_probe_capture(p, regs, ri);
	else
		kpt_event_record_fmt(p, regs, ri, true);
}
NOKPROBE_SYMBOL(kpt_event_record_other);

int kpt_kprobe_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct kpt_probe *p = container_of(kp, struct kpt_probe, rp.kp);

	this_cpu_inc(*p->hits);
	if (unlikely(p->today || p->capture))
		kpt_event_record_other(p, regs, NULL);
	else
		kpt_event_record_fmt(p, regs, NULL, false);
	return 0;
}
NOKPROBE_SYMBOL(kpt_kprobe_handler);

int kpt_kretprobe_handler(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct kretprobe *rp = get_kretprobe(ri);
	struct kpt_probe *p;

	if (unlikely(!rp))
		return 0;
	p = container_of(rp, struct kpt_probe, rp);
	this_cpu_inc(*p->hits);
	if (unlikely(p->today || p->capture))
		kpt_event_record_other(p, regs, ri);
	else
		kpt_event_record_fmt(p, regs, ri, false);
	return 0;
}
NOKPROBE_SYMBOL(kpt_kretprobe_handler);

/* ---- add / enable / disable / remove (under kpt_mutex) ------------------ */

int kpt_event_add(struct kpt_probe *p)
{
	int ret;

	lockdep_assert_held(&kpt_mutex);
	if (p->today) {
		p->print_fmt = kpt_typed_print_fmt(p->pdesc);
		p->field_names = kzalloc(1, GFP_KERNEL);	/* unused */
		if (p->print_fmt)
			p->otype = kpt_otype_get_typed(p);
	} else {
		p->print_fmt = kpt_make_print_fmt(p);
		p->field_names = kpt_make_field_names(p);
		p->otype = kpt_otype_get(p->is_return);
	}
	if (!p->print_fmt || !p->field_names || !p->otype) {
		ret = -ENOMEM;
		goto fail;
	}
	p->class.system = p->def->group;
	p->class.fields_array = p->today ? kpt_typed_fields(p->pdesc) :
					   kpt_fields_array;
	INIT_LIST_HEAD(&p->class.fields);
	p->class.reg = kpt_event_reg;
	p->call.class = &p->class;
	p->call.name = p->def->event;
	p->call.event.type = p->otype->shell.event.type;
	p->call.event.funcs = NULL;	/* see the top of this file */
	p->call.print_fmt = p->print_fmt;
	p->call.data = p;

	mutex_lock(kpt_ksyms.event_mutex);
	ret = trace_add_event_call(&p->call);
	if (!ret)
		/* perf and enable_event triggers pin us while they use it */
		p->call.module = THIS_MODULE;
	mutex_unlock(kpt_ksyms.event_mutex);
	if (ret)
		goto fail;
	p->event_added = true;
	return 0;
fail:
	kpt_otype_put(p);
	return ret;
}

int kpt_event_enable(struct kpt_probe *p)
{
	return trace_set_clr_event(p->def->group, p->def->event, 1);
}

/*
 * Disable the event in the top trace instance for its removal; -EBUSY if
 * it is still enabled elsewhere (another instance, a trigger in soft
 * mode).  From here on it cannot be enabled (dying) until it is removed
 * or kept (kpt_event_keep()).  The caller waits for an RCU grace period
 * before kpt_event_remove().  An event enabled nowhere (no link, no perf:
 * every enable, soft ones too, goes through reg()) is left alone:
 * trace_set_clr_event() walks every event of the instance, which made
 * removing N probes O(N^2).
 */
int kpt_event_disable(struct kpt_probe *p)
{
	bool busy;

	if (!p->event_added)
		return 0;
	mutex_lock(kpt_ksyms.event_mutex);
	p->dying = true;
	busy = kpt_event_used(p);
	mutex_unlock(kpt_ksyms.event_mutex);
	if (!busy)
		return 0;
	trace_set_clr_event(p->def->group, p->def->event, 0);
	mutex_lock(kpt_ksyms.event_mutex);
	busy = kpt_event_used(p);
	mutex_unlock(kpt_ksyms.event_mutex);
	return busy ? -EBUSY : 0;
}

/* The event could not be removed: it can be enabled again */
void kpt_event_keep(struct kpt_probe *p)
{
	mutex_lock(kpt_ksyms.event_mutex);
	p->dying = false;
	mutex_unlock(kpt_ksyms.event_mutex);
}

int kpt_event_remove(struct kpt_probe *p)
{
	int ret;

	lockdep_assert_held(&kpt_mutex);
	if (!p->event_added)
		return 0;
	mutex_lock(kpt_ksyms.event_mutex);
	ret = trace_remove_event_call(&p->call);
	mutex_unlock(kpt_ksyms.event_mutex);
	if (ret)
		return ret;
	p->event_added = false;
	kpt_otype_put(p);		/* kept registered: see above */
	return 0;
}

static int kpt_ptr_cmp(const void *a, const void *b)
{
	unsigned long x = (unsigned long)*(void * const *)a;
	unsigned long y = (unsigned long)*(void * const *)b;

	return x < y ? -1 : x > y;
}

/*
 * After trace_remove_event_call() of each of calls[0..n), before any of
 * them is freed: no tracefs inode may point to them any more (see the top
 * of this file).  Sorts calls[].  Returns the number of inodes cleared.
 * Kernels whose eventfs files never point at the call need nothing
 * (compat/kpt_event_files.h).
 */
unsigned int kpt_event_forget_files(struct trace_event_call **calls,
				    unsigned int n)
{
	struct super_block *sb = kpt_tracefs_sb;
	unsigned int cleared = 0;
	struct inode *inode;
	void *lo, *hi;

	if (!n || !kpt_event_files_hold_call())
		return 0;
	sort(calls, n, sizeof(*calls), kpt_ptr_cmp, NULL);
	lo = calls[0];
	hi = calls[n - 1];
	mutex_lock(kpt_ksyms.event_mutex);
	spin_lock(&sb->s_inode_list_lock);
	/*
	 * Every tracefs inode, with the kernel's own events' files: keep the
	 * loop body to a few instructions (a range check, then a search only
	 * for what falls in the range; exact for one event).
	 */
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		void *priv = READ_ONCE(inode->i_private);

		if ((unsigned long)priv < (unsigned long)lo ||
		    (unsigned long)priv > (unsigned long)hi)
			continue;
		if (n == 1 || bsearch(&priv, calls, n, sizeof(*calls),
				      kpt_ptr_cmp)) {
			WRITE_ONCE(inode->i_private, NULL);
			cleared++;
		}
	}
	spin_unlock(&sb->s_inode_list_lock);
	mutex_unlock(kpt_ksyms.event_mutex);
	return cleared;
}

/* ---- groups -------------------------------------------------------------- */

/*
 * Groups we never use: the default groups of the kernel's own dynamic
 * tracers (which may create events there at any time), and the names of
 * the files at the top of tracefs' events/ directory.
 */
static const char * const kpt_reserved_groups[] = {
	"kprobes", "uprobes", "eprobes", "synthetic",
	"enable", "filter", "header_page", "header_event",
};

/*
 * May our events go into GROUP?  Not into a reserved name, nor into a
 * group (system) that holds any event that is not ours: sched, syscalls,
 * the kernel tracer's kprobes events, a module's tracepoints...
 */
int kpt_event_group_check(const char *group, struct kpt_err *e, size_t pos)
{
	struct trace_event_call *call;
	const char *other = NULL;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kpt_reserved_groups); i++)
		if (!strcmp(group, kpt_reserved_groups[i]))
			return kpt_err_set(e, -EINVAL, pos,
					   "group %s is reserved for the kernel's own events",
					   group);
	mutex_lock(kpt_ksyms.event_mutex);
	list_for_each_entry(call, kpt_ksyms.ftrace_events, list) {
		if (call->class->reg == kpt_event_reg || !call->class->system ||
		    strcmp(call->class->system, group))
			continue;
		other = trace_event_name(call);
		break;
	}
	if (other)
		kpt_err_set(e, -EINVAL, pos,
			    "group %s holds events that are not kprobetrace's (%s/%s)",
			    group, group, other);
	mutex_unlock(kpt_ksyms.event_mutex);
	return other ? e->err : 0;
}

static void kpt_find_tracefs(struct super_block *sb, void *data)
{
	if (!kpt_tracefs_sb)
		kpt_tracefs_sb = sb;
}

/*
 * The tracefs superblock: there is one (mount_single), and it lives as
 * long as the kernel's own tracefs files keep its internal mount pinned,
 * which is forever once tracing is up (it is at boot: fs_initcall).
 * tracefs is built in, so get_fs_type() took no module reference.
 */
int kpt_event_init(void)
{
	struct file_system_type *fst = get_fs_type("tracefs");

	if (fst)
		iterate_supers_type(fst, kpt_find_tracefs, NULL);
	if (!kpt_tracefs_sb) {
		pr_err("cannot find tracefs\n");
		return -ENOENT;
	}
	return 0;
}

/*
 * At unload, after every probe we could remove is gone: drop every output
 * type, also one whose probe could not be removed (an event still held in
 * soft mode by a trigger): the core removes such an event itself when this
 * module goes (trace_module_remove_events(), as call->module is us), and
 * no record of ours can be printed after this.
 */
void kpt_event_exit(void)
{
	struct kpt_otype *t, *tmp;

	mutex_lock(&kpt_mutex);
	list_for_each_entry_safe(t, tmp, &kpt_otypes, list)
		kpt_otype_free(t);
	mutex_unlock(&kpt_mutex);
}
