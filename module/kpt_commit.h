/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The write transaction's commit (kpt_commit.c): the ops a write's lines
 * became, applied all or nothing under kpt_mutex.  What is replaced or
 * deleted is selected (busy events refused), the new kprobes registered
 * disabled (the last step that may fail), then the events removed, the
 * probes appended or added as events and, in the seed's lifecycle,
 * enabled.
 *
 * Offers: struct kpt_op, kpt_commit().  Touches the probe list, probes,
 * events, removal, the error log; called by kpt_write.c alone.
 */
#ifndef KPT_COMMIT_H
#define KPT_COMMIT_H

#include <linux/types.h>

struct kpt_probe;
struct kpt_probe_def;

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

/*
 * Apply ops[0..nops) (kpt_mutex held); disabled: new events created
 * disabled in either lifecycle.  0 or the failing op's errno (its
 * error_log entry written).
 */
int kpt_commit(struct kpt_op *ops, unsigned int nops, bool disabled);

#endif /* KPT_COMMIT_H */
