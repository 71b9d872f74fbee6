/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one place that knows about kernel symbols Debian's kernels do not
 * export.  kpt_ksyms_init() resolves them all once at load time (and
 * fails the load, naming what is missing); everything else calls the
 * functions through kpt_kcall() and reads the data through kpt_ksyms.
 *
 * Never through a function pointer: a function the kernel itself never
 * calls indirectly has its endbr64 sealed on IBT kernels (6.12, built with
 * CONFIG_X86_KERNEL_IBT: objtool lists it, the boot overwrites it with a
 * nop; `kprobetrace where kallsyms_lookup_name` says "sealed endbr64"),
 * and an indirect call to it from a module faults on a CPU with IBT
 * (#CP, "Missing ENDBR"): the first call of the load would oops.  Each
 * function here is a static call (kpt_kcall(NAME)(args)): a direct call,
 * patched in by static_call_update() once the address is known, which
 * needs no endbr64 and costs no retpoline.
 */
#ifndef KPT_KSYMS_H
#define KPT_KSYMS_H

#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/rethook.h>
#include <linux/static_call.h>
#include <linux/tracefs.h>
#include <linux/types.h>

struct mutex;
struct trace_array;

/*
 * kpt_kcall(NAME)(ARGS): call the kernel's function NAME is for.  Every
 * one is typed from the kernel's own declaration (DECLARE_STATIC_CALL
 * takes its typeof), never from a copy of it: when a kernel changes a
 * signature (as module_kallsyms_on_each_symbol() did in 6.4), the build
 * fails at the call instead of the call going wrong at run time.  Where
 * kernels differ, module/compat/ adapts (kpt_modsyms.h).
 */
#define kpt_kcall(name) static_call(kpt_kcall_##name)

DECLARE_STATIC_CALL(kpt_kcall_lookup_name, kallsyms_lookup_name);
DECLARE_STATIC_CALL(kpt_kcall_lookup_size_offset, kallsyms_lookup_size_offset);
/* every vmlinux symbol called NAME (sorted-name index: fast) */
DECLARE_STATIC_CALL(kpt_kcall_on_each_match_symbol, kallsyms_on_each_match_symbol);
/*
 * every vmlinux symbol, in the table's order (names expanded one after
 * the other: fast); call through kpt_vmlinux_symbols()
 * (compat/kpt_vmsyms.h).  Optional: kpt_ksyms.have_on_each_symbol says
 * whether the kernel has it (not without CONFIG_LIVEPATCH)
 */
DECLARE_STATIC_CALL(kpt_kcall_on_each_symbol, kallsyms_on_each_symbol);
/*
 * symbols of modules (takes module_mutex): call through
 * kpt_module_symbols() (compat/kpt_modsyms.h), whose shape is the same on
 * every kernel
 */
DECLARE_STATIC_CALL(kpt_kcall_module_on_each_symbol, module_kallsyms_on_each_symbol);
/* the module holding an address (compat/kpt_modsyms.h) */
DECLARE_STATIC_CALL(kpt_kcall_module_address, __module_address);
/* call with rcu_read_lock() (or preemption disabled) */
DECLARE_STATIC_CALL(kpt_kcall_get_kprobe, get_kprobe);
/* where register_kprobe() would refuse: for clearer messages */
DECLARE_STATIC_CALL(kpt_kcall_kernel_text_address, kernel_text_address);
DECLARE_STATIC_CALL(kpt_kcall_within_kprobe_blacklist, within_kprobe_blacklist);
/* f: events: the ftrace record in a function, or 0: not traceable */
DECLARE_STATIC_CALL(kpt_kcall_ftrace_location, ftrace_location);
/*
 * f: exits: a rethook node taken at the entry hooks the return
 * (kpt_fprobe.c, kpt_hit.c); the pool's allocation differs between
 * kernels (compat/kpt_rethook_pool.h resolves what 6.1 needs besides)
 */
DECLARE_STATIC_CALL(kpt_kcall_rethook_alloc, rethook_alloc);
DECLARE_STATIC_CALL(kpt_kcall_rethook_free, rethook_free);
DECLARE_STATIC_CALL(kpt_kcall_rethook_try_get, rethook_try_get);
DECLARE_STATIC_CALL(kpt_kcall_rethook_hook, rethook_hook);
/*
 * the directory of our files in tracefs, where lockdown's integrity level
 * leaves them usable (kpt_files.c)
 */
DECLARE_STATIC_CALL(kpt_kcall_tracefs_create_dir, tracefs_create_dir);
DECLARE_STATIC_CALL(kpt_kcall_tracefs_create_file, tracefs_create_file);
DECLARE_STATIC_CALL(kpt_kcall_tracefs_remove, tracefs_remove);

/* Data, and addresses compared but never called. */
struct kpt_ksyms {
	/* the pre_handler of aggregated kprobes (static in kernel/kprobes.c) */
	unsigned long aggr_pre_handler;
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
	/* kpt_kcall(on_each_symbol) is there to call */
	bool have_on_each_symbol;
	/* f: sets: vmlinux's core text, walked to match their globs */
	unsigned long stext;
	unsigned long etext;
};

extern struct kpt_ksyms kpt_ksyms;

int kpt_ksyms_init(void);
/* NAME's address, or 0 (after kpt_ksyms_init()) */
unsigned long kpt_ksym_addr(const char *name);

#endif /* KPT_KSYMS_H */
