// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a latency/errors session (kpt_latsess.h).
 *
 * Events: group kptlat, named kptlat_PID (one event: a single function,
 * or an f: set over every pattern), kptlat_PID_N (one per function: -F on
 * a module without member blocks, or r: events where the module has no
 * f:).  Each is FUNC%return with $retval (its type the module's, from
 * BTF, unless given; dropped for a void function) and $duration: the
 * module then aggregates its durations and, $retval being signed, its
 * errno returns.  Definitions go in one write (all or nothing; those of
 * several sessions too: kpt_ls_replace()), their arming in one write of
 * the aggregate file, removals in one write.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_kernel.h"
#include "kpt_latsess.h"

#define KPT_LS_AGG_MAX	4096	/* the aggregate file's longest write */

volatile sig_atomic_t kpt_ls_stop_now;

static void on_signal(int sig)
{
	(void)sig;
	kpt_ls_stop_now = 1;
}

void kpt_ls_signals(void)
{
	kpt_catch_signals(on_signal);
}

int kpt_ls_check(void)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
	if (access(p, W_OK) == 0)
		return KPT_EXIT_OK;
	if (errno == EACCES || errno == EPERM) {
		kpt_err("%s: permission denied: run as root", p);
		return KPT_EXIT_NOPERM;
	}
	kpt_err("%s: %s: is kprobetrace.ko loaded and debugfs mounted?", p,
		strerror(errno));
	return KPT_EXIT_NOMODULE;
}

static bool is_glob(const char *s)
{
	return strpbrk(s, "*?[,!") != NULL;
}

static bool file_exists(const char *name)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_dir(), "%s", name);
	return access(p, F_OK) == 0;
}

static bool module_has_f(void)
{
	char p[512], *t;
	bool has;

	kpt_path(p, sizeof(p), kpt_dir(), "README");
	t = kpt_read_file(p, NULL);
	has = t && strstr(t, "f[:[<group>/]");
	free(t);
	return has;
}

/* Text of a definition of event ev over point (FUNCS%return). */
static int def_line(struct kpt_ls *s, char *buf, size_t size, bool f,
		    const char *ev, const char *point, bool noret)
{
	char ret[64] = "";

	if (s->retval && !noret)
		snprintf(ret, sizeof(ret), " $retval%s%s",
			 s->rettype ? ":" : "", s->rettype ? s->rettype : "");
	return snprintf(buf, size, "%s:" KPT_LS_GROUP "/%s %s%s%s $duration\n",
			f ? "f" : "r", ev, point, f ? "%return" : "", ret) >=
	       (int)size ? -1 : 0;
}

static int add_ev(struct kpt_ls *s, const char *func, const char *mod,
		  int idx)
{
	struct kpt_ls_ev *nv = realloc(s->ev, (s->nev + 1) * sizeof(*nv));

	if (!nv)
		return -1;
	s->ev = nv;
	memset(&nv[s->nev], 0, sizeof(*nv));
	if (idx < 0)
		snprintf(nv[s->nev].event, sizeof(nv->event), "%s", s->base);
	else
		snprintf(nv[s->nev].event, sizeof(nv->event), "%s_%d", s->base,
			 idx);
	snprintf(nv[s->nev].func, sizeof(nv->func), "%s", func);
	snprintf(nv[s->nev].point, sizeof(nv->point), "%s%s%s", mod ? mod : "",
		 mod ? ":" : "", func);
	s->nev++;
	return 0;
}

/* Why a definition failed, as an exit code (printed). */
static int def_failed(struct kpt_ls *s, int r)
{
	bool glob = false;

	for (int i = 0; i < s->npats; i++)
		glob |= is_glob(s->pats[i]);
	if (r == -ENOENT && glob)
		kpt_err("no traceable function matches %s%s",
			s->npats > 1 ? "the patterns" : s->pats[0],
			s->npats > 1 ? " given" : "");
	else if (r == -ENOENT)
		kpt_err("unknown or untraceable function");
	else
		kpt_err("the module refused the definition: %s", strerror(-r));
	kpt_print_last_error();
	return r == -ENOENT ? KPT_EXIT_NOFUNC : KPT_EXIT_REFUSED;
}

/* The patterns joined by commas: one f: set. */
static int join_pats(struct kpt_ls *s, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < s->npats; i++) {
		int w = snprintf(buf + n, size - n, "%s%s", i ? "," : "",
				 s->pats[i]);

		if (w < 0 || (size_t)w >= size - n)
			return -1;
		n += w;
	}
	return 0;
}

/* A glob set's functions, from a short-lived f: event: into s->ev. */
static int expand(struct kpt_ls *s, const char *set)
{
	char line[4200], p[512], ev[80], *t, *l, *save;
	int r, n = 0;

	snprintf(ev, sizeof(ev), "%s_x", s->base);
	if (def_line(s, line, sizeof(line), true, ev, set, false))
		return KPT_EXIT_USAGE;
	r = kpt_write_events(line, false);
	if (r)
		return def_failed(s, r);
	kpt_path(p, sizeof(p), kpt_dir(), "fprobe_functions");
	t = kpt_read_file(p, NULL);
	snprintf(line, sizeof(line), "-:" KPT_LS_GROUP "/%s\n", ev);
	r = kpt_write_events(line, false);
	if (r)
		kpt_err("cannot remove " KPT_LS_GROUP "/%s: %s", ev,
			strerror(-r));
	if (!t) {
		kpt_err("%s: %s", p, strerror(errno));
		return KPT_EXIT_FAIL;
	}
	snprintf(line, sizeof(line), KPT_LS_GROUP "/%s ", ev);
	/* "GRP/EVENT FUNC [MOD]" */
	for (l = strtok_r(t, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		char fn[128], mod[64] = "";

		if (strncmp(l, line, strlen(line)) ||
		    sscanf(l + strlen(line), "%127s [%63[^]]", fn, mod) < 1 ||
		    n++ >= KPT_LS_MAXFUNCS)
			continue;
		if (add_ev(s, fn, mod[0] ? mod : NULL, s->nev)) {
			free(t);
			return KPT_EXIT_FAIL;
		}
	}
	free(t);
	if (n > KPT_LS_MAXFUNCS) {
		kpt_err("%d functions: one event each is at most %d with this module (it has no per-function blocks); narrow the pattern or drop -F",
			n, KPT_LS_MAXFUNCS);
		return KPT_EXIT_USAGE;
	}
	return r ? KPT_EXIT_FAIL : KPT_EXIT_OK;
}

/*
 * The line (1-based) of the last error_log entry, -1 when it names none;
 * *is_void: it says a function returns void.
 */
static int err_line(bool *is_void)
{
	char p[512], *log, *s, *last = NULL;
	int line = -1;

	*is_void = false;
	kpt_path(p, sizeof(p), kpt_dir(), "error_log");
	log = kpt_read_file(p, NULL);
	if (!log)
		return -1;
	for (s = log; *s; s++)
		if (*s == '[' && (s == log || s[-1] == '\n'))
			last = s;
	if (last) {
		*is_void = strstr(last, "'void' type") != NULL;
		s = strstr(last, "line ");
		line = s && atoi(s + 5) > 0 ? atoi(s + 5) : -1;
	}
	free(log);
	return line;
}

/* The session and event of line (1-based) of a write of v[0..n)'s lines. */
static struct kpt_ls *line_owner(struct kpt_ls **v, int n, int line, int *ev)
{
	for (int i = 0; i < n && line > 0; i++) {
		if (line <= v[i]->nev) {
			*ev = line - 1;
			return v[i];
		}
		line -= v[i]->nev;
	}
	return NULL;
}

/* The text of every definition of v[0..n) into buf: 0 or -1 (too long). */
static int def_lines(struct kpt_ls **v, int n, char *buf, size_t cap)
{
	size_t len = 0;

	buf[0] = '\0';
	for (int i = 0; i < n; i++)
		for (int j = 0; j < v[i]->nev; j++) {
			struct kpt_ls *s = v[i];

			if (def_line(s, buf + len, cap - len, s->f,
				     s->ev[j].event,
				     s->set[0] ? s->set : s->ev[j].point,
				     s->ev[j].noret))
				return -1;
			len += strlen(buf + len);
		}
	return 0;
}

/*
 * Every definition of v[0..n) in one write (all or nothing); a void
 * function's event is written again without $retval (all of its
 * session's when the module does not say which line).
 */
static int define_many(struct kpt_ls **v, int n)
{
	size_t cap = 4096;
	int r = -EINVAL, line, total = 0, j = 0;
	struct kpt_ls *s = n ? v[0] : NULL;
	bool is_void;
	char *buf;

	for (int i = 0; i < n; i++) {
		cap += (size_t)v[i]->nev * (700 + strlen(v[i]->set));
		total += v[i]->nev;
	}
	buf = malloc(cap);
	if (!buf)
		return KPT_EXIT_FAIL;
	for (int tries = 0; tries <= total; tries++) {
		if (def_lines(v, n, buf, cap)) {
			free(buf);
			kpt_err("patterns too long");
			return KPT_EXIT_USAGE;
		}
		r = kpt_write_events(buf, false);
		if (!r) {
			free(buf);
			for (int i = 0; i < n; i++)
				v[i]->defined = true;
			return KPT_EXIT_OK;
		}
		line = err_line(&is_void);
		s = line_owner(v, n, line, &j);
		if (!is_void || !(s ? s->retval : v[0]->retval))
			break;
		if (s && !s->ev[j].noret)
			s->ev[j].noret = true;
		else
			for (int i = 0; i < n; i++)
				if (!s || v[i] == s)
					v[i]->retval = false;
	}
	free(buf);
	return def_failed(s ? s : v[0], r);
}

static int event_file(struct kpt_ls_ev *e, const char *file, const char *val)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_tracefs(), "events/" KPT_LS_GROUP "/%s/%s",
		 e->event, file);
	return kpt_write_file(p, val);
}

/* The aggregate file's line arming (on) or disarming e of s, appended. */
static void agg_line(char *buf, const struct kpt_ls *s,
		     const struct kpt_ls_ev *e, bool on)
{
	buf += strlen(buf);
	buf += sprintf(buf, "%s" KPT_LS_GROUP "/%s", on ? "" : "!", e->event);
	if (on && s->pid)
		buf += sprintf(buf, " pid=%ld", s->pid);
	if (on && s->comm)
		buf += sprintf(buf, " comm=%.15s", s->comm);
	strcpy(buf, "\n");
}

/* A line to the aggregate file, its failure not reported (an undo). */
static void agg_quiet(const char *line)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_dir(), "aggregate");
	kpt_write_file(p, line);
}

/*
 * Lines for the aggregate file, in writes of at most the file's 4,096
 * bytes, cut at lines (one write, one transaction, when they fit): 0 or
 * the errno (printed why).
 */
static int agg_write(char *text)
{
	char p[512];
	int r = 0;

	kpt_path(p, sizeof(p), kpt_dir(), "aggregate");
	while (!r && *text) {
		size_t n = strlen(text);
		char c;

		if (n > KPT_LS_AGG_MAX)
			for (n = KPT_LS_AGG_MAX; n && text[n - 1] != '\n'; n--)
				;
		c = text[n];
		text[n] = '\0';
		r = kpt_write_file(p, text);
		text[n] = c;
		text += n;
	}
	if (r) {
		kpt_err("%s: %s", p, strerror(-r));
		kpt_print_last_error();
	}
	return r;
}

/*
 * Arming v[0..n) for aggregation and disarming old[0..nold) (what of
 * them is armed), in one write when it fits.  0, or -1 with v[] disarmed
 * (old[] as it was when the arming failed).
 */
static int agg_many(struct kpt_ls **v, int n, struct kpt_ls **old, int nold)
{
	size_t cap = 1;
	char *buf;
	int r;

	for (int i = 0; i < n + nold; i++)
		cap += (i < n ? v[i] : old[i - n])->nev * 120;
	buf = calloc(1, cap);
	if (!buf)
		return -1;
	for (int i = 0; i < n + nold; i++) {
		struct kpt_ls *s = i < n ? v[i] : old[i - n];

		for (int j = 0; (s->armed && s->defined) == (i >= n) &&
				j < s->nev; j++)
			agg_line(buf, s, &s->ev[j], i < n);
	}
	r = agg_write(buf);
	for (int i = 0; !r && i < nold; i++)
		old[i]->armed = false;
	for (int i = 0; i < n; i++) {
		v[i]->armed = !r;
		for (int j = 0; j < v[i]->nev; j++)
			event_file(&v[i]->ev[j], "enable", "0");
	}
	for (int i = 0; r && i < n; i++)	/* what an earlier write armed */
		for (int j = 0; j < v[i]->nev; j++) {
			char l[128] = "";

			agg_line(l, v[i], &v[i]->ev[j], false);
			agg_quiet(l);
		}
	free(buf);
	return r ? -1 : 0;
}

/*
 * Without the aggregate file an event must be enabled to be hit; its
 * filter drops every record (the latency file counts before the
 * filter), so the ring buffer stays quiet.
 */
static int enable_quiet(struct kpt_ls *s)
{
	for (int i = 0; i < s->nev; i++) {
		struct kpt_ls_ev *e = &s->ev[i];
		int r;

		if (event_file(e, "filter", "common_pid < 0"))
			kpt_note("%s: cannot set a filter: the trace buffer gets every call",
				 e->event);
		r = event_file(e, "enable", "1");
		if (r) {
			kpt_err("enabling %s: %s", e->event, strerror(-r));
			return KPT_EXIT_FAIL;
		}
	}
	return KPT_EXIT_OK;
}

/* A MOD:FUNC pattern, which an f: set does not take (printed). */
static bool mod_in_set(struct kpt_ls *s)
{
	for (int i = 0; i < s->npats; i++)
		if (strchr(s->pats[i], ':')) {
			kpt_err("'%s': an f: set takes no MOD: (it matches module functions by name); give FUNC or GLOB",
				s->pats[i]);
			return true;
		}
	return false;
}

/* What kpt_ls_start() does before the definitions: its checks, s->ev. */
static int prepare(struct kpt_ls *s)
{
	char set[sizeof(s->set)];
	bool f = module_has_f(), glob = false;
	int r;

	s->agg = file_exists("aggregate");
	s->retval = true;
	if (s->name)
		snprintf(s->base, sizeof(s->base), "%s", s->name);
	else
		snprintf(s->base, sizeof(s->base), "kptlat_%d", (int)getpid());
	for (int i = 0; i < s->npats; i++) {
		if (!*s->pats[i] || strpbrk(s->pats[i], " \t\n")) {
			kpt_err("bad function name '%s'", s->pats[i]);
			return KPT_EXIT_USAGE;
		}
		glob |= is_glob(s->pats[i]);
	}
	/* names are checked here; globs by the module */
	for (int i = 0; kpt_ksyms_load() == 0 && i < s->npats; i++) {
		int n;

		if (!is_glob(s->pats[i]) && !kpt_ksyms_find(s->pats[i], &n)) {
			kpt_err("unknown function '%s' (not in /proc/kallsyms)",
				s->pats[i]);
			return KPT_EXIT_NOFUNC;
		}
	}
	if ((s->pid || s->comm) && !s->agg) {
		kpt_err("-p/-c need the module's aggregate file, which this kprobetrace.ko lacks: its latency file counts every caller");
		return KPT_EXIT_REFUSED;
	}
	if (join_pats(s, set, sizeof(set))) {
		kpt_err("patterns too long");
		return KPT_EXIT_USAGE;
	}
	if (!f) {
		if (glob) {
			kpt_err("this module has no f: events: give function names, not patterns");
			return KPT_EXIT_USAGE;
		}
		for (int i = 0; i < s->npats; i++)
			if (add_ev(s, s->pats[i], NULL, i))
				return KPT_EXIT_FAIL;
	} else if (s->per_func && !s->agg && (glob || s->npats > 1)) {
		if (glob) {
			if (mod_in_set(s))
				return KPT_EXIT_USAGE;
			r = expand(s, set);
			if (r)
				return r;
		} else {
			for (int i = 0; i < s->npats; i++)
				if (add_ev(s, s->pats[i], NULL, i))
					return KPT_EXIT_FAIL;
		}
	} else {
		if ((glob || s->npats > 1) && mod_in_set(s))
			return KPT_EXIT_USAGE;
		if (add_ev(s, set, NULL, -1))
			return KPT_EXIT_FAIL;
		s->members = glob || s->npats > 1;
	}
	s->f = f;
	if (s->nev == 1 && f)
		snprintf(s->set, sizeof(s->set), "%s", set);
	return KPT_EXIT_OK;
}

static int stop_many(struct kpt_ls **v, int n);

int kpt_ls_replace(struct kpt_ls **v, int n, struct kpt_ls **old, int nold)
{
	int r = KPT_EXIT_OK;

	for (int i = 0; !r && i < n; i++)
		r = prepare(v[i]);
	if (!r && n)
		r = define_many(v, n);
	if (!r && n && v[0]->agg && agg_many(v, n, old, nold))
		r = KPT_EXIT_REFUSED;
	for (int i = 0; !r && n && !v[0]->agg && i < n; i++)
		r = enable_quiet(v[i]);
	if (r) {
		stop_many(v, n);
		return r;
	}
	stop_many(old, nold);
	return KPT_EXIT_OK;
}

int kpt_ls_start(struct kpt_ls *s)
{
	return kpt_ls_replace(&s, 1, NULL, 0);
}

static bool ls_stop(void)
{
	return kpt_ls_stop_now;
}

void kpt_ls_wait(double secs)
{
	kpt_wait(secs, ls_stop);
}

/*
 * Disarm and remove the events of v[0..n): the disarming in one write of
 * the aggregate file (else a line at a time), the removals in one write.
 */
static int stop_many(struct kpt_ls **v, int n)
{
	size_t cap = 1;
	char *agg, *del;
	int r = 0;

	for (int i = 0; i < n; i++)
		cap += (size_t)v[i]->nev * 120;
	agg = calloc(1, cap);
	del = calloc(1, cap);
	if (!agg || !del) {
		free(agg);
		free(del);
		return -1;
	}
	for (int i = 0; i < n; i++)
		for (int j = 0; v[i]->defined && j < v[i]->nev; j++) {
			if (v[i]->armed)
				agg_line(agg, v[i], &v[i]->ev[j], false);
			sprintf(del + strlen(del), "-:" KPT_LS_GROUP "/%s\n",
				v[i]->ev[j].event);
		}
	if (agg[0] && agg_write(agg))	/* one was not armed: each alone */
		for (char *l = agg, *e; *l; l = e + 1) {
			e = strchr(l, '\n');
			*e = '\0';
			agg_quiet(l);
		}
	for (int i = 0; i < n; i++)
		for (int j = 0; v[i]->defined && j < v[i]->nev; j++)
			event_file(&v[i]->ev[j], "enable", "0");
	r = del[0] ? kpt_write_events(del, false) : 0;
	if (r) {
		kpt_err("removing the events of group " KPT_LS_GROUP ": %s (kprobetrace del " KPT_LS_GROUP "/%s...)",
			strerror(-r), v[0]->base);
		kpt_print_last_error();
	}
	for (int i = 0; i < n; i++) {
		v[i]->defined = v[i]->armed = false;
		kpt_lh_free(&v[i]->prev);
	}
	free(agg);
	free(del);
	return r ? -1 : 0;
}

int kpt_ls_stop(struct kpt_ls *s)
{
	return stop_many(&s, 1);
}
