// SPDX-License-Identifier: GPL-2.0
/*
 * Today's record and output format (a backend of kpt_fmt.h): typed
 * arguments (u8..u64, s8..s64, x8..x64, bitfields, symbol, string,
 * ustring, symstr, TYPE[N], $comm, \"str"), how each is stored, their
 * fields in the format file and the printer.  The records are written by
 * kpt_hit.c's kpt_typed_dyn_size() and kpt_typed_store().
 *
 * Which events use it.  A definition in today's syntax (def->syntax ==
 * KPT_SYNTAX_TODAY) records and prints as today's kernel does:
 *
 *   EVENT: (SYM+off/size) NAME=VAL ...
 *   EVENT: (CALLER+off/size <- SYM) NAME=VAL ...
 *
 * with the kernel's fields (__probe_ip, or __probe_func and __probe_ret_ip,
 * then one field per argument, packed, of its type's size).  One in the
 * seed's syntax keeps the seed's records (ip, nargs, arg0.. as unsigned
 * longs) and output (SYM+off/size: 0x.. 0x..), untouched by this file.  A
 * line valid in both (KPT_SYNTAX_EITHER: "p:ev f %ax", "p:ev f", @ADDR,
 * +offs(...)) is the seed's unless the module parameter either_today is
 * set (it may be changed at any time; it decides for events defined
 * after): the seed's format is this module's default everywhere, and such
 * lines are written in the seed's documentation; today's kernel tests
 * (ftracetest) set it, as they expect "EVENT: (" lines.  An EITHER event
 * in today's format names its arguments arg1..argN, as the kernel does.
 *
 * Records.  Numeric values are stored at their size (a fault stores
 * KPT_FAULT_VALUE's low bytes, e.g. 0xfff2 for a u16).  Arrays store N
 * elements read one by one from consecutive addresses.  Strings are
 * __data_loc words ((length << 16) | offset from the start of the record),
 * the bytes (with their NUL) following the fixed part.  As in the kernel the
 * hit path takes two passes: kpt_typed_dyn_size() evaluates the string
 * arguments and measures them (at most KPT_STR_MAX bytes each, the whole
 * record at most KPT_TYPED_REC_MAX), the record is reserved, and
 * kpt_typed_store() evaluates everything again and copies at most what was
 * reserved (a string that grew in between is cut).  A string that faults
 * (or cannot be read under lockdown, except $comm and \"str") has length 0
 * and prints "(fault)".
 * No allocation, no lock: the fixed size and all offsets are computed at
 * definition time (kpt_typed_layout()).
 *
 * Printing a removed event's records.  The printer needs the names, types
 * and offsets of the fields: they live in a struct kpt_pdesc, built at
 * definition time and immutable.  When the event gets its output type
 * (kpt_otype.c), the description is handed to that kpt_otype, which owns
 * it for as long as the type stays registered: records of the event print
 * correctly after the event (and the probe) are gone.  An unused output
 * type is reused only by an event whose description is identical (same
 * event name, kind, field names, types, offsets): old records then still
 * print right.  Unused today's types are kept up to KPT_OTYPE_SPARE_MAX (256);
 * beyond that the least recently released one is unregistered (its
 * remaining records, if any, then print as the core prints unknown types),
 * which bounds the registered types by the peak number of events plus
 * that constant.  All are unregistered at unload.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include "kpt_fmt.h"
#include "kpt_otype_types.h"
#include "kpt_probe_types.h"
#include "kpt_unaligned.h"

bool kpt_either_today;
module_param_named(either_today, kpt_either_today, bool, 0644);
MODULE_PARM_DESC(either_today,
		 "lines valid in both syntaxes print in today's format");

/* How a field prints. */
enum kpt_print_kind {
	KPT_PK_U, KPT_PK_S, KPT_PK_X, KPT_PK_SYM, KPT_PK_STR, KPT_PK_CHAR
};

struct kpt_parg_desc {
	const char *name;
	const char *ftype;	/* its type in the format file */
	u16 offset;		/* from the start of the record */
	u8 pk;			/* enum kpt_print_kind */
	u8 size;		/* bytes of one element (strings: 4) */
	u8 count;		/* TYPE[N]: N; else 0 */
};

struct kpt_pdesc {
	bool is_return;
	bool eprobe;		/* no header: the arguments alone */
	const char *attached;	/* e: "SYSTEM.EVENT" */
	u16 nargs;
	u32 fixed_size;
	const char *event;
	/* the event class's fields: header, args, terminator */
	struct trace_event_fields *fields;
	struct kpt_parg_desc args[];
	/* then the fields, then the strings */
};

/* ---- definition time ---------------------------------------------------- */

static int kpt_typed_compile(struct kpt_probe *p,
			     const struct kpt_probe_def *def, unsigned int idx,
			     struct kpt_err *e)
{
	const struct kpt_probe_arg *da = &def->args[idx];
	size_t pos = da->pos;
	struct kpt_carg *ca = &p->args[idx];
	struct kpt_targ *a = &p->targs[idx];
	struct kpt_cop *last = &p->ops[ca->first + ca->nops - 1];
	bool last_deref = ca->nops > 1 && (last->op == KPT_COP_DEREF ||
					   last->op == KPT_COP_UDEREF);

	a->count = da->array_len;
	a->flags = 0;
	a->off = 0;
	if (da->array_len && !last_deref)
		return kpt_error(e, KPT_ERR_ARRAY_NOT_MEM, pos);
	switch (da->type) {
	case KPT_T_STRING:
	case KPT_T_USTRING:
		if (last_deref) {
			/* the string is read AT the address */
			ca->nops--;
			a->off = last->val;
			a->flags |= KPT_CA_MEM;
			p->has_mem = true;
			if (last->op == KPT_COP_UDEREF)
				a->flags |= KPT_CA_UMEM | KPT_CA_USTR;
		} else if (kpt_cop_efield(last->op)) {
			/* a string field: its address; else a pointer's */
			if (last->op == KPT_COP_EFIELD ||
			    last->op == KPT_COP_EFIELD_S) {
				a->flags |= KPT_CA_MEM;
				p->has_mem = true;
			}
		} else if (last->op != KPT_COP_COMM &&
			   (ca->nops != 1 || last->op != KPT_COP_IMM)) {
			return kpt_error(e, KPT_ERR_STRING_NOT_MEM, pos);
		}
		if (da->type == KPT_T_USTRING)
			a->flags |= KPT_CA_USTR;
		a->store = da->array_len ? KPT_ST_STRARR : KPT_ST_STRING;
		ca->size = sizeof(u32);
		p->has_dyn = true;
		break;
	case KPT_T_SYMSTR:
		if (da->array_len)
			return kpt_error(e, KPT_ERR_SYMSTR_ARRAY, pos);
		a->store = KPT_ST_SYMSTR;
		ca->size = sizeof(u32);
		p->has_dyn = true;
		break;
	default:
		if (da->array_len) {
			ca->nops--;
			a->off = last->val;
			if (last->op == KPT_COP_UDEREF)
				a->flags |= KPT_CA_UMEM;
			a->store = KPT_ST_ARRAY;
		} else {
			a->store = KPT_ST_VAL;
		}
		break;
	}
	return 0;
}

static u8 kpt_print_kind(u8 type)
{
	switch (type) {
	case KPT_T_S8: case KPT_T_S16: case KPT_T_S32: case KPT_T_S64:
		return KPT_PK_S;
	case KPT_T_U8: case KPT_T_U16: case KPT_T_U32: case KPT_T_U64:
	case KPT_T_BITFIELD:
		return KPT_PK_U;
	case KPT_T_SYMBOL:
		return KPT_PK_SYM;
	case KPT_T_CHAR:
		return KPT_PK_CHAR;
	case KPT_T_STRING: case KPT_T_USTRING: case KPT_T_SYMSTR:
		return KPT_PK_STR;
	default:		/* x8..x64 and no type (x64) */
		return KPT_PK_X;
	}
}

#define KPT_FTYPE_MAX	32

/* Format-file type, as the kernel's: x, symbol and char types show as u. */
static void kpt_ftype(char *buf, const struct kpt_parg_desc *a)
{
	int n;

	if (a->pk == KPT_PK_STR)
		n = scnprintf(buf, KPT_FTYPE_MAX, "__data_loc char[]");
	else
		n = scnprintf(buf, KPT_FTYPE_MAX, "%c%u",
			      a->pk == KPT_PK_S ? 's' : 'u', a->size * 8);
	if (a->count)
		scnprintf(buf + n, KPT_FTYPE_MAX - n, "[%u]", a->count);
}

static void kpt_field_set(struct trace_event_fields *f, const char *type,
			  const char *name, int size, int align, int is_signed,
			  int len)
{
	const struct trace_event_fields tmp = {
		.type = type, .name = name, .size = size, .align = align,
		.is_signed = is_signed, .filter_type = FILTER_OTHER, .len = len,
	};

	memcpy(f, &tmp, sizeof(tmp));
}

/*
 * The class's fields as a static fields array rather than a define_fields
 * callback: only that path sets an array field's length (trace_define_field
 * cannot), so the format file shows "u32 arr[3]" (6.1's own kprobe events
 * show "u32 arr[]", which libtraceevent reads as zeros).  The core lays the
 * fields out in order from sizeof(struct trace_entry), each aligned to its
 * .align: the first (an unsigned long) to that of unsigned long, as the C
 * record structs place it (struct trace_entry is 8 bytes on most kernels,
 * 12 on 6.1 PREEMPT_RT, where the first field is at 16), the arguments to
 * 1: our packed layout, offsets identical to kpt_typed_layout().
 */
#define KPT_FIELD_ALIGN_FIRST	__alignof__(unsigned long)

static void kpt_build_fields(struct kpt_pdesc *d)
{
	struct trace_event_fields *f = d->fields;
	unsigned int i;

	BUILD_BUG_ON(ALIGN(sizeof(struct trace_entry), KPT_FIELD_ALIGN_FIRST) !=
		     offsetof(struct kpt_typed_entry_rec, ip));
	BUILD_BUG_ON(ALIGN(sizeof(struct trace_entry), KPT_FIELD_ALIGN_FIRST) !=
		     offsetof(struct kpt_typed_return_rec, func));
	BUILD_BUG_ON(offsetof(struct kpt_typed_return_rec, func) + sizeof(long) !=
		     offsetof(struct kpt_typed_return_rec, ret_ip));
	if (d->eprobe) {
		/* the kernel's event probes have no header field */
	} else if (d->is_return) {
		kpt_field_set(f++, "unsigned long", "__probe_func",
			      sizeof(long), KPT_FIELD_ALIGN_FIRST, 0, 0);
		kpt_field_set(f++, "unsigned long", "__probe_ret_ip",
			      sizeof(long), 1, 0, 0);
	} else {
		kpt_field_set(f++, "unsigned long", "__probe_ip",
			      sizeof(long), KPT_FIELD_ALIGN_FIRST, 0, 0);
	}
	for (i = 0; i < d->nargs; i++) {
		const struct kpt_parg_desc *a = &d->args[i];

		/* the kernel's strings say signed:1 too */
		kpt_field_set(f++, a->ftype, a->name,
			      a->size * (a->count ? a->count : 1), 1,
			      a->pk == KPT_PK_S || a->pk == KPT_PK_STR,
			      a->pk == KPT_PK_STR ? 0 : a->count);
	}
	memset(f, 0, sizeof(*f));	/* terminator: .type NULL */
}

/*
 * Field offsets, the fixed record size and the print description.  The
 * fields are packed like the kernel's (x86 has no alignment constraint;
 * the hit path and the printer use unaligned accessors).
 */
static int kpt_typed_layout(struct kpt_probe *p,
			    const struct kpt_probe_def *def, struct kpt_err *e)
{
	size_t off = p->eprobe ? sizeof(struct trace_entry) :
		     p->is_return ? sizeof(struct kpt_typed_return_rec) :
				    sizeof(struct kpt_typed_entry_rec);
	size_t size;
	struct kpt_pdesc *d;
	unsigned int i;
	char *str;

	for (i = 0; i < p->nargs; i++) {
		struct kpt_targ *a = &p->targs[i];

		a->offset = off;
		off += p->args[i].size * (a->count ? a->count : 1);
		if (off > KPT_TYPED_REC_MAX - 64)
			return kpt_error(e, KPT_ERR_RECORD_TOO_BIG, 0,
					   KPT_TYPED_REC_MAX - 64);
	}
	p->rec_size = off;

	size = sizeof(*d) + p->nargs * (sizeof(d->args[0]) +
					KPT_ARG_NAME_MAX + 1 + KPT_FTYPE_MAX) +
	       (p->nargs + 3) * sizeof(d->fields[0]) + 3 * (KPT_NAME_MAX + 1);
	d = kvzalloc(size, GFP_KERNEL);
	if (!d)
		return kpt_error(e, KPT_ERR_NOMEM, 0);
	d->is_return = p->is_return;
	d->eprobe = p->eprobe;
	d->nargs = p->nargs;
	d->fixed_size = p->rec_size;
	d->fields = (struct trace_event_fields *)&d->args[p->nargs];
	str = (char *)&d->fields[p->nargs + 3];
	d->event = str;
	str += scnprintf(str, KPT_NAME_MAX + 1, "%s", def->event) + 1;
	d->attached = str;
	if (p->eprobe)
		str += scnprintf(str, 2 * (KPT_NAME_MAX + 1), "%s.%s",
				 kpt_def_str(def, def->module),
				 kpt_def_str(def, def->symbol));
	str++;
	for (i = 0; i < p->nargs; i++) {
		const struct kpt_targ *a = &p->targs[i];
		struct kpt_parg_desc *pa = &d->args[i];

		pa->offset = a->offset;
		pa->pk = kpt_print_kind(p->args[i].type);
		pa->size = p->args[i].size;
		pa->count = a->count;
		pa->name = str;
		if (def->syntax == KPT_SYNTAX_TODAY && def->args[i].name[0])
			strscpy(str, def->args[i].name, KPT_ARG_NAME_MAX + 1);
		else
			kpt_default_arg_name(str, i + 1);
		str += strlen(str) + 1;
		pa->ftype = str;
		kpt_ftype(str, pa);
		str += strlen(str) + 1;
	}
	kpt_build_fields(d);
	p->pdesc = d;
	p->pdesc_owned = true;
	return 0;
}

static void kpt_pdesc_free(void *d)
{
	kvfree(d);
}

static bool kpt_pdesc_equal(const void *da, const void *db)
{
	const struct kpt_pdesc *a = da, *b = db;
	unsigned int i;

	if (a->is_return != b->is_return || a->nargs != b->nargs ||
	    a->eprobe != b->eprobe || strcmp(a->attached, b->attached) ||
	    a->fixed_size != b->fixed_size || strcmp(a->event, b->event))
		return false;
	for (i = 0; i < a->nargs; i++) {
		const struct kpt_parg_desc *x = &a->args[i], *y = &b->args[i];

		if (x->offset != y->offset || x->pk != y->pk ||
		    x->size != y->size || x->count != y->count ||
		    strcmp(x->name, y->name) || strcmp(x->ftype, y->ftype))
			return false;
	}
	return true;
}

/* ---- format file: fields and print fmt --------------------------------- */

static struct trace_event_fields *kpt_typed_fields(struct kpt_probe *p)
{
	return p->pdesc->fields;
}

static const char *kpt_pk_fmt(const struct kpt_parg_desc *a)
{
	bool wide = a->size == 8;

	switch (a->pk) {
	case KPT_PK_U:
		return wide ? "%llu" : "%u";
	case KPT_PK_S:
		return wide ? "%lld" : "%d";
	case KPT_PK_SYM:
		return "%pS";
	case KPT_PK_CHAR:
		return "'%c'";
	case KPT_PK_STR:
		return "\\\"%s\\\"";
	default:
		return wide ? "0x%llx" : "0x%x";
	}
}

/* The kernel's print fmt: "(%lx) a=%u s=\"%s\"", REC->__probe_ip, ... */
static size_t kpt_print_fmt_text(const struct kpt_pdesc *d, char *buf,
				 size_t size)
{
	size_t n = 0;
	unsigned int i, j;

#define KPT_PUT(...) (n += snprintf(buf ? buf + n : NULL, \
				    buf ? size - n : 0, __VA_ARGS__))
	KPT_PUT("\"%s", d->eprobe ? "" :
			 d->is_return ? "(%lx <- %lx)" : "(%lx)");
	for (i = 0; i < d->nargs; i++) {
		const struct kpt_parg_desc *a = &d->args[i];

		KPT_PUT(" %s=", a->name);
		if (!a->count) {
			KPT_PUT("%s", kpt_pk_fmt(a));
			continue;
		}
		for (j = 0; j < a->count; j++)
			KPT_PUT("%c%s", j ? ',' : '{', kpt_pk_fmt(a));
		KPT_PUT("}");
	}
	KPT_PUT("\"%s", d->eprobe ? "" :
			 d->is_return ? ", REC->__probe_func, REC->__probe_ret_ip" :
					", REC->__probe_ip");
	for (i = 0; i < d->nargs; i++) {
		const struct kpt_parg_desc *a = &d->args[i];
		bool str = a->pk == KPT_PK_STR;

		if (!a->count) {
			KPT_PUT(str ? ", __get_str(%s)" : ", REC->%s", a->name);
			continue;
		}
		for (j = 0; j < a->count; j++)
			KPT_PUT(str ? ", __get_str(%s[%u])" : ", REC->%s[%u]",
				a->name, j);
	}
#undef KPT_PUT
	return n;
}

static int kpt_typed_print_fmt(struct kpt_probe *p)
{
	size_t len = kpt_print_fmt_text(p->pdesc, NULL, 0) + 1;
	char *buf = kvmalloc(len, GFP_KERNEL);

	if (buf)
		kpt_print_fmt_text(p->pdesc, buf, len);
	p->print_fmt = buf;
	p->field_names = kzalloc(1, GFP_KERNEL);	/* unused */
	return p->print_fmt && p->field_names ? 0 : -ENOMEM;
}

/* ---- printing (trace file) ---------------------------------------------- */

static void kpt_print_elem(struct trace_seq *s, const struct kpt_parg_desc *a,
			   const u8 *p, const u8 *ent, size_t ent_size)
{
	unsigned int bits = a->size * 8;
	u64 v;

	if (a->pk == KPT_PK_STR) {
		u32 dl = get_unaligned((const u32 *)p);
		u32 len = dl >> 16, off = dl & 0xffff;

		if (!len)
			trace_seq_puts(s, "(fault)");
		else if (off + len > ent_size)
			trace_seq_puts(s, "(bad record)");
		else
			trace_seq_printf(s, "\"%.*s\"", (int)len, ent + off);
		return;
	}
	switch (a->size) {
	case 1:
		v = *p;
		break;
	case 2:
		v = get_unaligned((const u16 *)p);
		break;
	case 4:
		v = get_unaligned((const u32 *)p);
		break;
	default:
		v = get_unaligned((const u64 *)p);
		break;
	}
	switch (a->pk) {
	case KPT_PK_U:
		trace_seq_printf(s, "%llu", v);
		break;
	case KPT_PK_S:
		trace_seq_printf(s, "%lld", (s64)(v << (64 - bits)) >> (64 - bits));
		break;
	case KPT_PK_SYM:
		trace_seq_printf(s, "%pS", (void *)(unsigned long)v);
		break;
	case KPT_PK_CHAR:
		trace_seq_printf(s, "'%c'", (char)v);
		break;
	default:
		trace_seq_printf(s, "0x%llx", v);
		break;
	}
}

/* SYM without offset nor module, as the kernel prints a return's func */
static void kpt_print_func(struct trace_seq *s, unsigned long addr)
{
	char buf[KSYM_SYMBOL_LEN];
	char *sp;

	snprintf(buf, sizeof(buf), "%ps", (void *)addr);
	sp = strchr(buf, ' ');
	if (sp)
		*sp = '\0';
	trace_seq_puts(s, buf);
}

/* (SYM+off/size) NAME=VAL ... */
static enum print_line_t kpt_typed_print(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct kpt_otype *t = container_of(event, struct kpt_otype,
					   shell.event);
	const struct kpt_pdesc *d = t->desc;
	const u8 *ent = (const u8 *)iter->ent;
	size_t ent_size = iter->ent_size;
	struct trace_seq *s = &iter->seq;
	unsigned int i, j;

	trace_seq_printf(s, "%s: (", d->event);
	if (ent_size < d->fixed_size) {
		trace_seq_puts(s, "short record)\n");
		return trace_handle_return(s);
	}
	if (d->eprobe) {
		trace_seq_puts(s, d->attached);
	} else if (d->is_return) {
		const struct kpt_typed_return_rec *r = (const void *)ent;

		trace_seq_printf(s, "%pS <- ", (void *)r->ret_ip);
		kpt_print_func(s, r->func);
	} else {
		const struct kpt_typed_entry_rec *r = (const void *)ent;

		trace_seq_printf(s, "%pS", (void *)r->ip);
	}
	trace_seq_putc(s, ')');
	for (i = 0; i < d->nargs; i++) {
		const struct kpt_parg_desc *a = &d->args[i];
		const u8 *p = ent + a->offset;

		trace_seq_printf(s, " %s=", a->name);
		if (!a->count) {
			kpt_print_elem(s, a, p, ent, ent_size);
			continue;
		}
		for (j = 0; j < a->count; j++, p += a->size) {
			trace_seq_putc(s, j ? ',' : '{');
			kpt_print_elem(s, a, p, ent, ent_size);
		}
		trace_seq_putc(s, '}');
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

static struct trace_event_functions kpt_typed_funcs = {
	.trace = kpt_typed_print,
};

const struct kpt_fmt_ops kpt_fmt_today = {
	.name = "today",
	.compile_arg = kpt_typed_compile,
	.size = kpt_typed_layout,
	.fields = kpt_typed_fields,
	.print_fmt = kpt_typed_print_fmt,
	.print_entry = &kpt_typed_funcs,
	.print_return = &kpt_typed_funcs,
	.desc_equal = kpt_pdesc_equal,
	.desc_free = kpt_pdesc_free,
};
