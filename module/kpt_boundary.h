/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The instruction-boundary check of seed patch 004 (kpt_boundary.c): is a
 * probe address the start of an instruction of its function?
 *
 * Offers: kpt_boundary_check() (0, a note in e, or an error), the test
 * hook file.  Touches kernel text (read only) and the decoder.
 */
#ifndef KPT_BOUNDARY_H
#define KPT_BOUNDARY_H

#include <linux/dcache.h>
#include "kpt_err.h"

int kpt_boundary_check(unsigned long addr, struct kpt_err *e, size_t pos);
int kpt_boundary_testhook_init(void);

#endif /* KPT_BOUNDARY_H */
