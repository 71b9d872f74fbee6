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
#include "kpt_ksyms.h"
#include "kpt_rethook_pool.h"

struct kpt_ksyms kpt_ksyms;

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

static int kpt_resolve(const char *name, void **out)
{
	unsigned long addr = kpt_ksyms.lookup_name(name);

	if (!addr) {
		pr_err("cannot resolve kernel symbol %s\n", name);
		return -ENOENT;
	}
	*out = (void *)addr;
	return 0;
}

int kpt_ksyms_init(void)
{
	unsigned long addr = kpt_find_kallsyms_lookup_name();
	int ret = 0;

	if (!addr)
		return -ENOENT;
	kpt_ksyms.lookup_name = (void *)addr;

	ret = ret ?: kpt_resolve("kallsyms_lookup_size_offset", (void **)&kpt_ksyms.lookup_size_offset);
	ret = ret ?: kpt_resolve("kallsyms_on_each_match_symbol", (void **)&kpt_ksyms.on_each_match_symbol);
	ret = ret ?: kpt_resolve("module_kallsyms_on_each_symbol", (void **)&kpt_ksyms.module_on_each_symbol);
	ret = ret ?: kpt_resolve("__module_address", (void **)&kpt_ksyms.module_address);
	ret = ret ?: kpt_resolve("get_kprobe", (void **)&kpt_ksyms.get_kprobe);
	ret = ret ?: kpt_resolve("aggr_pre_handler", &kpt_ksyms.aggr_pre_handler);
	ret = ret ?: kpt_resolve("event_mutex", (void **)&kpt_ksyms.event_mutex);
	ret = ret ?: kpt_resolve("global_trace", (void **)&kpt_ksyms.global_trace);
	ret = ret ?: kpt_resolve("ftrace_events", (void **)&kpt_ksyms.ftrace_events);
	ret = ret ?: kpt_resolve("kernel_text_address", (void **)&kpt_ksyms.kernel_text_address);
	ret = ret ?: kpt_resolve("within_kprobe_blacklist", (void **)&kpt_ksyms.within_kprobe_blacklist);
	ret = ret ?: kpt_resolve("ftrace_location", (void **)&kpt_ksyms.ftrace_location);
	ret = ret ?: kpt_resolve("rethook_alloc", (void **)&kpt_ksyms.rethook_alloc);
	ret = ret ?: kpt_resolve("rethook_free", (void **)&kpt_ksyms.rethook_free);
	ret = ret ?: kpt_resolve("rethook_try_get", (void **)&kpt_ksyms.rethook_try_get);
	ret = ret ?: kpt_resolve("rethook_recycle", (void **)&kpt_ksyms.rethook_recycle);
	ret = ret ?: kpt_resolve("rethook_hook", (void **)&kpt_ksyms.rethook_hook);
	/* what the kernel's rethook pool needs besides (or "": nothing) */
	if (KPT_RETHOOK_POOL_SYM[0])
		ret = ret ?: kpt_resolve(KPT_RETHOOK_POOL_SYM,
					 &kpt_ksyms.rethook_pool_add);
	ret = ret ?: kpt_resolve("_stext", (void **)&kpt_ksyms.stext);
	ret = ret ?: kpt_resolve("_etext", (void **)&kpt_ksyms.etext);
	/* optional */
	kpt_ksyms.on_each_symbol =
		(void *)kpt_ksyms.lookup_name("kallsyms_on_each_symbol");
	kpt_ksyms.lockdown_level =
		(const int *)kpt_ksyms.lookup_name("kernel_locked_down");
	return ret;
}
