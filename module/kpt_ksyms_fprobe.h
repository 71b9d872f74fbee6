/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The symbols f: events need that the kernel does not export, resolved
 * once at load time through the symbol room's kallsyms_lookup_name()
 * (kpt_ksyms.h).  Kept apart from kpt_ksyms.c so that its owner's work and
 * this merge cleanly.  Each has the same signature on every kernel of the
 * matrix.
 */
#ifndef KPT_KSYMS_FPROBE_H
#define KPT_KSYMS_FPROBE_H

struct kpt_ksyms_fprobe {
	/* the ftrace record in sym+0's function, or 0: not traceable */
	unsigned long (*ftrace_location)(unsigned long ip);
	/* vmlinux's core text, walked to match a set's globs */
	unsigned long stext;
	unsigned long etext;
};

extern struct kpt_ksyms_fprobe kpt_ksyms_fprobe;

int kpt_ksyms_fprobe_init(void);

#endif /* KPT_KSYMS_FPROBE_H */
