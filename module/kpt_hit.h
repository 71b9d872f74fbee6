/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hit path (kpt_hit.c, with kpt_fetch.h): everything that runs when a
 * probe is hit, and nothing else.  NOKPROBE throughout.
 *
 * Offers: the kprobe and kretprobe handlers, the f: handlers, kpt_hit_init() (the lowest
 * kernel address it may read; before any probe is registered).  May
 * touch: a probe's compiled program and counters, its event's links and
 * perf list (RCU readers), the ring buffer, registers and memory through
 * kpt_fetch.h.
 */
#ifndef KPT_HIT_H
#define KPT_HIT_H

#include <linux/kprobes.h>
#include <linux/rethook.h>

int kpt_kprobe_handler(struct kprobe *kp, struct pt_regs *regs);
int kpt_kretprobe_handler(struct kretprobe_instance *ri, struct pt_regs *regs);
/* a kretprobe's entry: the entry values its return reads */
int kpt_kretprobe_entry(struct kretprobe_instance *ri, struct pt_regs *regs);
/*
 * f: events (kpt_fprobe.c): the ftrace_ops callbacks (entry; exit, which
 * hooks the return), the exit's rethook handler
 */
struct ftrace_ops;
struct ftrace_regs;
void kpt_ftrace_handler(unsigned long ip, unsigned long parent_ip,
			struct ftrace_ops *op, struct ftrace_regs *fregs);
void kpt_ftrace_exit_handler(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs);
/* its parameters differ between kernels: compat/kpt_rethook_handler.h */
extern const rethook_handler_t kpt_fexit_handler;
/*
 * t: events (kpt_tprobe.c): the tracepoint callback (kpt_tprobe_tramp.S,
 * registered with data = the probe) and the handler it calls with the
 * pt_regs it built
 */
void kpt_tprobe_tramp(void);
void kpt_tprobe_handler(void *data, struct pt_regs *regs);
/* w: events (kpt_wprobe.c): the hardware breakpoint's handler (#DB) */
struct perf_event;
struct perf_sample_data;
void kpt_wprobe_handler(struct perf_event *bp, struct perf_sample_data *data,
			struct pt_regs *regs);
/* e: events (kpt_eprobe.c): the perf counters' handler on the attached event */
void kpt_eprobe_handler(struct perf_event *ev, struct perf_sample_data *data,
			struct pt_regs *regs);
void kpt_hit_init(void);

#endif /* KPT_HIT_H */
