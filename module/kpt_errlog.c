// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/tracing/kprobetrace/error_log: the last KPT_ERRLOG_MAX errors
 * of kprobe_events writes, like tracefs' error_log:
 *
 *   [   12.345678] kprobetrace: line 2: Unknown symbol foo (-ENOENT)
 *     Command: p:myprobe foo a0
 *                        ^
 *
 * followed by extra lines (candidates of a non-unique symbol).  A command
 * longer than KPT_ERRLOG_CMD_MAX is shown as a window around the caret.
 * Opening the file with O_TRUNC clears it.  Root only (0600).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include "kpt_files.h"
#include "kpt_errlog.h"

#define KPT_ERRLOG_MAX		16
#define KPT_ERRLOG_CMD_MAX	1024

struct kpt_errlog_entry {
	struct list_head list;
	char text[];
};

static LIST_HEAD(kpt_errlog);
static unsigned int kpt_errlog_count;
static DEFINE_MUTEX(kpt_errlog_mutex);

void kpt_errlog_add(unsigned int lineno, const char *line, size_t len,
		    const struct kpt_err *e)
{
	size_t start = 0, show = len, caret, size, n, i;
	struct kpt_errlog_entry *ent;
	u64 ts = local_clock();
	unsigned long rem = do_div(ts, 1000000000);

	if (len > KPT_ERRLOG_CMD_MAX) {
		start = e->pos > KPT_ERRLOG_CMD_MAX / 2 ?
			e->pos - KPT_ERRLOG_CMD_MAX / 2 : 0;
		show = min_t(size_t, len - start, KPT_ERRLOG_CMD_MAX);
	}
	/* one past the end: where a missing word would be, as the kernel's */
	caret = e->pos >= start ? min_t(size_t, e->pos - start, show + 1) : 0;
	size = 160 + sizeof(e->msg) + 2 * show + caret + sizeof(e->extra);
	ent = kmalloc(sizeof(*ent) + size, GFP_KERNEL);
	if (!ent)
		return;
	n = scnprintf(ent->text, size, "[%5llu.%06lu] kprobetrace: ",
		      (unsigned long long)ts, rem / 1000);
	if (lineno)
		n += scnprintf(ent->text + n, size - n, "line %u: ", lineno);
	if (e->note)	/* the line was accepted */
		n += scnprintf(ent->text + n, size - n, "%s", e->msg);
	else
		n += scnprintf(ent->text + n, size - n, "error: %s (%d)",
			       e->msg, e->err);
	n += scnprintf(ent->text + n, size - n, "\n  Command: %s",
		       start ? "..." : "");
	for (i = 0; i < show; i++) {
		char c = line[start + i];

		ent->text[n++] = (c == '\t' || !isprint(c)) ? ' ' : c;
	}
	n += scnprintf(ent->text + n, size - n, "\n           %s%*s^\n%s",
		       start ? "   " : "", (int)caret, "", e->extra);

	mutex_lock(&kpt_errlog_mutex);
	list_add_tail(&ent->list, &kpt_errlog);
	if (++kpt_errlog_count > KPT_ERRLOG_MAX) {
		ent = list_first_entry(&kpt_errlog, struct kpt_errlog_entry,
				       list);
		list_del(&ent->list);
		kfree(ent);
		kpt_errlog_count--;
	}
	mutex_unlock(&kpt_errlog_mutex);
}

static void kpt_errlog_clear(void)
{
	struct kpt_errlog_entry *ent, *tmp;

	mutex_lock(&kpt_errlog_mutex);
	list_for_each_entry_safe(ent, tmp, &kpt_errlog, list) {
		list_del(&ent->list);
		kfree(ent);
	}
	kpt_errlog_count = 0;
	mutex_unlock(&kpt_errlog_mutex);
}

static int kpt_errlog_show(struct seq_file *m, void *v)
{
	struct kpt_errlog_entry *ent;

	mutex_lock(&kpt_errlog_mutex);
	list_for_each_entry(ent, &kpt_errlog, list)
		seq_puts(m, ent->text);
	mutex_unlock(&kpt_errlog_mutex);
	return 0;
}

static int kpt_errlog_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		kpt_errlog_clear();
	if (!(file->f_mode & FMODE_READ))
		return nonseekable_open(inode, file);
	return single_open(file, kpt_errlog_show, NULL);
}

static int kpt_errlog_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_release(inode, file);
}

static ssize_t kpt_errlog_write(struct file *file, const char __user *buf,
				size_t count, loff_t *ppos)
{
	return count;	/* only O_TRUNC means something */
}

static const struct file_operations kpt_errlog_fops = {
	.owner = THIS_MODULE,
	.open = kpt_errlog_open,
	.read = seq_read,
	.write = kpt_errlog_write,
	.release = kpt_errlog_release,
};

int kpt_errlog_init(void)
{
	return kpt_file("error_log", 0600, &kpt_errlog_fops, NULL);
}

void kpt_errlog_exit(void)
{
	kpt_errlog_clear();
}
