/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions of an f: probe (kpt_fset.c), part of the probes room: one
 * symbol checked, or a set (globs and names, '!' excluding) matched; a
 * member has an ftrace record, is not blacklisted, not kprobetrace's own.
 *
 * Offers: what kpt_probe.c and the BTF step (kpt_btf_set.c) call. May
 * touch: symbols (kpt_resolve.h, kpt_ksyms.h, compat's symbol walks).
 */
#ifndef KPT_FSET_H
#define KPT_FSET_H

#include <linux/module.h>
#include "kpt_err.h"
#include "kpt_probe_types.h"

/* The most functions one f: event may take. */
#define KPT_FSET_MAX	(1U << 18)

/* sets: match the set (0, or -errno with e filled); p->addr: a member */
int kpt_fprobe_match_set(struct kpt_probe *p, struct kpt_err *e, size_t pos,
			 char *found_mod);
/*
 * A set matched ahead (by the BTF step, kpt_btf_prepare()), for the probe
 * to take instead of matching it again: its members (sorted), how many
 * were skipped and the note saying so, their module ("" for vmlinux).
 */
struct kpt_fset_pre {
	unsigned long *ips;		/* kvfree() */
	unsigned int n, skipped;
	char mod[MODULE_NAME_LEN];
	struct kpt_err note;
};
struct kpt_probe_def;
/* Match def's set into pre: 0, or -errno with e filled. */
int kpt_fprobe_set_members(const struct kpt_probe_def *def,
			   struct kpt_fset_pre *pre, struct kpt_err *e,
			   size_t pos);
/* one function at addr: checked (0, or -errno with e filled) */
int kpt_fprobe_check_one(struct kpt_probe *p, unsigned long addr,
			 struct kpt_err *e, size_t pos);

#endif /* KPT_FSET_H */
