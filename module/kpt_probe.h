/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probes (kpt_probe.c): compiled from parsed definitions (the object is
 * kpt_probe_types.h).  The probe list and kpt_mutex, under which
 * definitions change.
 *
 * Offers: struct kpt_probe, compiling a parsed definition into one
 * (kpt_probe_create()), locating, registering, arming, unregistering and
 * freeing probes, their counters.  May touch: the kprobe core, symbol
 * resolution (kpt_resolve.h), the boundary check (kpt_boundary.h), the
 * format backends' definition-time operations (kpt_fmt.h), a timed
 * probe's counters (kpt_lat_types.h, its members through kpt_members.h).
 */
#ifndef KPT_PROBE_H
#define KPT_PROBE_H

#include <linux/mutex.h>
#include "kpt_err.h"
#include "kpt_probe_types.h"

extern struct mutex kpt_mutex;		/* probe list, control files */
extern struct list_head kpt_probes;

/* pre: an f: set matched ahead (kpt_fprobe.h), taken; or NULL */
struct kpt_fset_pre;
struct kpt_probe *kpt_probe_create(const struct kpt_probe_def *def,
				   struct kpt_err *e,
				   struct kpt_fset_pre *pre);
int kpt_probe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos,
		     char *found_mod);
int kpt_probe_register(struct kpt_probe *p, struct kpt_err *e);
int kpt_probe_register_at(struct kpt_probe *p, struct kpt_err *e, bool armed);
int kpt_probe_set_armed(struct kpt_probe *ev, bool on);
int kpt_probe_arm_one(struct kpt_probe *p);
void kpt_probe_unregister_many(struct kpt_probe **ps, unsigned int n);
void kpt_probe_free(struct kpt_probe *p);
unsigned long kpt_probe_hits(struct kpt_probe *p);
unsigned long kpt_probe_misses(struct kpt_probe *p);

#endif /* KPT_PROBE_H */
