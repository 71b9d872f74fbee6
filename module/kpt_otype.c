// SPDX-License-Identifier: GPL-2.0
/*
 * Output types: the trace_events that print our records (kpt_fmt.h).
 *
 * In 6.1 trace_remove_event_call() unregisters the event's output type
 * (event_remove(): "if (call->event.funcs)
 * __unregister_trace_event(&call->event)"), after which records already in
 * the ring buffer print as "Unknown type".  Yet the seed's usage example
 * clears every probe and then reads the trace.  So the output type is not
 * the call's: every event takes a struct kpt_otype, a trace_event we
 * register ourselves (register_trace_event() assigns its type id), and
 * sets call->event.type to that id with call->event.funcs left NULL
 * (kpt_event.c), so removing the call leaves the type registered.  When
 * the event goes its type is only marked unused, and the next event that
 * prints the same way reuses it.  The seed's printers are generic: one
 * type per kind (entry/return) serves any seed event, so live types never
 * exceed the peak number of events.  Today's types own an immutable copy
 * of their event's print description (desc), so they print a removed
 * event's records right, and are reused only by an event with an
 * identical description; at most KPT_OTYPE_SPARE_MAX unused ones are kept
 * (the least recently released goes first).  (A binary reader such as
 * trace-cmd maps old records of a reused id with the new event's format,
 * as it does when the core recycles a freed id; the text output is right
 * either way.)  All of them are unregistered at module unload (after which
 * no record can reach our printers: unregister_trace_event() takes
 * trace_event_sem for writing, and printing holds it for reading).
 *
 * The struct trace_event is embedded in an otherwise unused
 * trace_event_call (flag DYNAMIC) because some core code does
 * container_of(trace_event, struct trace_event_call, event) on any type it
 * prints.  Only tp_printk (output_printk) skips our events: it wants
 * call->event.funcs; the hit path prints them itself (kpt_printk.h).
 *
 * May touch: the probe's otype, pdesc and pdesc_owned, the output type
 * list under kpt_mutex, the trace-event output API.
 */
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include "kpt_fmt.h"
#include "kpt_otype.h"
#include "kpt_probe.h"

static LIST_HEAD(kpt_otypes);

static bool kpt_otype_fits(struct kpt_otype *t, struct kpt_probe *p)
{
	if (t->in_use || t->fmt != p->fmt || t->is_return != p->is_return)
		return false;
	if (!p->pdesc)
		return !t->desc;
	return t->desc && p->fmt->desc_equal(t->desc, p->pdesc);
}

int kpt_otype_get(struct kpt_probe *p)
{
	const struct kpt_fmt_ops *fmt = p->fmt;
	struct kpt_otype *t;

	lockdep_assert_held(&kpt_mutex);
	list_for_each_entry(t, &kpt_otypes, list) {
		if (!kpt_otype_fits(t, p))
			continue;
		t->in_use = true;
		if (p->pdesc) {
			/* the type's identical copy serves the event */
			if (p->pdesc_owned)
				fmt->desc_free(p->pdesc);
			p->pdesc = t->desc;
			p->pdesc_owned = false;
		}
		p->otype = t;
		return 0;
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->fmt = fmt;
	t->is_return = p->is_return;
	t->shell.flags = TRACE_EVENT_FL_DYNAMIC;
	t->shell.event.funcs = p->is_return ? fmt->print_return :
					      fmt->print_entry;
	t->desc = p->pdesc;
	if (!register_trace_event(&t->shell.event)) {
		kfree(t);
		return -ENOMEM;
	}
	p->pdesc_owned = false;		/* the type's now */
	t->in_use = true;
	list_add_tail(&t->list, &kpt_otypes);
	p->otype = t;
	return 0;
}

static void kpt_otype_free(struct kpt_otype *t)
{
	unregister_trace_event(&t->shell.event);
	list_del(&t->list);
	if (t->desc)
		t->fmt->desc_free(t->desc);
	kfree(t);
}

/* The event lets go of its type; bound the spare described types. */
void kpt_otype_put(struct kpt_probe *p)
{
	struct kpt_otype *t = p->otype, *old = NULL;
	unsigned int spare = 0;

	p->otype = NULL;
	if (p->pdesc && !p->pdesc_owned)
		p->pdesc = NULL;	/* the type's, it may go now */
	if (!t)
		return;
	t->in_use = false;
	list_move_tail(&t->list, &kpt_otypes);	/* least recent first */
	list_for_each_entry(t, &kpt_otypes, list) {
		if (t->in_use || !t->desc)
			continue;
		if (!old)
			old = t;
		spare++;
	}
	if (spare > KPT_OTYPE_SPARE_MAX)
		kpt_otype_free(old);
}

/*
 * At unload, after every probe we could remove is gone: drop every output
 * type, also one whose event could not be removed (an event still held in
 * soft mode by a trigger): the core removes such an event itself when this
 * module goes (trace_module_remove_events(), as call->module is us), and
 * no record of ours can be printed after this.
 */
void kpt_otype_exit(void)
{
	struct kpt_otype *t, *tmp;

	mutex_lock(&kpt_mutex);
	list_for_each_entry_safe(t, tmp, &kpt_otypes, list)
		kpt_otype_free(t);
	mutex_unlock(&kpt_mutex);
}
