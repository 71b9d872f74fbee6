// SPDX-License-Identifier: GPL-2.0
/*
 * Our events under tp_printk: the setup (see kpt_printk.h; the printing
 * is on the hit path, kpt_hit.c).  The kernel's tracepoint_printk sysctl
 * can be on only if the boot allocated its print iterator (tp_printk on
 * the command line): then we take the key and an iterator of our own;
 * otherwise nothing, and kpt_printk_on() stays false.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/slab.h>
#include "kpt_ksyms.h"
#include "kpt_printk.h"

struct kpt_printk kpt_printk = {
	.lock = __RAW_SPIN_LOCK_UNLOCKED(kpt_printk.lock),
};
DEFINE_STATIC_KEY_FALSE(kpt_printk_possible);

void kpt_printk_init(void)
{
	struct trace_iterator **kiter;
	struct static_key *key;

	kiter = (void *)kpt_ksym_addr("tracepoint_print_iter");
	key = (void *)kpt_ksym_addr("tracepoint_printk_key");
	if (!kiter || !key || !READ_ONCE(*kiter))
		return;
	kpt_printk.iter = kzalloc(sizeof(*kpt_printk.iter), GFP_KERNEL);
	if (!kpt_printk.iter) {
		pr_warn("tp_printk: no memory for an iterator; our events are not printed\n");
		return;
	}
	kpt_printk.key = key;
	static_branch_enable(&kpt_printk_possible);
}

void kpt_printk_exit(void)
{
	static_branch_disable(&kpt_printk_possible);
	kpt_printk.key = NULL;
	kfree(kpt_printk.iter);
	kpt_printk.iter = NULL;
}
