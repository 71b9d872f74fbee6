/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The lean record path: an event record written straight into the live
 * ring buffer of the instance (ring_buffer_lock_reserve(), the header,
 * the fields, ring_buffer_unlock_commit()) when nothing of what the
 * kernel's trace_event_buffer_reserve()/trace_event_buffer_commit() add
 * is wanted for this event file on this hit; otherwise the hit takes that
 * generic path (kpt_hit.c).  The generic path is needed by (each checked
 * on every hit, none cached):
 *   the file's flags: a filter (FILTERED), a trigger (TRIGGER_MODE,
 *     TRIGGER_COND: traceon/off, enable_event, hist, snapshot ...), soft
 *     mode (SOFT_MODE, SOFT_DISABLED), set_event_pid and
 *     set_event_notrace_pid (PID_FILTER)
 *   the instance's options/stacktrace and options/userstacktrace
 *     (tr->trace_flags)
 *   the tp_printk sysctl (kpt_printk_on(): kpt_printk.h) and
 *     registered trace exports of events (trace_event_exports_enabled)
 * What it does as the kernel does: the header's context word
 * (kpt_trace_ctx.h), the pid, the event type; tracing's
 * trace_taskinfo_save flag (the sched_switch probe then records the
 * task's comm for the output); the buffer read from the instance on every
 * hit (a snapshot swap or a resize never leaves it stale).
 *
 * struct trace_array is private (kernel/trace/trace.h): the offsets of its
 * array_buffer.buffer and trace_flags, and the stacktrace option bits,
 * are read from the running kernel's BTF at load (kpt_lean_init()); the
 * static keys and the per-CPU flag through kallsyms.  If any of them is
 * missing or not of the type expected, or the kernel's record header is
 * one kpt_trace_ctx.h does not know (build time), the lean path stays
 * off and every record takes the generic path.
 *
 * Module parameter lean (default Y where available): N sends every record
 * to the generic path, for comparison (tests/guest/tracer-lean.sh); it is
 * a static key, so costs the hit nothing.
 */
#ifndef KPT_LEAN_H
#define KPT_LEAN_H

#include <linux/jump_label.h>
#include <linux/percpu.h>
#include <linux/ring_buffer.h>
#include <linux/trace_events.h>
#include "kpt_printk.h"
#include "kpt_rb_commit.h"
#include "kpt_rb_event.h"
#include "kpt_trace_ctx.h"

struct kpt_lean {
	u32 buffer_off;		/* struct trace_array: array_buffer.buffer */
	u32 flags_off;		/* struct trace_array: trace_flags */
	u32 stack_flags;	/* TRACE_ITER_STACKTRACE | _USERSTACKTRACE */
	struct static_key *exports_key;		/* trace_event_exports_enabled */
	bool __percpu *taskinfo_save;		/* trace_taskinfo_save */
};

extern struct kpt_lean kpt_lean;
DECLARE_STATIC_KEY_FALSE(kpt_lean_on);

#define KPT_LEAN_FILE_FLAGS						\
	(EVENT_FILE_FL_FILTERED | EVENT_FILE_FL_TRIGGER_MODE |		\
	 EVENT_FILE_FL_TRIGGER_COND | EVENT_FILE_FL_SOFT_MODE |		\
	 EVENT_FILE_FL_SOFT_DISABLED | EVENT_FILE_FL_PID_FILTER)

/*
 * The instance's live buffer if this hit may take the lean path for
 * file, else NULL.
 */
static __always_inline struct trace_buffer *
kpt_lean_buffer(struct trace_event_file *file)
{
	const u8 *tr;

	if (!KPT_TRACE_CTX_KNOWN || !static_branch_likely(&kpt_lean_on))
		return NULL;
	if (READ_ONCE(file->flags) & KPT_LEAN_FILE_FLAGS)
		return NULL;
	tr = (const u8 *)file->tr;
	if (READ_ONCE(*(const u32 *)(tr + kpt_lean.flags_off)) &
	    kpt_lean.stack_flags)
		return NULL;
	/* static_key_enabled() is a call; a count being changed is on too */
	if (kpt_printk_on() || atomic_read(&kpt_lean.exports_key->enabled))
		return NULL;
	return READ_ONCE(*(struct trace_buffer * const *)(tr +
							   kpt_lean.buffer_off));
}

/*
 * Reserve size bytes (header included) in buffer and fill the header;
 * the event (its record in *rec), or NULL.
 */
static __always_inline struct ring_buffer_event *
kpt_lean_reserve(struct trace_buffer *buffer, struct trace_event_file *file,
		 u32 size, void **rec)
{
	unsigned int ctx = kpt_trace_ctx_dec();
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, size);
	if (!event)
		return NULL;
	*rec = kpt_rb_event_data(event);
	tracing_generic_entry_update(*rec, file->event_call->event.type, ctx);
	return event;
}

static __always_inline void kpt_lean_commit(struct trace_buffer *buffer,
					    struct ring_buffer_event *event)
{
	this_cpu_write(*kpt_lean.taskinfo_save, true);
	kpt_rb_commit(buffer, event);
}

void kpt_lean_init(void);

#endif /* KPT_LEAN_H */
