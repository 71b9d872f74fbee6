// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the metrics service (kpt_metrics_svc.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_metrics_prom.h"
#include "kpt_metrics_svc.h"

volatile sig_atomic_t kpt_msvc_hup, kpt_msvc_end;

static void on_signal(int sig)
{
	if (sig == SIGHUP)
		kpt_msvc_hup = 1;
	else
		kpt_msvc_end = 1;
}

void kpt_msvc_signals(void)
{
	kpt_catch_signals(on_signal);
}

void kpt_msvc_name(char *buf, size_t size, unsigned int gen, const char *name)
{
	snprintf(buf, size, "kptm%d_%u_%s", (int)getpid(), gen, name);
}

double kpt_msvc_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void ent_free(struct kpt_msvc_ent *e)
{
	if (!e)
		return;
	kpt_ls_stop(&e->ls);
	free(e->ls.ev);
	free(e);
}

/* An entry's session, not started yet: the entry, or NULL. */
static struct kpt_msvc_ent *ent_new(const struct kpt_mc_ent *c,
				    unsigned int gen)
{
	struct kpt_msvc_ent *e = calloc(1, sizeof(*e));
	char *save;

	if (!e)
		return NULL;
	e->conf = *c;
	snprintf(e->funcs, sizeof(e->funcs), "%s", c->funcs);
	kpt_msvc_name(e->base, sizeof(e->base), gen, c->name);
	for (char *t = strtok_r(e->funcs, ",", &save); t && e->ls.npats < 256;
	     t = strtok_r(NULL, ",", &save))
		e->pats[e->ls.npats++] = t;
	e->ls.pats = e->pats;
	e->ls.name = e->base;
	e->ls.cumulative = true;
	e->ls.pid = c->pid;
	e->ls.comm = c->comm[0] ? c->comm : NULL;
	e->ls.rettype = c->ret[0] ? e->conf.ret : NULL;
	return e;
}

/*
 * Start the entries made[] of nv[0..n) and stop old[0..nold), as one
 * change (kpt_ls_replace()): 0, or -1 (printed why) with the entries made
 * freed (NULL in nv) and old as they were.
 */
static int swap(struct kpt_msvc_ent **nv, const bool *made, int n,
		struct kpt_msvc_ent **old, int nold)
{
	struct kpt_ls *sv[KPT_MC_MAX], *so[KPT_MC_MAX];
	int ns = 0, r;

	for (int i = 0; i < n; i++)
		if (made[i])
			sv[ns++] = &nv[i]->ls;
	for (int i = 0; i < nold; i++)
		so[i] = &old[i]->ls;
	r = kpt_ls_replace(sv, ns, so, nold);
	for (int i = 0; i < n; i++) {
		if (!made[i])
			continue;
		nv[i]->armed = !r;
		nv[i]->since = kpt_msvc_now();
		if (r) {
			ent_free(nv[i]);
			nv[i] = NULL;
		}
	}
	return r ? -1 : 0;
}

/*
 * Events a service that died without removing them left (killed: its
 * pid is gone): disarmed and removed, one write.  Nobody else's.
 */
static void remove_orphans(void)
{
	char p[512], ev[96], agg[128], *list, *l, *save, *del;
	size_t n = 0;
	int pid;

	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
	list = kpt_read_file(p, NULL);
	del = list ? calloc(1, strlen(list) + 1) : NULL;
	if (!del) {
		free(list);
		return;
	}
	kpt_path(p, sizeof(p), kpt_dir(), "aggregate");
	for (l = strtok_r(list, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		if (sscanf(l, "%*1[rf]:" KPT_LS_GROUP "/%95s", ev) != 1 ||
		    sscanf(ev, "kptm%d_", &pid) != 1 || pid <= 0 ||
		    kill(pid, 0) == 0 || errno != ESRCH)
			continue;
		snprintf(agg, sizeof(agg), "!" KPT_LS_GROUP "/%s\n", ev);
		kpt_write_file(p, agg);
		n += sprintf(del + n, "-:" KPT_LS_GROUP "/%s\n", ev);
		fprintf(stderr, "%s: removing %s, left by a service that ended (pid %d)\n",
			kpt_prog, ev, pid);
	}
	if (n && kpt_write_events(del, false))
		kpt_print_last_error();
	free(del);
	free(list);
}

int kpt_msvc_start(struct kpt_msvc *m, const char *path)
{
	struct kpt_mc *c = calloc(1, sizeof(*c));
	bool made[KPT_MC_MAX];
	char err[512];
	int r = -1;

	memset(m, 0, sizeof(*m));
	m->path = path;
	if (!c || kpt_mc_load(path, c, err, sizeof(err))) {
		kpt_err("%s", c ? err : "out of memory");
		free(c);
		return -1;
	}
	remove_orphans();
	for (m->n = 0; m->n < c->n; m->n++) {
		m->v[m->n] = ent_new(&c->v[m->n], m->gen);
		made[m->n] = true;
		if (!m->v[m->n])
			break;
	}
	if (m->n == c->n)
		r = swap(m->v, made, m->n, NULL, 0);
	if (r) {
		kpt_err("%s: nothing defined", path);
		for (int i = 0; i < m->n; i++)
			ent_free(m->v[i]);
		m->n = 0;
	}
	free(c);
	m->was_up = !r;
	return r;
}

/* The entry of the running set that c leaves as it is, if any. */
static struct kpt_msvc_ent *kept(struct kpt_msvc *m, const struct kpt_mc_ent *c)
{
	for (int i = 0; i < m->n; i++)
		if (m->v[i] && kpt_mc_same(&m->v[i]->conf, c))
			return m->v[i];
	return NULL;
}

/* The entries of the running set that nv[0..n) does not keep, into out. */
static int going(struct kpt_msvc *m, struct kpt_msvc_ent **nv, int n,
		 struct kpt_msvc_ent **out)
{
	int k = 0;

	for (int i = 0; i < m->n; i++) {
		bool stays = false;

		for (int j = 0; j < n; j++)
			stays |= nv[j] == m->v[i];
		if (!stays)
			out[k++] = m->v[i];
	}
	return k;
}

int kpt_msvc_reload(struct kpt_msvc *m)
{
	struct kpt_msvc_ent *nv[KPT_MC_MAX] = { 0 }, *old[KPT_MC_MAX];
	struct kpt_mc *c = calloc(1, sizeof(*c));
	bool made[KPT_MC_MAX] = { 0 };
	int n, nold, nmade = 0;
	char err[512];

	if (!c || kpt_mc_load(m->path, c, err, sizeof(err))) {
		kpt_err("reload: %s; the running events stay as they are",
			c ? err : "out of memory");
		free(c);
		return -1;
	}
	m->gen++;
	for (n = 0; n < c->n; n++) {
		nv[n] = kept(m, &c->v[n]);
		made[n] = !nv[n];
		if (nv[n])
			nv[n]->conf.line = c->v[n].line;
		else if (!(nv[n] = ent_new(&c->v[n], m->gen)))
			break;
		nmade += made[n];
	}
	nold = going(m, nv, n, old);
	if (n < c->n || swap(nv, made, n, old, nold)) {
		for (int i = 0; i < n; i++)
			if (made[i] && nv[i])
				ent_free(nv[i]);
		kpt_err("reload: the running events stay as they are");
		free(c);
		return -1;
	}
	for (int i = 0; i < nold; i++)
		ent_free(old[i]);
	memcpy(m->v, nv, sizeof(nv));
	m->n = n;
	free(c);
	fprintf(stderr, "%s: reloaded %s: %d events, %d defined and %d removed in one change\n",
		kpt_prog, m->path, n, nmade, nold);
	return 0;
}

void kpt_msvc_stop(struct kpt_msvc *m)
{
	for (int i = 0; i < m->n; i++) {
		ent_free(m->v[i]);
		m->v[i] = NULL;
	}
	m->n = 0;
}
