// SPDX-License-Identifier: GPL-2.0
/*
 * The lean record path's setup (the path itself: kpt_lean.h, used by
 * kpt_hit.c): what it reads of the tracing core's private state, found
 * in the running kernel's BTF and kallsyms at load, each checked for the
 * type it must have; and the module parameter lean.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include "kpt_btf_mod.h"
#include "kpt_ksyms.h"
#include "kpt_lean.h"

struct kpt_lean kpt_lean __read_mostly;
DEFINE_STATIC_KEY_FALSE(kpt_lean_on);

static bool kpt_lean_checked;	/* kpt_lean_init() has run */
static bool kpt_lean_ready;	/* kpt_lean filled and checked */
static bool kpt_lean_want = true;	/* the parameter */

/* Member name of the struct t: its byte offset and its type (past mods). */
static int kpt_lean_member(const struct kpt_btf *b,
			   const struct kpt_btf_type *t, const char *name,
			   u32 *off, struct kpt_btf_type *mt)
{
	struct kpt_btf_member m;
	u32 i, id;

	for (i = 0; i < t->vlen; i++) {
		if (kpt_btf_member(t, i, &m))
			return -EINVAL;
		if (strcmp(kpt_btf_name(b, m.name_off), name))
			continue;
		if (m.bf_size || m.bit_off % 8 ||
		    kpt_btf_skip_mods(b, m.type, &id) ||
		    kpt_btf_type(b, id, mt))
			return -EINVAL;
		*off = m.bit_off / 8;
		return 0;
	}
	return -ENOENT;
}

/* Is id (past mods) a kind named name? */
static bool kpt_lean_is(const struct kpt_btf *b, u32 id, u32 kind,
			const char *name)
{
	struct kpt_btf_type t;

	return !kpt_btf_skip_mods(b, id, &id) && !kpt_btf_type(b, id, &t) &&
	       t.kind == kind && !strcmp(kpt_btf_name(b, t.name_off), name);
}

/* One option bit of enum trace_iterator_flags. */
static int kpt_lean_option(const struct kpt_btf_type *flags, const char *name,
			   u32 *bits)
{
	s64 v;

	if (kpt_btf_enum_value(flags, name, &v) || v <= 0 || v > U32_MAX ||
	    !is_power_of_2(v))
		return -EINVAL;
	*bits |= v;
	return 0;
}

/* struct trace_array's offsets, the option bits, the per-CPU flag's type */
static const char *kpt_lean_btf(const struct kpt_btf *b)
{
	struct kpt_btf_type tr, ab, mt, en, var;
	u32 off, boff;

	if (kpt_btf_find(b, KPT_BTF_K_STRUCT, "trace_array", &tr))
		return "struct trace_array";
	if (kpt_lean_member(b, &tr, "array_buffer", &off, &ab) ||
	    ab.kind != KPT_BTF_K_STRUCT ||
	    strcmp(kpt_btf_name(b, ab.name_off), "array_buffer") ||
	    kpt_lean_member(b, &ab, "buffer", &boff, &mt) ||
	    mt.kind != KPT_BTF_K_PTR ||
	    !kpt_lean_is(b, mt.size_type, KPT_BTF_K_STRUCT, "trace_buffer"))
		return "trace_array.array_buffer.buffer";
	kpt_lean.buffer_off = off + boff;
	if (kpt_lean_member(b, &tr, "trace_flags", &off, &mt) ||
	    mt.kind != KPT_BTF_K_INT || mt.size_type != sizeof(u32))
		return "trace_array.trace_flags";
	kpt_lean.flags_off = off;
	kpt_lean.stack_flags = 0;
	if (kpt_btf_find(b, KPT_BTF_K_ENUM, "trace_iterator_flags", &en) &&
	    kpt_btf_find(b, KPT_BTF_K_ENUM64, "trace_iterator_flags", &en))
		return "enum trace_iterator_flags";
	if (kpt_lean_option(&en, "TRACE_ITER_STACKTRACE",
			    &kpt_lean.stack_flags) ||
	    kpt_lean_option(&en, "TRACE_ITER_USERSTACKTRACE",
			    &kpt_lean.stack_flags))
		return "TRACE_ITER_STACKTRACE, TRACE_ITER_USERSTACKTRACE";
	if (kpt_btf_find(b, KPT_BTF_K_VAR, "trace_taskinfo_save", &var) ||
	    !kpt_lean_is(b, var.size_type, KPT_BTF_K_INT, "_Bool"))
		return "per-CPU bool trace_taskinfo_save";
	return NULL;
}

/* The symbols; NULL or the first one missing. */
static const char *kpt_lean_syms(void)
{
	unsigned long a;

	a = kpt_ksym_addr("trace_event_exports_enabled");
	if (!a)
		return "trace_event_exports_enabled";
	kpt_lean.exports_key = (struct static_key *)a;
	a = kpt_ksym_addr("trace_taskinfo_save");
	if (!a)
		return "trace_taskinfo_save";
	kpt_lean.taskinfo_save = (bool __percpu *)a;
	return NULL;
}

/* At load, before any probe: on unless the parameter says N. */
void kpt_lean_init(void)
{
	const char *missing = NULL;
	struct kpt_btf b;
	void *copy;

	kpt_lean_checked = true;
	if (!KPT_TRACE_CTX_KNOWN) {
		pr_info("lean record path: not built for this kernel's record header; every record takes trace_event_buffer_reserve()\n");
		return;
	}
	if (kpt_btf_vmlinux_raw(&b, &copy))
		missing = "vmlinux BTF";
	else
		missing = kpt_lean_btf(&b);
	vfree(copy);
	if (!missing)
		missing = kpt_lean_syms();
	if (missing) {
		pr_info("lean record path off: no usable %s; every record takes trace_event_buffer_reserve()\n",
			missing);
		return;
	}
	kpt_lean_ready = true;
	if (kpt_lean_want)
		static_branch_enable(&kpt_lean_on);
}

static int kpt_lean_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret = kstrtobool(val, &on);

	if (ret)
		return ret;
	kpt_lean_want = on;
	if (!kpt_lean_ready)	/* at insmod: kpt_lean_init() decides */
		return on && kpt_lean_checked ? -EOPNOTSUPP : 0;
	if (on)
		static_branch_enable(&kpt_lean_on);
	else
		static_branch_disable(&kpt_lean_on);
	return 0;
}

static int kpt_lean_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%c\n",
			  static_key_enabled(&kpt_lean_on) ? 'Y' : 'N');
}

static const struct kernel_param_ops kpt_lean_ops = {
	.set = kpt_lean_set,
	.get = kpt_lean_get,
};

module_param_cb(lean, &kpt_lean_ops, NULL, 0644);
MODULE_PARM_DESC(lean,
		 "Y (default): records no filter, trigger, pid list, stack-trace option, tp_printk or trace export needs go straight into the ring buffer; N: every record through trace_event_buffer_reserve()/commit() (reads N where the kernel does not allow the lean path)");
