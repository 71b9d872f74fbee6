// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: the attached event of an e: line and the perf counters
 * that bring its records (kpt_eprobe.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/err.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include "kpt_btf_mod.h"
#include "kpt_efilter.h"
#include "kpt_eprobe.h"
#include "kpt_event_fields.h"
#include "kpt_hit.h"
#include "kpt_ksyms.h"

/* what the kernel's tracer does not attach an event probe to */
#define KPT_EP_NOT_ATTACHED	(TRACE_EVENT_FL_IGNORE_ENABLE | \
				 TRACE_EVENT_FL_KPROBE | \
				 TRACE_EVENT_FL_UPROBE | \
				 TRACE_EVENT_FL_EPROBE)

int kpt_eprobe_alloc(struct kpt_probe *p)
{
	p->ep = kzalloc(sizeof(*p->ep), GFP_KERNEL);
	return p->ep ? 0 : -ENOMEM;
}

void kpt_eprobe_free(struct kpt_probe *p)
{
	struct kpt_ep *ep = p->ep;

	if (!ep)
		return;
	if (ep->has_cc)
		kpt_cpuctr_stop(&ep->cc);
	if (ep->file)
		trace_put_event_file(ep->file);
	kpt_efilter_free(ep->filter);
	kfree(ep);
	p->ep = NULL;
}

/* one disabled counter per online CPU: every record a sample */
static int kpt_eprobe_counters(struct kpt_probe *p)
{
	struct kpt_ep *ep = p->ep;
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = ep->call->event.type,
		.sample_period = 1,
		.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_PERIOD,
		.disabled = 1,
		.pinned = 1,
	};
	int ret;

	ret = kpt_cpuctr_alloc(&ep->cc, &attr, kpt_eprobe_handler, p,
			       kpt_ksyms.event_mutex);
	if (ret)
		return ret;
	ret = kpt_cpuctr_start(&ep->cc);
	if (ret) {
		kpt_cpuctr_stop(&ep->cc);
		return ret;
	}
	ep->has_cc = true;
	return 0;
}

int kpt_eprobe_locate(struct kpt_probe *p, struct kpt_err *e, size_t pos)
{
	const struct kpt_probe_def *def = p->def;
	struct trace_event_file *file;
	int ret, err;

	if (kpt_event_fields_layout(kpt_btf_vmlinux(&err)))
		return kpt_error(e, KPT_ERR_EP_LAYOUT, 0);
	/* the top instance's file, referenced until the probe goes */
	file = trace_get_event_file(NULL, kpt_def_str(def, def->module),
				    kpt_def_str(def, def->symbol));
	if (IS_ERR(file))
		return kpt_error(e, KPT_ERR_EP_NO_EVENT, pos);
	p->ep->file = file;
	p->ep->call = file->event_call;
	/* ours are marked as the kernel's are (kpt_event.c) */
	if (p->ep->call->flags & KPT_EP_NOT_ATTACHED)
		return kpt_error(e, KPT_ERR_EP_NO_EVENT, pos);
	/* the filter before the counters: their handler reads it */
	if (def->filter) {
		ret = kpt_efilter_compile(p->ep->call,
					  kpt_def_str(def, def->filter),
					  def->filter_pos, &p->ep->filter, e);
		if (ret)
			return ret;
	}
	ret = kpt_eprobe_counters(p);
	if (ret)
		return kpt_error_with(e, KPT_ERR_EP_ATTACH, ret, pos,
				      kpt_def_str(def, def->module),
				      kpt_def_str(def, def->symbol), ret);
	/* no address: the event is the place */
	p->addr = (unsigned long)p->ep->call;
	return 0;
}

int kpt_eprobe_field(struct kpt_probe *p, const char *name,
		     struct kpt_cop *op, struct kpt_err *e, size_t pos)
{
	struct kpt_efield f;

	if (kpt_event_field_find(p->ep->call, name, &f)) {
		/* no such field: $comm is the current task's, as the kernel's */
		if (strcmp(name, "comm") && strcmp(name, "COMM"))
			return kpt_error(e, KPT_ERR_BAD_VAR, pos);
		op->op = KPT_COP_COMM;
		return 0;
	}
	op->val = f.offset;
	op->size = f.size;
	switch (f.filter_type) {
	case FILTER_DYN_STRING:
		op->op = KPT_COP_EFIELD_DSTR;
		return 0;
	case FILTER_RDYN_STRING:
		op->op = KPT_COP_EFIELD_RSTR;
		return 0;
	case FILTER_STATIC_STRING:
		op->op = KPT_COP_EFIELD_ADDR;
		return 0;
	}
	/* a char * field (FILTER_PTR_STRING) is its value: a pointer */
	op->op = f.is_signed ? KPT_COP_EFIELD_S : KPT_COP_EFIELD;
	return 0;
}

void kpt_eprobe_set_armed(struct kpt_probe *p, bool on)
{
	struct kpt_ep *ep = p->ep;

	if (ep->has_cc && on != ep->cc.on)
		kpt_cpuctr_enable(&ep->cc, on);
}

int kpt_eprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	if (armed) {
		p->ev->armed_once = true;
		kpt_eprobe_set_armed(p, true);
	}
	p->registered = true;
	return 0;
}

/*
 * Disabled: no handler of it still runs once perf_event_disable() has
 * returned (it ran on the counter's CPU, with interrupts off, after
 * any handler there).  The counters go with the probe.
 */
void kpt_eprobe_unregister(struct kpt_probe *p)
{
	kpt_eprobe_set_armed(p, false);
	p->registered = false;
}
