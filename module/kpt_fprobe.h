/* SPDX-License-Identifier: GPL-2.0 */
/*
 * f: events (kpt_fprobe.c), part of the probes room: an f: probe's
 * functions (found and checked by kpt_fset.h) armed: entry and exit
 * through one ftrace_ops whose filter holds every function (one ftrace
 * update to arm, one to disarm); the exit's return hooked at the entry
 * with a rethook node.
 *
 * Offers: what kpt_probe.c calls for a probe with p->fprobe.  May touch:
 * ftrace (register_ftrace_function(), ftrace_set_filter_ips()), rethook
 * (through kpt_ksyms and compat/kpt_rethook_pool.h); the handlers are the
 * hit path's (kpt_hit.h).
 */
#ifndef KPT_FPROBE_H
#define KPT_FPROBE_H

#include <linux/module.h>
#include "kpt_err.h"
#include "kpt_probe_types.h"

int kpt_fprobe_alloc(struct kpt_probe *p);
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
