// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_bench: the floor for `make bench`: a kprobe or kretprobe with
 * an empty handler, armed at a site on request, so that the benchmark can
 * tell what a tracer adds over the bare kprobe mechanism.
 *
 * /sys/kernel/debug/kprobetrace_bench/ctl takes one command per write:
 *   p SYMBOL [OFFSET]   arm an empty kprobe at SYMBOL+OFFSET
 *   r SYMBOL            arm an empty kretprobe at SYMBOL
 *   f SYMBOL            arm an ftrace_ops at SYMBOL's ftrace site with an
 *                       empty callback, FTRACE_OPS_FL_SAVE_REGS (ftrace
 *                       saves a full pt_regs: ftrace_regs_caller)
 *   fa SYMBOL           the same without FTRACE_OPS_FL_SAVE_REGS (ftrace
 *                       saves the argument registers: ftrace_caller)
 *   fg SYMBOL           f SYMBOL plus the recursion guard an f: event's
 *                       callback takes (ftrace_test_recursion_trylock())
 *   ft SYMBOL           fg SYMBOL plus one record of the trace event
 *                       kprobetrace_bench/kpt_bench_floor (the function's
 *                       address) when it is enabled: the kernel's static
 *                       event path, trace_event_buffer_reserve() + commit
 *   clear               disarm whatever is armed
 * Reading it shows what is armed, its hits and its misses.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/ftrace.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#define CREATE_TRACE_POINTS
#include "kpt_bench_trace.h"

#define KPT_BENCH_SYM_LEN 128

static struct dentry *kpt_bench_dir;
static DEFINE_MUTEX(kpt_bench_lock);
static char kpt_bench_sym[KPT_BENCH_SYM_LEN];
static struct kprobe kpt_bench_kp;
static struct kretprobe kpt_bench_rp;
static bool kpt_bench_kp_armed, kpt_bench_rp_armed, kpt_bench_ops_armed;
static struct ftrace_ops kpt_bench_ops;
static unsigned long kpt_bench_ops_misses;

static int kpt_bench_pre(struct kprobe *kp, struct pt_regs *regs)
{
	return 0;
}

static int kpt_bench_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	return 0;
}

static notrace void kpt_bench_ftrace_empty(unsigned long ip,
					    unsigned long parent_ip,
					    struct ftrace_ops *op,
					    struct ftrace_regs *fregs)
{
}

static notrace void kpt_bench_ftrace_guard(unsigned long ip,
					    unsigned long parent_ip,
					    struct ftrace_ops *op,
					    struct ftrace_regs *fregs)
{
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0) {
		kpt_bench_ops_misses++;
		return;
	}
	ftrace_test_recursion_unlock(bit);
}

static notrace void kpt_bench_ftrace_record(unsigned long ip,
					     unsigned long parent_ip,
					     struct ftrace_ops *op,
					     struct ftrace_regs *fregs)
{
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0) {
		kpt_bench_ops_misses++;
		return;
	}
	trace_kpt_bench_floor(ip);
	ftrace_test_recursion_unlock(bit);
}

/* an ftrace_ops on SYM's ftrace site: its own, as an f: event's */
static int kpt_bench_arm_ops(const char *kind, char *sym)
{
	int ret;

	memset(&kpt_bench_ops, 0, sizeof(kpt_bench_ops));
	if (!strcmp(kind, "fg"))
		kpt_bench_ops.func = kpt_bench_ftrace_guard;
	else if (!strcmp(kind, "ft"))
		kpt_bench_ops.func = kpt_bench_ftrace_record;
	else
		kpt_bench_ops.func = kpt_bench_ftrace_empty;
	if (strcmp(kind, "fa"))
		kpt_bench_ops.flags = FTRACE_OPS_FL_SAVE_REGS;
	/* the name as a filter (kallsyms_lookup_name() is not exported) */
	ret = ftrace_set_filter(&kpt_bench_ops, sym, strlen(sym), 1);
	if (ret) {
		ftrace_free_filter(&kpt_bench_ops);
		return ret;
	}
	ret = register_ftrace_function(&kpt_bench_ops);
	if (ret) {
		ftrace_free_filter(&kpt_bench_ops);
		return ret;
	}
	kpt_bench_ops_misses = 0;
	kpt_bench_ops_armed = true;
	return 0;
}

static void kpt_bench_clear(void)
{
	if (kpt_bench_ops_armed) {
		unregister_ftrace_function(&kpt_bench_ops);
		ftrace_free_filter(&kpt_bench_ops);
		kpt_bench_ops_armed = false;
	}
	if (kpt_bench_kp_armed) {
		unregister_kprobe(&kpt_bench_kp);
		kpt_bench_kp_armed = false;
	}
	if (kpt_bench_rp_armed) {
		unregister_kretprobe(&kpt_bench_rp);
		kpt_bench_rp_armed = false;
	}
}

static int kpt_bench_arm(char *cmd)
{
	char *kind, *sym, *offs;
	unsigned int offset = 0;
	int ret;

	kind = strsep(&cmd, " \t");
	sym = strsep(&cmd, " \t");
	offs = strsep(&cmd, " \t");
	if (!kind)
		return -EINVAL;
	if (!strcmp(kind, "clear")) {
		kpt_bench_clear();
		return 0;
	}
	if (!sym || !*sym || strlen(sym) >= KPT_BENCH_SYM_LEN)
		return -EINVAL;
	if (offs && *offs && kstrtouint(offs, 0, &offset))
		return -EINVAL;
	kpt_bench_clear();
	strscpy(kpt_bench_sym, sym, sizeof(kpt_bench_sym));

	if (!strcmp(kind, "p")) {
		memset(&kpt_bench_kp, 0, sizeof(kpt_bench_kp));
		kpt_bench_kp.symbol_name = kpt_bench_sym;
		kpt_bench_kp.offset = offset;
		kpt_bench_kp.pre_handler = kpt_bench_pre;
		ret = register_kprobe(&kpt_bench_kp);
		if (!ret)
			kpt_bench_kp_armed = true;
		return ret;
	}
	if ((!strcmp(kind, "f") || !strcmp(kind, "fa") ||
	     !strcmp(kind, "fg") || !strcmp(kind, "ft")) && !offset)
		return kpt_bench_arm_ops(kind, kpt_bench_sym);
	if (!strcmp(kind, "r") && !offset) {
		memset(&kpt_bench_rp, 0, sizeof(kpt_bench_rp));
		kpt_bench_rp.kp.symbol_name = kpt_bench_sym;
		kpt_bench_rp.handler = kpt_bench_ret;
		ret = register_kretprobe(&kpt_bench_rp);
		if (!ret)
			kpt_bench_rp_armed = true;
		return ret;
	}
	return -EINVAL;
}

static ssize_t kpt_bench_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	char buf[192];
	int ret;

	if (count >= sizeof(buf))
		return -E2BIG;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	strim(buf);
	mutex_lock(&kpt_bench_lock);
	ret = kpt_bench_arm(buf);
	mutex_unlock(&kpt_bench_lock);
	return ret ? ret : count;
}

static int kpt_bench_show(struct seq_file *m, void *v)
{
	mutex_lock(&kpt_bench_lock);
	if (kpt_bench_kp_armed)
		seq_printf(m, "p %s+%u nmissed=%lu\n", kpt_bench_sym,
			   kpt_bench_kp.offset,
			   kpt_bench_kp.nmissed);
	if (kpt_bench_rp_armed)
		seq_printf(m, "r %s nmissed=%d\n", kpt_bench_sym,
			   kpt_bench_rp.nmissed);
	if (kpt_bench_ops_armed)
		seq_printf(m, "%s %s nmissed=%lu\n",
			   kpt_bench_ops.func == kpt_bench_ftrace_guard ? "fg" :
			   kpt_bench_ops.func == kpt_bench_ftrace_record ? "ft" :
			   kpt_bench_ops.flags ? "f" : "fa", kpt_bench_sym,
			   kpt_bench_ops_misses);
	mutex_unlock(&kpt_bench_lock);
	return 0;
}

static int kpt_bench_open(struct inode *inode, struct file *file)
{
	return single_open(file, kpt_bench_show, NULL);
}

static const struct file_operations kpt_bench_fops = {
	.owner = THIS_MODULE,
	.open = kpt_bench_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
	.write = kpt_bench_write,
};

static int __init kpt_bench_init(void)
{
	kpt_bench_dir = debugfs_create_dir("kprobetrace_bench", NULL);
	if (IS_ERR(kpt_bench_dir))
		return PTR_ERR(kpt_bench_dir);
	debugfs_create_file("ctl", 0600, kpt_bench_dir, NULL, &kpt_bench_fops);
	return 0;
}

static void __exit kpt_bench_exit(void)
{
	mutex_lock(&kpt_bench_lock);
	kpt_bench_clear();
	mutex_unlock(&kpt_bench_lock);
	debugfs_remove_recursive(kpt_bench_dir);
}

module_init(kpt_bench_init);
module_exit(kpt_bench_exit);

MODULE_DESCRIPTION("kprobetrace benchmark floor: empty-handler kprobes");
MODULE_LICENSE("GPL");
