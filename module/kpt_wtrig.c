// SPDX-License-Identifier: GPL-2.0
/*
 * Watchpoint triggers: the wprobe_triggers file (kpt_wtrig.h).  The hit
 * path (kpt_hit.c) reads an event's trigger under RCU and asks the
 * watchpoint to move (kpt_wprobe.c does it).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "kpt_errlog.h"
#include "kpt_files.h"
#include "kpt_hit_wtrig.h"
#include "kpt_probe.h"
#include "kpt_wtrig.h"

#define KPT_WTRIG_MAX	256		/* bytes of a write */

/* A request, parsed: its words point into the write's buffer */
struct kpt_wreq {
	bool remove;
	bool clear;
	char *grp, *ev;			/* the triggering event */
	char *wgrp, *wev;		/* the watchpoint */
	char *field;			/* or NULL */
	long adj;
};

static struct kpt_probe *kpt_wtrig_find(const char *group, const char *event)
{
	struct kpt_probe *p;

	list_for_each_entry(p, &kpt_probes, list)
		if (p->ev == p && !p->detached &&
		    !strcmp(kpt_probe_group(p), group) &&
		    !strcmp(kpt_probe_name(p), event))
			return p;
	return NULL;
}

/* GRP/EVENT at s: split in place */
static int kpt_wtrig_names(char *s, char **grp, char **ev, const char *dflt)
{
	char *sl = strchr(s, '/');

	if (!sl && !dflt)
		return -EINVAL;
	if (sl) {
		*sl = '\0';
		*grp = s;
		*ev = sl + 1;
	} else {
		*grp = (char *)dflt;
		*ev = s;
	}
	return **grp && **ev ? 0 : -EINVAL;
}

/* FIELD[+|-ADJ] at s */
static int kpt_wtrig_field(char *s, struct kpt_wreq *r)
{
	char *sign = strpbrk(s, "+-");

	r->field = s;
	if (!sign)
		return *s ? 0 : -EINVAL;
	r->adj = 0;
	if (kstrtol(sign + 1, 0, &r->adj))
		return -EINVAL;
	if (*sign == '-')
		r->adj = -r->adj;
	*sign = '\0';
	return *s ? 0 : -EINVAL;
}

static int kpt_wtrig_parse(char *line, struct kpt_wreq *r)
{
	char *cmd, *w, *f;

	line = strim(line);
	r->remove = line[0] == '!';
	if (r->remove)
		return kpt_wtrig_names(line + 1, &r->grp, &r->ev, NULL);
	cmd = strpbrk(line, " \t");
	if (!cmd)
		return -EINVAL;
	*cmd++ = '\0';
	cmd = skip_spaces(cmd);
	if (kpt_wtrig_names(line, &r->grp, &r->ev, NULL))
		return -EINVAL;
	if (str_has_prefix(cmd, "set_wprobe:"))
		w = cmd + strlen("set_wprobe:");
	else if (str_has_prefix(cmd, "clear_wprobe:"))
		w = cmd + strlen("clear_wprobe:");
	else
		return -EINVAL;
	r->clear = cmd[0] == 'c';
	if (strpbrk(w, " \t"))
		return -EINVAL;
	f = strchr(w, ':');
	if (f)
		*f++ = '\0';
	if (kpt_wtrig_names(w, &r->wgrp, &r->wev, KPT_WPROBE_GROUP))
		return -EINVAL;
	if (!f)
		return r->clear ? 0 : -EINVAL;
	return kpt_wtrig_field(f, r);
}

/* the text the file lists for request r */
static char *kpt_wtrig_text(const struct kpt_wreq *r)
{
	const char *cmd = r->clear ? "clear" : "set";

	if (!r->field)
		return kasprintf(GFP_KERNEL, "%s_wprobe:%s/%s", cmd, r->wgrp,
				 r->wev);
	if (!r->adj)
		return kasprintf(GFP_KERNEL, "%s_wprobe:%s/%s:%s", cmd,
				 r->wgrp, r->wev, r->field);
	return kasprintf(GFP_KERNEL, "%s_wprobe:%s/%s:%s%s0x%lx", cmd,
			 r->wgrp, r->wev, r->field, r->adj < 0 ? "-" : "+",
			 r->adj < 0 ? -r->adj : r->adj);
}

/* the argument of src named field, numeric: its index, or the error */
static int kpt_wtrig_arg(struct kpt_probe *src, const char *field,
			 struct kpt_err *e)
{
	const struct kpt_probe_def *def = src->def;
	unsigned int i;

	for (i = 0; i < def->nargs; i++) {
		const struct kpt_probe_arg *a = &def->args[i];

		if (strcmp(a->name, field))
			continue;
		if (a->array_len || a->type == KPT_T_STRING ||
		    a->type == KPT_T_USTRING || a->type == KPT_T_SYMSTR ||
		    (a->aflags & (KPT_ARG_PD | KPT_ARG_PDD)))
			return kpt_error(e, KPT_ERR_WT_BAD_FIELD, 0, field);
		return i;
	}
	return kpt_error(e, KPT_ERR_WT_NO_FIELD, 0, kpt_probe_group(src),
			 kpt_probe_name(src), field);
}

/* remove src's trigger (kpt_mutex held): no hit reads it afterwards */
static void kpt_wtrig_drop(struct kpt_probe *src)
{
	struct kpt_wtrig *t = rcu_dereference_protected(src->wtrig,
					lockdep_is_held(&kpt_mutex));

	RCU_INIT_POINTER(src->wtrig, NULL);
	/* the handlers run with preemption off: RCU readers */
	synchronize_rcu();
	static_branch_dec(&kpt_wtrig_on);
	src->wtrig_refs--;
	t->wp->wtrig_refs--;
	kfree(t->text);
	kfree(t);
}

/* request r checked and applied, or the error (kpt_mutex held) */
static int kpt_wtrig_apply(struct kpt_wreq *r, struct kpt_err *e)
{
	struct kpt_probe *src = kpt_wtrig_find(r->grp, r->ev), *wp;
	struct kpt_wtrig *t;
	int field = 0;

	if (!src)
		return kpt_error(e, KPT_ERR_WT_NO_EVENT, 0, r->grp, r->ev);
	if (r->remove) {
		if (!rcu_access_pointer(src->wtrig))
			return kpt_error(e, KPT_ERR_WT_NONE, 0, r->grp, r->ev);
		kpt_wtrig_drop(src);
		return 0;
	}
	if (src->wprobe)
		return kpt_error(e, KPT_ERR_WT_ON_WPROBE, 0, r->grp, r->ev);
	if (rcu_access_pointer(src->wtrig))
		return kpt_error(e, KPT_ERR_WT_BUSY, 0, r->grp, r->ev);
	wp = kpt_wtrig_find(r->wgrp, r->wev);
	if (!wp)
		return kpt_error(e, KPT_ERR_WT_NO_EVENT, 0, r->wgrp, r->wev);
	if (!wp->wprobe)
		return kpt_error(e, KPT_ERR_WT_NOT_WPROBE, 0, r->wgrp, r->wev);
	if (r->field) {
		field = kpt_wtrig_arg(src, r->field, e);
		if (field < 0)
			return field;
	}
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (t)
		t->text = kpt_wtrig_text(r);
	if (!t || !t->text) {
		kfree(t);
		return kpt_error(e, KPT_ERR_NOMEM, 0);
	}
	t->wp = wp;
	t->field = field;
	t->has_field = r->field;
	t->clear = r->clear;
	t->adj = r->adj;
	src->wtrig_refs++;
	wp->wtrig_refs++;
	static_branch_inc(&kpt_wtrig_on);
	rcu_assign_pointer(src->wtrig, t);
	return 0;
}

static ssize_t kpt_wtrig_write(struct file *file, const char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	struct kpt_wreq r = {};
	struct kpt_err e = {};
	char *buf, *nl;
	int ret;

	if (!count)
		return 0;
	if (count > KPT_WTRIG_MAX)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, count);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	nl = strchr(buf, '\n');
	if (nl && nl[1 + strspn(nl + 1, " \t\n")])
		ret = -EINVAL;		/* one request a write */
	else
		ret = strlen(buf) != count ? -EINVAL :
		      kpt_wtrig_parse(buf, &r);
	if (ret) {
		ret = kpt_error(&e, KPT_ERR_WT_SYNTAX, 0);
	} else {
		mutex_lock(&kpt_mutex);
		ret = kpt_wtrig_apply(&r, &e);
		mutex_unlock(&kpt_mutex);
	}
	if (ret)
		kpt_errlog_add(0, "", 0, &e);
	kfree(buf);
	return ret ? ret : count;
}

static int kpt_wtrig_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p;
	struct kpt_wtrig *t;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list) {
		t = rcu_dereference_protected(p->wtrig,
					      lockdep_is_held(&kpt_mutex));
		if (p->ev == p && t)
			seq_printf(m, "%s/%s %s\n", kpt_probe_group(p),
				   kpt_probe_name(p), t->text);
	}
	/* where the watchpoints the triggers move are: comment lines */
	list_for_each_entry(p, &kpt_probes, list)
		if (p->ev == p && p->wprobe && p->wtrig_refs)
			seq_printf(m, "# %s/%s watches 0x%lx%s\n",
				   kpt_probe_group(p), kpt_probe_name(p),
				   READ_ONCE(p->addr),
				   READ_ONCE(p->w->parked) ? " (parked)" : "");
	mutex_unlock(&kpt_mutex);
	return 0;
}

static int kpt_wtrig_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_open(file, kpt_wtrig_show, NULL);
}

static int kpt_wtrig_release(struct inode *inode, struct file *file)
{
	if (!(file->f_mode & FMODE_READ))
		return 0;
	return single_release(inode, file);
}

static const struct file_operations kpt_wtrig_fops = {
	.owner = THIS_MODULE,
	.open = kpt_wtrig_open,
	.read = seq_read,
	.write = kpt_wtrig_write,
	.llseek = seq_lseek,
	.release = kpt_wtrig_release,
};

int kpt_wtrig_init(void)
{
	return kpt_file("wprobe_triggers", 0600, &kpt_wtrig_fops, NULL);
}

void kpt_wtrig_exit(void)
{
	struct kpt_probe *p;

	mutex_lock(&kpt_mutex);
	list_for_each_entry(p, &kpt_probes, list)
		if (rcu_access_pointer(p->wtrig))
			kpt_wtrig_drop(p);
	mutex_unlock(&kpt_mutex);
}
