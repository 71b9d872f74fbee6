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
 * errno returns.  Definitions go in one write (all or nothing), removals
 * too.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_kernel.h"
#include "kpt_latsess.h"

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
 * The line (1-based) of the last error_log entry when it says a function
 * returns void; 0 when it says something else.
 */
static int void_line(void)
{
	char p[512], *log, *s, *last = NULL;
	int line = 0;

	kpt_path(p, sizeof(p), kpt_dir(), "error_log");
	log = kpt_read_file(p, NULL);
	if (!log)
		return 0;
	for (s = log; *s; s++)
		if (*s == '[' && (s == log || s[-1] == '\n'))
			last = s;
	if (last && strstr(last, "'void' type")) {
		s = strstr(last, "line ");
		line = s ? atoi(s + 5) : 0;
		if (line <= 0)
			line = -1;	/* void, line unknown */
	}
	free(log);
	return line;
}

/*
 * Every definition in one write (all or nothing); a void function's
 * event is written again without $retval (all of them when the module
 * does not say which line).
 */
static int define_all(struct kpt_ls *s, bool f, const char *set)
{
	size_t cap = 4096 + (size_t)s->nev * 700, n;
	char *buf = malloc(cap);
	int r = -EINVAL, line;

	if (!buf)
		return KPT_EXIT_FAIL;
	for (int tries = 0; tries <= s->nev; tries++) {
		n = 0;
		for (int i = 0; i < s->nev; i++) {
			if (def_line(s, buf + n, cap - n, f, s->ev[i].event,
				     set ? set : s->ev[i].point,
				     s->ev[i].noret)) {
				free(buf);
				kpt_err("patterns too long");
				return KPT_EXIT_USAGE;
			}
			n += strlen(buf + n);
		}
		r = kpt_write_events(buf, false);
		if (!r) {
			free(buf);
			s->defined = true;
			return KPT_EXIT_OK;
		}
		line = void_line();
		if (!line || !s->retval)
			break;
		if (line > 0 && line <= s->nev && !s->ev[line - 1].noret)
			s->ev[line - 1].noret = true;
		else
			s->retval = false;
	}
	free(buf);
	return def_failed(s, r);
}

static int event_file(struct kpt_ls_ev *e, const char *file, const char *val)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_tracefs(), "events/" KPT_LS_GROUP "/%s/%s",
		 e->event, file);
	return kpt_write_file(p, val);
}

static int arm(struct kpt_ls *s)
{
	char p[512], line[256];
	int r;

	kpt_path(p, sizeof(p), kpt_dir(), "aggregate");
	for (int i = 0; i < s->nev; i++) {
		struct kpt_ls_ev *e = &s->ev[i];

		if (s->agg) {
			int n = snprintf(line, sizeof(line), KPT_LS_GROUP "/%s",
					 e->event);

			if (s->pid)
				n += snprintf(line + n, sizeof(line) - n,
					      " pid=%ld", s->pid);
			if (s->comm)
				snprintf(line + n, sizeof(line) - n, " comm=%s",
					 s->comm);
			strcat(line, "\n");
			r = kpt_write_file(p, line);
			if (r) {
				kpt_err("%s: arming %s: %s", p, e->event,
					strerror(-r));
				kpt_print_last_error();
				return KPT_EXIT_REFUSED;
			}
			/* aggregation only: no records */
			event_file(e, "enable", "0");
			continue;
		}
		/*
		 * Without the aggregate file the event must be enabled to be
		 * hit; its filter drops every record (the latency file counts
		 * before the filter), so the ring buffer stays quiet.
		 */
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

int kpt_ls_start(struct kpt_ls *s)
{
	char set[4096];
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
	r = define_all(s, f, s->nev == 1 && f ? set : NULL);
	if (!r)
		r = arm(s);
	if (r)
		kpt_ls_stop(s);
	return r;
}

static bool ls_stop(void)
{
	return kpt_ls_stop_now;
}

void kpt_ls_wait(double secs)
{
	kpt_wait(secs, ls_stop);
}

static bool keep(const char *label, void *ctx)
{
	const char *pfx = ctx;
	size_t n = strlen(pfx);

	return !strncmp(label, pfx, n) &&
	       (!label[n] || label[n] == '_' || label[n] == ':');
}

/* A named session's own event and its members, never a longer name. */
static bool keep_exact(const char *label, void *ctx)
{
	const char *pfx = ctx;
	size_t n = strlen(pfx);

	return !strncmp(label, pfx, n) && (!label[n] || label[n] == ':');
}

/* hits and misses of an event (its probes summed) from kprobe_profile */
static void profile_of(const char *prof, const char *ev, uint64_t *hits,
		       uint64_t *misses)
{
	char name[128];
	unsigned long long h, m;
	const char *l = prof;

	*hits = *misses = 0;
	while (l && *l) {
		if (sscanf(l, " %127s %llu %llu", name, &h, &m) == 3 &&
		    !strcmp(name, ev)) {
			*hits += h;
			*misses += m;
		}
		l = strchr(l, '\n');
		l = l ? l + 1 : NULL;
	}
}

int kpt_ls_collect(struct kpt_ls *s, struct kpt_lh_set *set)
{
	char p[512], *text, *prof;
	int r;

	kpt_path(p, sizeof(p), kpt_dir(), "latency");
	text = kpt_read_file(p, NULL);
	if (!text) {
		kpt_err("%s: %s", p, strerror(errno));
		return -1;
	}
	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_profile");
	prof = kpt_read_file(p, NULL);
	r = kpt_ls_collect_text(s, set, text, prof);
	free(text);
	free(prof);
	return r;
}

int kpt_ls_collect_text(struct kpt_ls *s, struct kpt_lh_set *set,
			const char *text, const char *prof)
{
	char pfx[80];

	snprintf(pfx, sizeof(pfx), KPT_LS_GROUP "/%s", s->base);
	if (kpt_lh_parse(text, set, s->name ? keep_exact : keep, pfx))
		return -1;
	for (int i = 0; i < set->n; i++) {
		struct kpt_lh *h = &set->v[i];

		for (int j = 0; j < s->nev; j++) {
			struct kpt_ls_ev *e = &s->ev[j];
			uint64_t hits, misses;

			if (strcmp(h->label + strlen(KPT_LS_GROUP "/"), e->event))
				continue;
			snprintf(h->func, sizeof(h->func), "%s", e->func);
			if (h->has_cov || !prof)
				break;
			/* coverage from kprobe_profile */
			profile_of(prof, e->event, &hits, &misses);
			h->has_cov = h->cov_profile = true;
			h->misses = misses;
			h->calls = hits + misses;
			break;
		}
	}
	/* since the last read */
	for (int i = 0; !s->cumulative && i < set->n; i++) {
		struct kpt_lh *h = &set->v[i], *old = NULL, cur = *h;

		for (int j = 0; j < s->prev.n && !old; j++)
			if (!strcmp(s->prev.v[j].label, h->label))
				old = &s->prev.v[j];
		if (old)
			kpt_lh_sub(h, old);
		else
			old = kpt_lh_get(&s->prev, h->label);
		if (old)
			*old = cur;
	}
	return 0;
}

int kpt_ls_stop(struct kpt_ls *s)
{
	char p[512], line[128], *buf;
	int r = 0, w;

	if (!s->defined)
		return 0;
	kpt_path(p, sizeof(p), kpt_dir(), "aggregate");
	buf = malloc((size_t)s->nev * 80 + 1);
	if (!buf)
		return -1;
	buf[0] = '\0';
	for (int i = 0; i < s->nev; i++) {
		if (s->agg) {
			snprintf(line, sizeof(line), "!" KPT_LS_GROUP "/%s\n",
				 s->ev[i].event);
			kpt_write_file(p, line);
		}
		event_file(&s->ev[i], "enable", "0");
		sprintf(buf + strlen(buf), "-:" KPT_LS_GROUP "/%s\n",
			s->ev[i].event);
	}
	w = kpt_write_events(buf, false);
	free(buf);
	if (w) {
		kpt_err("removing the events of group " KPT_LS_GROUP ": %s (kprobetrace del " KPT_LS_GROUP "/%s...)",
			strerror(-w), s->base);
		kpt_print_last_error();
		r = -1;
	}
	s->defined = false;
	kpt_lh_free(&s->prev);
	return r;
}

void kpt_ls_total(const struct kpt_lh_set *set, bool members,
		  struct kpt_lh *out, const char *name)
{
	memset(out, 0, sizeof(*out));
	snprintf(out->label, sizeof(out->label), "%s", name);
	snprintf(out->func, sizeof(out->func), "%s", name);
	for (int i = 0; i < set->n; i++) {
		/* with member blocks, the event's own block is the total */
		if (members && strchr(set->v[i].label, ':'))
			continue;
		kpt_lh_add(out, &set->v[i]);
	}
}
