// SPDX-License-Identifier: GPL-2.0
/*
 * The control files in /sys/kernel/tracing/kprobetrace/ (all root only):
 *
 * kprobe_events (0600)
 *   Write: lines of "p[:EVENT] SYMBOL[+offs|-offs]|MEMADDR [FETCHARGS]",
 *   "r[:EVENT] SYMBOL[+0] [FETCHARGS]" (and today's syntax, see
 *   common/kpt_probe_def.h), several per write; '#' comments and blank
 *   lines are ignored; lines up to KPT_LINE_MAX (8 KiB) bytes.
 *   Each write is complete lines, in both lifecycles (as the seed's
 *   probes_write() and the kernel's trace_parse_run_command()): its last
 *   line needs no newline and is applied (or refused, failing that write)
 *   by that write; nothing is carried into the next write, so a line split
 *   across two writes is two lines (the first half usually refused).
 *   All or nothing: the complete lines of one write are parsed, resolved,
 *   checked and registered first; only when every line is good are they
 *   applied (old definitions of the same EVENT removed, events added and
 *   enabled).  A bad line fails the write with its errno, applies none of
 *   its lines, and is described in error_log.  The one exception: if an
 *   event to replace turns out busy after the check (a race with someone
 *   enabling it elsewhere), earlier replacements of that write stay done.
 *   Opening with O_TRUNC removes every probe, enabled ones too (-EBUSY,
 *   with an error_log line, if one is held by another trace instance or
 *   by a trigger).
 *   Read: one canonical definition per line, writable back.
 * kprobe_profile (0400): event name, hits, misses (kprobe and kretprobe
 *   nmissed: reentrancy, maxactive exhausted).
 * latency (0600): kpt_latency.c.
 * aggregate (0600): kpt_aggregate.c.
 * error_log (0600): see kpt_errlog.c.
 * README (0444): the syntax kprobe_events accepts under the lifecycle and
 *   either_today in force when it is read, in the lines of the kernel's
 *   tracefs README that the kernel's ftrace selftests grep for ("Create/
 *   append/" only in lifecycle=today, which appends); nothing the module
 *   does not take.
 *
 * The files and their parsing of writes into lines are here; what a write
 * does is kpt_write.c's, removing kpt_remove.c's.
 *
 * The files are tracefs files (kpt_files.c): an open file holds a module
 * reference (fops owner) and the files are only removed at unload.
 */

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>
#include "kpt_files.h"
#include "kpt_control.h"
#include "kpt_fprobe.h"
#include "kpt_errlog.h"
#include "kpt_fmt.h"
#include "kpt_probe.h"
#include "kpt_remove.h"
#include "kpt_write.h"

#define KPT_WRITE_MAX	(1024 * 1024)

/* ---- kprobe_events ------------------------------------------------------ */

struct kpt_wstate {
	unsigned int lineno;		/* lines seen on this open file */
};

static void *kpt_events_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&kpt_mutex);
	return seq_list_start(&kpt_probes, *pos);
}

static void *kpt_events_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &kpt_probes, pos);
}

static void kpt_events_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&kpt_mutex);
}

static int kpt_events_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p = list_entry(v, struct kpt_probe, list);

	if (p->detached)	/* holds an event, no longer a probe */
		return 0;
	if (p->fprobe && (p->def->flags & KPT_DEF_FSET))
		/* a set: how many functions it has now */
		seq_printf(m, "%s # %u functions\n", p->listing,
			   kpt_fprobe_count(p));
	else
		seq_printf(m, "%s\n", p->listing);
	return 0;
}

static const struct seq_operations kpt_events_sops = {
	.start = kpt_events_start,
	.next = kpt_events_next,
	.stop = kpt_events_stop,
	.show = kpt_events_show,
};

static int kpt_events_open(struct inode *inode, struct file *file)
{
	struct kpt_wstate *ws;
	int ret;

	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		ret = kpt_remove_clear(false);
		if (ret)
			return ret;
	}
	ret = seq_open(file, &kpt_events_sops);
	if (ret)
		return ret;
	if (file->f_mode & FMODE_WRITE) {
		ws = kzalloc(sizeof(*ws), GFP_KERNEL);
		if (!ws) {
			seq_release(inode, file);
			return -ENOMEM;
		}
		ws->lineno = 1;
		((struct seq_file *)file->private_data)->private = ws;
	}
	return 0;
}

static ssize_t kpt_events_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	struct kpt_wstate *ws = ((struct seq_file *)file->private_data)->private;
	size_t last, i;
	unsigned int lines = 0;
	char *buf;
	int ret;

	if (!count)
		return 0;
	if (count > KPT_WRITE_MAX) {
		struct kpt_err e = {};

		kpt_error(&e, KPT_ERR_WRITE_TOO_BIG, 0,
			    count, KPT_WRITE_MAX);
		kpt_errlog_add(0, "", 0, &e);
		return -E2BIG;
	}
	buf = kvmalloc(count + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, ubuf, count)) {
		kvfree(buf);
		return -EFAULT;
	}
	buf[count] = '\0';

	/*
	 * The write is whole lines, its last one with or without a newline:
	 * that line belongs to this write, and so does its error.
	 */
	for (last = count; last > 0 && buf[last - 1] != '\n'; last--)
		;
	for (i = 0; i < last; i++)
		lines += buf[i] == '\n';
	if (count - last > KPT_LINE_MAX) {
		struct kpt_err e = {};

		kpt_error(&e, KPT_ERR_WRITE_LINE_TOO_LONG, KPT_LINE_MAX,
			    KPT_LINE_MAX);
		kpt_errlog_add(ws->lineno + lines, buf + last, count - last, &e);
		kvfree(buf);
		return -E2BIG;
	}
	ret = kpt_control_apply(buf, count, ws->lineno, 0);
	if (!ret)
		ws->lineno += lines + (last < count);
	kvfree(buf);
	return ret ? ret : count;
}

static int kpt_events_release(struct inode *inode, struct file *file)
{
	struct kpt_wstate *ws = ((struct seq_file *)file->private_data)->private;

	kfree(ws);
	return seq_release(inode, file);
}

static const struct file_operations kpt_events_fops = {
	.owner = THIS_MODULE,
	.open = kpt_events_open,
	.read = seq_read,
	.write = kpt_events_write,
	.llseek = seq_lseek,
	.release = kpt_events_release,
};

/* ---- kprobe_profile ----------------------------------------------------- */

static int kpt_profile_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p = list_entry(v, struct kpt_probe, list);

	/* one line per probe, as the kernel's tracer */
	if (p->detached)
		return 0;
	seq_printf(m, "  %-44s %15lu %15lu\n", kpt_probe_name(p),
		   kpt_probe_hits(p), kpt_probe_misses(p));
	return 0;
}

static const struct seq_operations kpt_profile_sops = {
	.start = kpt_events_start,
	.next = kpt_events_next,
	.stop = kpt_events_stop,
	.show = kpt_profile_show,
};

static int kpt_profile_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return seq_open(file, &kpt_profile_sops);
}

static const struct file_operations kpt_profile_fops = {
	.owner = THIS_MODULE,
	.open = kpt_profile_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release,
};

/* ---- fprobe_functions: the functions of each f: probe ------------------ */

static int kpt_ffuncs_show(struct seq_file *m, void *v)
{
	struct kpt_probe *p = list_entry(v, struct kpt_probe, list);

	if (p->fprobe && !p->detached)
		kpt_fprobe_show(m, p);
	return 0;
}

static const struct seq_operations kpt_ffuncs_sops = {
	.start = kpt_events_start,
	.next = kpt_events_next,
	.stop = kpt_events_stop,
	.show = kpt_ffuncs_show,
};

static int kpt_ffuncs_open(struct inode *inode, struct file *file)
{
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	return seq_open(file, &kpt_ffuncs_sops);
}

static const struct file_operations kpt_ffuncs_fops = {
	.owner = THIS_MODULE,
	.open = kpt_ffuncs_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = seq_release,
};

/* ---- README ------------------------------------------------------------- */

static const char kpt_readme_today[] =
	"  kprobe_events\t\t- Create/append/remove/show kprobetrace's events\n"
	"\t\t\t  A definition of an existing <group>/<event> appends a\n"
	"\t\t\t  probe to it (same kind and fields); a new event is\n"
	"\t\t\t  created disabled.\n";

static const char kpt_readme_seed[] =
	"  kprobe_events\t\t- Create/replace/remove/show kprobetrace's events\n"
	"\t\t\t  A definition of an existing <group>/<event> replaces\n"
	"\t\t\t  it; a new event is enabled at once.\n";

static const char kpt_readme_syntax[] =
	"\t\t\t  Each write is whole lines; a bad line fails its write\n"
	"\t\t\t  and applies none of them (error_log says why).\n"
	"  kprobe_profile\t- hits and misses of each probe\n"
	"  latency\t\t- durations of the events with $duration:\n"
	"\t\t\t  count, max, percentiles, log-linear histogram;\n"
	"\t\t\t  a write resets\n"
	"  aggregate\t\t- [!]<group>/<event> [pid=N] [comm=NAME]: arm an\n"
	"\t\t\t  event with $duration for latency only (no record)\n"
	"  wprobe_triggers\t- [!]<group>/<event> set_wprobe:<wevent>:<field>[+|-<adj>]\n"
	"\t\t\t  or clear_wprobe:<wevent>[:<field>[+|-<adj>]]: each hit\n"
	"\t\t\t  of <event> moves (parks) watchpoint <wevent>\n"
	"  error_log\t\t- the last errors of kprobe_events writes\n"
	"  README\t\t- this text\n"
	"\n"
	"\t  accepts: event-definitions (one per line, '#' starts a comment)\n"
	"\t   Format: p[:[<group>/]<event>] <place> [<args>]\n"
	"\t           p:<group>/ <place> [<args>] (the event name generated)\n"
	"\t           r[maxactive][:[<group>/]<event>] <place> [<args>]\n"
	"\t           -:[<group>/]<event> [<place> [<args>]]\n"
	"\t           f[:[<group>/][<event>]] <func-name>[%return] [<args>]\n"
	"\t           f:[<group>/]<event> <funcs>[%return|:entry|:exit] [<args>]\n"
	"\t           (<funcs>: names and globs, a,b*,!c; one ftrace update)\n"
	"\t           t[:[<group>/][<event>]] <tracepoint> [<args>]\n"
	"\t           (<tracepoint>: [<module>:]<name>; <args> read its\n"
	"\t           arguments: $arg<N>, <argname>, $arg*)\n"
	"\t           e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
	"\t           (<args> read the attached event's fields: $<field>;\n"
	"\t           <filter>: the event filter language on its fields)\n"
	"\t           w[:[<group>/][<event>]] <spec> [<args>]\n"
	"\t     spec: [r|w|rw]@<memaddr>|[<module>:]<symbol>[+|-<offset>]|-1[:<len>]\n"
	"\t           (a hardware watchpoint; <len> 1, 2, 4 or 8, default 4;\n"
	"\t           x86: w or rw; at most 4, shared with perf and gdb)\n"
	"\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
	"  place (kretprobe): [<module>:]<symbol>[+<offset>]%return\n"
	"\t           (the <offset> of a return probe can only be 0)\n"
	"\t     args: [<name>=]fetcharg[:type]\n"
	/* ustring within ten lines of "fetcharg:": ftracetest greps -A10 */
	"\t fetcharg: %<register>, @<address>, @<symbol>[+|-<offset>], $comm,\n"
	"\t           $stack<index>, $stack, $retval, $arg<N>,\n"
	"\t           <argname>[->field[->field|.field...]],\n"
	"\t           $arg*, $retval[->field...] (names from BTF: a function's\n"
	"\t           entry or exit)\n"
	"\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
	"\t   (seed): s<index>, sa, a<N>, rv, ra; <symbol>-<offset> as place\n"
	"\t     kernel return probes support: $retval, $arg<N>, $comm\n"
	"\t           ($arg<N>, <argname>: the values at the function entry)\n"
	"\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, char, string, symbol,\n"
	"\t           b<bit-width>@<bit-offset>/<container-size>, ustring,\n"
	"\t           symstr, %pd/%pD, <type>\\[<array-size>\\]\n"
	"\t  (ours): $duration, in return probes: ns since the call's entry\n"
	"\t           (u64; the event's durations go to the latency file)\n"
	"\t     (w:): $addr, $value (+0($addr)), $comm, @..., \\imm, +|-<offset>()\n";

static int kpt_readme_show(struct seq_file *m, void *v)
{
	bool today = READ_ONCE(kpt_lifecycle) == KPT_LIFE_TODAY;

	seq_puts(m, "kprobetrace: what kprobe_events accepts now (module parameters in\n"
		 "/sys/module/kprobetrace/parameters/)\n\n");
	seq_printf(m, " lifecycle: %s\n", today ? "today" : "seed");
	seq_printf(m, " either_today: %d (a definition valid in both syntaxes records in %s format)\n\n",
		   READ_ONCE(kpt_either_today), READ_ONCE(kpt_either_today) ?
		   "today's" : "the seed's");
	seq_puts(m, today ? kpt_readme_today : kpt_readme_seed);
	seq_puts(m, kpt_readme_syntax);
	return 0;
}

static int kpt_readme_open(struct inode *inode, struct file *file)
{
	return single_open(file, kpt_readme_show, NULL);
}

static const struct file_operations kpt_readme_fops = {
	.owner = THIS_MODULE,
	.open = kpt_readme_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = single_release,
};

int kpt_control_init(void)
{
	return kpt_file("kprobe_events", 0600, &kpt_events_fops, NULL) ?:
	       kpt_file("kprobe_profile", 0400, &kpt_profile_fops, NULL) ?:
	       kpt_file("fprobe_functions", 0400, &kpt_ffuncs_fops, NULL) ?:
	       kpt_file("README", 0444, &kpt_readme_fops, NULL);
}

/*
 * Unload: refuse new enables, then remove every probe.  Events enabled in
 * another trace instance hold a module reference, so we cannot get here
 * with one; an event held in soft mode by a trigger cannot be removed:
 * its kprobe is unregistered all the same and the core removes the event
 * when the module goes (see kpt_event_exit()).
 */
