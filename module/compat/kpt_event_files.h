/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Does any tracefs inode point at an event's trace_event_call, so that
 * removing the event must clear it (kpt_event_forget_files())?
 *
 * Kernels differ:
 *   6.1   events/ is plain tracefs.  An event's "format" file has
 *         i_private = the trace_event_call; f_start() checks it for NULL
 *         under event_mutex, but Debian's 6.1 no longer clears it in
 *         remove_event_file_dir(), so a format file opened before the
 *         event's removal would read the freed call.  We clear it: yes.
 *   6.12  events/ is an eventfs (since 6.6) whose files are made on
 *         lookup by callbacks (struct eventfs_entry): event_callback()
 *         (kernel/trace/trace_events.c) leaves every file's data the
 *         refcounted trace_event_file, never the call ("id" holds a
 *         number).  f_start() takes it through event_file_file(), which
 *         returns NULL once remove_event_file_dir() has set
 *         EVENT_FILE_FL_FREED under event_mutex, so a read after the
 *         removal ends with ENODEV before it touches file->event_call;
 *         the trace_event_file itself lives until its last eventfs
 *         reference goes (event_file_put()).  No inode points at the
 *         call: nothing to clear, and the walk would only cost time.
 * Chosen by KPT_HAVE_EVENTFS_CALLBACKS (features.sh: <linux/tracefs.h>
 * declares struct eventfs_entry).  tracer-format-open tests both.
 */
#ifndef KPT_COMPAT_EVENT_FILES_H
#define KPT_COMPAT_EVENT_FILES_H

#include <linux/types.h>

#ifdef KPT_HAVE_EVENTFS_CALLBACKS
#define KPT_EVENT_FILES_HOLD_CALL	false
#else
#define KPT_EVENT_FILES_HOLD_CALL	true
#endif

static inline bool kpt_event_files_hold_call(void)
{
	return KPT_EVENT_FILES_HOLD_CALL;
}

#endif /* KPT_COMPAT_EVENT_FILES_H */
