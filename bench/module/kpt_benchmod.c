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
 *   fe SYMBOL           fg SYMBOL plus the same record written directly
 *                       (no tracepoint): trace_trigger_soft_disabled(),
 *                       trace_event_buffer_reserve() + commit on the
 *                       event's file in the top instance
 *   fx SYMBOL           fg SYMBOL plus trace_event_buffer_reserve() (pid
 *                       filter, context word, live buffer, entry header)
 *                       and a plain ring_buffer_unlock_commit()
 *   fr SYMBOL           fg SYMBOL plus ring_buffer_lock_reserve() +
 *                       ring_buffer_unlock_commit() alone, on the top
 *                       instance's buffer as it was when armed (the floor
 *                       may keep it; a tracer must not: a snapshot swaps it)
 *   fc SYMBOL           fg SYMBOL plus the ring buffer's clock read
 *                       (ring_buffer_time_stamp() of that buffer)
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
#include <linux/ring_buffer.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_events.h>
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
/* fe fx fr fc: the floor event's file in the top instance (a reference) */
static struct trace_event_file *kpt_bench_file;
/* fr fc: that instance's buffer when armed */
static struct trace_buffer *kpt_bench_buffer;
static u64 kpt_bench_stamp;

/* ring_buffer_unlock_commit() lost its event argument in 6.3 */
#ifdef KPT_BENCH_RB_COMMIT_BUFFER_ONLY
#define kpt_bench_rb_commit(buffer, event) ring_buffer_unlock_commit(buffer)
#else
#define kpt_bench_rb_commit(buffer, event) \
	ring_buffer_unlock_commit(buffer, event)
#endif

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

/* fe: the record as a static event writes it, without the tracepoint */
static notrace void kpt_bench_ftrace_direct(unsigned long ip,
					    unsigned long parent_ip,
					    struct ftrace_ops *op,
					    struct ftrace_regs *fregs)
{
	struct trace_event_file *file = kpt_bench_file;
	struct trace_event_raw_kpt_bench_floor *entry;
	struct trace_event_buffer fbuffer;
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0) {
		kpt_bench_ops_misses++;
		return;
	}
	if (!trace_trigger_soft_disabled(file)) {
		entry = trace_event_buffer_reserve(&fbuffer, file,
						   sizeof(*entry));
		if (entry) {
			entry->ip = ip;
			trace_event_buffer_commit(&fbuffer);
		}
	}
	ftrace_test_recursion_unlock(bit);
}

/*
 * fx: trace_event_buffer_reserve() (pid filter, the context word, the live
 * buffer, the entry header) and a plain ring_buffer_unlock_commit()
 */
static notrace void kpt_bench_ftrace_reserve(unsigned long ip,
					     unsigned long parent_ip,
					     struct ftrace_ops *op,
					     struct ftrace_regs *fregs)
{
	struct trace_event_raw_kpt_bench_floor *entry;
	struct trace_event_buffer fbuffer;
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0) {
		kpt_bench_ops_misses++;
		return;
	}
	entry = trace_event_buffer_reserve(&fbuffer, kpt_bench_file,
					   sizeof(*entry));
	if (entry) {
		entry->ip = ip;
		kpt_bench_rb_commit(fbuffer.buffer, fbuffer.event);
	}
	ftrace_test_recursion_unlock(bit);
}

/* fr: the ring buffer alone */
static notrace void kpt_bench_ftrace_rb(unsigned long ip,
					unsigned long parent_ip,
					struct ftrace_ops *op,
					struct ftrace_regs *fregs)
{
	struct trace_event_raw_kpt_bench_floor *entry;
	struct ring_buffer_event *event;
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0) {
		kpt_bench_ops_misses++;
		return;
	}
	event = ring_buffer_lock_reserve(kpt_bench_buffer, sizeof(*entry));
	if (event) {
		entry = ring_buffer_event_data(event);
		entry->ent.type = kpt_bench_file->event_call->event.type;
		entry->ip = ip;
		kpt_bench_rb_commit(kpt_bench_buffer, event);
	}
	ftrace_test_recursion_unlock(bit);
}

/* fc: the ring buffer's clock read */
static notrace void kpt_bench_ftrace_clock(unsigned long ip,
					   unsigned long parent_ip,
					   struct ftrace_ops *op,
					   struct ftrace_regs *fregs)
{
	int bit = ftrace_test_recursion_trylock(ip, parent_ip);

	if (bit < 0) {
		kpt_bench_ops_misses++;
		return;
	}
	kpt_bench_stamp = ring_buffer_time_stamp(kpt_bench_buffer);
	ftrace_test_recursion_unlock(bit);
}

static const struct {
	const char *kind;
	ftrace_func_t func;
	bool file;	/* needs the floor event's file (and its buffer) */
} kpt_bench_kinds[] = {
	{ "f", kpt_bench_ftrace_empty, false },
	{ "fa", kpt_bench_ftrace_empty, false },
	{ "fg", kpt_bench_ftrace_guard, false },
	{ "ft", kpt_bench_ftrace_record, false },
	{ "fe", kpt_bench_ftrace_direct, true },
	{ "fx", kpt_bench_ftrace_reserve, true },
	{ "fr", kpt_bench_ftrace_rb, true },
	{ "fc", kpt_bench_ftrace_clock, true },
};

static int kpt_bench_kind(const char *kind)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kpt_bench_kinds); i++)
		if (!strcmp(kind, kpt_bench_kinds[i].kind))
			return i;
	return -1;
}

/* the floor event's file in the top instance, and its buffer now */
static int kpt_bench_get_file(void)
{
	struct trace_event_file *file;
	struct trace_event_raw_kpt_bench_floor *entry;
	struct trace_event_buffer fbuffer;

	file = trace_get_event_file(NULL, "kprobetrace_bench",
				    "kpt_bench_floor");
	if (IS_ERR(file))
		return PTR_ERR(file);
	/* one record (reserve and commit) tells the buffer */
	preempt_disable();
	entry = trace_event_buffer_reserve(&fbuffer, file, sizeof(*entry));
	if (entry) {
		entry->ip = 0;
		kpt_bench_rb_commit(fbuffer.buffer, fbuffer.event);
	}
	preempt_enable();
	if (!entry) {
		trace_put_event_file(file);
		return -EBUSY;
	}
	kpt_bench_file = file;
	kpt_bench_buffer = fbuffer.buffer;
	return 0;
}

static void kpt_bench_put_file(void)
{
	if (kpt_bench_file)
		trace_put_event_file(kpt_bench_file);
	kpt_bench_file = NULL;
	kpt_bench_buffer = NULL;
}

/* an ftrace_ops on SYM's ftrace site: its own, as an f: event's */
static int kpt_bench_arm_ops(const char *kind, char *sym)
{
	int k = kpt_bench_kind(kind);
	int ret;

	if (k < 0)
		return -EINVAL;
	if (kpt_bench_kinds[k].file) {
		ret = kpt_bench_get_file();
		if (ret)
			return ret;
	}
	memset(&kpt_bench_ops, 0, sizeof(kpt_bench_ops));
	kpt_bench_ops.func = kpt_bench_kinds[k].func;
	if (strcmp(kind, "fa"))
		kpt_bench_ops.flags = FTRACE_OPS_FL_SAVE_REGS;
	/* the name as a filter (kallsyms_lookup_name() is not exported) */
	ret = ftrace_set_filter(&kpt_bench_ops, sym, strlen(sym), 1);
	if (!ret)
		ret = register_ftrace_function(&kpt_bench_ops);
	if (ret) {
		ftrace_free_filter(&kpt_bench_ops);
		kpt_bench_put_file();
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
		kpt_bench_put_file();
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
	if (kind[0] == 'f' && kpt_bench_kind(kind) >= 0 && !offset)
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

static const char *kpt_bench_ops_kind(void)
{
	unsigned int i;

	if (!kpt_bench_ops.flags)
		return "fa";
	for (i = 0; i < ARRAY_SIZE(kpt_bench_kinds); i++)
		if (kpt_bench_ops.func == kpt_bench_kinds[i].func)
			return kpt_bench_kinds[i].kind;
	return "?";
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
		seq_printf(m, "%s %s nmissed=%lu\n", kpt_bench_ops_kind(),
			   kpt_bench_sym, kpt_bench_ops_misses);
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
