/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The data of an event ring_buffer_lock_reserve() returned, without the
 * call to ring_buffer_event_data().
 *
 * <linux/ring_buffer.h> documents the event format (enum
 * ring_buffer_type's comment): struct ring_buffer_event { u32
 * type_len:5, time_delta:27; u32 array[]; }; a reservation that needs a
 * time extend or an absolute time stamp (type_len TIME_EXTEND or
 * TIME_STAMP, 8 bytes) returns it in front of the data event; a data
 * event's type_len is 1..RINGBUF_TYPE_DATA_TYPE_LEN_MAX (28), its data at
 * array[0], or 0 with its length in array[0] and its data at array[1].
 * Chosen by KPT_HAVE_RB_EVENT_LAYOUT (features.sh: the header declares
 * that struct, that enum and the 8 bytes); without it, the exported
 * function.
 */
#ifndef KPT_COMPAT_RB_EVENT_H
#define KPT_COMPAT_RB_EVENT_H

#include <linux/ring_buffer.h>

static __always_inline void *
kpt_rb_event_data(struct ring_buffer_event *event)
{
#ifdef KPT_HAVE_RB_EVENT_LAYOUT
	if (event->type_len >= RINGBUF_TYPE_TIME_EXTEND)
		event = (void *)event + 8;
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
#else
	return ring_buffer_event_data(event);
#endif
}

#endif /* KPT_COMPAT_RB_EVENT_H */
