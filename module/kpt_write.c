// SPDX-License-Identifier: GPL-2.0
/*
 * The write transaction: the lines of one write to kprobe_events (or the
 * selftest's) are parsed, resolved, compiled and checked (kpt_probe.h)
 * into ops, which are applied only when every line is good
 * (kpt_commit.h: probes registered disabled, replaced or deleted events
 * removed, new events added and, in the seed's lifecycle, enabled).  A bad
 * line fails the whole write with its errno and error_log entry, and
 * applies none of its lines.
 *
 * May touch: new probes, the commit (under kpt_mutex), the error log.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/sched.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kpt_btf_args.h"
#include "kpt_commit.h"
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_fprobe.h"
#include "kpt_fset.h"
#include "kpt_probe.h"
#include "kpt_write.h"

/* room for one more op in *ops (of *cap, nops used): 0 or -ENOMEM */
static int kpt_ops_grow(struct kpt_op **ops, unsigned int nops,
			unsigned int *cap)
{
	struct kpt_op *n;

	if (nops < *cap)
		return 0;
	*cap = *cap ? *cap * 2 : 8;
	n = kvcalloc(*cap, sizeof(*n), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	if (*ops)
		memcpy(n, *ops, nops * sizeof(*n));
	kvfree(*ops);
	*ops = n;
	return 0;
}

/* Does memory through argument a? */
static bool kpt_arg_reads_mem(const struct kpt_probe_arg *a)
{
	unsigned int i;

	for (i = 0; i < a->nops; i++)
		if (a->ops[i].op == KPT_FOP_DEREF ||
		    a->ops[i].op == KPT_FOP_UDEREF)
			return true;
	return false;
}

/*
 * May the line be added now?  Not under lockdown (confidentiality),
 * except an e: line that reads its event's fields only (no memory; its
 * filter reads the record's fields, the task's name and the CPU).
 */
static int kpt_op_allowed(const struct kpt_probe_def *def, struct kpt_err *e)
{
	bool ep = def->flags & KPT_DEF_EPROBE;
	unsigned int i;
	int ret;

	ret = security_locked_down(LOCKDOWN_KPROBES);
	if (!ret)
		return 0;
	if (!ep)
		return kpt_error_with(e, KPT_ERR_LOCKED_DOWN, ret, 0);
	for (i = 0; i < def->nargs; i++)
		if (kpt_arg_reads_mem(&def->args[i]))
			return kpt_error_with(e, KPT_ERR_EP_LOCKED_DOWN, ret,
					      def->args[i].pos);
	return 0;
}

/*
 * The probe op's line defines, checked and created (not registered);
 * *pre: an f: set's functions, matched once for the write.  Logs what
 * fails.
 */
static int kpt_op_add(struct kpt_op *op, struct kpt_probe_def *def,
		      struct kpt_fset_pre **pre)
{
	bool fset = def->flags & KPT_DEF_FSET;
	struct kpt_err e = {};
	int ret;

	op->kind = KPT_OP_ADD;
	ret = kpt_op_allowed(def, &e);
	if (ret)
		goto log;
	if (strcmp(def->group, KPT_DEFAULT_GROUP)) {
		ret = kpt_event_group_check(def->group, &e, def->group_pos);
		if (ret)
			goto log;
	}
	if (fset && !*pre)
		*pre = kzalloc(sizeof(**pre), GFP_KERNEL);
	if (*pre) {	/* never a line before's */
		kvfree((*pre)->ips);
		(*pre)->ips = NULL;
	}
	ret = kpt_btf_prepare(def, op->line, op->len, &e, fset ? *pre : NULL);
	if (ret)
		goto log;
	op->p = kpt_probe_create(def, &e, fset ? *pre : NULL);
	if (IS_ERR(op->p)) {
		op->p = NULL;
		ret = e.err;
		/* an e: filter's error: its caret in the line as written */
		if (def->filter && e.pos > def->filter_pos)
			e.pos = kpt_eprobe_filter_caret(op->line, op->len,
							def->filter_pos,
							e.pos - def->filter_pos);
		goto log;
	}
	if (!e.note)	/* e.g. the boundary check's fallback */
		return 0;
log:
	kpt_errlog_add(op->lineno, op->line, op->len, &e);
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
		ret = kpt_ops_grow(&ops, nops, &cap);
		if (ret)
			goto out;
		op = &ops[nops];
		memset(op, 0, sizeof(*op));
		op->lineno = lineno++;
		op->line = line;
		op->len = llen;
		if (def->kind != KPT_PROBE_DELETE) {
			ret = kpt_op_add(op, def, &pre);
		} else {
			op->kind = KPT_OP_DELETE;
			op->del = kvmalloc(kpt_probe_def_compact_size(def),
					   GFP_KERNEL);
			ret = op->del ? 0 : -ENOMEM;
			if (op->del)
				kpt_probe_def_compact(op->del, def);
		}
		if (ret)
			goto out;
		nops++;
	}

	if (nops) {
		mutex_lock(&kpt_mutex);
		ret = kpt_commit(ops, nops, flags & KPT_APPLY_DISABLED);
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
