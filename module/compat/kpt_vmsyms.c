// SPDX-License-Identifier: GPL-2.0
/*
 * vmlinux symbol walk: see kpt_vmsyms.h for how kernels differ.
 */
#include <linux/errno.h>
#include <linux/kallsyms.h>
#include "../kpt_ksyms.h"
#include "kpt_vmsyms.h"

#ifdef KPT_HAVE_VMSYMS_NO_MODULE

int kpt_vmlinux_symbols(kpt_modsym_fn fn, void *data)
{
	if (!kpt_ksyms.have_on_each_symbol)
		return -EOPNOTSUPP;
	return kpt_kcall(on_each_symbol)(fn, data);
}

#else /* 6.1: the callback also gets a struct module (NULL) */

struct kpt_vmsyms_walk {
	kpt_modsym_fn fn;
	void *data;
};

static int kpt_vmsyms_one(void *data, const char *name, struct module *mod,
			  unsigned long addr)
{
	struct kpt_vmsyms_walk *w = data;

	return w->fn(w->data, name, addr);
}

int kpt_vmlinux_symbols(kpt_modsym_fn fn, void *data)
{
	struct kpt_vmsyms_walk w = { .fn = fn, .data = data };

	if (!kpt_ksyms.have_on_each_symbol)
		return -EOPNOTSUPP;
	return kpt_kcall(on_each_symbol)(kpt_vmsyms_one, &w);
}

#endif /* KPT_HAVE_VMSYMS_NO_MODULE */
