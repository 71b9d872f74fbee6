/* SPDX-License-Identifier: GPL-2.0 */
/*
 * f: events (kpt_fprobe.c), part of the probes room: the functions of an
 * f: probe found (one symbol, or a set: globs and names, '!' excluding),
 * checked (an ftrace record, not blacklisted, not kprobetrace's own) and
 * armed: entry and exit through one ftrace_ops whose filter holds every
 * function (one ftrace update to arm, one to disarm); the exit's return
 * hooked at the entry with a rethook node.
 *
 * Offers: what kpt_probe.c calls for a probe with p->fprobe.  May touch:
 * ftrace (register_ftrace_function(), ftrace_set_filter_ips()), rethook
 * (through kpt_ksyms and compat/kpt_rethook_pool.h), symbols (kpt_resolve.h, kpt_ksyms.h,
 * kpt_ksyms.h); the handlers are the hit path's (kpt_hit.h).
 */
#ifndef KPT_FPROBE_H
#define KPT_FPROBE_H

#include <linux/module.h>
#include "kpt_err.h"
#include "kpt_probe_types.h"

/* The most functions one f: event may take. */
#define KPT_FSET_MAX	(1U << 18)

int kpt_fprobe_alloc(struct kpt_probe *p);
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
int kpt_fprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed);
int kpt_fprobe_set_armed(struct kpt_probe *p, bool on);
void kpt_fprobe_unregister(struct kpt_probe *p);
void kpt_fprobe_free(struct kpt_probe *p);
unsigned long kpt_fprobe_misses(struct kpt_probe *p);
/* how many functions the probe has now (0: its module is not loaded) */
unsigned int kpt_fprobe_count(struct kpt_probe *p);

/*
 * The file fprobe_ftrace_updates: how many ftrace updates (code patching:
 * register/unregister_ftrace_function()) f: events have made, so that a
 * test can see that arming N functions costs one.
 */
int kpt_fprobe_files_init(void);
/* fprobe_functions: "GRP/EVENT FUNCTION" for each function of p (kpt_mutex) */
struct seq_file;
void kpt_fprobe_show(struct seq_file *m, struct kpt_probe *p);

#endif /* KPT_FPROBE_H */
