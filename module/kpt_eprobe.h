/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event probes (e: lines, kpt_eprobe.c): the attached event checked at
 * write time, as the kernel's tracer checks it.  The module does not arm
 * event probes: a line that passes the check is refused by the write
 * transaction.
 *
 * Offers: kpt_eprobe_check().  Touches the tracing core's event list
 * (trace_get_event_file(), which takes event_mutex: not to be called
 * with it held).
 */
#ifndef KPT_EPROBE_H
#define KPT_EPROBE_H

#include "kpt_err.h"
#include "kpt_probe_def.h"

/* 0 if def's SYSTEM.EVENT is an event of the kernel, else the error. */
int kpt_eprobe_check(const struct kpt_probe_def *def, struct kpt_err *e);

#endif /* KPT_EPROBE_H */
