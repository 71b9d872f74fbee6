/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The members of a timed probe (kpt_members.c), part of the probes room:
 * the per-member tables (struct kpt_members, kpt_lat_types.h) that the
 * hit path counts in and the latency file prints, made while the event
 * is armed through the aggregate file, for each of its probes, and freed
 * with the probe.
 *
 * Offers: making, dropping and freeing a probe's members.  May touch:
 * p->members (RCU, set under kpt_mutex and event_mutex), the f: set's
 * functions (kpt_fprobe.h), ftrace_location() (kpt_ksyms.h).
 */
#ifndef KPT_MEMBERS_H
#define KPT_MEMBERS_H

struct kpt_probe;
/*
 * Members of probe p (kpt_mutex and event_mutex held): made (0 or
 * -ENOMEM; none for a set of more than KPT_MEMBERS_MAX), or dropped
 * (after a grace period; hits may be running)
 */
int kpt_members_make(struct kpt_probe *p);
void kpt_members_drop(struct kpt_probe *p);
/* probe p goes (unregistered, a grace period passed): free them */
void kpt_members_free(struct kpt_probe *p);

#endif /* KPT_MEMBERS_H */
