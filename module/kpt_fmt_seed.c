// SPDX-License-Identifier: GPL-2.0
/*
 * The seed's output format (a backend of kpt_fmt.h): records of ip (or
 * func and ret_ip), nargs and arg0..argN-1 as unsigned longs, with one
 * alias field per named argument; printed "SYM+off/size: 0x.. 0x.." (or
 * "CALLER+off/size <- SYM: 0x.. 0x..").  The printers are generic (a
 * record carries its address(es), nargs and the values): one output type
 * per kind serves every seed event, also after it is gone.  The records
 * are written by kpt_hit.c's kpt_fill().
 *
 * May touch: a probe's definition, print_fmt and field_names, the
 * trace-event field and output API.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include "kpt_fmt.h"
#include "kpt_probe_types.h"

/* ---- printing (trace file) --------------------------------------------- */

static unsigned int kpt_rec_nargs(struct trace_iterator *iter, int nargs,
				  size_t hdr)
{
	size_t room = iter->ent_size > hdr ? iter->ent_size - hdr : 0;

	if (nargs < 0)
		return 0;
	return min_t(size_t, nargs, room / sizeof(unsigned long));
}

static void kpt_print_args(struct trace_seq *s, const unsigned long *args,
			   unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		trace_seq_printf(s, " 0x%lx", args[i]);
	trace_seq_putc(s, '\n');
}

/* SYM+off/size: 0x.. 0x.. */
static enum print_line_t kpt_print_entry(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct kpt_entry_rec *r = (struct kpt_entry_rec *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%pS:", (void *)r->ip);
	kpt_print_args(s, r->args, kpt_rec_nargs(iter, r->nargs,
			offsetof(struct kpt_entry_rec, args)));
	return trace_handle_return(s);
}

/* CALLER+off/size <- SYM: 0x.. 0x.. */
static enum print_line_t kpt_print_return(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct kpt_return_rec *r = (struct kpt_return_rec *)iter->ent;
	struct trace_seq *s = &iter->seq;

	trace_seq_printf(s, "%pS <- %ps:", (void *)r->ret_ip, (void *)r->func);
	kpt_print_args(s, r->args, kpt_rec_nargs(iter, r->nargs,
			offsetof(struct kpt_return_rec, args)));
	return trace_handle_return(s);
}

static struct trace_event_functions kpt_seed_entry_funcs = {
	.trace = kpt_print_entry,
};

static struct trace_event_functions kpt_seed_return_funcs = {
	.trace = kpt_print_return,
};

/* ---- fields, format ------------------------------------------------------ */

static bool kpt_field_taken(struct kpt_probe *p, const char *name,
			    unsigned int upto)
{
	static const char * const fixed[] = { "ip", "func", "ret_ip", "nargs" };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fixed); i++)
		if (!strcmp(name, fixed[i]))
			return true;
	if (!strncmp(name, "common_", 7))
		return true;
	if (!strncmp(name, "arg", 3)) {
		unsigned int n;

		if (!kstrtouint(name + 3, 10, &n) && n < p->nargs)
			return true;
	}
	for (i = 0; i < upto; i++)
		if (!strcmp(name, p->def->args[i].name))
			return true;
	return false;
}

/*
 * Fields: ip (entry) or func and ret_ip (return), nargs, arg0..argN-1,
 * plus one alias field per argument that has an alias (see kpt_probe_def.h
 * for which do), at the same offset as its argN: so filters take both
 * names.  An alias that would shadow a field or an earlier alias (e.g.
 * %ip's "ip" on an entry probe) is not added.
 */
static int kpt_define_fields(struct trace_event_call *call)
{
	struct kpt_probe *p = call->data;
	const char *name = p->field_names;
	size_t args_off;
	unsigned int i;
	int ret;

	if (p->is_return) {
		ret = trace_define_field(call, "unsigned long", "func",
					 offsetof(struct kpt_return_rec, func),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "unsigned long", "ret_ip",
					 offsetof(struct kpt_return_rec, ret_ip),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "int", "nargs",
					 offsetof(struct kpt_return_rec, nargs),
					 sizeof(int), 1, FILTER_OTHER);
		args_off = offsetof(struct kpt_return_rec, args);
	} else {
		ret = trace_define_field(call, "unsigned long", "ip",
					 offsetof(struct kpt_entry_rec, ip),
					 sizeof(long), 0, FILTER_OTHER);
		ret = ret ?: trace_define_field(call, "int", "nargs",
					 offsetof(struct kpt_entry_rec, nargs),
					 sizeof(int), 1, FILTER_OTHER);
		args_off = offsetof(struct kpt_entry_rec, args);
	}
	for (i = 0; !ret && i < p->nargs; i++) {
		ret = trace_define_field(call, "unsigned long", name,
					 args_off + i * sizeof(long),
					 sizeof(long), 0, FILTER_OTHER);
		name += strlen(name) + 1;
	}
	for (i = 0; !ret && i < p->nargs; i++) {
		const char *alias = p->def->args[i].name;

		if (!alias[0] || kpt_field_taken(p, alias, i))
			continue;
		ret = trace_define_field(call, "unsigned long", alias,
					 args_off + i * sizeof(long),
					 sizeof(long), 0, FILTER_OTHER);
	}
	return ret;
}

static struct trace_event_fields kpt_fields_array[] = {
	{ .type = TRACE_FUNCTION_TYPE, .define_fields = kpt_define_fields },
	{}
};

/* "%lx: 0x%lx ...", REC->ip, REC->arg0 ... (or "%lx <- %lx: ...") */
static char *kpt_make_print_fmt(struct kpt_probe *p)
{
	size_t size = 64 + p->nargs * 24, n;
	unsigned int i;
	char *buf;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	n = scnprintf(buf, size, "\"%s", p->is_return ? "%lx <- %lx:" : "%lx:");
	for (i = 0; i < p->nargs; i++)
		n += scnprintf(buf + n, size - n, " 0x%%lx");
	n += scnprintf(buf + n, size - n, "\", %s",
		       p->is_return ? "REC->ret_ip, REC->func" : "REC->ip");
	for (i = 0; i < p->nargs; i++)
		n += scnprintf(buf + n, size - n, ", REC->arg%u", i);
	return buf;
}

static char *kpt_make_field_names(struct kpt_probe *p)
{
	size_t size = p->nargs * 8 + 1, n = 0;
	unsigned int i;
	char *buf;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return NULL;
	for (i = 0; i < p->nargs; i++)
		n += scnprintf(buf + n, size - n, "arg%u", i) + 1;
	return buf;
}

static struct trace_event_fields *kpt_seed_fields(struct kpt_probe *p)
{
	return kpt_fields_array;
}

static int kpt_seed_print_fmt(struct kpt_probe *p)
{
	p->print_fmt = kpt_make_print_fmt(p);
	p->field_names = kpt_make_field_names(p);
	return p->print_fmt && p->field_names ? 0 : -ENOMEM;
}

static int kpt_seed_size(struct kpt_probe *p, const struct kpt_probe_def *def,
			 struct kpt_err *e)
{
	p->rec_size = p->is_return ?
		struct_size((struct kpt_return_rec *)NULL, args, p->nargs) :
		struct_size((struct kpt_entry_rec *)NULL, args, p->nargs);
	return 0;
}

const struct kpt_fmt_ops kpt_fmt_seed = {
	.name = "seed",
	.size = kpt_seed_size,
	.fields = kpt_seed_fields,
	.print_fmt = kpt_seed_print_fmt,
	.print_entry = &kpt_seed_entry_funcs,
	.print_return = &kpt_seed_return_funcs,
};
