/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The symbols of loaded modules (module_kallsyms_on_each_symbol(), not
 * exported: called through kpt_ksyms).
 *
 * Kernels differ:
 *   6.1   module_kallsyms_on_each_symbol(fn, data) walks every module;
 *         fn(data, name, struct module *mod, addr).
 *   6.12  (since 6.4) module_kallsyms_on_each_symbol(modname, fn, data)
 *         walks module MODNAME only (NULL: every module);
 *         fn(data, name, addr): no struct module any more.
 * Chosen by KPT_HAVE_MODSYMS_MODNAME (features.sh reads the declaration in
 * <linux/module.h>).  kpt_ksyms types the pointer with typeof() of that
 * declaration, so a kernel that changes it again fails the build here
 * instead of passing a callback where a string is expected.
 *
 * kpt_module_symbols() offers 6.12's shape on both; kpt_module_name_of()
 * names the module an address is in (__module_address(), not exported).
 */
#ifndef KPT_COMPAT_MODSYMS_H
#define KPT_COMPAT_MODSYMS_H

typedef int (*kpt_modsym_fn)(void *data, const char *name,
			     unsigned long addr);

/* every symbol of module MODNAME (NULL: of every module); module_mutex held */
int kpt_module_symbols(const char *modname, kpt_modsym_fn fn, void *data);

/* BUF (MODULE_NAME_LEN bytes) := the name of the module holding ADDR, or "" */
void kpt_module_name_of(unsigned long addr, char *buf);

#endif /* KPT_COMPAT_MODSYMS_H */
