/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The context word of a trace record's header (struct trace_entry's
 * flags and preempt_count, through tracing_generic_entry_update()), as
 * trace_event_buffer_reserve() takes it with tracing_gen_ctx_dec().  That
 * inline calls tracing_gen_ctx_irq_test(), which is not exported (and,
 * never called indirectly in the kernel, may have its endbr64 sealed on
 * an IBT kernel: no call through its address either), so the lean record
 * path (kpt_lean.h) computes the word itself from the headers' inlines:
 *   bits 16..23  enum trace_flag_type: IRQS_OFF (interrupts disabled),
 *                NMI, HARDIRQ, SOFTIRQ (serving one), BH_OFF (bottom
 *                halves disabled), NEED_RESCHED (TIF), PREEMPT_RESCHED
 *                (the preempt count's need-resched bit)
 *   bits 0..3    the preempt count's low byte, at most 15
 *   bits 4..7    current->migration_disabled (SMP), at most 15
 * less one when CONFIG_PREEMPTION (the handler's own preempt_disable(),
 * as tracing_gen_ctx_dec() does).
 *
 * Kernels differ: 6.1 and 6.12 define exactly these eight flags; the
 * PREEMPT_RT kernels add lazy preemption (TRACE_FLAG_NEED_RESCHED_LAZY,
 * a lazy count in the word), which this does not know.  Chosen by
 * KPT_HAVE_TRACE_CTX_KNOWN (features.sh: the names and values of enum
 * trace_flag_type in <linux/trace_events.h> are these eight, and
 * tracing_gen_ctx_dec() is the inline it mirrors): without it
 * KPT_TRACE_CTX_KNOWN is false and the lean path is not built in (every
 * record takes the kernel's trace_event_buffer_reserve()).  tracer-lean
 * compares the headers both paths write.
 */
#ifndef KPT_COMPAT_TRACE_CTX_H
#define KPT_COMPAT_TRACE_CTX_H

#include <linux/irqflags.h>
#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/thread_info.h>
#include <linux/trace_events.h>

#ifdef KPT_HAVE_TRACE_CTX_KNOWN
#define KPT_TRACE_CTX_KNOWN	true

static __always_inline unsigned int kpt_trace_ctx_dec(void)
{
	unsigned int pc = preempt_count(), fl = 0, ctx;
	unsigned long irqflags;

	local_save_flags(irqflags);
	if (irqs_disabled_flags(irqflags))
		fl |= TRACE_FLAG_IRQS_OFF;
	if (pc & NMI_MASK)
		fl |= TRACE_FLAG_NMI;
	if (pc & HARDIRQ_MASK)
		fl |= TRACE_FLAG_HARDIRQ;
	if (in_serving_softirq())
		fl |= TRACE_FLAG_SOFTIRQ;
	if (softirq_count() >> (SOFTIRQ_SHIFT + 1))
		fl |= TRACE_FLAG_BH_OFF;
	if (tif_need_resched())
		fl |= TRACE_FLAG_NEED_RESCHED;
	if (test_preempt_need_resched())
		fl |= TRACE_FLAG_PREEMPT_RESCHED;
	ctx = fl << 16 | min_t(unsigned int, pc & 0xff, 0xf);
#ifdef CONFIG_SMP
	ctx |= min_t(unsigned int, current->migration_disabled, 0xf) << 4;
#endif
	if (IS_ENABLED(CONFIG_PREEMPTION))
		ctx--;
	return ctx;
}
#else
#define KPT_TRACE_CTX_KNOWN	false

static __always_inline unsigned int kpt_trace_ctx_dec(void)
{
	return 0;	/* never used: the lean path is off */
}
#endif

#endif /* KPT_COMPAT_TRACE_CTX_H */
