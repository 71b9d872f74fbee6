/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Probe points and @SYM arguments to addresses (kpt_resolve.c): a symbol
 * must exist exactly once; a probe address must be probeable kernel text.
 *
 * Offers: the functions below.  Touches kallsyms and the module
 * list, read only.
 */
#ifndef KPT_RESOLVE_H
#define KPT_RESOLVE_H

#include "kpt_err.h"

int kpt_resolve_symbol_mod(const char *mod, const char *sym,
			   unsigned long *addr, char *found_mod,
			   bool *mod_loaded, struct kpt_err *e, size_t pos);
int kpt_resolve_symbol(const char *mod, const char *sym, unsigned long *addr,
		       struct kpt_err *e, size_t pos);
int kpt_check_probe_addr(unsigned long addr, struct kpt_err *e, size_t pos);
/* The selftest's target: the one function of ours that may be probed */
long kpt_selftest_target(long a0, long a1, long a2, long a3, long a4, long a5);

#endif /* KPT_RESOLVE_H */
