/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows about kernel symbols Debian's kernels do not
 * export.  kpt_ksyms_init() resolves them all once at load time (and
 * fails the load, naming what is missing); everything else calls through
 * the pointers below.
 */
#ifndef KPT_KSYMS_H
#define KPT_KSYMS_H

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rethook.h>
#include <linux/types.h>

struct mutex;
struct trace_array;

/*
 * Every function is typed from the kernel's own declaration (typeof), never
 * from a copy of it: when a kernel changes a signature (as
 * module_kallsyms_on_each_symbol() did in 6.4), the build fails at the
 * call instead of the call going wrong at run time.  Where kernels differ,
 * module/compat/ adapts (kpt_modsyms.h).  Only symbols whose declaration
 * is private to kernel/ (no header) are typed here by hand.
 */
struct kpt_ksyms {
	typeof(&kallsyms_lookup_name) lookup_name;
	typeof(&kallsyms_lookup_size_offset) lookup_size_offset;
	/* every vmlinux symbol called NAME (sorted-name index: fast) */
	typeof(&kallsyms_on_each_match_symbol) on_each_match_symbol;
	/*
	 * every vmlinux symbol, in the table's order (names expanded one
	 * after the other: fast); call through kpt_vmlinux_symbols()
	 * (compat/kpt_vmsyms.h).  Optional: NULL without it (a kernel built
	 * without CONFIG_LIVEPATCH)
	 */
	typeof(&kallsyms_on_each_symbol) on_each_symbol;
	/*
	 * symbols of modules (takes module_mutex): call through
	 * kpt_module_symbols() (compat/kpt_modsyms.h), whose shape is the
	 * same on every kernel
	 */
	typeof(&module_kallsyms_on_each_symbol) module_on_each_symbol;
	/* the module holding an address (compat/kpt_modsyms.h) */
	typeof(&__module_address) module_address;
	/* call with rcu_read_lock() (or preemption disabled) */
	typeof(&get_kprobe) get_kprobe;
	/* the pre_handler of aggregated kprobes (static in kernel/kprobes.c) */
	void *aggr_pre_handler;
	/*
	 * held around trace_add_event_call()/trace_remove_event_call()
	 * (declared in kernel/trace/trace.h only)
	 */
	struct mutex *event_mutex;
	/* the top-level trace array (tracefs root instance; kernel/trace/) */
	struct trace_array *global_trace;
	/* every trace_event_call, under event_mutex (kernel/trace/trace.h) */
	struct list_head *ftrace_events;
	/*
	 * Optional: the lockdown LSM's level (security/lockdown/lockdown.c,
	 * static), read by the hit path instead of calling
	 * security_locked_down() for every memory-reading hit; NULL if not
	 * found.
	 */
	const int *lockdown_level;
	/* where register_kprobe() would refuse: for clearer messages */
	typeof(&kernel_text_address) kernel_text_address;
	typeof(&within_kprobe_blacklist) within_kprobe_blacklist;
	/* f: events: the ftrace record in a function, or 0: not traceable */
	typeof(&ftrace_location) ftrace_location;
	/*
	 * f: exits: a rethook node taken at the entry hooks the return
	 * (kpt_fprobe.c, kpt_hit.c); the pool's allocation differs between
	 * kernels (compat/kpt_rethook_pool.h: rethook_pool_add is 6.1's
	 * rethook_add_node(), NULL where the kernel has none)
	 */
	typeof(&rethook_alloc) rethook_alloc;
	typeof(&rethook_free) rethook_free;
	typeof(&rethook_try_get) rethook_try_get;
	typeof(&rethook_recycle) rethook_recycle;
	typeof(&rethook_hook) rethook_hook;
	void *rethook_pool_add;
	/* f: sets: vmlinux's core text, walked to match their globs */
	unsigned long stext;
	unsigned long etext;
};

extern struct kpt_ksyms kpt_ksyms;

int kpt_ksyms_init(void);

#endif /* KPT_KSYMS_H */
