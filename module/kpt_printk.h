/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Our events under tp_printk (kpt_printk.c): the kernel prints every event
 * it records to the console while the tracepoint_printk sysctl is on (the
 * tp_printk boot option), through call->event.funcs, which our events
 * leave NULL (kpt_otype.c).  So the hit path (kpt_hit.c) prints our
 * records itself, with the same printers and the same rules (a record the
 * event's filter drops is not printed), each line after "kprobetrace: ".  Such a record always takes the
 * generic path (kpt_lean.h leaves every hit to it while the key is on).
 *
 * Offers: kpt_printk (the kernel's key, our iterator), kpt_printk_on(),
 * kpt_printk_init() and kpt_printk_exit() (at load, after every probe is
 * gone).  May touch: the iterator under its raw spinlock.
 */
#ifndef KPT_PRINTK_H
#define KPT_PRINTK_H

#include <linux/atomic.h>
#include <linux/jump_label.h>
#include <linux/spinlock.h>
#include <linux/trace_events.h>

struct kpt_printk {
	/* tracepoint_printk_key; NULL: never on (no tp_printk at boot) */
	struct static_key *key;
	struct trace_iterator *iter;	/* ours, like tracepoint_print_iter */
	raw_spinlock_t lock;		/* the iterator's */
};

extern struct kpt_printk kpt_printk;
/* on from load when the boot had tp_printk: the sysctl can be on */
DECLARE_STATIC_KEY_FALSE(kpt_printk_possible);

/* Does the kernel print events to the console now? */
static __always_inline bool kpt_printk_on(void)
{
	/* static_key_enabled() is a call; a count being changed is on too */
	return static_branch_unlikely(&kpt_printk_possible) &&
	       atomic_read(&kpt_printk.key->enabled);
}

void kpt_printk_init(void);
void kpt_printk_exit(void);

#endif /* KPT_PRINTK_H */
