/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The error log, /sys/kernel/tracing/kprobetrace/error_log (kpt_errlog.c):
 * the last errors and notes of definitions, with the line and a caret.
 *
 * Offers: kpt_errlog_add(), init and exit.  Touches only its own list.
 */
#ifndef KPT_ERRLOG_H
#define KPT_ERRLOG_H

#include <linux/dcache.h>
#include "kpt_err.h"

void kpt_errlog_add(unsigned int lineno, const char *line, size_t len,
		    const struct kpt_err *e);
int kpt_errlog_init(void);
void kpt_errlog_exit(void);

#endif /* KPT_ERRLOG_H */
