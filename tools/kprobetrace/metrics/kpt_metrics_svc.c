// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the metrics service (kpt_metrics_svc.h).
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static void ent_free(struct kpt_msvc_ent *e)
{
	if (!e)
		return;
	kpt_ls_stop(&e->ls);
	free(e->ls.ev);
	free(e);
}

/* Define one entry's event and arm it: the entry, or NULL (printed why). */
static struct kpt_msvc_ent *ent_start(const struct kpt_mc_ent *c,
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
	if (kpt_ls_start(&e->ls) != KPT_EXIT_OK) {
		kpt_err("event '%s' (line %d: %s) not defined", c->name,
			c->line, c->funcs);
		ent_free(e);
		return NULL;
	}
	e->armed = true;
	return e;
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
	char err[512];

	memset(m, 0, sizeof(*m));
	m->path = path;
	if (!c || kpt_mc_load(path, c, err, sizeof(err))) {
		kpt_err("%s", c ? err : "out of memory");
		free(c);
		return -1;
	}
	remove_orphans();
	for (int i = 0; i < c->n; i++) {
		m->v[i] = ent_start(&c->v[i], m->gen);
		if (!m->v[i]) {
			free(c);
			kpt_msvc_stop(m);
			return -1;
		}
		m->n++;
	}
	free(c);
	m->was_up = true;
	return 0;
}

/* The entry of the running set that c leaves as it is, if any. */
static struct kpt_msvc_ent *kept(struct kpt_msvc *m, const struct kpt_mc_ent *c)
{
	for (int i = 0; i < m->n; i++)
		if (m->v[i] && kpt_mc_same(&m->v[i]->conf, c))
			return m->v[i];
	return NULL;
}

int kpt_msvc_reload(struct kpt_msvc *m)
{
	struct kpt_msvc_ent *nv[KPT_MC_MAX] = { 0 };
	struct kpt_mc *c = calloc(1, sizeof(*c));
	bool made[KPT_MC_MAX] = { 0 };
	char err[512];
	int n = 0;

	if (!c || kpt_mc_load(m->path, c, err, sizeof(err))) {
		kpt_err("reload: %s; the running events stay as they are",
			c ? err : "out of memory");
		free(c);
		return -1;
	}
	m->gen++;
	for (; n < c->n; n++) {
		nv[n] = kept(m, &c->v[n]);
		if (nv[n])
			nv[n]->conf.line = c->v[n].line;
		else if (!(nv[n] = ent_start(&c->v[n], m->gen)))
			break;
		else
			made[n] = true;
	}
	if (n < c->n) {		/* undo: drop only what this reload made */
		for (int i = 0; i < n; i++)
			if (made[i])
				ent_free(nv[i]);
		kpt_err("reload: the running events stay as they are");
		free(c);
		return -1;
	}
	for (int i = 0; i < m->n; i++) {
		bool stays = false;

		for (int j = 0; j < n; j++)
			stays |= nv[j] == m->v[i];
		if (!stays)
			ent_free(m->v[i]);
	}
	memcpy(m->v, nv, sizeof(nv));
	m->n = n;
	free(c);
	fprintf(stderr, "%s: reloaded %s: %d events\n", kpt_prog, m->path, n);
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
