// SPDX-License-Identifier: GPL-2.0
/*
 * Non-exported symbols of f: events (kpt_ksyms_fprobe.h), resolved at load
 * time; a missing one fails the load naming it, as kpt_ksyms.c does.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/errno.h>
#include <linux/printk.h>
#include "kpt_ksyms.h"
#include "kpt_ksyms_fprobe.h"

struct kpt_ksyms_fprobe kpt_ksyms_fprobe;

static unsigned long kpt_fprobe_sym(const char *name, int *ret)
{
	unsigned long addr = kpt_ksyms.lookup_name(name);

	if (!addr && !*ret) {
		pr_err("cannot resolve kernel symbol %s\n", name);
		*ret = -ENOENT;
	}
	return addr;
}

int kpt_ksyms_fprobe_init(void)
{
	int ret = 0;

	kpt_ksyms_fprobe.ftrace_location =
		(void *)kpt_fprobe_sym("ftrace_location", &ret);
	kpt_ksyms_fprobe.stext = kpt_fprobe_sym("_stext", &ret);
	kpt_ksyms_fprobe.etext = kpt_fprobe_sym("_etext", &ret);
	return ret;
}
