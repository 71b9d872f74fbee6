/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Committing a ring-buffer event reserved with ring_buffer_lock_reserve().
 *
 * Kernels differ:
 *   6.1   ring_buffer_unlock_commit(buffer, event)
 *   6.12  ring_buffer_unlock_commit(buffer): the event is the CPU's
 *         current one anyway
 * Chosen by KPT_HAVE_RB_COMMIT_BUFFER_ONLY (features.sh: the declaration
 * in <linux/ring_buffer.h>).
 */
#ifndef KPT_COMPAT_RB_COMMIT_H
#define KPT_COMPAT_RB_COMMIT_H

#include <linux/ring_buffer.h>

static __always_inline void kpt_rb_commit(struct trace_buffer *buffer,
					  struct ring_buffer_event *event)
{
#ifdef KPT_HAVE_RB_COMMIT_BUFFER_ONLY
	ring_buffer_unlock_commit(buffer);
#else
	ring_buffer_unlock_commit(buffer, event);
#endif
}

#endif /* KPT_COMPAT_RB_COMMIT_H */
