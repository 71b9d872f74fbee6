#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Feature checks against the headers the module is built with: prints one
# -DKPT_HAVE_X per feature present, for Kbuild's ccflags (see ../../Kbuild).
# Each check reads a declaration, never a version number: Debian backports
# fixes into its stable kernels, so a version would lie.
#
#   features.sh SRCTREE     (Kbuild passes $(srctree): the headers tree)
#
# Every feature is explained in the compat file that uses it.
set -eu
src=${1:?features.sh: SRCTREE}
inc=$src/include

# has FILE EXTENDED-REGEX: does the header declare it?
has() { [ -f "$inc/$1" ] && grep -Eq "$2" "$inc/$1"; }

# kpt_unaligned.h: <linux/unaligned.h> (else <asm/unaligned.h>)
[ -f "$inc/linux/unaligned.h" ] && echo -DKPT_HAVE_LINUX_UNALIGNED_H
# kpt_modsyms.h: module_kallsyms_on_each_symbol(const char *modname, ...)
has linux/module.h 'module_kallsyms_on_each_symbol\(const char \*modname' &&
	echo -DKPT_HAVE_MODSYMS_MODNAME
# kpt_vmsyms.h: kallsyms_on_each_symbol()'s callback has no struct module
has linux/kallsyms.h 'kallsyms_on_each_symbol\(int \(\*fn\)\(void \*, const char \*, unsigned long\)' &&
	echo -DKPT_HAVE_VMSYMS_NO_MODULE
# kpt_event_files.h: tracefs' events/ is an eventfs whose files are made by
# callbacks (struct eventfs_entry)
has linux/tracefs.h 'struct eventfs_entry' &&
	echo -DKPT_HAVE_EVENTFS_CALLBACKS
# kpt_rethook_pool.h: rethook_alloc(data, handler, size, num) keeps its nodes
# in an objpool (else rethook_alloc(data, handler) + rethook_add_node())
has linux/rethook.h 'rethook_alloc\(void \*data, rethook_handler_t handler,[[:space:]]*int size' &&
	echo -DKPT_HAVE_RETHOOK_OBJPOOL
# kpt_rethook_handler.h: the return handler gets the return address too
has linux/rethook.h 'typedef void \(\*rethook_handler_t\) \(struct rethook_node \*, void \*, unsigned long,' &&
	echo -DKPT_HAVE_RETHOOK_HANDLER_RET_ADDR
# kpt_ftrace_regs.h: struct ftrace_regs is opaque, reached through
# arch_ftrace_regs()
has linux/ftrace_regs.h 'define arch_ftrace_regs\(' &&
	echo -DKPT_HAVE_ARCH_FTRACE_REGS
# kpt_rb_commit.h: ring_buffer_unlock_commit(buffer) (else (buffer, event))
has linux/ring_buffer.h 'int ring_buffer_unlock_commit\(struct trace_buffer \*buffer\);' &&
	echo -DKPT_HAVE_RB_COMMIT_BUFFER_ONLY
# kpt_rb_event.h: struct ring_buffer_event is { u32 type_len:5,
# time_delta:27; u32 array[]; }, data events up to type_len 28, then
# padding, then 8-byte time extends and time stamps
rbev=$(sed -n '/^struct ring_buffer_event {/,/^};/p;/^enum ring_buffer_type {/,/^};/p' \
	"$inc/linux/ring_buffer.h" 2>/dev/null | tr -s ' \t\n' ' ')
[ "$rbev" = "struct ring_buffer_event { u32 type_len:5, time_delta:27; u32 array[]; }; enum ring_buffer_type { RINGBUF_TYPE_DATA_TYPE_LEN_MAX = 28, RINGBUF_TYPE_PADDING, RINGBUF_TYPE_TIME_EXTEND, RINGBUF_TYPE_TIME_STAMP, }; " ] &&
	[ "$(grep -c '^ \*[[:space:]]*size = 8 bytes$' "$inc/linux/ring_buffer.h")" = 2 ] &&
	echo -DKPT_HAVE_RB_EVENT_LAYOUT
# kpt_trace_ctx.h: enum trace_flag_type names exactly the eight flags whose
# meaning kpt_trace_ctx_dec() knows (a PREEMPT_RT kernel's lazy-preemption
# flag, or any new one, leaves the lean record path out of the build)
flags=$(sed -n '/^enum trace_flag_type {/,/^};/p' "$inc/linux/trace_events.h" 2>/dev/null |
	grep -Eo 'TRACE_FLAG_[A-Z_]+[[:space:]]*=[[:space:]]*0x[0-9a-f]+' |
	tr -d ' \t' | LC_ALL=C sort | tr '\n' ' ')
[ "$flags" = "TRACE_FLAG_BH_OFF=0x80 TRACE_FLAG_HARDIRQ=0x08 TRACE_FLAG_IRQS_NOSUPPORT=0x02 TRACE_FLAG_IRQS_OFF=0x01 TRACE_FLAG_NEED_RESCHED=0x04 TRACE_FLAG_NMI=0x40 TRACE_FLAG_PREEMPT_RESCHED=0x20 TRACE_FLAG_SOFTIRQ=0x10 " ] &&
	has linux/trace_events.h 'static inline unsigned int tracing_gen_ctx_dec\(void\)' &&
	echo -DKPT_HAVE_TRACE_CTX_KNOWN
exit 0
