// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol resolution for probe points and @SYM arguments: a symbol must
 * exist exactly once (in vmlinux and every module, or in MOD for MOD:SYM);
 * a non-unique symbol is refused and its candidates are listed.
 * kpt_check_probe_addr() then says why a probe address is refused, before
 * register_kprobe() would refuse it with a bare EINVAL.
 *
 * May touch: kallsyms, the module list (kpt_ksyms.h).  Offers:
 * kpt_resolve.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kallsyms.h>
#include <linux/module.h>
#include "kpt_ksyms.h"
#include "kpt_modsyms.h"
#include "kpt_resolve.h"

#define KPT_MAX_CANDIDATES	8

struct kpt_sym_search {
	const char *mod;
	const char *name;
	bool mod_seen;			/* module mod is loaded */
	unsigned int count;
	unsigned long addrs[KPT_MAX_CANDIDATES];
	char found_mod[MODULE_NAME_LEN];	/* module of addrs[0], or "" */
};

static void kpt_sym_found(struct kpt_sym_search *s, unsigned long addr,
			  bool in_module)
{
	unsigned int i;

	/* kallsyms can list an alias at the very same address twice */
	for (i = 0; i < min_t(unsigned int, s->count, KPT_MAX_CANDIDATES); i++)
		if (s->addrs[i] == addr)
			return;
	if (s->count < KPT_MAX_CANDIDATES)
		s->addrs[s->count] = addr;
	if (!s->count && in_module)
		kpt_module_name_of(addr, s->found_mod);
	s->count++;
}

static int kpt_vmlinux_match(void *data, unsigned long addr)
{
	kpt_sym_found(data, addr, false);
	return 0;
}

/* every symbol of module s->mod (every module's: NULL) comes here */
static int kpt_module_match(void *data, const char *name, unsigned long addr)
{
	struct kpt_sym_search *s = data;

	s->mod_seen = true;
	if (strcmp(name, s->name))
		return 0;
	kpt_sym_found(s, addr, true);
	return 0;
}

/*
 * Resolve [MOD:]SYM.  found_mod (MODULE_NAME_LEN bytes, or NULL) gets the
 * name of the module the symbol was found in ("" for vmlinux);
 * *mod_loaded (or NULL) whether module MOD is loaded at all.
 */
int kpt_resolve_symbol_mod(const char *mod, const char *sym,
			   unsigned long *addr, char *found_mod,
			   bool *mod_loaded, struct kpt_err *e, size_t pos)
{
	struct kpt_sym_search *s;
	unsigned int i;
	size_t n = 0;
	int ret = 0;

	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return kpt_error(e, KPT_ERR_NOMEM, pos);
	s->mod = mod;
	s->name = sym;
	if (!mod || !strcmp(mod, "vmlinux"))
		kpt_kcall(on_each_match_symbol)(kpt_vmlinux_match, sym, s);
	if (!mod || strcmp(mod, "vmlinux"))
		kpt_module_symbols(mod, kpt_module_match, s);

	if (!s->count) {
		ret = kpt_error(e, KPT_ERR_UNKNOWN_SYMBOL, pos,
				  mod ? mod : "", mod ? ":" : "", sym);
	} else if (s->count > 1) {
		ret = kpt_error(e, KPT_ERR_SYMBOL_NOT_UNIQUE, pos,
				  sym, s->count);
		for (i = 0; i < min_t(unsigned int, s->count,
				      KPT_MAX_CANDIDATES); i++)
			n += scnprintf(e->extra + n, sizeof(e->extra) - n,
				       "  candidate: 0x%lx %pS\n", s->addrs[i],
				       (void *)s->addrs[i]);
		if (s->count > KPT_MAX_CANDIDATES)
			scnprintf(e->extra + n, sizeof(e->extra) - n,
				  "  ... and %u more\n",
				  s->count - KPT_MAX_CANDIDATES);
	} else {
		*addr = s->addrs[0];
		if (found_mod)
			strscpy(found_mod, s->found_mod, MODULE_NAME_LEN);
	}
	if (mod_loaded)
		*mod_loaded = s->mod_seen;
	kfree(s);
	return ret;
}

int kpt_resolve_symbol(const char *mod, const char *sym, unsigned long *addr,
		       struct kpt_err *e, size_t pos)
{
	return kpt_resolve_symbol_mod(mod, sym, addr, NULL, NULL, e, pos);
}

/*
 * The one function of kprobetrace that may be probed: the load-time
 * selftest's target (kpt_selftest.c).
 */
noinline long kpt_selftest_target(long a0, long a1, long a2, long a3,
				  long a4, long a5)
{
	barrier();
	return a0 + a1 + a2 + a3 + a4 + a5;
}

/*
 * Can a probe go at ADDR?  kprobetrace's own code never (but for the entry
 * of the load-time selftest's target): a probe there would recurse through
 * our handlers, or sit in the code that removes it.  (register_kprobe()
 * refuses only our NOKPROBE_SYMBOL functions.)  Then
 * what register_kprobe() refuses with EINVAL, said clearly: an address
 * that is not kernel text (data, user space, unmapped) or that is on the
 * kprobes blacklist.
 */
int kpt_check_probe_addr(unsigned long addr, struct kpt_err *e, size_t pos)
{
	bool own;

	preempt_disable();
	own = within_module(addr, THIS_MODULE) &&
	      addr != (unsigned long)kpt_selftest_target;
	preempt_enable();
	if (own)
		return kpt_error(e, KPT_ERR_PROBE_ITSELF, pos,
				   (void *)addr);
	if (!kpt_kcall(kernel_text_address)(addr))
		return kpt_error(e, KPT_ERR_NOT_TEXT, pos,
				   addr, (void *)addr);
	if (kpt_kcall(within_kprobe_blacklist)(addr))
		return kpt_error(e, KPT_ERR_BLACKLISTED, pos,
				   (void *)addr);
	return 0;
}
