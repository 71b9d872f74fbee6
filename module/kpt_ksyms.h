/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows about kernel symbols Debian's 6.1 kernel does
 * not export.  kpt_ksyms_init() resolves them all once at load time (and
 * fails the load, naming what is missing); everything else calls through
 * the pointers below.
 */
#ifndef KPT_KSYMS_H
#define KPT_KSYMS_H

#include <linux/types.h>

struct module;
struct mutex;
struct kprobe;
struct trace_array;

struct kpt_ksyms {
	unsigned long (*lookup_name)(const char *name);
	int (*lookup_size_offset)(unsigned long addr, unsigned long *size,
				  unsigned long *offset);
	/* every vmlinux symbol called NAME (sorted-name index: fast) */
	int (*on_each_match_symbol)(int (*fn)(void *data, unsigned long addr),
				    const char *name, void *data);
	/* every symbol of every module (takes module_mutex) */
	int (*module_on_each_symbol)(int (*fn)(void *data, const char *name,
					       struct module *mod,
					       unsigned long addr),
				     void *data);
	/* call with rcu_read_lock() (or preemption disabled) */
	struct kprobe *(*get_kprobe)(void *addr);
	/* the pre_handler of aggregated kprobes (optimized_kprobe) */
	void *aggr_pre_handler;
	/* held around trace_add_event_call()/trace_remove_event_call() */
	struct mutex *event_mutex;
	/* the top-level trace array (tracefs root instance) */
	struct trace_array *global_trace;
	/* every trace_event_call, under event_mutex (trace_events.c) */
	struct list_head *ftrace_events;
	/*
	 * Optional: the lockdown LSM's level (security/lockdown/lockdown.c),
	 * read by the hit path instead of calling security_locked_down() for
	 * every memory-reading hit; NULL if not found.
	 */
	const int *lockdown_level;
	/* where register_kprobe() would refuse: for clearer messages */
	int (*kernel_text_address)(unsigned long addr);
	bool (*within_kprobe_blacklist)(unsigned long addr);
};

extern struct kpt_ksyms kpt_ksyms;

int kpt_ksyms_init(void);

#endif /* KPT_KSYMS_H */
