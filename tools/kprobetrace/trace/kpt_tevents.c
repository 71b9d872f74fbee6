// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): load our events' definitions, ids and record layouts.
 * Two layouts: today's (__probe_ip or __probe_func and __probe_ret_ip, then
 * one field per argument named as it, arg1.. when unnamed, of the type's
 * size) and the seed's (ip or func and ret_ip, nargs, arg0..argN-1 as
 * unsigned longs, plus aliases).  Every offset and size, the common fields
 * too, is read from the format files, never assumed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_tevents.h"

struct kpt_tevent kpt_tev[KPT_TEV_MAX];
int kpt_ntev;

/* The common fields of this kernel's events, from a format file. */
static void load_common(const char *fmt)
{
	char p[512], *text = NULL;

	if (!fmt) {
		kpt_path(p, sizeof(p), kpt_tracefs(),
			 "events/ftrace/print/format");
		fmt = text = kpt_read_file(p, NULL);
	}
	if (!fmt || kpt_common_parse(fmt, &kpt_common))
		kpt_common.type.offset = -1;
	free(text);
}

void kpt_tev_free(void)
{
	for (int i = 0; i < kpt_ntev; i++) {
		free(kpt_tev[i].def);
		free(kpt_tev[i].args);
	}
	kpt_ntev = 0;
}

static bool wanted(char **want, int nwant, const char *group,
		   const char *name)
{
	if (!nwant)
		return true;
	for (int i = 0; i < nwant; i++)
		if (kpt_event_matches(want[i], group, name))
			return true;
	return false;
}

/* (Re)read the definitions, ids and formats of our events. */
int kpt_tev_load(char **want, int nwant)
{
	char p[512], *text, *line, *save;

	kpt_tev_free();
	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
	text = kpt_read_file(p, NULL);
	if (!text) {
		kpt_err("%s: %s", p, strerror(errno));
		return -1;
	}
	for (line = strtok_r(text, "\n", &save); line && kpt_ntev < KPT_TEV_MAX;
	     line = strtok_r(NULL, "\n", &save)) {
		struct kpt_tevent *e = &kpt_tev[kpt_ntev];
		struct kpt_parse_error pe;
		char *id, *fmt;

		memset(e, 0, sizeof(*e));
		e->def = malloc(sizeof(*e->def));
		if (!e->def)
			break;
		if (kpt_parse_probe(line, strlen(line), e->def, &pe) ||
		    e->def->kind == KPT_PROBE_NONE ||
		    e->def->kind == KPT_PROBE_DELETE) {
			free(e->def);
			continue;
		}
		snprintf(e->group, sizeof(e->group), "%s", e->def->group);
		snprintf(e->name, sizeof(e->name), "%s", e->def->event);
		e->is_return = e->def->kind == KPT_PROBE_RETURN;
		e->wanted = wanted(want, nwant, e->group, e->name);
		kpt_path(p, sizeof(p), kpt_tracefs(), "events/%s/%s/id",
			 e->group, e->name);
		id = kpt_read_file(p, NULL);
		kpt_path(p, sizeof(p), kpt_tracefs(), "events/%s/%s/format",
			 e->group, e->name);
		fmt = kpt_read_file(p, NULL);
		e->args = calloc(e->def->nargs + 1, sizeof(*e->args));
		if (!id || !fmt || !e->args) {
			free(id);
			free(fmt);
			free(e->def);
			free(e->args);
			continue;
		}
		e->id = atoi(id);
		if (!kpt_ntev)
			load_common(fmt);
		e->ip = kpt_fmt_field(fmt, "__probe_ip");
		e->func = kpt_fmt_field(fmt, "__probe_func");
		e->ret_ip = kpt_fmt_field(fmt, "__probe_ret_ip");
		e->today = e->ip.offset >= 0 || e->func.offset >= 0;
		if (!e->today) {
			e->ip = kpt_fmt_field(fmt, "ip");
			e->func = kpt_fmt_field(fmt, "func");
			e->ret_ip = kpt_fmt_field(fmt, "ret_ip");
			e->nargs = kpt_fmt_field(fmt, "nargs");
		} else {
			e->nargs = (struct kpt_field){ -1, 0, false };
		}
		for (int i = 0; i < e->def->nargs; i++) {
			char an[16];

			snprintf(an, sizeof(an), "arg%d", e->today ? i + 1 : i);
			if (e->today && e->def->args[i].name[0])
				e->args[i] = kpt_fmt_field(fmt,
							e->def->args[i].name);
			else
				e->args[i] = (struct kpt_field){ -1, 0, false };
			if (e->args[i].offset < 0)
				e->args[i] = kpt_fmt_field(fmt, an);
		}
		free(id);
		free(fmt);
		kpt_ntev++;
	}
	free(text);
	if (!kpt_ntev)
		load_common(NULL);
	for (int i = 0; i < kpt_ntev; i++)
		for (int j = 0; j < kpt_ntev; j++)
			if (i != j && kpt_tev[i].id == kpt_tev[j].id)
				kpt_tev[i].multi = true;
	return 0;
}

struct kpt_tevent *kpt_tev_by_id(int type)
{
	for (int i = 0; i < kpt_ntev; i++)
		if (kpt_tev[i].id == type)
			return &kpt_tev[i];
	return NULL;
}
