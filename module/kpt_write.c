// SPDX-License-Identifier: GPL-2.0
/*
 * The write transaction: the lines of one write to kprobe_events (or the
 * selftest's) are parsed, resolved, compiled and checked (kpt_probe.h),
 * their probes registered disabled, and only when every line is good
 * applied: replaced or deleted events removed (kpt_remove.h), new events
 * added and, in the seed's lifecycle, enabled (kpt_event.h).  A bad line
 * fails the whole write with its errno and error_log entry, and applies
 * none of its lines.  The one exception: if an event to replace turns out
 * busy after the check (a race with someone enabling it elsewhere),
 * earlier replacements of that write stay done.
 *
 * May touch: the probe list (under kpt_mutex), new probes, events,
 * removal, the error log.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kpt_btf_args.h"
#include "kpt_eprobe.h"
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_fprobe.h"
#include "kpt_ksyms.h"
#include "kpt_members.h"
#include "kpt_probe.h"
#include "kpt_remove.h"
#include "kpt_write.h"

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

	if (p->is_return != to->is_return) {
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
		kpt_error(&e, KPT_ERR_NO_EVENT_TO_DELETE, 0,
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
			e.pos = ops[i].p->def->loc_pos;
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
			kpt_error_with(&e, KPT_ERR_REPLACE_BUSY, ret, 0);
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
			kpt_error_with(&e, KPT_ERR_ADD_EVENT_FAILED, ret, 0,
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
			kpt_error_with(&e, KPT_ERR_NOT_ENABLED, ret, 0,
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
	struct kpt_fset_pre *pre = NULL;	/* an f: set, matched once */
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
			kpt_error(&e, perr.code, perr.pos);
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
			kpt_error_with(&e, KPT_ERR_LOCKED_DOWN, ret, 0);
			kpt_errlog_add(op->lineno, line, llen, &e);
			goto out;
		}
		if (def->flags & KPT_DEF_EPROBE) {
			if (!kpt_eprobe_check(def, &e))
				kpt_error(&e, KPT_ERR_EPROBE_UNSUPPORTED, 0);
			kpt_errlog_add(op->lineno, line, llen, &e);
			ret = e.err;
			goto out;
		}
		op->kind = KPT_OP_ADD;
		if (strcmp(def->group, KPT_DEFAULT_GROUP)) {
			ret = kpt_event_group_check(def->group, &e,
						    def->group_pos);
			if (ret) {
				kpt_errlog_add(op->lineno, line, llen, &e);
				goto out;
			}
		}
		if ((def->flags & KPT_DEF_FSET) && !pre)
			pre = kzalloc(sizeof(*pre), GFP_KERNEL);
		if (pre) {	/* never a line before's */
			kvfree(pre->ips);
			pre->ips = NULL;
		}
		ret = kpt_btf_prepare(def, line, llen, &e,
				      def->flags & KPT_DEF_FSET ? pre : NULL);
		if (ret) {
			kpt_errlog_add(op->lineno, line, llen, &e);
			goto out;
		}
		op->p = kpt_probe_create(def, &e,
					 def->flags & KPT_DEF_FSET ? pre : NULL);
		if (IS_ERR(op->p)) {
			op->p = NULL;
			kpt_errlog_add(op->lineno, line, llen, &e);
			ret = e.err;
			goto out;
		}
		if (e.note)	/* e.g. the boundary check's fallback */
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
	if (pre)
		kvfree(pre->ips);
	kfree(pre);
	return ret;
}
