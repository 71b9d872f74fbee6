/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The output type object (struct kpt_otype): written by the output types
 * room (kpt_otype.c); read by the events room (its type id), the hit path
 * (its printers, for tp_printk: kpt_hit.c) and today's format backend
 * (its description: kpt_fmt_today.c).  Data only: no room's functions
 * are declared here.
 */
#ifndef KPT_OTYPE_TYPES_H
#define KPT_OTYPE_TYPES_H

#include <linux/list.h>
#include <linux/trace_events.h>

struct kpt_fmt_ops;

/*
 * An output type: a trace_event we register ourselves, so that records
 * print after their event is gone (kpt_otype.c).  desc: the backend's
 * description it owns, or NULL.
 */
struct kpt_otype {
	struct trace_event_call shell;	/* only shell.event is used */
	struct list_head list;		/* kpt_otypes, under kpt_mutex */
	const struct kpt_fmt_ops *fmt;
	void *desc;
	bool is_return;
	bool in_use;
};

#endif /* KPT_OTYPE_TYPES_H */
