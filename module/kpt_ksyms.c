// SPDX-License-Identifier: GPL-2.0
/*
 * Non-exported kernel symbols, resolved once at load time.
 *
 * kallsyms_lookup_name() itself is not exported since 5.7.  Its address
 * is found with a throw-away kprobe: register_kprobe() resolves
 * kp.symbol_name through the very function we are after and leaves the
 * address in kp.addr; the kprobe is unregistered at once, before anything
 * could hit it (it has no handlers anyway).  Every other symbol is then
 * looked up with kallsyms_lookup_name() (CONFIG_KALLSYMS_ALL=y makes data
 * symbols such as event_mutex visible).  A missing symbol fails the load
 * with a message naming it: no feature silently degrades.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/static_call.h>
#include "kpt_ksyms.h"

struct kpt_ksyms kpt_ksyms;

DEFINE_STATIC_CALL_NULL(kpt_kcall_lookup_name, kallsyms_lookup_name);
DEFINE_STATIC_CALL_NULL(kpt_kcall_lookup_size_offset, kallsyms_lookup_size_offset);
DEFINE_STATIC_CALL_NULL(kpt_kcall_on_each_match_symbol, kallsyms_on_each_match_symbol);
DEFINE_STATIC_CALL_NULL(kpt_kcall_on_each_symbol, kallsyms_on_each_symbol);
DEFINE_STATIC_CALL_NULL(kpt_kcall_module_on_each_symbol, module_kallsyms_on_each_symbol);
DEFINE_STATIC_CALL_NULL(kpt_kcall_module_address, __module_address);
DEFINE_STATIC_CALL_NULL(kpt_kcall_get_kprobe, get_kprobe);
DEFINE_STATIC_CALL_NULL(kpt_kcall_kernel_text_address, kernel_text_address);
DEFINE_STATIC_CALL_NULL(kpt_kcall_within_kprobe_blacklist, within_kprobe_blacklist);
DEFINE_STATIC_CALL_NULL(kpt_kcall_ftrace_location, ftrace_location);
DEFINE_STATIC_CALL_NULL(kpt_kcall_rethook_alloc, rethook_alloc);
DEFINE_STATIC_CALL_NULL(kpt_kcall_rethook_free, rethook_free);
DEFINE_STATIC_CALL_NULL(kpt_kcall_rethook_try_get, rethook_try_get);
DEFINE_STATIC_CALL_NULL(kpt_kcall_rethook_hook, rethook_hook);
DEFINE_STATIC_CALL_NULL(kpt_kcall_tracefs_create_dir, tracefs_create_dir);
DEFINE_STATIC_CALL_NULL(kpt_kcall_tracefs_create_file, tracefs_create_file);
DEFINE_STATIC_CALL_NULL(kpt_kcall_tracefs_remove, tracefs_remove);

static unsigned long kpt_find_kallsyms_lookup_name(void)
{
	struct kprobe kp = { .symbol_name = "kallsyms_lookup_name" };
	unsigned long addr;
	int ret;

	ret = register_kprobe(&kp);
	if (ret < 0) {
		pr_err("cannot find kallsyms_lookup_name (register_kprobe: %d)\n",
		       ret);
		return 0;
	}
	addr = (unsigned long)kp.addr;
	unregister_kprobe(&kp);
	return addr;
}

unsigned long kpt_ksym_addr(const char *name)
{
	return kpt_kcall(lookup_name)(name);
}

static int kpt_resolve(const char *name, unsigned long *out)
{
	*out = kpt_ksym_addr(name);
	if (!*out) {
		pr_err("cannot resolve kernel symbol %s\n", name);
		return -ENOENT;
	}
	return 0;
}

/*
 * Point static call kpt_kcall_NAME at the kernel's function SYM (and fail
 * the load when it has none).
 */
#define KPT_KCALL_SET(name, sym)					\
({									\
	unsigned long __a;						\
	int __r = kpt_resolve(#sym, &__a);				\
									\
	if (!__r)							\
		static_call_update(kpt_kcall_##name, (typeof(&sym))__a);\
	__r;								\
})

static int kpt_ksyms_calls(void)
{
	return KPT_KCALL_SET(lookup_size_offset, kallsyms_lookup_size_offset) ?:
	       KPT_KCALL_SET(on_each_match_symbol, kallsyms_on_each_match_symbol) ?:
	       KPT_KCALL_SET(module_on_each_symbol, module_kallsyms_on_each_symbol) ?:
	       KPT_KCALL_SET(module_address, __module_address) ?:
	       KPT_KCALL_SET(get_kprobe, get_kprobe) ?:
	       KPT_KCALL_SET(kernel_text_address, kernel_text_address) ?:
	       KPT_KCALL_SET(within_kprobe_blacklist, within_kprobe_blacklist) ?:
	       KPT_KCALL_SET(ftrace_location, ftrace_location) ?:
	       KPT_KCALL_SET(rethook_alloc, rethook_alloc) ?:
	       KPT_KCALL_SET(rethook_free, rethook_free) ?:
	       KPT_KCALL_SET(rethook_try_get, rethook_try_get) ?:
	       KPT_KCALL_SET(rethook_hook, rethook_hook) ?:
	       KPT_KCALL_SET(tracefs_create_dir, tracefs_create_dir) ?:
	       KPT_KCALL_SET(tracefs_create_file, tracefs_create_file) ?:
	       KPT_KCALL_SET(tracefs_remove, tracefs_remove);
}

int kpt_ksyms_init(void)
{
	unsigned long addr = kpt_find_kallsyms_lookup_name();
	int ret;

	if (!addr)
		return -ENOENT;
	static_call_update(kpt_kcall_lookup_name,
			   (typeof(&kallsyms_lookup_name))addr);

	ret = kpt_ksyms_calls();
	ret = ret ?: kpt_resolve("aggr_pre_handler", &kpt_ksyms.aggr_pre_handler);
	ret = ret ?: kpt_resolve("event_mutex", &addr);
	kpt_ksyms.event_mutex = (struct mutex *)addr;
	ret = ret ?: kpt_resolve("global_trace", &addr);
	kpt_ksyms.global_trace = (struct trace_array *)addr;
	ret = ret ?: kpt_resolve("ftrace_events", &addr);
	kpt_ksyms.ftrace_events = (struct list_head *)addr;
	ret = ret ?: kpt_resolve("_stext", &kpt_ksyms.stext);
	ret = ret ?: kpt_resolve("_etext", &kpt_ksyms.etext);
	if (ret)
		return ret;
	/* optional */
	addr = kpt_ksym_addr("kallsyms_on_each_symbol");
	if (addr) {
		static_call_update(kpt_kcall_on_each_symbol,
				   (typeof(&kallsyms_on_each_symbol))addr);
		kpt_ksyms.have_on_each_symbol = true;
	}
	kpt_ksyms.lockdown_level =
		(const int *)kpt_ksym_addr("kernel_locked_down");
	return 0;
}
