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
exit 0
