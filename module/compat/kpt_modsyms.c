// SPDX-License-Identifier: GPL-2.0
/*
 * Module symbol walk: see kpt_modsyms.h for how kernels differ.
 */
#include <linux/module.h>
#include <linux/string.h>
#include "../kpt_ksyms.h"
#include "kpt_modsyms.h"

#ifdef KPT_HAVE_MODSYMS_MODNAME

int kpt_module_symbols(const char *modname, kpt_modsym_fn fn, void *data)
{
	return kpt_kcall(module_on_each_symbol)(modname, fn, data);
}

#else /* 6.1: every module, with its struct module */

struct kpt_modsyms_walk {
	const char *modname;
	kpt_modsym_fn fn;
	void *data;
};

static int kpt_modsyms_one(void *data, const char *name, struct module *mod,
			   unsigned long addr)
{
	struct kpt_modsyms_walk *w = data;

	if (w->modname && (!mod || strcmp(mod->name, w->modname)))
		return 0;
	return w->fn(w->data, name, addr);
}

int kpt_module_symbols(const char *modname, kpt_modsym_fn fn, void *data)
{
	struct kpt_modsyms_walk w = {
		.modname = modname, .fn = fn, .data = data,
	};

	return kpt_kcall(module_on_each_symbol)(kpt_modsyms_one, &w);
}

#endif /* KPT_HAVE_MODSYMS_MODNAME */

void kpt_module_name_of(unsigned long addr, char *buf)
{
	struct module *mod;

	preempt_disable();
	mod = kpt_kcall(module_address)(addr);
	strscpy(buf, mod ? mod->name : "", MODULE_NAME_LEN);
	preempt_enable();
}
