// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_test: targets for guest tests.
 *
 * Guest tests need probe sites whose arguments, return values and hit
 * counts are known in advance. Writing "NAME COUNT" to
 * /sys/kernel/debug/kprobetrace_test/call calls target NAME exactly COUNT
 * times from process context. The targets are __noipa so that the compiler
 * neither inlines, clones nor specialises them: their symbols and calling
 * convention are exactly what the C source says.  "export" counts what a
 * trace export of events is handed.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bug.h>
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/preempt.h>
#include <linux/proc_fs.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#define __kpt_target __attribute__((__noipa__))

/* A data symbol with a known value, for @SYM fetch tests. */
u64 kpt_test_data = 0x0123456789abcdefULL;
EXPORT_SYMBOL_GPL(kpt_test_data);

struct kpt_test_obj {
	u64 first;
	u32 second;
	const char *name;
	struct kpt_test_obj *next;
};

static struct kpt_test_obj kpt_test_obj_b = {
	.first = 0xb1, .second = 0xb2, .name = "obj-b", .next = NULL,
};

static struct kpt_test_obj kpt_test_obj_a = {
	.first = 0xa1, .second = 0xa2, .name = "obj-a", .next = &kpt_test_obj_b,
};

__kpt_target long kpt_test_six_args(long a, long b, long c, long d, long e,
				    long f)
{
	return a + b + c + d + e + f;
}

__kpt_target unsigned long kpt_test_ret(void)
{
	return 0x1234abcdUL;
}

__kpt_target u64 kpt_test_obj_walk(const struct kpt_test_obj *obj)
{
	u64 sum = 0;

	for (; obj; obj = obj->next)
		sum += obj->first + obj->second;
	return sum;
}

__kpt_target size_t kpt_test_string(const char *s)
{
	return strlen(s);
}

/*
 * Typed fetches (tracer-types tests): a struct with fields of every size
 * and sign at fixed offsets (see the comments), strings, a string array,
 * an array and a function pointer; a user pointer (or NULL), and two
 * plain integers.  Returns t->s32v.
 */
struct kpt_test_types {
	s64 s64v;		/*  0: -5000000000 */
	s32 s32v;		/*  8: -70000 */
	s16 s16v;		/* 12: -300 */
	s8 s8v;			/* 14: -5 */
	u8 u8v;			/* 15: 200 */
	u32 flags;		/* 16: 0xdeadbeef */
	u16 u16v;		/* 20: 60000 */
	const char *name;	/* 24: "types-name" */
	const char *names[3];	/* 32: "one" "two" "three" */
	u32 arr[4];		/* 56: 1 2 3 4 */
	void *fn;		/* 72: kpt_test_ret */
	const char *long_str;	/* 80: 6000 'a's */
};

static char kpt_test_long_str[6001];

static struct kpt_test_types kpt_test_types_obj = {
	.s64v = -5000000000LL, .s32v = -70000, .s16v = -300, .s8v = -5,
	.u8v = 200, .flags = 0xdeadbeef, .u16v = 60000, .name = "types-name",
	.names = { "one", "two", "three" }, .arr = { 1, 2, 3, 4 },
	.fn = kpt_test_ret, .long_str = kpt_test_long_str,
};

__kpt_target long kpt_test_types(const struct kpt_test_types *t,
				 const char __user *ustr, long neg,
				 long small)
{
	return t->s32v;
}

__kpt_target void kpt_test_warn(void)
{
	/* Only for the rig's own selftest: a test that triggers this fails. */
	WARN_ON(1);
}

struct kpt_test_target {
	const char *name;
	void (*call)(void);
};

static long kpt_test_sink;

static void call_six_args(void)
{
	WRITE_ONCE(kpt_test_sink, kpt_test_six_args(0x11, 0x22, 0x33, 0x44, 0x55, 0x66));
}

static void call_ret(void)
{
	WRITE_ONCE(kpt_test_sink, kpt_test_ret());
}

static void call_obj_walk(void)
{
	WRITE_ONCE(kpt_test_sink, kpt_test_obj_walk(&kpt_test_obj_a));
}

static void call_string(void)
{
	WRITE_ONCE(kpt_test_sink, kpt_test_string("kprobetrace"));
}

/* what follows the first NUL of the last write to call, if any */
static const char __user *kpt_test_ustr;

static void call_types(void)
{
	WRITE_ONCE(kpt_test_sink, kpt_test_types(&kpt_test_types_obj,
						 kpt_test_ustr, -1, 7));
}

static const struct kpt_test_target kpt_test_targets[] = {
	{ "six_args", call_six_args },
	{ "ret", call_ret },
	{ "obj_walk", call_obj_walk },
	{ "string", call_string },
	{ "types", call_types },
	{ "warn", kpt_test_warn },
};

static ssize_t call_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	char buf[64], name[32];
	unsigned long n, i;
	size_t t;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	/* "types 1\0STRING": kpt_test_types() gets the user's STRING */
	kpt_test_ustr = strlen(buf) + 1 < count ?
			ubuf + strlen(buf) + 1 : NULL;
	if (sscanf(buf, "%31s %lu", name, &n) != 2)
		return -EINVAL;

	for (t = 0; t < ARRAY_SIZE(kpt_test_targets); t++) {
		if (strcmp(name, kpt_test_targets[t].name))
			continue;
		for (i = 0; i < n; i++) {
			kpt_test_targets[t].call();
			cond_resched();
		}
		return count;
	}
	return -ENOENT;
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.write = call_write,
	.llseek = noop_llseek,
};

/*
 * call_ext: "NAME COUNT" calls target NAME COUNT times with the call's
 * index i (0..COUNT-1) and the writer's user buffer at hand, for the
 * hardening tests (tracer-faults, tracer-stress):
 *   seq       kpt_test_seq(i)
 *   sleep     kpt_test_sleep(20): sleeps 20 ms
 *   recurse   kpt_test_recurse(4): 5 nested calls
 *   ptr_null, ptr_user, ptr_unmapped, ptr_freed, ptr_noncanon, ptr_cross,
 *   ptr_edge  kpt_test_ptr(P, TAG): P is NULL (TAG 1), the writer's user
 *             buffer (2), the guard page after a vmalloc()ed page (3), a
 *             kfree()d 64-byte object that held 0x5a bytes (4),
 *             0xdead000000000000 (5), 4 bytes before the end of the first
 *             of two vmalloc()ed pages, where 0x1122334455667788 and then
 *             the string "kprobetrace-cross-page" straddle the boundary
 *             (6), 4 bytes before the end of a lone vmalloc()ed page,
 *             0x41 bytes up to its end (7)
 *   str_cross, str_edge  kpt_test_ptr(P, TAG): the string
 *             "kprobetrace-cross-page" starting 6 bytes before the end of
 *             the first of two vmalloc()ed pages (8); "kprobe" without
 *             NUL in the last 6 bytes of a lone vmalloc()ed page (9).
 *   spin      COUNT kernel threads (at most KPT_TEST_SPINNERS) call
 *             kpt_test_six_args(), kpt_test_seq() and kpt_test_ptr() on a
 *             freed object in a loop until the module is unloaded; the
 *             write returns at once.  For tests that unload this module
 *             while its functions are hit: userspace callers would have
 *             to open this module's debugfs files during rmmod, which 6.1
 *             reports as a debugfs WARNING once the module is going.
 * kpt_test_ptr() never dereferences P: only probes read through it.
 */
__kpt_target unsigned long kpt_test_seq(unsigned long i)
{
	return i;
}

__kpt_target void kpt_test_sleep(unsigned long ms)
{
	msleep(ms);
}

__kpt_target unsigned long kpt_test_recurse(unsigned long depth)
{
	typeof(&kpt_test_recurse) fn = kpt_test_recurse;
	unsigned long r;

	if (!depth)
		return 0;
	OPTIMIZER_HIDE_VAR(fn);
	r = fn(depth - 1);
	OPTIMIZER_HIDE_VAR(r);		/* no tail call */
	return r + 1;
}

__kpt_target unsigned long kpt_test_ptr(const void *p, unsigned long tag)
{
	return tag;
}

static int kpt_test_call_ptr(const char *name, const char __user *ubuf)
{
	u64 v = 0x1122334455667788ULL;
	void *buf;

	if (!strcmp(name, "ptr_null")) {
		kpt_test_ptr(NULL, 1);
	} else if (!strcmp(name, "ptr_user")) {
		kpt_test_ptr((const void __force *)ubuf, 2);
	} else if (!strcmp(name, "ptr_unmapped")) {
		buf = vmalloc(PAGE_SIZE);
		if (!buf)
			return -ENOMEM;
		kpt_test_ptr(buf + PAGE_SIZE, 3);
		vfree(buf);
	} else if (!strcmp(name, "ptr_freed")) {
		buf = kmalloc(64, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		memset(buf, 0x5a, 64);
		kfree(buf);
		kpt_test_ptr(buf, 4);
	} else if (!strcmp(name, "ptr_noncanon")) {
		kpt_test_ptr((void *)0xdead000000000000UL, 5);
	} else if (!strcmp(name, "ptr_cross")) {
		buf = vmalloc(2 * PAGE_SIZE);
		if (!buf)
			return -ENOMEM;
		memcpy(buf + PAGE_SIZE - 4, &v, sizeof(v));
		strscpy(buf + PAGE_SIZE + 4, "kprobetrace-cross-page", 32);
		kpt_test_ptr(buf + PAGE_SIZE - 4, 6);
		vfree(buf);
	} else if (!strcmp(name, "str_cross")) {
		buf = vmalloc(2 * PAGE_SIZE);
		if (!buf)
			return -ENOMEM;
		strscpy(buf + PAGE_SIZE - 6, "kprobetrace-cross-page", 32);
		kpt_test_ptr(buf + PAGE_SIZE - 6, 8);
		vfree(buf);
	} else if (!strcmp(name, "str_edge")) {
		buf = vmalloc(PAGE_SIZE);
		if (!buf)
			return -ENOMEM;
		memcpy(buf + PAGE_SIZE - 6, "kprobe", 6);
		kpt_test_ptr(buf + PAGE_SIZE - 6, 9);
		vfree(buf);
	} else if (!strcmp(name, "ptr_edge")) {
		buf = vmalloc(PAGE_SIZE);
		if (!buf)
			return -ENOMEM;
		memset(buf + PAGE_SIZE - 8, 0x41, 8);
		kpt_test_ptr(buf + PAGE_SIZE - 4, 7);
		vfree(buf);
	} else {
		return -ENOENT;
	}
	return 0;
}

#define KPT_TEST_SPINNERS 4

static struct task_struct *kpt_test_spinners[KPT_TEST_SPINNERS];
static DEFINE_MUTEX(kpt_test_spin_lock);

static int kpt_test_spinner(void *unused)
{
	unsigned long i = 0;

	while (!kthread_should_stop()) {
		call_six_args();
		WRITE_ONCE(kpt_test_sink, kpt_test_seq(i++));
		kpt_test_call_ptr("ptr_freed", NULL);
		cond_resched();
	}
	return 0;
}

static int kpt_test_spin_start(unsigned long n)
{
	struct task_struct *t;
	int i, ret = 0;

	mutex_lock(&kpt_test_spin_lock);
	for (i = 0; i < KPT_TEST_SPINNERS && n; i++) {
		if (kpt_test_spinners[i])
			continue;
		t = kthread_run(kpt_test_spinner, NULL, "kpt_test_spin/%d", i);
		if (IS_ERR(t)) {
			ret = PTR_ERR(t);
			break;
		}
		kpt_test_spinners[i] = t;
		n--;
	}
	mutex_unlock(&kpt_test_spin_lock);
	return ret;
}

static void kpt_test_spin_stop(void)
{
	int i;

	mutex_lock(&kpt_test_spin_lock);
	for (i = 0; i < KPT_TEST_SPINNERS; i++) {
		if (kpt_test_spinners[i])
			kthread_stop(kpt_test_spinners[i]);
		kpt_test_spinners[i] = NULL;
	}
	mutex_unlock(&kpt_test_spin_lock);
}

static ssize_t call_ext_write(struct file *file, const char __user *ubuf,
			      size_t count, loff_t *ppos)
{
	char buf[64], name[32];
	unsigned long n, i;
	int ret = 0;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sscanf(buf, "%31s %lu", name, &n) != 2)
		return -EINVAL;
	if (!strcmp(name, "spin")) {
		ret = kpt_test_spin_start(n);
		return ret ? ret : count;
	}
	for (i = 0; i < n && !ret; i++) {
		if (!strcmp(name, "seq"))
			WRITE_ONCE(kpt_test_sink, kpt_test_seq(i));
		else if (!strcmp(name, "sleep"))
			kpt_test_sleep(20);
		else if (!strcmp(name, "recurse"))
			WRITE_ONCE(kpt_test_sink, kpt_test_recurse(4));
		else
			ret = kpt_test_call_ptr(name, ubuf);
		cond_resched();
	}
	return ret ? ret : count;
}

static const struct file_operations call_ext_fops = {
	.owner = THIS_MODULE,
	.write = call_ext_write,
	.llseek = noop_llseek,
};

/*
 * Durations (tracer-duration, tracer-latency): targets that take a known
 * time, busy-waiting on local_clock() (the clock $duration uses), called
 * with preemption off so that each call stays on one CPU: a call's
 * duration is then at least its delay, exactly.
 */
static __always_inline void kpt_test_spin(u64 ns)
{
	u64 t0 = local_clock();

	while (local_clock() - t0 < ns)
		cpu_relax();
}

/* Waits ns nanoseconds; returns ns. */
__kpt_target long kpt_test_delay(u64 ns)
{
	kpt_test_spin(ns);
	return ns;
}

__kpt_target long kpt_test_rdelay(long depth, u64 ns);
/* through a pointer: the compiler cannot turn the recursion into a loop */
static long (*kpt_test_rdelay_fn)(long depth, u64 ns) = kpt_test_rdelay;

/* Waits ns, then calls itself depth more times: depth + 1 nested calls. */
__kpt_target long kpt_test_rdelay(long depth, u64 ns)
{
	long r = 0;

	kpt_test_spin(ns);
	if (depth)
		r = READ_ONCE(kpt_test_rdelay_fn)(depth - 1, ns);
	/* not a tail call: each level returns through its own frame */
	return r + 1;
}

/* Returns -ENOMEM, -EINVAL, 0, 0 for i = 0, 1, 2, 3 (mod 4). */
__kpt_target int kpt_test_errno(unsigned long i)
{
	switch (i % 4) {
	case 0:
		return -ENOMEM;
	case 1:
		return -EINVAL;
	default:
		return 0;
	}
}

/*
 * Pointer returns (tracer-aggregate): NULL, ERR_PTR(-ENOENT), a pointer,
 * a pointer for i = 0, 1, 2, 3 (mod 4).
 */
__kpt_target struct kpt_test_obj *kpt_test_retptr(unsigned long i)
{
	switch (i % 4) {
	case 0:
		return NULL;
	case 1:
		return ERR_PTR(-ENOENT);
	default:
		return &kpt_test_obj_a;
	}
}

/*
 * Sixteen distinct functions (tracer-aggregate's per-member blocks):
 * kpt_test_m00 .. kpt_test_m15, each returning its number.
 */
#define KPT_TEST_MEMBER(n)					\
	__kpt_target long kpt_test_m##n(void) { return 1##n - 100; }
KPT_TEST_MEMBER(00) KPT_TEST_MEMBER(01) KPT_TEST_MEMBER(02)
KPT_TEST_MEMBER(03) KPT_TEST_MEMBER(04) KPT_TEST_MEMBER(05)
KPT_TEST_MEMBER(06) KPT_TEST_MEMBER(07) KPT_TEST_MEMBER(08)
KPT_TEST_MEMBER(09) KPT_TEST_MEMBER(10) KPT_TEST_MEMBER(11)
KPT_TEST_MEMBER(12) KPT_TEST_MEMBER(13) KPT_TEST_MEMBER(14)
KPT_TEST_MEMBER(15)

static long (* const kpt_test_members[16])(void) = {
	kpt_test_m00, kpt_test_m01, kpt_test_m02, kpt_test_m03,
	kpt_test_m04, kpt_test_m05, kpt_test_m06, kpt_test_m07,
	kpt_test_m08, kpt_test_m09, kpt_test_m10, kpt_test_m11,
	kpt_test_m12, kpt_test_m13, kpt_test_m14, kpt_test_m15,
};

/*
 * A call that stays under way until released (tracer-aggregate's
 * inflight): "wait" in the file block calls kpt_test_block(), which
 * returns when "release" is written (or the writer is killed).
 */
static DECLARE_COMPLETION(kpt_test_released);

__kpt_target long kpt_test_block(void)
{
	return wait_for_completion_killable(&kpt_test_released);
}

static ssize_t block_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	char buf[16];

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sysfs_streq(buf, "wait")) {
		reinit_completion(&kpt_test_released);
		return kpt_test_block() ? -EINTR : count;
	}
	if (sysfs_streq(buf, "release")) {
		complete_all(&kpt_test_released);
		return count;
	}
	return -EINVAL;
}

static const struct file_operations block_fops = {
	.owner = THIS_MODULE,
	.write = block_write,
	.llseek = noop_llseek,
};

/*
 * delay: "NAME NS COUNT" calls, COUNT times:
 *   delay   kpt_test_delay(NS)
 *   rdelay  kpt_test_rdelay(4, NS): 5 nested calls, each waiting NS
 *   errno   kpt_test_errno(i), i = 0..COUNT-1 (NS unused)
 *   ptr     kpt_test_retptr(i), i = 0..COUNT-1 (NS unused)
 *   members kpt_test_m<i % 16>(), i = 0..COUNT-1 (NS unused)
 */
static ssize_t delay_write(struct file *file, const char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	char buf[64], name[32];
	unsigned long n, i;
	u64 ns;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	if (sscanf(buf, "%31s %llu %lu", name, &ns, &n) != 3 ||
	    ns > NSEC_PER_SEC)
		return -EINVAL;
	if (strcmp(name, "delay") && strcmp(name, "rdelay") &&
	    strcmp(name, "errno") && strcmp(name, "ptr") &&
	    strcmp(name, "members"))
		return -ENOENT;
	for (i = 0; i < n; i++) {
		preempt_disable();
		if (!strcmp(name, "delay"))
			WRITE_ONCE(kpt_test_sink, kpt_test_delay(ns));
		else if (!strcmp(name, "rdelay"))
			WRITE_ONCE(kpt_test_sink, kpt_test_rdelay(4, ns));
		else if (!strcmp(name, "errno"))
			WRITE_ONCE(kpt_test_sink, kpt_test_errno(i));
		else if (!strcmp(name, "ptr"))
			WRITE_ONCE(kpt_test_sink, (long)kpt_test_retptr(i));
		else
			WRITE_ONCE(kpt_test_sink, kpt_test_members[i % 16]());
		preempt_enable();
		cond_resched();
	}
	return count;
}

static const struct file_operations delay_fops = {
	.owner = THIS_MODULE,
	.write = delay_write,
	.llseek = noop_llseek,
};

/*
 * export: "1" registers a trace export of events (TRACE_EXPORT_EVENT)
 * that counts the records it is handed, "0" unregisters it; reading it
 * gives the count since the last "1" (tracer-lean: a trace export must
 * see our records whatever record path they take).
 */
static atomic_t kpt_test_exported = ATOMIC_INIT(0);
static bool kpt_test_export_on;
static DEFINE_MUTEX(kpt_test_export_lock);

static notrace void kpt_test_export_write(struct trace_export *export,
					  const void *entry,
					  unsigned int size)
{
	atomic_inc(&kpt_test_exported);
}

static struct trace_export kpt_test_export = {
	.write = kpt_test_export_write,
	.flags = TRACE_EXPORT_EVENT,
};

static ssize_t export_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	bool on;
	int ret = kstrtobool_from_user(ubuf, count, &on);

	if (ret)
		return ret;
	mutex_lock(&kpt_test_export_lock);
	if (on && !kpt_test_export_on) {
		atomic_set(&kpt_test_exported, 0);
		ret = register_ftrace_export(&kpt_test_export);
		kpt_test_export_on = !ret;
	} else if (!on && kpt_test_export_on) {
		ret = unregister_ftrace_export(&kpt_test_export);
		kpt_test_export_on = false;
	}
	mutex_unlock(&kpt_test_export_lock);
	return ret ? ret : count;
}

static ssize_t export_read(struct file *file, char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	char buf[16];
	int n = scnprintf(buf, sizeof(buf), "%d\n",
			  atomic_read(&kpt_test_exported));

	return simple_read_from_buffer(ubuf, count, ppos, buf, n);
}

static const struct file_operations export_fops = {
	.owner = THIS_MODULE,
	.write = export_write,
	.read = export_read,
	.llseek = default_llseek,
};

/*
 * The same "call" and "delay" in /proc/kprobetrace_test/: under the
 * lockdown LSM's integrity level debugfs refuses every writable file,
 * procfs does not (zz-tracer-lockdown).
 */
static const struct proc_ops call_proc_ops = {
	.proc_write = call_write,
	.proc_lseek = noop_llseek,
};

static const struct proc_ops delay_proc_ops = {
	.proc_write = delay_write,
	.proc_lseek = noop_llseek,
};

static struct dentry *kpt_test_dir;
static struct proc_dir_entry *kpt_test_proc;

static int __init kpt_test_init(void)
{
	memset(kpt_test_long_str, 'a', sizeof(kpt_test_long_str) - 1);
	kpt_test_dir = debugfs_create_dir("kprobetrace_test", NULL);
	if (IS_ERR(kpt_test_dir))
		return PTR_ERR(kpt_test_dir);
	debugfs_create_file("call", 0200, kpt_test_dir, NULL, &call_fops);
	debugfs_create_file("call_ext", 0200, kpt_test_dir, NULL,
			    &call_ext_fops);
	debugfs_create_file("delay", 0200, kpt_test_dir, NULL, &delay_fops);
	debugfs_create_file("block", 0200, kpt_test_dir, NULL, &block_fops);
	debugfs_create_file("export", 0600, kpt_test_dir, NULL, &export_fops);
	kpt_test_proc = proc_mkdir("kprobetrace_test", NULL);
	if (!kpt_test_proc ||
	    !proc_create("call", 0200, kpt_test_proc, &call_proc_ops) ||
	    !proc_create("delay", 0200, kpt_test_proc, &delay_proc_ops)) {
		proc_remove(kpt_test_proc);
		debugfs_remove_recursive(kpt_test_dir);
		return -ENOMEM;
	}
	return 0;
}

static void __exit kpt_test_exit(void)
{
	proc_remove(kpt_test_proc);
	debugfs_remove_recursive(kpt_test_dir);
	kpt_test_spin_stop();
	complete_all(&kpt_test_released);
	mutex_lock(&kpt_test_export_lock);
	if (kpt_test_export_on)
		unregister_ftrace_export(&kpt_test_export);
	kpt_test_export_on = false;
	mutex_unlock(&kpt_test_export_lock);
}

module_init(kpt_test_init);
module_exit(kpt_test_exit);

MODULE_DESCRIPTION("kprobetrace companion test module");
MODULE_LICENSE("GPL");
