/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The control files kprobe_events, kprobe_profile and README
 * (kpt_control.c).
 *
 * Offers: creating them.  Touches the probe list (read, under kpt_mutex),
 * the write transaction, removal, the error log, the lifecycle and
 * either_today parameters (README).
 */
#ifndef KPT_CONTROL_H
#define KPT_CONTROL_H

#include <linux/dcache.h>

int kpt_control_init(void);

#endif /* KPT_CONTROL_H */
