// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a latency/errors session's reads (kpt_latsess.h): its
 * blocks of the latency file, the coverage of kprobe_profile, the
 * difference to the last read, the sum of a set.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_latsess.h"

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
