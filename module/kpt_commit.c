// SPDX-License-Identifier: GPL-2.0
/*
 * The write transaction's commit (kpt_commit.h): a write's ops applied.
 * In the seed's lifecycle a line replaces the event of its name (and a
 * later line of the same write one before it); in today's it appends to
 * an event whose fields it has.  A delete names events or probes, listed
 * or added by an earlier line.  Only when every op checks out and every
 * new kprobe is registered is anything removed or added.  The one
 * exception: if an event to replace turns out busy after the check (a
 * race with someone enabling it elsewhere), earlier replacements of that
 * write stay done.
 *
 * May touch: the probe list (under kpt_mutex), new probes, events,
 * removal, the error log.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/slab.h>
#include "kpt_commit.h"
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_ksyms.h"
#include "kpt_members.h"
#include "kpt_probe.h"
#include "kpt_remove.h"

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
		kpt_error(&e, KPT_ERR_CANNOT_REPLACE, 0,
			    kpt_probe_label(p, label), why);
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

	if (p->tprobe != to->tprobe) {
		/* a t: event takes t: probes only, as the kernel's */
		kpt_error(&e, KPT_ERR_APPEND_KIND, 0,
			  kpt_probe_label(to, label),
			  to->tprobe ? "tracepoint" : "no tracepoint",
			  p->tprobe ? " tracepoint" : " non-tracepoint");
	} else if (p->wprobe != to->wprobe) {
		/* a w: event takes w: probes only: its fields are its own */
		kpt_error(&e, KPT_ERR_APPEND_KIND, 0,
			  kpt_probe_label(to, label),
			  to->wprobe ? "watchpoint" : "no watchpoint",
			  p->wprobe ? " watchpoint" : " non-watchpoint");
	} else if (p->is_return != to->is_return) {
		kpt_error(&e, KPT_ERR_APPEND_KIND, 0,
			    kpt_probe_label(to, label),
			    to->is_return ? "return" : "entry",
			    p->is_return ? " return" : "n entry");
	} else if (p->today != to->today) {
		/* one record layout per event (kpt_fmt.h) */
		kpt_error(&e, KPT_ERR_APPEND_FORMAT, 0,
			    kpt_probe_label(to, label),
			    to->today ? "today's" : "the seed's",
			    p->today ? "today's" : "the seed's");
	} else if (!kpt_probe_def_same_fields(to->def, p->def)) {
		kpt_error(&e, KPT_ERR_APPEND_FIELDS, p->def->nargs ? p->def->args[0].pos : op->len,
			    kpt_probe_label(to, label));
	} else if (p->def->nargs == to->def->nargs &&
		   p->def->loc == to->def->loc &&
		   kpt_probe_def_delete_matches(p->def, to->def)) {
		kpt_error(&e, KPT_ERR_APPEND_SAME, 0,
			    kpt_probe_label(to, label));
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
	/* armed for aggregation: its members too (none if no memory) */
	if (ev->agg_on)
		kpt_members_make(p);
	if (kpt_event_used(ev))
		kpt_probe_arm_one(p);
	mutex_unlock(kpt_ksyms.event_mutex);
	list_add_tail(&p->list, &kpt_probes);
}

/* The listed probes a write replaces or deletes, and how they go. */
struct kpt_gone {
	struct kpt_probe **old;		/* every one that goes */
	struct kpt_probe **evs;		/* the events that go whole */
	struct kpt_probe **part;	/* those that leave an event that stays */
	unsigned int nold, nevs, npart;
};

/* seed: a line superseded by a later line of this write is dropped */
static void kpt_drop_superseded(struct kpt_op *ops, unsigned int nops,
				bool today)
{
	unsigned int i, j;

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
}

/* seed: ADD op i replaces the listed event of its name */
static int kpt_select_replaced(struct kpt_op *ops, unsigned int i,
			       struct kpt_gone *g)
{
	struct kpt_probe *p;
	int ret;

	list_for_each_entry(p, &kpt_probes, list) {
		if (p->detached || !kpt_same_event(p, ops[i].p))
			continue;
		ret = kpt_select(g->old, &g->nold, p, &ops[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * DELETE op i: the listed probes it names that no earlier line deleted,
 * and what an earlier line of this write adds; -ENOENT if nothing.
 */
static int kpt_select_deleted(struct kpt_op *ops, unsigned int i,
			      struct kpt_gone *g)
{
	const struct kpt_probe_def *del = ops[i].del;
	struct kpt_err e = {};
	struct kpt_probe *p;
	bool found = false;
	unsigned int j;
	int ret;

	list_for_each_entry(p, &kpt_probes, list) {
		if (p->detached || !kpt_probe_def_delete_matches(del, p->def))
			continue;
		/* lines apply in order: an earlier one deleted it */
		if (kpt_deleted_before(ops, i, p))
			continue;
		found = true;
		ret = kpt_select(g->old, &g->nold, p, &ops[i]);
		if (ret)
			return ret;
	}
	for (j = 0; j < i; j++) {
		if (ops[j].kind != KPT_OP_ADD ||
		    !kpt_probe_def_delete_matches(del, ops[j].p->def))
			continue;
		/* (seed: already dropped as superseded) */
		if (!ops[j].dropped)
			kpt_drop_add(ops, j, i);
		found = true;
	}
	if (found)
		return 0;
	kpt_error(&e, KPT_ERR_NO_EVENT_TO_DELETE, 0,
		  del->flags & KPT_DEF_ANY_GROUP ? "" : del->group,
		  del->flags & KPT_DEF_ANY_GROUP ? "" : "/", del->event,
		  del->loc != KPT_LOC_NONE ? " with such a probe" : "");
	kpt_fail_op(&ops[i], &e);
	return -ENOENT;
}

/* what goes (replaced or deleted), what is appended */
static int kpt_select_gone(struct kpt_op *ops, unsigned int nops, bool today,
			   struct kpt_gone *g)
{
	unsigned int i;
	int ret;

	for (i = 0; i < nops; i++) {
		if (ops[i].dropped)
			continue;
		if (ops[i].kind == KPT_OP_DELETE)
			ret = kpt_select_deleted(ops, i, g);
		else if (today)
			ret = kpt_find_append(ops, i, g->old, g->nold);
		else
			ret = kpt_select_replaced(ops, i, g);
		if (ret)
			return ret;
	}
	return 0;
}

/* register the new kprobes (disabled): may still fail */
static int kpt_register_adds(struct kpt_op *ops, unsigned int nops)
{
	struct kpt_err e = {};
	unsigned int i;
	int ret;

	for (i = 0; i < nops; i++) {
		if (ops[i].kind != KPT_OP_ADD || ops[i].dropped)
			continue;
		ret = kpt_probe_register(ops[i].p, &e);
		if (ret) {
			e.pos = ops[i].p->def->loc_pos;
			kpt_fail_op(&ops[i], &e);
			return ret;
		}
	}
	return 0;
}

/*
 * Whole events go when every probe of theirs goes and nothing is
 * appended to them; else only those probes go.
 */
static void kpt_split_gone(struct kpt_op *ops, unsigned int nops,
			   struct kpt_gone *g)
{
	struct kpt_probe *q;
	unsigned int i, j;

	for (i = 0; i < g->nold; i++) {
		struct kpt_probe *ev = g->old[i]->ev;
		bool whole = true;

		list_for_each_entry(q, &ev->sibs, sib)
			if (!q->detached && !kpt_in(g->old, g->nold, q))
				whole = false;
		for (j = 0; j < nops; j++)
			if (ops[j].kind == KPT_OP_ADD && !ops[j].dropped &&
			    ops[j].append_to == ev)
				whole = false;
		if (!whole)
			g->part[g->npart++] = g->old[i];
		else if (!kpt_in(g->evs, g->nevs, ev))
			g->evs[g->nevs++] = ev;
	}
}

/* ADD op i applied: appended, or a new event (live at once in the seed) */
static int kpt_apply_add(struct kpt_op *ops, unsigned int i, bool disabled,
			 bool today)
{
	struct kpt_probe *to = NULL, *p = ops[i].p;
	struct kpt_err e = {};
	int ret;

	if (ops[i].append_to)
		to = ops[i].append_to;
	else if (ops[i].append_op >= 0)
		to = ops[ops[i].append_op].added;
	if (to) {
		kpt_append(to, p);
		ops[i].p = NULL;
		return 0;
	}
	ret = kpt_event_add(p);
	if (ret) {
		kpt_error_with(&e, KPT_ERR_ADD_EVENT_FAILED, ret, 0,
			       kpt_probe_group(p), kpt_probe_name(p));
		kpt_fail_op(&ops[i], &e);
		return ret;
	}
	list_add_tail(&p->list, &kpt_probes);
	ops[i].added = p;
	ops[i].p = NULL;
	if (today || disabled)
		return 0;	/* created disabled */
	ret = kpt_event_enable(p);
	if (ret) {
		kpt_error_with(&e, KPT_ERR_NOT_ENABLED, ret, 0,
			       kpt_probe_name(p));
		kpt_fail_op(&ops[i], &e);
	}
	return 0;
}

int kpt_commit(struct kpt_op *ops, unsigned int nops, bool disabled)
{
	bool today = kpt_lifecycle == KPT_LIFE_TODAY;
	struct kpt_gone g = {};
	struct kpt_err e = {};
	struct kpt_probe *p;
	unsigned int i, nlisted = 0;
	int ret;

	list_for_each_entry(p, &kpt_probes, list)
		nlisted++;
	g.old = kvmalloc_array(nlisted + 1, sizeof(*g.old), GFP_KERNEL);
	g.evs = kvmalloc_array(nlisted + 1, sizeof(*g.evs), GFP_KERNEL);
	g.part = kvmalloc_array(nlisted + 1, sizeof(*g.part), GFP_KERNEL);
	ret = g.old && g.evs && g.part ? 0 : -ENOMEM;
	if (ret)
		goto out;
	kpt_drop_superseded(ops, nops, today);
	ret = kpt_select_gone(ops, nops, today, &g);
	if (!ret)
		ret = kpt_register_adds(ops, nops);
	if (ret)
		goto out;
	kpt_split_gone(ops, nops, &g);

	/* from here on it is applied */
	if (g.nevs) {
		ret = kpt_remove_events(g.evs, g.nevs);
		if (ret) {
			kpt_error_with(&e, KPT_ERR_REPLACE_BUSY, ret, 0);
			kpt_errlog_add(0, "", 0, &e);
			goto out;
		}
	}
	kpt_detach_probes(g.part, g.npart);
	for (i = 0; i < nops && !ret; i++)
		if (ops[i].kind == KPT_OP_ADD && !ops[i].dropped)
			ret = kpt_apply_add(ops, i, disabled, today);
out:
	kvfree(g.old);
	kvfree(g.evs);
	kvfree(g.part);
	return ret;
}

