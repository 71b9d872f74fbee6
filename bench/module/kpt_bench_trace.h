/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The floor module's one trace event: a record holding an address, as an
 * f: event's with no argument, written through the kernel's static event
 * path (trace_event_buffer_reserve() and commit).
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM kprobetrace_bench

#if !defined(KPT_BENCH_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define KPT_BENCH_TRACE_H

#include <linux/tracepoint.h>

TRACE_EVENT(kpt_bench_floor,
	TP_PROTO(unsigned long ip),
	TP_ARGS(ip),
	TP_STRUCT__entry(
		__field(unsigned long, ip)
	),
	TP_fast_assign(
		__entry->ip = ip;
	),
	TP_printk("%pS", (void *)__entry->ip)
);

#endif /* KPT_BENCH_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE kpt_bench_trace
#include <trace/define_trace.h>
