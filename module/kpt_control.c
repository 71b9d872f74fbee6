// SPDX-License-Identifier: GPL-2.0
/*
 * The control files in /sys/kernel/debug/kprobetrace/ (all root only):
 *
 * kprobe_events (0600)
 *   Write: lines of "p[:EVENT] SYMBOL[+offs|-offs]|MEMADDR [FETCHARGS]",
 *   "r[:EVENT] SYMBOL[+0] [FETCHARGS]" (and today's syntax, see
 *   common/kpt_probe_def.h), several per write; '#' comments and blank
 *   lines are ignored; lines up to KPT_LINE_MAX (8 KiB) bytes.
 *   Each write is complete lines, in both lifecycles (as the seed's
 *   probes_write() and the kernel's trace_parse_run_command()): its last
 *   line needs no newline and is applied (or refused, failing that write)
 *   by that write; nothing is carried into the next write, so a line split
 *   across two writes is two lines (the first half usually refused).
 *   All or nothing: the complete lines of one write are parsed, resolved,
 *   checked and registered first; only when every line is good are they
 *   applied (old definitions of the same EVENT removed, events added and
 *   enabled).  A bad line fails the write with its errno, applies none of
 *   its lines, and is described in error_log.  The one exception: if an
 *   event to replace turns out busy after the check (a race with someone
 *   enabling it elsewhere), earlier replacements of that write stay done.
 *   Opening with O_TRUNC removes every probe, enabled ones too (-EBUSY,
 *   with an error_log line, if one is held by another trace instance or
 *   by a trigger).
 *   Read: one canonical definition per line, writable back.
 * kprobe_profile (0400): event name, hits, misses (kprobe and kretprobe
 *   nmissed: reentrancy, maxactive exhausted).
 * error_log (0600): see kpt_errlog.c.
 *
 * The files are debugfs_create_file_unsafe(): removal is safe, as an open
 * file holds a module reference (fops owner) and the files are only
 * removed at unload.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/debugfs.h>
#include <linux/moduleparam.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include "kpt_ksyms.h"
#include "kpt_probe.h"

#define KPT_WRITE_MAX	(1024 * 1024)

enum kpt_op_kind { KPT_OP_ADD, KPT_OP_DELETE };

struct kpt_op {
	u8 kind;
	bool dropped;			/* replaced by a later line */
	unsigned int lineno;
	const char *line;
	size_t len;
	struct kpt_probe *p;		/* ADD: the new probe */
	struct kpt_probe *added;	/* ADD: p once it holds its event */
	struct kpt_probe *append_to;	/* ADD, today: an existing event */
	int append_op;			/* ADD, today: or this op's, or -1 */
	struct kpt_probe_def *del;	/* DELETE: what it selects */
};

#define KPT_LABEL_MAX	(2 * KPT_NAME_MAX + 2)

/* "EVENT" in the default group, else "GRP/EVENT" */
static const char *kpt_label(struct kpt_probe *p, char *buf)
{
	if (!strcmp(kpt_probe_group(p), KPT_DEFAULT_GROUP))
		return kpt_probe_name(p);
	snprintf(buf, KPT_LABEL_MAX, "%s/%s", kpt_probe_group(p),
		 kpt_probe_name(p));
	return buf;
}

/* ---- lifecycle ------------------------------------------------------------ */

/*
 * lifecycle=seed (default): a new event is enabled at once; O_TRUNC
 * removes every probe, enabled ones too; redefining an EVENT replaces it.
 * lifecycle=today, as the kernel's tracer of today: a new event is
 * created disabled; clearing or deleting an enabled event fails with
 * EBUSY (nothing removed).  It can be changed at run time only while no
 * probe is defined (EBUSY otherwise).
 */
int kpt_lifecycle = KPT_LIFE_SEED;

static const char * const kpt_lifecycle_names[] = {
	[KPT_LIFE_SEED] = "seed",
	[KPT_LIFE_TODAY] = "today",
};

static int kpt_lifecycle_set(const char *val, const struct kernel_param *kp)
{
	int i, ret = 0;

	for (i = 0; i < ARRAY_SIZE(kpt_lifecycle_names); i++)
		if (sysfs_streq(val, kpt_lifecycle_names[i]))
			break;
	if (i == ARRAY_SIZE(kpt_lifecycle_names))
		return -EINVAL;
	mutex_lock(&kpt_mutex);
	if (i != kpt_lifecycle && !list_empty(&kpt_probes))
		ret = -EBUSY;
	else
		WRITE_ONCE(kpt_lifecycle, i);
	mutex_unlock(&kpt_mutex);
	return ret;
}

static int kpt_lifecycle_get(char *buf, const struct kernel_param *kp)
{
	return scnprintf(buf, PAGE_SIZE, "%s\n",
			 kpt_lifecycle_names[READ_ONCE(kpt_lifecycle)]);
}

static const struct kernel_param_ops kpt_lifecycle_ops = {
	.set = kpt_lifecycle_set,
	.get = kpt_lifecycle_get,
};

module_param_cb(lifecycle, &kpt_lifecycle_ops, NULL, 0644);
MODULE_PARM_DESC(lifecycle,
		 "seed (default): events live at once, clearing removes all; today: events created disabled, enabled ones cannot be cleared or deleted (EBUSY); changeable only with no probes defined");

/* ---- removing ------------------------------------------------------------- */

/*
 * Could the event be disabled and removed now?  (kpt_mutex held)  Returns
 * NULL if so, else why not.  Seed lifecycle: unless held by perf, another
 * trace instance or a trigger (soft mode); today's: unless enabled at all.
 */
static const char *kpt_busy(struct kpt_probe *p)
{
	const char *why = NULL;
	struct kpt_link *link;

	mutex_lock(kpt_ksyms.event_mutex);
	list_for_each_entry(link, &p->links, list) {
		if (kpt_lifecycle == KPT_LIFE_TODAY)
			why = "enabled";
		else if (link->pinned ||
			 (link->file->flags & EVENT_FILE_FL_SOFT_MODE))
			why = "in use (by another trace instance or a trigger)";
	}
	if (p->perf_on)
		why = "in use (by perf)";
	mutex_unlock(kpt_ksyms.event_mutex);
	return why;
}

/*
 * Remove whole events (their holders evs[0..n)): disable them, wait for
 * the hit path to let go, remove the event calls, detach their format
 * files (kpt_event.c), unregister all their probes in one batch and free
 * them.  An event that cannot be removed stays, with its probes; returns
 * -EBUSY then.
 */
static int kpt_remove_events(struct kpt_probe **evs, unsigned int n)
{
	struct kpt_probe **ps, *q, *tmp;
	struct trace_event_call **calls;
	unsigned int i, np = 0, nc = 0;
	int ret = 0;

	for (i = 0; i < n; i++)
		list_for_each_entry(q, &evs[i]->sibs, sib)
			np++;
	ps = kvcalloc(np, sizeof(*ps), GFP_KERNEL);
	calls = kvcalloc(n, sizeof(*calls), GFP_KERNEL);
	if (!ps || !calls) {
		kvfree(ps);
		kvfree(calls);
		return -ENOMEM;
	}
	np = 0;
	for (i = 0; i < n; i++)
		if (kpt_event_disable(evs[i]))
			ret = -EBUSY;
	/*
	 * Handlers that began before the last disarming may still use the
	 * event's links and files: wait for a grace period after it, unless
	 * one has passed already or the event was never armed (a handler
	 * that still runs keeps the event busy: its removal fails).
	 */
	for (i = 0; i < n; i++)
		if (evs[i]->armed_once)
			cond_synchronize_rcu(evs[i]->disarm_gp);
	for (i = 0; i < n; i++) {
		bool added = evs[i]->event_added;

		if (kpt_event_remove(evs[i])) {
			pr_warn("cannot remove event %s: busy\n",
				kpt_probe_name(evs[i]));
			kpt_event_keep(evs[i]);
			ret = -EBUSY;
			continue;
		}
		if (added)
			calls[nc++] = &evs[i]->call;
		list_for_each_entry_safe(q, tmp, &evs[i]->sibs, sib) {
			list_del_init(&q->list);
			ps[np++] = q;
		}
	}
	kpt_event_forget_files(calls, nc);
	kvfree(calls);
	kpt_probe_unregister_many(ps, np);
	for (i = 0; i < np; i++)
		kpt_probe_free(ps[i]);
	kvfree(ps);
	return ret;
}

/*
 * Remove some probes of events that keep others: unregister them; the
 * holder of an event stays as such (detached), the others are freed.
 */
static void kpt_detach_probes(struct kpt_probe **ps, unsigned int n)
{
	unsigned int i;

	kpt_probe_unregister_many(ps, n);
	for (i = 0; i < n; i++) {
		struct kpt_probe *q = ps[i];

		mutex_lock(kpt_ksyms.event_mutex);
		if (q->ev == q)
			q->detached = true;
		else
			list_del_init(&q->sib);
		mutex_unlock(kpt_ksyms.event_mutex);
		if (q->ev != q) {
			list_del_init(&q->list);
			kpt_probe_free(q);
		}
	}
}

int kpt_control_clear(bool force)
{
	struct kpt_probe **evs, *p;
	unsigned int n = 0, i = 0;
	struct kpt_err e = {};
	char label[KPT_LABEL_MAX];
	const char *why;
	int ret;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		if (p->ev != p)
			continue;
		n++;
		why = force ? NULL : kpt_busy(p);
		if (why) {
			kpt_err_set(&e, -EBUSY, 0,
				    "event %s is %s: nothing removed",
				    kpt_label(p, label), why);
			mutex_unlock(&kpt_mutex);
			kpt_errlog_add(0, "", 0, &e);
			return -EBUSY;
		}
	}
	if (!n) {
		mutex_unlock(&kpt_mutex);
		return 0;
	}
	evs = kvcalloc(n, sizeof(*evs), GFP_KERNEL);
	if (!evs) {
		mutex_unlock(&kpt_mutex);
		return -ENOMEM;
	}
	list_for_each_entry(p, &kpt_probes, list)
		if (p->ev == p)
			evs[i++] = p;
	ret = kpt_remove_events(evs, n);
	mutex_unlock(&kpt_mutex);
	kvfree(evs);
	if (ret && !force) {
		kpt_err_set(&e, ret, 0,
			    "an event became busy while clearing: it was kept");
		kpt_errlog_add(0, "", 0, &e);
	}
	return ret;
}

static void kpt_fail_op(struct kpt_op *op, struct kpt_err *e)
{
	kpt_errlog_add(op->lineno, op->line, op->len, e);
}

static bool kpt_same_event(struct kpt_probe *a, struct kpt_probe *b)
{
	return a->name_hash == b->name_hash &&
	       !strcmp(kpt_probe_group(a), kpt_probe_group(b)) &&
	       !strcmp(kpt_probe_name(a), kpt_probe_name(b));
}

/* Does op (a later line) make the probe p, to be added, go?  (seed) */
static bool kpt_op_selects(const struct kpt_op *op, struct kpt_probe *p)
{
	if (op->dropped)
		return false;
	if (op->kind == KPT_OP_DELETE)
		return kpt_probe_def_delete_matches(op->del, p->def);
	return kpt_same_event(op->p, p);	/* ADD replaces */
}

/* Is p among old[0..n)? */
static bool kpt_in(struct kpt_probe **old, unsigned int n,
		   struct kpt_probe *p)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (old[i] == p)
			return true;
	return false;
}

/* Add p to old[] unless there; -EBUSY (logged) if its event is busy */
/* Does a deletion before ops[i] in this write delete p already? */
static bool kpt_deleted_before(struct kpt_op *ops, unsigned int i,
			       struct kpt_probe *p)
{
	unsigned int j;

	for (j = 0; j < i; j++)
		if (ops[j].kind == KPT_OP_DELETE &&
		    kpt_probe_def_delete_matches(ops[j].del, p->def))
			return true;
	return false;
}

static int kpt_select(struct kpt_probe **old, unsigned int *n,
		      struct kpt_probe *p, struct kpt_op *op)
{
	char label[KPT_LABEL_MAX];
	struct kpt_err e = {};
	const char *why;

	if (kpt_in(old, *n, p))
		return 0;
	why = kpt_busy(p->ev);
	if (why) {
		kpt_err_set(&e, -EBUSY, 0,
			    "event %s cannot be replaced or deleted: it is %s",
			    kpt_label(p, label), why);
		kpt_fail_op(op, &e);
		return -EBUSY;
	}
	old[(*n)++] = p;
	return 0;
}

/*
 * lifecycle=today: may new probe p be appended to the event of probe to?
 * As the kernel's tracer: the same kind and fields (names and types), and
 * not the very same probe.  Logs the reason.
 */
static int kpt_check_append(struct kpt_op *op, struct kpt_probe *to)
{
	struct kpt_probe *p = op->p;
	struct kpt_err e = {};
	char label[KPT_LABEL_MAX];

	if (p->is_return != to->is_return) {
		kpt_err_set(&e, -EEXIST, 0,
			    "event %s has %s probes: cannot append a%s probe",
			    kpt_label(to, label),
			    to->is_return ? "return" : "entry",
			    p->is_return ? " return" : "n entry");
	} else if (p->today != to->today) {
		/* one record layout per event (kpt_types.c) */
		kpt_err_set(&e, -EEXIST, 0,
			    "event %s records in %s format: cannot append a probe in %s",
			    kpt_label(to, label),
			    to->today ? "today's" : "the seed's",
			    p->today ? "today's" : "the seed's");
	} else if (!kpt_probe_def_same_fields(to->def, p->def)) {
		kpt_err_set(&e, -EEXIST,
			    kpt_token_pos(op->line, op->len, 2),
			    "the arguments differ from event %s's (appending needs the same names and types)",
			    kpt_label(to, label));
	} else if (p->def->nargs == to->def->nargs &&
		   p->def->loc == to->def->loc &&
		   kpt_probe_def_delete_matches(p->def, to->def)) {
		kpt_err_set(&e, -EEXIST, 0,
			    "event %s already has this probe",
			    kpt_label(to, label));
	} else {
		return 0;
	}
	kpt_fail_op(op, &e);
	return e.err;
}

/* The event (holder) an ADD of today's lifecycle appends to, if any */
static int kpt_find_append(struct kpt_op *ops, unsigned int i,
			   struct kpt_probe **old, unsigned int nold)
{
	struct kpt_op *op = &ops[i];
	struct kpt_probe *q, *ev = NULL;
	unsigned int j;
	int ret;

	/* an earlier line of this write made or extended the event */
	for (j = i; j-- > 0; ) {
		if (ops[j].kind != KPT_OP_ADD || ops[j].dropped ||
		    !kpt_same_event(ops[j].p, op->p))
			continue;
		op->append_op = ops[j].append_op >= 0 ? ops[j].append_op : j;
		if (ops[j].append_to)
			op->append_to = ops[j].append_to;
		break;
	}
	if (op->append_op < 0) {
		list_for_each_entry(q, &kpt_probes, list)
			if (q->ev == q && kpt_same_event(q, op->p))
				ev = q;
		if (!ev)
			return 0;
		/* an event whose every probe goes is made anew */
		list_for_each_entry(q, &ev->sibs, sib)
			if (!q->detached && !kpt_in(old, nold, q))
				break;
		if (list_entry_is_head(q, &ev->sibs, sib))
			return 0;
		op->append_to = ev;
	}
	/* check against every probe the event will have */
	if (op->append_to) {
		list_for_each_entry(q, &op->append_to->sibs, sib) {
			if (q->detached || kpt_in(old, nold, q))
				continue;
			ret = kpt_check_append(op, q);
			if (ret)
				return ret;
		}
	}
	for (j = 0; j < i; j++) {
		if (ops[j].kind != KPT_OP_ADD || ops[j].dropped ||
		    !kpt_same_event(ops[j].p, op->p))
			continue;
		ret = kpt_check_append(op, ops[j].p);
		if (ret)
			return ret;
	}
	return 0;
}

/* A DELETE drops ADD op j of the same write; its appenders move on. */
static void kpt_drop_add(struct kpt_op *ops, unsigned int j, unsigned int i)
{
	int head = -1;
	unsigned int k;

	ops[j].dropped = true;
	for (k = j + 1; k < i; k++) {
		if (ops[k].kind != KPT_OP_ADD || ops[k].dropped ||
		    ops[k].append_op != j)
			continue;
		if (head < 0 && !ops[k].append_to) {
			head = k;
			ops[k].append_op = -1;
		} else {
			ops[k].append_op = head;
		}
	}
}

/* Append new probe p to the event held by ev (registered, disabled). */
static void kpt_append(struct kpt_probe *ev, struct kpt_probe *p)
{
	mutex_lock(kpt_ksyms.event_mutex);
	list_del(&p->sib);
	p->ev = ev;
	list_add_tail(&p->sib, &ev->sibs);
	if (kpt_probe_used(ev) && p->registered)
		enable_kprobe(&p->rp.kp);
	mutex_unlock(kpt_ksyms.event_mutex);
	list_add_tail(&p->list, &kpt_probes);
}

/* Apply the parsed and checked ops of one write (kpt_mutex held). */
static int kpt_commit(struct kpt_op *ops, unsigned int nops,
		      unsigned int flags)
{
	bool today = kpt_lifecycle == KPT_LIFE_TODAY;
	struct kpt_probe **old, **evs, **part, *p, *q;
	struct kpt_err e = {};
	unsigned int i, j, nold = 0, nevs = 0, npart = 0, nlisted = 0;
	int ret = 0;

	list_for_each_entry(p, &kpt_probes, list)
		nlisted++;
	old = kvmalloc_array(nlisted + 1, sizeof(*old), GFP_KERNEL);
	evs = kvmalloc_array(nlisted + 1, sizeof(*evs), GFP_KERNEL);
	part = kvmalloc_array(nlisted + 1, sizeof(*part), GFP_KERNEL);
	if (!old || !evs || !part) {
		ret = -ENOMEM;
		goto out;
	}

	/* seed: a line superseded by a later line of this write is dropped */
	for (i = 0; i < nops; i++) {
		ops[i].append_op = -1;
		if (today || ops[i].kind != KPT_OP_ADD)
			continue;
		for (j = i + 1; j < nops; j++)
			if (kpt_op_selects(&ops[j], ops[i].p))
				break;
		if (j < nops)
			ops[i].dropped = true;
	}

	/* what goes (replaced or deleted), what is appended */
	for (i = 0; i < nops; i++) {
		struct kpt_op *op = &ops[i];
		bool found = false;

		if (op->dropped)
			continue;
		if (op->kind == KPT_OP_ADD && today) {
			ret = kpt_find_append(ops, i, old, nold);
			if (ret)
				goto out;
			continue;
		}
		list_for_each_entry(p, &kpt_probes, list) {
			if (p->detached)
				continue;
			if (op->kind == KPT_OP_ADD ?
			    !kpt_same_event(p, op->p) :
			    !kpt_probe_def_delete_matches(op->del, p->def))
				continue;
			/* lines apply in order: an earlier one deleted it */
			if (op->kind == KPT_OP_DELETE &&
			    kpt_deleted_before(ops, i, p))
				continue;
			found = true;
			ret = kpt_select(old, &nold, p, op);
			if (ret)
				goto out;
		}
		if (op->kind != KPT_OP_DELETE)
			continue;
		/* deleting what an earlier line of this write adds */
		for (j = 0; j < i; j++) {
			if (ops[j].kind != KPT_OP_ADD ||
			    !kpt_probe_def_delete_matches(op->del, ops[j].p->def))
				continue;
			/* (seed: already dropped as superseded) */
			if (!ops[j].dropped)
				kpt_drop_add(ops, j, i);
			found = true;
		}
		if (found)
			continue;
		kpt_err_set(&e, -ENOENT, 0, "no event %s%s%s%s to delete",
			    op->del->flags & KPT_DEF_ANY_GROUP ? "" :
			    op->del->group,
			    op->del->flags & KPT_DEF_ANY_GROUP ? "" : "/",
			    op->del->event,
			    op->del->loc != KPT_LOC_NONE ?
			    " with such a probe" : "");
		kpt_fail_op(op, &e);
		ret = -ENOENT;
		goto out;
	}

	/* register the new kprobes (disabled): may still fail */
	for (i = 0; i < nops; i++) {
		if (ops[i].kind != KPT_OP_ADD || ops[i].dropped)
			continue;
		ret = kpt_probe_register(ops[i].p, &e);
		if (ret) {
			e.pos = kpt_token_pos(ops[i].line, ops[i].len, 1);
			kpt_fail_op(&ops[i], &e);
			goto out;
		}
	}

	/*
	 * Whole events go when every probe of theirs goes and nothing is
	 * appended to them; else only those probes go.
	 */
	for (i = 0; i < nold; i++) {
		struct kpt_probe *ev = old[i]->ev;
		bool whole = true;

		list_for_each_entry(q, &ev->sibs, sib)
			if (!q->detached && !kpt_in(old, nold, q))
				whole = false;
		for (j = 0; j < nops; j++)
			if (ops[j].kind == KPT_OP_ADD && !ops[j].dropped &&
			    ops[j].append_to == ev)
				whole = false;
		if (!whole)
			part[npart++] = old[i];
		else if (!kpt_in(evs, nevs, ev))
			evs[nevs++] = ev;
	}

	/* from here on it is applied */
	if (nevs) {
		ret = kpt_remove_events(evs, nevs);
		if (ret) {
			kpt_err_set(&e, ret, 0,
				    "an event to replace became busy");
			kpt_errlog_add(0, "", 0, &e);
			goto out;
		}
	}
	kpt_detach_probes(part, npart);
	for (i = 0; i < nops; i++) {
		struct kpt_probe *to = NULL;

		p = ops[i].p;
		if (ops[i].kind != KPT_OP_ADD || ops[i].dropped)
			continue;
		if (ops[i].append_to)
			to = ops[i].append_to;
		else if (ops[i].append_op >= 0)
			to = ops[ops[i].append_op].added;
		if (to) {
			kpt_append(to, p);
			ops[i].p = NULL;
			continue;
		}
		ret = kpt_event_add(p);
		if (ret) {
			kpt_err_set(&e, ret, 0, "cannot add event %s/%s",
				    kpt_probe_group(p), kpt_probe_name(p));
			kpt_fail_op(&ops[i], &e);
			goto out;
		}
		list_add_tail(&p->list, &kpt_probes);
		ops[i].added = p;
		ops[i].p = NULL;
		if (today || (flags & KPT_APPLY_DISABLED))
			continue;	/* created disabled */
		/* live at once, as in the seed */
		ret = kpt_event_enable(p);
		if (ret) {
			kpt_err_set(&e, ret, 0,
				    "note: event %s added but not enabled",
				    kpt_probe_name(p));
			kpt_fail_op(&ops[i], &e);
		}
		ret = 0;
	}
out:
	kvfree(old);
	kvfree(evs);
	kvfree(part);
	return ret;
}

/*
 * Parse, check and apply the lines in buf[0..len), the last one with or
 * without a newline.  flags: KPT_APPLY_DISABLED creates the events
 * disabled in either lifecycle.
 */
int kpt_control_apply(const char *buf, size_t len, unsigned int first_lineno,
		      unsigned int flags)
{
	struct kpt_probe_def *def;
	struct kpt_parse_error perr;
	struct kpt_op *ops = NULL;
	unsigned int nops = 0, cap = 0, lineno = first_lineno, i;
	struct kpt_err e;
	size_t pos = 0;
	int ret = 0;

	def = kvzalloc(sizeof(*def), GFP_KERNEL);
	if (!def)
		return -ENOMEM;

	while (pos < len) {
		const char *line = buf + pos;
		const char *nl = memchr(line, '\n', len - pos);
		size_t llen = nl ? nl - line : len - pos;
		struct kpt_op *op;

		pos += llen + 1;
		cond_resched();		/* up to 512 Ki lines per write */
		memset(&e, 0, sizeof(e));
		ret = kpt_parse_probe(line, llen, def, &perr);
		if (ret) {
			kpt_err_set(&e, kpt_parse_errno(perr.code), perr.pos,
				    "%s", kpt_parse_strerror(perr.code));
			kpt_errlog_add(lineno, line, llen, &e);
			ret = e.err;
			goto out;
		}
		if (def->kind == KPT_PROBE_NONE) {
			lineno++;
			continue;
		}
		if (nops == cap) {
			struct kpt_op *n;

			cap = cap ? cap * 2 : 8;
			n = kvcalloc(cap, sizeof(*n), GFP_KERNEL);
			if (!n) {
				ret = -ENOMEM;
				goto out;
			}
			if (ops)
				memcpy(n, ops, nops * sizeof(*n));
			kvfree(ops);
			ops = n;
		}
		op = &ops[nops];
		memset(op, 0, sizeof(*op));
		op->lineno = lineno++;
		op->line = line;
		op->len = llen;
		if (def->kind == KPT_PROBE_DELETE) {
			op->kind = KPT_OP_DELETE;
			op->del = kvmalloc(kpt_probe_def_compact_size(def),
					   GFP_KERNEL);
			if (!op->del) {
				ret = -ENOMEM;
				goto out;
			}
			kpt_probe_def_compact(op->del, def);
			nops++;
			continue;
		}
		ret = security_locked_down(LOCKDOWN_KPROBES);
		if (ret) {
			kpt_err_set(&e, ret, 0,
				    "the kernel is locked down: no new probes");
			kpt_errlog_add(op->lineno, line, llen, &e);
			goto out;
		}
		op->kind = KPT_OP_ADD;
		op->p = kpt_probe_create(def, line, llen, &e);
		if (IS_ERR(op->p)) {
			op->p = NULL;
			kpt_errlog_add(op->lineno, line, llen, &e);
			ret = e.err;
			goto out;
		}
		if (e.msg[0])	/* a note, e.g. the boundary check's fallback */
			kpt_errlog_add(op->lineno, line, llen, &e);
		nops++;
	}

	if (nops) {
		mutex_lock(&kpt_mutex);
		ret = kpt_commit(ops, nops, flags);
		mutex_unlock(&kpt_mutex);
	}
out:
	for (i = 0; i < nops; i++) {
		if (ops[i].p)
			kpt_probe_free(ops[i].p);
		kvfree(ops[i].del);
	}
	kvfree(ops);
	kvfree(def);
	return ret;
}

/* ---- kprobe_events ------------------------------------------------------ */

struct kpt_wstate {
	unsigned int lineno;		/* lines seen on this open file */
};

static void *kpt_events_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&kpt_mutex);
	return seq_list_start(&kpt_probes, *pos);
}

static void *kpt_events_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &kpt_probes, pos);
}

static void kpt_events_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kpt_mutex);
}

static int kpt_events_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p = list_entry(v, struct kpt_probe, list);

	if (p->detached)	/* holds an event, no longer a probe */
		return 0;
	seq_printf(m, "%s\n", p->listing);
	return 0;
}

static const struct seq_operations kpt_events_sops = {
	.start = kpt_events_start,
	.next = kpt_events_next,
	.stop = kpt_events_stop,
	.show = kpt_events_show,
};

static int kpt_events_open(struct inode *inode, struct file *file)
{
	struct kpt_wstate *ws;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		ret = kpt_control_clear(false);
		if (ret)
			return ret;
	}
	ret = seq_open(file, &kpt_events_sops);
	if (ret)
		return ret;
	if (file->f_mode & FMODE_WRITE) {
		ws = kzalloc(sizeof(*ws), GFP_KERNEL);
		if (!ws) {
			seq_release(inode, file);
			return -ENOMEM;
		}
		ws->lineno = 1;
		((struct seq_file *)file->private_data)->private = ws;
	}
	return 0;
}

static ssize_t kpt_events_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct kpt_wstate *ws = ((struct seq_file *)file->private_data)->private;
	size_t last, i;
	unsigned int lines = 0;
	char *buf;
	int ret;

	if (!count)
		return 0;
	if (count > KPT_WRITE_MAX) {
		struct kpt_err e = {};

		kpt_err_set(&e, -E2BIG, 0,
			    "write of %zu bytes: at most %d per write(2)",
			    count, KPT_WRITE_MAX);
		kpt_errlog_add(0, "", 0, &e);
		return -E2BIG;
	}
	buf = kvmalloc(count + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, ubuf, count)) {
		kvfree(buf);
		return -EFAULT;
	}
	buf[count] = '\0';

	/*
	 * The write is whole lines, its last one with or without a newline:
	 * that line belongs to this write, and so does its error.
	 */
	for (last = count; last > 0 && buf[last - 1] != '\n'; last--)
		;
	for (i = 0; i < last; i++)
		lines += buf[i] == '\n';
	if (count - last > KPT_LINE_MAX) {
		struct kpt_err e = {};

		kpt_err_set(&e, -E2BIG, KPT_LINE_MAX, "line too long (max %d bytes)",
			    KPT_LINE_MAX);
		kpt_errlog_add(ws->lineno + lines, buf + last, count - last, &e);
		kvfree(buf);
		return -E2BIG;
	}
	ret = kpt_control_apply(buf, count, ws->lineno, 0);
	if (!ret)
		ws->lineno += lines + (last < count);
	kvfree(buf);
	return ret ? ret : count;
}

static int kpt_events_release(struct inode *inode, struct file *file)
{
	struct kpt_wstate *ws = ((struct seq_file *)file->private_data)->private;

	kfree(ws);
	return seq_release(inode, file);
}

static const struct file_operations kpt_events_fops = {
	.owner = THIS_MODULE,
	.open = kpt_events_open,
	.read = seq_read,
	.write = kpt_events_write,
	.llseek = seq_lseek,
	.release = kpt_events_release,
};

/* ---- kprobe_profile ----------------------------------------------------- */

static int kpt_profile_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p = list_entry(v, struct kpt_probe, list);

	/* one line per probe, as the kernel's tracer */
	if (p->detached)
		return 0;
	seq_printf(m, "  %-44s %15lu %15lu\n", kpt_probe_name(p),
		   kpt_probe_hits(p), kpt_probe_misses(p));
	return 0;
}

static const struct seq_operations kpt_profile_sops = {
	.start = kpt_events_start,
	.next = kpt_events_next,
	.stop = kpt_events_stop,
	.show = kpt_profile_show,
};

static int kpt_profile_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return seq_open(file, &kpt_profile_sops);
}

static const struct file_operations kpt_profile_fops = {
	.owner = THIS_MODULE,
	.open = kpt_profile_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release,
};

int kpt_control_init(struct dentry *dir)
{
	debugfs_create_file_unsafe("kprobe_events", 0600, dir, NULL,
			    &kpt_events_fops);
	debugfs_create_file_unsafe("kprobe_profile", 0400, dir, NULL,
			    &kpt_profile_fops);
	return 0;
}

/*
 * Unload: refuse new enables, then remove every probe.  Events enabled in
 * another trace instance hold a module reference, so we cannot get here
 * with one; an event held in soft mode by a trigger cannot be removed:
 * its kprobe is unregistered all the same and the core removes the event
 * when the module goes (see kpt_event_exit()).
 */
void kpt_control_exit(void)
{
	struct kpt_probe *p, *tmp;

	mutex_lock(kpt_ksyms.event_mutex);
	kpt_exiting = true;
	mutex_unlock(kpt_ksyms.event_mutex);

	kpt_control_clear(true);
	mutex_lock(&kpt_mutex);
	list_for_each_entry_safe(p, tmp, &kpt_probes, list) {
		pr_warn("event %s is still in use; unregistering its probe\n",
			kpt_probe_name(p));
		kpt_event_disable(p);
		kpt_probe_unregister_many(&p, 1);
		list_del_init(&p->list);
		/* p stays allocated: the core still has its event call */
	}
	mutex_unlock(&kpt_mutex);
}
