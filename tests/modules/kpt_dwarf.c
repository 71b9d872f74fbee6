// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_dwarf: targets for probes by source line and local variable.
 *
 * Built with -g (tests/modules/Kbuild), so that its DWARF describes lines
 * and locals the tests know: a local on the stack (its address escapes),
 * locals in registers or location lists, a constant, a struct and an array
 * on the stack, a struct in two registers (pieces), a helper inlined 3x.
 * Writing "NAME ARG" to /sys/kernel/debug/kprobetrace_dwarf/call calls
 * target NAME once with ARG; "seen" then holds the last value a target
 * handed to its sink, the value a probe on the marked line must record.
 *
 * Host tests look lines up by the KPT_LINE markers' text, so the markers
 * must stay on the lines they mark.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/uaccess.h>

#define __kpt_target __attribute__((__noipa__))

struct kpt_dwarf_pair {
	long first;
	int second;
};

static u64 kpt_dwarf_seen;

/* Where values go: not inlined, so its caller keeps them live. */
__kpt_target void kpt_dwarf_sink(long v)
{
	WRITE_ONCE(kpt_dwarf_seen, v);
}

/* Takes an address, so that the caller's object stays on its stack. */
__kpt_target void kpt_dwarf_sink_ptr(const int *p)
{
	WRITE_ONCE(kpt_dwarf_seen, *p);
}

__kpt_target void kpt_dwarf_sink_pair(const struct kpt_dwarf_pair *p)
{
	WRITE_ONCE(kpt_dwarf_seen, p->first + p->second);
}

/* A local whose address escapes: on the stack (DW_OP_fbreg). */
__kpt_target int kpt_dwarf_stack(int seed)
{
	int onstack = seed * 3;

	kpt_dwarf_sink_ptr(&onstack);	/* KPT_LINE stack_call */
	return onstack + 1;
}

/* Locals the compiler keeps in registers (location lists at -O2). */
__kpt_target long kpt_dwarf_reg(long a, long b)
{
	long prod = a * b;
	long mix = prod ^ (a + 7);

	kpt_dwarf_sink(mix);		/* KPT_LINE reg_call */
	return mix + prod;
}

/* A constant: propagated, DWARF gives its value (DW_AT_const_value). */
__kpt_target long kpt_dwarf_const(long x)
{
	const long scale = 5;
	long scaled = x * scale;

	kpt_dwarf_sink(scaled);		/* KPT_LINE const_call */
	return scaled;
}

/* A struct on the stack: its members at known offsets from the CFA. */
__kpt_target long kpt_dwarf_struct(long x)
{
	struct kpt_dwarf_pair pair = { .first = x + 1, .second = (int)x * 2 };

	kpt_dwarf_sink_pair(&pair);	/* KPT_LINE struct_call */
	return pair.first;
}

/* Inlined at each of its three call sites below. */
static __always_inline long kpt_dwarf_square(long v)
{
	long sq = v * v + 1;

	kpt_dwarf_sink(sq);		/* KPT_LINE square_sink */
	return sq;
}

__kpt_target long kpt_dwarf_inline(long x)
{
	long total = kpt_dwarf_square(x);		/* KPT_LINE inline_1 */

	total += kpt_dwarf_square(x + 1);		/* KPT_LINE inline_2 */
	total += kpt_dwarf_square(x + 2);		/* KPT_LINE inline_3 */
	return total;
}

/* Indexed by the sink through a pointer. */
__kpt_target void kpt_dwarf_sink_arr(const long *a)
{
	WRITE_ONCE(kpt_dwarf_seen, a[0] + a[3]);
}

/* A local array on the stack, indexed. */
__kpt_target long kpt_dwarf_array(long x)
{
	long arr[4] = { x, x * 2, x * 3, x * 4 };

	kpt_dwarf_sink_arr(arr);	/* KPT_LINE array_call */
	return arr[2];
}

struct kpt_dwarf_two {
	long lo;
	long hi;
};

/* Returned in two registers (rax, rdx). */
__kpt_target struct kpt_dwarf_two kpt_dwarf_make_two(long x)
{
	struct kpt_dwarf_two t = { .lo = x * 3, .hi = x + 100 };

	return t;
}

/*
 * A struct the compiler keeps in two registers, never in memory: its
 * location is in pieces (DW_OP_reg DW_OP_piece 8 DW_OP_reg DW_OP_piece 8).
 */
__kpt_target long kpt_dwarf_pieces(long x)
{
	struct kpt_dwarf_two two = kpt_dwarf_make_two(x);

	kpt_dwarf_sink(two.lo);		/* KPT_LINE pieces_lo */
	kpt_dwarf_sink(two.hi);		/* KPT_LINE pieces_hi */
	return two.lo - two.hi;
}

/* A static key's branch: a jump label, patched by the kernel. */
static DEFINE_STATIC_KEY_FALSE(kpt_dwarf_key);

__kpt_target long kpt_dwarf_keyed(long x)
{
	kpt_dwarf_sink(x);		/* KPT_LINE keyed_sink */
	if (static_branch_unlikely(&kpt_dwarf_key))	/* KPT_LINE keyed_if */
		kpt_dwarf_sink(x + 7);
	return x;
}

/* A CPU feature test: an alternative, patched when the module loads. */
__kpt_target long kpt_dwarf_feature(long x)
{
	if (static_cpu_has(X86_FEATURE_ALWAYS))
		x += 3;
	kpt_dwarf_sink(x);
	return x;
}

/* Defined in kpt_dwarf_opaque.c only: this unit's DWARF declares it. */
#include "kpt_dwarf_opaque.h"

/* A local pointer to a struct that this unit only declares. */
__kpt_target long kpt_dwarf_opaque(long x)
{
	struct kpt_dwarf_hidden *h = kpt_dwarf_hidden_get(x * 3);

	kpt_dwarf_sink_hidden(h);		/* KPT_LINE opaque */
	return x;
}

#include "kpt_dwarf_kernel.h"
#include "kpt_dwarf_any.h"

static ssize_t call_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char buf[64], name[32];
	long arg;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sscanf(buf, "%31s %ld", name, &arg) != 2)
		return -EINVAL;
	if (!strcmp(name, "stack"))
		kpt_dwarf_stack((int)arg);
	else if (!strcmp(name, "reg"))
		kpt_dwarf_reg(arg, arg + 1);
	else if (!strcmp(name, "const"))
		kpt_dwarf_const(arg);
	else if (!strcmp(name, "struct"))
		kpt_dwarf_struct(arg);
	else if (!strcmp(name, "inline"))
		kpt_dwarf_inline(arg);
	else if (!strcmp(name, "array"))
		kpt_dwarf_array(arg);
	else if (!strcmp(name, "pieces"))
		kpt_dwarf_pieces(arg);
	else if (!strcmp(name, "keyed"))
		kpt_dwarf_keyed(arg);
	else if (!strcmp(name, "feature"))
		kpt_dwarf_feature(arg);
	else if (!strcmp(name, "opaque"))
		kpt_dwarf_opaque(arg);
	else if (!strcmp(name, "kernel"))
		kpt_dwarf_kernel(arg);
	else if (!strcmp(name, "lea"))
		kpt_dwarf_kernel_lea(arg);
	else if (kpt_dwarf_any_call(name, arg))
		return -ENOENT;
	return count;
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.write = call_write,
	.llseek = noop_llseek,
};

/*
 * The same "call" as /proc/kprobetrace_dwarf_call: under the lockdown
 * LSM's integrity level debugfs refuses every writable file, procfs does
 * not (zz-tracer-lockdown).  Included here, not above, so that the lines
 * the tests name stay where they are.
 */
#include <linux/proc_fs.h>

static const struct proc_ops call_proc_ops = {
	.proc_write = call_write,
	.proc_lseek = noop_llseek,
};

static struct dentry *kpt_dwarf_dir;
static struct proc_dir_entry *kpt_dwarf_proc;

static int __init kpt_dwarf_init(void)
{
	kpt_dwarf_dir = debugfs_create_dir("kprobetrace_dwarf", NULL);
	if (IS_ERR(kpt_dwarf_dir))
		return PTR_ERR(kpt_dwarf_dir);
	debugfs_create_file("call", 0200, kpt_dwarf_dir, NULL, &call_fops);
	debugfs_create_u64("seen", 0400, kpt_dwarf_dir, &kpt_dwarf_seen);
	kpt_dwarf_proc = proc_create("kprobetrace_dwarf_call", 0200, NULL,
				     &call_proc_ops);
	if (!kpt_dwarf_proc) {
		debugfs_remove_recursive(kpt_dwarf_dir);
		return -ENOMEM;
	}
	return 0;
}

static void __exit kpt_dwarf_exit(void)
{
	proc_remove(kpt_dwarf_proc);
	debugfs_remove_recursive(kpt_dwarf_dir);
}

module_init(kpt_dwarf_init);
module_exit(kpt_dwarf_exit);

MODULE_DESCRIPTION("kprobetrace test module with DWARF: lines and locals");
MODULE_LICENSE("GPL");
