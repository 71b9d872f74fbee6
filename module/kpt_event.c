// SPDX-License-Identifier: GPL-2.0
/*
 * Events: one dynamic ftrace event per event-holding probe, in tracefs
 * events/<group>/<EVENT>/ (group "kprobetrace"), built on the exported
 * trace-event API.  See kpt_event.h for what it offers and touches.
 *
 * The output type.  The call's event.type is that of a struct kpt_otype
 * (kpt_otype.c) and call->event.funcs stays NULL, so that removing the
 * call leaves the type registered and the event's records still print.
 * Every path that maps a type to something finds what it needs:
 * trace_event_buffer_reserve() takes file->event_call->event.type, the
 * id file prints call->event.type, filters and format use the call's
 * fields (the format backend's, kpt_fmt.h), print_trace_line() finds our
 * trace_event by type.
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
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include "kpt_event.h"
#include "kpt_event_files.h"
#include "kpt_fmt.h"
#include "kpt_otype.h"
#include "kpt_ksyms.h"
#include "kpt_members.h"
#include "kpt_probe.h"

static bool kpt_exiting;
/* tracefs: its format files (see the top of this file) */
static struct super_block *kpt_tracefs_sb;

/* ---- arming: reg() ------------------------------------------------------ */

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
		 * period first (kpt_remove.c / instance removal).
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

/*
 * The aggregate file's arming (kpt_aggregate.c): as a trace instance's
 * enable, with no link: the hit path aggregates, records nothing.  The
 * per-member tables are made for each probe of the event first.
 */
int kpt_event_aggregate(struct kpt_probe *p, bool on)
{
	struct kpt_probe *q;
	int ret = 0;

	lockdep_assert_held(&kpt_mutex);
	mutex_lock(kpt_ksyms.event_mutex);
	if (!on) {
		WRITE_ONCE(p->agg_on, false);
		if (!kpt_event_used(p))
			kpt_probe_set_armed(p, false);
		list_for_each_entry(q, &p->sibs, sib)
			kpt_members_drop(q);
		goto out;
	}
	if (kpt_exiting || p->dying) {
		ret = -ENODEV;
		goto out;
	}
	list_for_each_entry(q, &p->sibs, sib) {
		ret = kpt_members_make(q);
		if (ret)
			break;
	}
	if (!ret && !kpt_event_used(p))
		ret = kpt_probe_set_armed(p, true);
	if (ret) {
		list_for_each_entry(q, &p->sibs, sib)
			kpt_members_drop(q);
		goto out;
	}
	WRITE_ONCE(p->agg_on, true);
out:
	mutex_unlock(kpt_ksyms.event_mutex);
	return ret;
}

/* ---- add / enable / disable / remove (under kpt_mutex) ------------------ */

int kpt_event_add(struct kpt_probe *p)
{
	int ret;

	lockdep_assert_held(&kpt_mutex);
	ret = p->fmt->print_fmt(p) ?: kpt_otype_get(p);
	if (ret)
		goto fail;
	p->class.system = p->def->group;
	p->class.fields_array = p->fmt->fields(p);
	INIT_LIST_HEAD(&p->class.fields);
	p->class.reg = kpt_event_reg;
	p->call.class = &p->class;
	p->call.name = p->def->event;
	p->call.event.type = p->otype->shell.event.type;
	p->call.event.funcs = NULL;	/* see kpt_otype.c */
	p->call.print_fmt = p->print_fmt;
	p->call.data = p;
	/* what no event probe attaches to, as the kernel's (kpt_eprobe.h) */
	p->call.flags = p->eprobe ? TRACE_EVENT_FL_EPROBE : 0;

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
 * Groups we never use: the default groups of the kernel's own kprobe,
 * uprobe and synthetic tracers (which may create events there at any
 * time), and the names of the files at the top of tracefs' events/
 * directory.  The default groups of the kinds both tracers have (e:
 * "eprobes", t: "tracepoints") are ours too, while they hold no event
 * of the kernel's (the check below).
 */
static const char * const kpt_reserved_groups[] = {
	"kprobes", "uprobes", "synthetic",
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
			return kpt_error(e, KPT_ERR_GROUP_RESERVED, pos,
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
		kpt_error(e, KPT_ERR_GROUP_FOREIGN, pos,
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

/* At unload: from now on no event of ours can be enabled. */
void kpt_event_exiting(void)
{
	mutex_lock(kpt_ksyms.event_mutex);
	kpt_exiting = true;
	mutex_unlock(kpt_ksyms.event_mutex);
}
