// SPDX-License-Identifier: GPL-2.0
/*
 * f: events: their functions armed.  See kpt_fprobe.h.
 *
 * The entry: one struct ftrace_ops per f: probe, its filter set with one
 * ftrace_set_filter_ips() call holding every function while the ops is
 * not registered (no code is patched then), armed with one
 * register_ftrace_function() (one ftrace update, whatever the number of
 * functions), disarmed with one unregister_ftrace_function().  Its
 * callback reads the arguments from the pt_regs ftrace saved at the
 * entry.  An entry's ops needs no FTRACE_OPS_FL_SAVE_REGS: an f: event
 * takes no register arguments (as the kernel's), and what it takes
 * ($argN, $stackN, $stack, $comm, memory through them) reads only what
 * x86-64's ftrace_caller saves (the argument registers, %ax, %bp, the
 * stack pointer, the ip), which costs fewer instructions a hit than
 * ftrace_regs_caller's full pt_regs.
 *
 * The exit: the same ops, its callback (kpt_ftrace_exit_handler()) taking
 * a node of the probe's rethook at the entry, keeping the entry's ip and
 * entry values in it, and hooking the return with rethook_hook(), as the
 * kernel's fprobe does: entries and exits are armed alike, one ftrace
 * update whatever the number of functions.  rethook is what the kernel's
 * own kretprobes return through on x86 (CONFIG_RETHOOK=y on every kernel
 * of the matrix) but no kernel of the matrix exports it (6.1 has no
 * fprobe at all; 6.12 exports register_fprobe() but no rethook_*, and its
 * fprobe has no way to keep our entry values per call): rethook_* are
 * called through kpt_ksyms, their allocation through
 * compat/kpt_rethook_pool.h (6.1 and 6.12 differ), the handler's
 * parameters through compat/kpt_rethook_handler.h.
 *
 * The functions themselves are found and checked by kpt_fset.c.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "kpt_fprobe.h"
#include "kpt_hit.h"
#include "kpt_files.h"
#include "kpt_ksyms.h"
#include "kpt_rethook_pool.h"

static atomic_t kpt_fprobe_updates = ATOMIC_INIT(0);

static void kpt_fprobe_free_rethook(struct kpt_fset *fs);

static ssize_t kpt_fprobe_updates_read(struct file *file, char __user *ubuf,
				       size_t count, loff_t *ppos)
{
	char buf[16];
	int len = scnprintf(buf, sizeof(buf), "%d\n",
			    atomic_read(&kpt_fprobe_updates));

	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static const struct file_operations kpt_fprobe_updates_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = kpt_fprobe_updates_read,
	.llseek = default_llseek,
};

int kpt_fprobe_files_init(void)
{
	return kpt_file("fprobe_ftrace_updates", 0400,
			&kpt_fprobe_updates_fops, NULL);
}

int kpt_fprobe_alloc(struct kpt_probe *p)
{
	p->fs = kzalloc(sizeof(*p->fs), GFP_KERNEL);
	if (!p->fs)
		return -ENOMEM;
	p->fs->p = p;
	p->fs->misses = alloc_percpu(unsigned long);
	if (!p->fs->misses)
		return -ENOMEM;
	return 0;
}

/* ---- arming -------------------------------------------------------------- */

/*
 * An exit's rethook node is held from the function's entry to its return:
 * the pool needs as many as calls of the set can be under way at once
 * (nested, or sleeping in a member), not one per function.  maxactive
 * (rN:, f:N) when given; else two per function and possible CPU as
 * fprobe sizes it, but at most KPT_FNODES_PER_CPU per CPU, and at least
 * as many as a kretprobe's default.  A hit finding no free node is a miss.
 */
#define KPT_FNODES_PER_CPU	512
#define KPT_FNODES_MIN		10

static unsigned int kpt_fnodes(struct kpt_probe *p)
{
	unsigned int per_cpu = min_t(unsigned int, 2 * p->fs->n,
				     KPT_FNODES_PER_CPU);

	if (p->def->maxactive)
		return p->def->maxactive;
	return max_t(unsigned int, per_cpu * num_possible_cpus(),
		     KPT_FNODES_MIN);
}

int kpt_fprobe_register(struct kpt_probe *p, struct kpt_err *e, bool armed)
{
	struct kpt_fset *fs = p->fs;
	struct rethook *rh;
	int ret;

	if (armed)
		p->ev->armed_once = true;
	/* a clean ops: ftrace_free_filter() leaves its hashes dangling */
	memset(&fs->ops, 0, sizeof(fs->ops));
	fs->ops.func = kpt_ftrace_handler;
	if (p->is_return) {
		/* an exit hooks its return through the full pt_regs */
		fs->ops.flags = FTRACE_OPS_FL_SAVE_REGS;
		fs->nodes = kpt_fnodes(p);
		rh = kpt_rethook_new(fs, kpt_fexit_handler,
				     sizeof(struct kpt_fnode) +
				     kpt_edata_words(p) * sizeof(unsigned long),
				     fs->nodes);
		if (IS_ERR(rh))
			return kpt_error(e, KPT_ERR_NOMEM, 0);
		fs->rh = rh;
		fs->ops.func = kpt_ftrace_exit_handler;
	}
	ret = ftrace_set_filter_ips(&fs->ops, fs->ips, fs->n, 0, 1);
	if (ret) {
		ftrace_free_filter(&fs->ops);
		kpt_fprobe_free_rethook(fs);
		return kpt_error_with(e, KPT_ERR_FPROBE_FILTER, ret, 0, fs->n,
				      ret);
	}
	fs->filtered = true;
	p->registered = true;
	if (armed) {
		atomic_inc(&kpt_fprobe_updates);
		ret = register_ftrace_function(&fs->ops);
		if (ret) {
			kpt_fprobe_unregister(p);
			return kpt_error_with(e, KPT_ERR_REGISTER_FAILED, ret,
					      0, "ftrace_ops", ret, "");
		}
		fs->ops_on = true;
	}
	return 0;
}

int kpt_fprobe_set_armed(struct kpt_probe *p, bool on)
{
	struct kpt_fset *fs = p->fs;
	int ret;

	if (!p->registered || on == fs->ops_on)
		return 0;
	atomic_inc(&kpt_fprobe_updates);
	ret = on ? register_ftrace_function(&fs->ops) :
		   unregister_ftrace_function(&fs->ops);
	if (!ret)
		fs->ops_on = on;
	return on ? ret : 0;
}

/*
 * The rethook goes (ops unregistered: no entry takes a node any more).
 * rethook_free() clears its handler, so that a node still in flight (a
 * call that has not returned: a task sleeping in a member) is freed by
 * the kernel when its function returns, without calling us; the grace
 * period waits for a handler already running (the rethook trampoline
 * calls it with preemption disabled).  After it, nothing of the probe's
 * is used by a return, and the module may go.
 */
static void kpt_fprobe_free_rethook(struct kpt_fset *fs)
{
	if (!fs->rh)
		return;
	kpt_kcall(rethook_free)(fs->rh);
	fs->rh = NULL;
	synchronize_rcu();
}

void kpt_fprobe_unregister(struct kpt_probe *p)
{
	struct kpt_fset *fs = p->fs;

	if (!p->registered)
		return;
	p->registered = false;
	/* returns when no callback runs any more */
	if (fs->ops_on) {
		atomic_inc(&kpt_fprobe_updates);
		unregister_ftrace_function(&fs->ops);
	}
	fs->ops_on = false;
	if (fs->filtered)
		ftrace_free_filter(&fs->ops);
	fs->filtered = false;
	kpt_fprobe_free_rethook(fs);
}

void kpt_fprobe_free(struct kpt_probe *p)
{
	if (!p->fs)
		return;
	kpt_fprobe_unregister(p);
	free_percpu(p->fs->misses);
	kvfree(p->fs->ips);
	kfree(p->fs);
	p->fs = NULL;
}

unsigned long kpt_fprobe_misses(struct kpt_probe *p)
{
	struct kpt_fset *fs = p->fs;
	unsigned long sum = p->missed_before;
	int cpu;

	if (!fs)
		return sum;
	for_each_possible_cpu(cpu)
		sum += *per_cpu_ptr(fs->misses, cpu);
	return sum;
}

void kpt_fprobe_show(struct seq_file *m, struct kpt_probe *p)
{
	unsigned int i;

	for (i = 0; i < kpt_fprobe_count(p); i++)
		seq_printf(m, "%s/%s %ps\n", kpt_probe_group(p),
			   kpt_probe_name(p), (void *)p->fs->ips[i]);
}

unsigned int kpt_fprobe_count(struct kpt_probe *p)
{
	return p->fs && p->addr ? p->fs->n : 0;
}
