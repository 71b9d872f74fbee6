/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Event probes (e: lines, kpt_eprobe.c): a probe on another trace event,
 * whose record it reads.  The attached event is found and referenced
 * when the line is written (trace_get_event_file(): it cannot be removed
 * while the probe is defined, the kernel's own rule), as the kernel's
 * tracer finds it: no kprobe, uprobe or event probe event, nor one that
 * ignores enabling.  Its records reach the probe through perf, the
 * tracing core's public way to a module: one kernel counter per online
 * CPU on the event (PERF_TYPE_TRACEPOINT, every hit a sample with the
 * raw record), made disabled with the probe (perf_trace_init() takes
 * event_mutex, which is held when an event is enabled) and enabled while
 * the event is used; a CPU that comes online later gets its counter
 * (kpt_cpuctr.h).  The fields are read through the running kernel's
 * layout (compat/kpt_event_fields.h).  The line's filter is compiled
 * with the event found, before the counters exist (kpt_efilter.h), and
 * freed with the probe.
 *
 * Offers: the e: parts of a probe's life, called by kpt_probe.c, and
 * kpt_eprobe_field() for the compiler (kpt_compile.c).  Touches the
 * tracing core's event list (trace_get_event_file() takes event_mutex:
 * not to be called with it held) and perf's kernel counters.
 */
#ifndef KPT_EPROBE_H
#define KPT_EPROBE_H

#include "kpt_err.h"
#include "kpt_probe_types.h"

/* p->ep, 0 or -ENOMEM; freed with the probe (event_mutex not held) */
int kpt_eprobe_alloc(struct kpt_probe *p);
void kpt_eprobe_free(struct kpt_probe *p);
/* The attached event (p->ep->call), referenced, its disabled counters */
int kpt_eprobe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos);
/*
 * $name: op becomes its fetch (EFIELD*: a string field's gives the
 * string's address; $comm, unless a field has the name: COMM); 0, or
 * the error
 */
int kpt_eprobe_field(struct kpt_probe *p, const char *name,
		     struct kpt_cop *op, struct kpt_err *e, size_t pos);
/* registered, its counters enabled if armed (event_mutex held then) */
int kpt_eprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed);
void kpt_eprobe_unregister(struct kpt_probe *p);
/* enable or disable the counters (event_mutex held) */
void kpt_eprobe_set_armed(struct kpt_probe *p, bool on);

#endif /* KPT_EPROBE_H */
