// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): one scrape of the metrics service (kpt_metrics_svc.h):
 * the module's files read once, events lost to an unload defined again,
 * every event's blocks rendered (kpt_metrics_prom.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_metrics_prom.h"
#include "kpt_metrics_svc.h"

/* Is the entry's event still in tracefs (not removed under us)? */
static bool event_there(const struct kpt_msvc_ent *e)
{
	char p[512];

	kpt_path(p, sizeof(p), kpt_tracefs(), "events/" KPT_LS_GROUP "/%s",
		 e->base);
	return access(p, F_OK) == 0;
}

/* The event is gone with the module (or removed): nothing to remove. */
static void forget(struct kpt_msvc_ent *e)
{
	if (!e->armed)
		return;
	kpt_err("event '%s' is gone (kprobetrace.ko unloaded, or it was removed)",
		e->conf.name);
	e->armed = false;
	e->ls.defined = e->ls.armed = false;
	free(e->ls.ev);
	e->ls.ev = NULL;
	e->ls.nev = 0;
}

/* Define an event again after its loss: counters from 0, same labels. */
static void rearm(struct kpt_msvc *m, struct kpt_msvc_ent *e)
{
	struct kpt_ls fresh = { 0 };

	fresh.pats = e->pats;
	fresh.npats = e->ls.npats;
	fresh.name = e->base;
	fresh.cumulative = true;
	fresh.pid = e->conf.pid;
	fresh.comm = e->conf.comm[0] ? e->conf.comm : NULL;
	fresh.rettype = e->conf.ret[0] ? e->conf.ret : NULL;
	e->ls = fresh;
	kpt_msvc_name(e->base, sizeof(e->base), ++m->gen, e->conf.name);
	if (kpt_ls_start(&e->ls) == KPT_EXIT_OK) {
		e->armed = true;
		e->since = kpt_msvc_now();
		e->seen = 0;
		fprintf(stderr, "%s: event '%s' defined again\n", kpt_prog,
			e->conf.name);
	}
}

/*
 * Its calls (the event's own blocks): fewer than the last scrape's, the
 * aggregation was reset: its counters start again from now.
 */
static void note_reset(struct kpt_msvc_ent *e, const struct kpt_lh_set *set)
{
	uint64_t calls = 0;

	for (int i = 0; i < set->n; i++)
		if (!strchr(set->v[i].label, ':'))
			calls += set->v[i].count + set->v[i].calls;
	if (calls < e->seen)
		e->since = kpt_msvc_now();
	e->seen = calls;
}

/* Each event's blocks from the files' text (up), or none (down). */
static int collect(struct kpt_msvc *m, struct kpt_lh_set *sets,
		   const char *text, const char *prof)
{
	for (int i = 0; i < m->n; i++) {
		struct kpt_msvc_ent *e = m->v[i];

		if (!text) {
			forget(e);
			continue;
		}
		if (e->armed && !event_there(e))
			forget(e);
		if (!e->armed)
			rearm(m, e);
		if (e->armed && kpt_ls_collect_text(&e->ls, &sets[i], text, prof))
			return -1;
		if (e->armed)
			note_reset(e, &sets[i]);
	}
	return 0;
}

char *kpt_msvc_scrape(struct kpt_msvc *m, size_t *len)
{
	struct kpt_lh_set sets[KPT_MC_MAX] = { 0 };
	struct kpt_mx_ev ev[KPT_MC_MAX];
	char p[512], *text, *prof, *out = NULL;
	FILE *f;
	int r;

	kpt_path(p, sizeof(p), kpt_dir(), "latency");
	text = kpt_read_file(p, NULL);
	if (!text && m->was_up)
		kpt_err("%s: cannot read: kprobetrace.ko unloaded?", p);
	m->was_up = text != NULL;
	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_profile");
	prof = text ? kpt_read_file(p, NULL) : NULL;
	r = collect(m, sets, text, prof);
	f = r ? NULL : open_memstream(&out, len);
	if (f) {
		for (int i = 0; i < m->n; i++)
			ev[i] = (struct kpt_mx_ev){ m->v[i]->conf.name,
				m->v[i]->conf.what, m->v[i]->armed,
				sets[i].v, sets[i].n, m->v[i]->since };
		kpt_mx_render(f, ev, m->n, text != NULL);
		if (fclose(f)) {
			free(out);
			out = NULL;
		}
	}
	for (int i = 0; i < m->n; i++)
		kpt_lh_free(&sets[i]);
	free(text);
	free(prof);
	return out;
}
