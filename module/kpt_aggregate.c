// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/tracing/kprobetrace/aggregate (0600): arming events for the
 * latency file only (kpt_latency.c), with no ring-buffer or perf record.
 *
 * Write, one line each (several lines in one write: all or nothing):
 *
 *   GRP/EVENT [pid=N] [comm=NAME]   arm the event for aggregation
 *   !GRP/EVENT                      disarm it
 *
 * (EVENT alone: the default group.)  An armed event's probes are armed as
 * by an enable (kpt_event_used()); the hit path aggregates every return
 * and writes a record only for the trace instances and perf that enabled
 * it too.  pid=N aggregates only the returns of thread group N (its
 * tgid), comm=NAME only those of tasks named NAME (both: both); the
 * coverage line counts every call.  Arming also makes the event's
 * per-member tables (kpt_members.h); disarming drops them.  An armed
 * event is in use: it cannot be deleted, replaced or cleared (EBUSY)
 * until disarmed; the module's unload disarms it.
 *
 * Errors fail the write (nothing of it applied) with their errno and an
 * error_log line: ENOENT (no such event; disarming an event not armed),
 * EINVAL (no $duration field, bad syntax or filter, an event named twice),
 * EBUSY (already armed).
 *
 * Read: the armed events, one a line, as "GRP/EVENT[ pid=N][ comm=NAME]".
 */
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "kpt_files.h"
#include "kpt_errlog.h"
#include "kpt_event.h"
#include "kpt_latency.h"
#include "kpt_probe.h"

#define KPT_AGG_WRITE_MAX	4096

/* One line of a write */
struct kpt_agg_req {
	const char *line;
	size_t len;
	bool on;
	bool by_pid;
	pid_t pid;
	char comm[TASK_COMM_LEN];
	char group[KPT_NAME_MAX + 1];
	char event[KPT_NAME_MAX + 1];
	struct kpt_probe *ev;
};

static int kpt_agg_fail(struct kpt_err *e, const struct kpt_agg_req *r,
			unsigned int lineno)
{
	kpt_errlog_add(lineno, r->line, r->len, e);
	return e->err;
}

static bool kpt_agg_space(char c)
{
	return c == ' ' || c == '\t';
}

/* Parse one line (no newline, not blank) into r.  0 or -errno, e set */
static int kpt_agg_parse(struct kpt_agg_req *r, struct kpt_err *e)
{
	const char *s = r->line, *end = r->line + r->len, *tok, *slash;
	bool pid_seen = false;
	size_t n, gl;
	int pid;

	while (s < end && kpt_agg_space(*s))
		s++;
	r->on = true;
	if (s < end && *s == '!') {
		r->on = false;
		s++;
	}
	tok = s;
	while (s < end && !kpt_agg_space(*s))
		s++;
	n = s - tok;
	slash = memchr(tok, '/', n);
	gl = slash ? slash - tok : 0;
	if (!n || (slash && (!gl || gl > KPT_NAME_MAX)) ||
	    n - (slash ? gl + 1 : 0) == 0 ||
	    n - (slash ? gl + 1 : 0) > KPT_NAME_MAX)
		return kpt_error(e, KPT_ERR_AGG_SYNTAX, tok - r->line);
	if (slash) {
		memcpy(r->group, tok, gl);
		r->group[gl] = '\0';
	} else {
		strscpy(r->group, KPT_DEFAULT_GROUP, sizeof(r->group));
	}
	memcpy(r->event, slash ? slash + 1 : tok, n - (slash ? gl + 1 : 0));
	r->event[n - (slash ? gl + 1 : 0)] = '\0';
	for (;;) {
		char num[16];

		while (s < end && kpt_agg_space(*s))
			s++;
		if (s == end)
			return 0;
		tok = s;
		while (s < end && !kpt_agg_space(*s))
			s++;
		n = s - tok;
		if (!r->on)
			return kpt_error(e, KPT_ERR_AGG_SYNTAX, tok - r->line);
		if (n > 4 && !memcmp(tok, "pid=", 4) && !pid_seen &&
		    n - 4 < sizeof(num)) {
			memcpy(num, tok + 4, n - 4);
			num[n - 4] = '\0';
			if (kstrtoint(num, 10, &pid) || pid < 0)
				return kpt_error(e, KPT_ERR_AGG_BAD_FILTER,
						 tok - r->line);
			r->by_pid = true;
			r->pid = pid;
			pid_seen = true;
		} else if (n > 5 && !memcmp(tok, "comm=", 5) && !r->comm[0] &&
			   n - 5 < TASK_COMM_LEN) {
			memcpy(r->comm, tok + 5, n - 5);
			r->comm[n - 5] = '\0';
		} else {
			return kpt_error(e, KPT_ERR_AGG_BAD_FILTER,
					 tok - r->line);
		}
	}
}

static struct kpt_probe *kpt_agg_find(const char *group, const char *event)
{
	struct kpt_probe *p;

	list_for_each_entry(p, &kpt_probes, list)
		if (p->ev == p && !strcmp(kpt_probe_group(p), group) &&
		    !strcmp(kpt_probe_name(p), event))
			return p;
	return NULL;
}

/* Check line i of the write against the events (kpt_mutex held) */
static int kpt_agg_check(struct kpt_agg_req *rs, unsigned int i,
			 struct kpt_err *e)
{
	struct kpt_agg_req *r = &rs[i];
	unsigned int j;

	r->ev = kpt_agg_find(r->group, r->event);
	if (!r->ev)
		return kpt_error(e, KPT_ERR_AGG_NO_EVENT, 0, r->group,
				 r->event);
	if (!r->ev->timed || !r->ev->lat)
		return kpt_error(e, KPT_ERR_AGG_NOT_TIMED, 0, r->group,
				 r->event);
	if (r->on && r->ev->agg_on)
		return kpt_error(e, KPT_ERR_AGG_ARMED, 0, r->group, r->event);
	if (!r->on && !r->ev->agg_on)
		return kpt_error(e, KPT_ERR_AGG_NOT_ARMED, 0, r->group,
				 r->event);
	for (j = 0; j < i; j++)
		if (rs[j].ev == r->ev)
			return kpt_error(e, KPT_ERR_AGG_TWICE, 0, r->group,
					 r->event);
	return 0;
}

static void kpt_agg_set_filter(struct kpt_probe *ev,
			       const struct kpt_agg_req *r)
{
	WRITE_ONCE(ev->agg_by_pid, r && r->by_pid);
	WRITE_ONCE(ev->agg_pid, r ? r->pid : 0);
	if (r)
		memcpy(ev->agg_comm, r->comm, sizeof(ev->agg_comm));
	else
		memset(ev->agg_comm, 0, sizeof(ev->agg_comm));
}

/*
 * Apply the checked lines (kpt_mutex held): the arms first, undone if one
 * fails (ENOMEM), then the disarms, which cannot fail.
 */
static int kpt_agg_apply(struct kpt_agg_req *rs, unsigned int n,
			 struct kpt_err *e, unsigned int *bad)
{
	unsigned int i, j;
	int ret;

	for (i = 0; i < n; i++) {
		if (!rs[i].on)
			continue;
		kpt_agg_set_filter(rs[i].ev, &rs[i]);
		ret = kpt_event_aggregate(rs[i].ev, true);
		if (!ret)
			continue;
		kpt_agg_set_filter(rs[i].ev, NULL);
		for (j = 0; j < i; j++) {
			if (!rs[j].on)
				continue;
			kpt_event_aggregate(rs[j].ev, false);
			kpt_agg_set_filter(rs[j].ev, NULL);
		}
		*bad = i;
		return kpt_error_with(e, KPT_ERR_AGG_ARM_FAILED, ret, 0,
				      rs[i].group, rs[i].event, ret);
	}
	for (i = 0; i < n; i++) {
		if (rs[i].on)
			continue;
		kpt_event_aggregate(rs[i].ev, false);
		kpt_agg_set_filter(rs[i].ev, NULL);
	}
	return 0;
}

static ssize_t kpt_agg_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct kpt_agg_req *rs = NULL;
	unsigned int n = 0, i, bad = 0, lines = 0;
	struct kpt_err e = {};
	size_t pos = 0;
	char *buf;
	int ret = 0;

	if (!count)
		return 0;
	if (count > KPT_AGG_WRITE_MAX) {
		kpt_error(&e, KPT_ERR_WRITE_TOO_BIG, 0, count,
			  KPT_AGG_WRITE_MAX);
		kpt_errlog_add(0, "", 0, &e);
		return -E2BIG;
	}
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	for (i = 0; i < count; i++)
		lines += buf[i] == '\n';
	rs = kcalloc(lines + 1, sizeof(*rs), GFP_KERNEL);
	if (!rs) {
		kfree(buf);
		return -ENOMEM;
	}
	/* parse every line */
	while (pos < count) {
		char *line = buf + pos, *nl = memchr(line, '\n', count - pos);
		size_t len = nl ? nl - line : count - pos;
		struct kpt_agg_req *r = &rs[n];

		pos += len + 1;
		if (len && line[len - 1] == '\r')
			len--;
		r->line = line;
		r->len = len;
		i = 0;
		while (i < len && kpt_agg_space(line[i]))
			i++;
		if (i == len || line[i] == '#')
			continue;	/* blank, or a comment */
		if (memchr(line, '\0', len)) {
			ret = kpt_error(&e, KPT_ERR_AGG_SYNTAX, 0);
			goto fail;
		}
		ret = kpt_agg_parse(r, &e);
		if (ret)
			goto fail;
		n++;
	}
	mutex_lock(&kpt_mutex);
	for (i = 0; i < n; i++) {
		ret = kpt_agg_check(rs, i, &e);
		if (ret)
			break;
	}
	if (!ret)
		ret = kpt_agg_apply(rs, n, &e, &i);
	mutex_unlock(&kpt_mutex);
	if (ret) {
		bad = i;
		kpt_agg_fail(&e, &rs[bad], n > 1 ? bad + 1 : 0);
	}
	kfree(rs);
	kfree(buf);
	return ret ? ret : count;
fail:
	kpt_agg_fail(&e, &rs[n], lines ? n + 1 : 0);
	kfree(rs);
	kfree(buf);
	return ret;
}

static int kpt_agg_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		if (p->ev != p || !p->agg_on)
			continue;
		seq_printf(m, "%s/%s", kpt_probe_group(p), kpt_probe_name(p));
		if (p->agg_by_pid)
			seq_printf(m, " pid=%d", p->agg_pid);
		if (p->agg_comm[0])
			seq_printf(m, " comm=%s", p->agg_comm);
		seq_putc(m, '\n');
	}
	mutex_unlock(&kpt_mutex);
	return 0;
}

static int kpt_agg_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_open(file, kpt_agg_show, NULL);
}

static int kpt_agg_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_release(inode, file);
}

static const struct file_operations kpt_agg_fops = {
	.owner = THIS_MODULE,
	.open = kpt_agg_open,
	.read = seq_read,
	.write = kpt_agg_write,
	.llseek = seq_lseek,
	.release = kpt_agg_release,
};

int kpt_aggregate_init(void)
{
	return kpt_file("aggregate", 0600, &kpt_agg_fops, NULL);
}

void kpt_aggregate_exit(void)
{
	struct kpt_probe *p;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		if (p->ev != p || !p->agg_on)
			continue;
		kpt_event_aggregate(p, false);
		kpt_agg_set_filter(p, NULL);
	}
	mutex_unlock(&kpt_mutex);
}
