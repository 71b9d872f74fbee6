/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The write transaction (kpt_write.c): lines -> parse -> resolve ->
 * check -> register -> apply, all or nothing.
 *
 * Offers: kpt_control_apply().  Touches the probe list under kpt_mutex,
 * probes, events, removal, the error log.
 */
#ifndef KPT_WRITE_H
#define KPT_WRITE_H

#include <linux/types.h>

#define KPT_APPLY_DISABLED	0x1	/* events created disabled */

/*
 * Apply the lines in buf[0..len), the last one with or without a newline;
 * first_lineno numbers them in error_log.  0 or the failing line's errno.
 */
int kpt_control_apply(const char *buf, size_t len, unsigned int first_lineno,
		      unsigned int flags);

#endif /* KPT_WRITE_H */
