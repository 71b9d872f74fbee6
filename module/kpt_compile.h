/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Compiling a definition's arguments (kpt_compile.c) into the fetch
 * program of its probe (kpt_probe_types.h), for kpt_probe_create().
 *
 * Offers: kpt_compile_args().  May touch: symbol resolution
 * (kpt_resolve.h), the format backends' compile_arg (kpt_fmt.h), the
 * pt_regs layout (kpt_regs.h).
 */
#ifndef KPT_COMPILE_H
#define KPT_COMPILE_H

#include "kpt_err.h"
#include "kpt_probe_types.h"

/*
 * def's arguments into p->args and p->ops (allocated for them): 0, or
 * the error (e) of the first that fails.
 */
int kpt_compile_args(struct kpt_probe *p, const struct kpt_probe_def *def,
		     struct kpt_err *e);

#endif /* KPT_COMPILE_H */
