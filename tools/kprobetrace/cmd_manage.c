// SPDX-License-Identifier: GPL-2.0
/* kprobetrace list, del, enable, disable, clear, profile. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_cmd.h"
#include "kpt_probe_def.h"

static const char list_usage[] =
"usage: kprobetrace list [-r]\n"
"\n"
"List the probes: event, kind, probe point, enabled, hits, arguments.\n"
"  -r, --raw    print kprobe_events as it is\n"
"exit: 0 ok, 7 module not loaded\n";
static const char del_usage[] =
"usage: kprobetrace del [GRP/]EVENT...\n"
"\n"
"Delete each event with its probes (writes -:[GRP/]EVENT; without GRP/,\n"
"the events of that name in every group).\n"
"exit: 0 ok, 6 refused (in use), 7 module not loaded, 8 no such event\n";
static const char enable_usage[] =
"usage: kprobetrace %s [GRP/]EVENT... | -a\n"
"\n"
"Arm or disarm events (events/kprobetrace/EVENT/enable). A new probe is\n"
"enabled at once; disable stops recording without deleting it.\n"
"  -a, --all    every event\n"
"exit: 0 ok, 1 write failed, 7 module not loaded, 8 no such event\n";
static const char clear_usage[] =
"usage: kprobetrace clear\n"
"\n"
"Delete every probe (truncates kprobe_events).\n"
"exit: 0 ok, 6 refused (an event is in use elsewhere), 7 module not loaded\n";
static const char profile_usage[] =
"usage: kprobetrace profile\n"
"\n"
"Hits and misses of every event (kprobe_profile).\n"
"exit: 0 ok, 7 module not loaded\n";

/* One listed probe. */
struct listed {
	char group[KPT_NAME_MAX + 1];
	char event[KPT_NAME_MAX + 1];
	char kind;
	char point[600];
	const char *args;	/* into the listing text */
};

/* Parse the listing into at most max entries; returns the count or -1. */
static int read_listing(char **textp, struct listed *out, int max)
{
	static struct kpt_probe_def def;
	char p[512], *text, *line, *save;
	int n = 0;

	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
	text = kpt_read_file(p, NULL);
	if (!text) {
		kpt_err("%s: %s", p, strerror(errno));
		return -1;
	}
	*textp = text;
	for (line = strtok_r(text, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save)) {
		struct kpt_parse_error e;
		struct listed *l = &out[n];
		char *sp;

		if (kpt_parse_probe(line, strlen(line), &def, &e) ||
		    def.kind == KPT_PROBE_NONE)
			continue;
		snprintf(l->group, sizeof(l->group), "%s", def.group);
		snprintf(l->event, sizeof(l->event), "%s", def.event);
		l->kind = def.flags & KPT_DEF_TPROBE ? 't' :
			  def.flags & KPT_DEF_EPROBE ? 'e' :
			  def.flags & KPT_DEF_WPROBE ? 'w' :
			  def.kind == KPT_PROBE_RETURN ? 'r' : 'p';
		sp = strchr(line, ' ');
		l->point[0] = '\0';
		l->args = "";
		if (sp) {
			char *sp2 = strchr(sp + 1, ' ');

			snprintf(l->point, sizeof(l->point), "%.*s",
				 sp2 ? (int)(sp2 - sp - 1) : (int)strlen(sp + 1),
				 sp + 1);
			l->args = sp2 ? sp2 + 1 : "";
		}
		n++;
	}
	return n;
}

#define MAX_LISTED 4096
static struct listed listed[MAX_LISTED];

/*
 * Hits and misses of the nth probe (0-based) of an event: kprobe_profile
 * has one line per probe, named by the event, in the listing's order.
 */
static const char *find_profile(const char *prof, const char *event,
				int nth, char *hits, char *miss)
{
	const char *s = prof;
	size_t el = strlen(event);

	strcpy(hits, "?");
	strcpy(miss, "?");
	while (s && *s) {
		while (*s == ' ')
			s++;
		if (!strncmp(s, event, el) && s[el] == ' ' && !nth--) {
			sscanf(s + el, "%31s %31s", hits, miss);
			return s;
		}
		s = strchr(s, '\n');
		if (s)
			s++;
	}
	return NULL;
}

static void enabled_of(const struct listed *l, char *buf, size_t size)
{
	char p[512], *t;

	kpt_path(p, sizeof(p), kpt_tracefs(), "events/%s/%s/enable", l->group,
		 l->event);
	t = kpt_read_file(p, NULL);
	snprintf(buf, size, "%s", !t ? "?" : t[0] == '1' ? "yes" :
		 t[0] == '0' ? "no" : "mixed");
	free(t);
}

int kpt_cmd_list(int argc, char **argv)
{
	static const char *const hdr[] = {
		"EVENT", "KIND", "PROBE POINT", "ENABLED", "HITS", "ARGS"
	};
	struct kpt_table *t;
	char p[512], *text = NULL, *prof;
	int n, r;

	if (kpt_wants_help(argc, argv)) {
		fputs(list_usage, stdout);
		return 0;
	}
	r = kpt_check_module();
	if (r)
		return r;
	if (argc > 1 && (!strcmp(argv[1], "-r") || !strcmp(argv[1], "--raw"))) {
		kpt_path(p, sizeof(p), kpt_dir(), "kprobe_events");
		text = kpt_read_file(p, NULL);
		if (!text)
			return KPT_EXIT_FAIL;
		fputs(text, stdout);
		free(text);
		return 0;
	}
	if (argc > 1) {
		fputs(list_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	n = read_listing(&text, listed, MAX_LISTED);
	if (n < 0)
		return KPT_EXIT_FAIL;
	if (!n) {
		fprintf(stderr, "no probes\n");
		free(text);
		return 0;
	}
	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_profile");
	prof = kpt_read_file(p, NULL);
	t = kpt_table_new(6, hdr);
	kpt_table_right(t, 4);
	for (int i = 0; i < n; i++) {
		char en[16], hits[32], miss[32], label[160];
		const char *row[6];

		enabled_of(&listed[i], en, sizeof(en));
		int nth = 0;

		for (int j = 0; j < i; j++)
			nth += !strcmp(listed[j].event, listed[i].event);
		find_profile(prof, listed[i].event, nth, hits, miss);
		kpt_event_label(listed[i].group, listed[i].event, label,
				sizeof(label));
		row[0] = label;
		row[1] = listed[i].kind == 't' ? "tracepoint" :
			 listed[i].kind == 'e' ? "event" :
			 listed[i].kind == 'w' ? "watch" :
			 listed[i].kind == 'r' ? "return" : "entry";
		row[2] = listed[i].point;
		row[3] = en;
		row[4] = hits;
		row[5] = listed[i].args;
		kpt_table_add(t, row);
	}
	kpt_table_print(t);
	free(prof);
	free(text);
	return 0;
}

static bool event_exists(const char *event)
{
	char *text = NULL;
	int n = read_listing(&text, listed, MAX_LISTED);
	bool found = false;

	for (int i = 0; i < n; i++)
		if (kpt_event_matches(event, listed[i].group, listed[i].event))
			found = true;
	free(text);
	return found;
}

int kpt_cmd_del(int argc, char **argv)
{
	int r, rc = 0;

	if (kpt_wants_help(argc, argv)) {
		fputs(del_usage, stdout);
		return 0;
	}
	if (argc < 2) {
		fputs(del_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	r = kpt_check_module();
	if (r)
		return r;
	for (int i = 1; i < argc; i++) {
		char line[128];

		if (!kpt_valid_event_name(argv[i]) || !event_exists(argv[i])) {
			kpt_err("no event '%s' (see kprobetrace list)", argv[i]);
			rc = rc ? rc : KPT_EXIT_NOEVENT;
			continue;
		}
		snprintf(line, sizeof(line), "-:%s\n", argv[i]);
		r = kpt_write_events(line, false);
		if (r) {
			kpt_err("cannot delete %s: %s%s", argv[i], strerror(-r),
				r == -EBUSY ? " (enabled in another trace instance, or used by perf or a trigger)" : "");
			kpt_print_last_error();
			rc = rc ? rc : KPT_EXIT_REFUSED;
		}
	}
	return rc;
}

static int set_enable(int argc, char **argv, const char *val)
{
	char *text = NULL;
	int r, rc = 0, n;

	if (kpt_wants_help(argc, argv)) {
		printf(enable_usage, argv[0]);
		return 0;
	}
	if (argc < 2) {
		fprintf(stderr, enable_usage, argv[0]);
		return KPT_EXIT_USAGE;
	}
	r = kpt_check_module();
	if (r)
		return r;
	n = read_listing(&text, listed, MAX_LISTED);
	if (n < 0)
		return KPT_EXIT_FAIL;
	for (int i = 1; i < argc; i++) {
		bool all = !strcmp(argv[i], "-a") || !strcmp(argv[i], "--all");
		bool found = false;

		for (int j = 0; j < n; j++) {
			char p[512];

			if (!all && !kpt_event_matches(argv[i], listed[j].group,
							listed[j].event))
				continue;
			found = true;
			kpt_path(p, sizeof(p), kpt_tracefs(),
				 "events/%s/%s/enable", listed[j].group,
				 listed[j].event);
			r = kpt_write_file(p, val);
			if (r) {
				kpt_err("%s: %s", p, strerror(-r));
				rc = rc ? rc : KPT_EXIT_FAIL;
			}
		}
		if (!found && !all) {
			kpt_err("no event '%s' (see kprobetrace list)", argv[i]);
			rc = rc ? rc : KPT_EXIT_NOEVENT;
		}
	}
	free(text);
	return rc;
}

int kpt_cmd_enable(int argc, char **argv)
{
	return set_enable(argc, argv, "1");
}

int kpt_cmd_disable(int argc, char **argv)
{
	return set_enable(argc, argv, "0");
}

int kpt_cmd_clear(int argc, char **argv)
{
	int r;

	if (kpt_wants_help(argc, argv)) {
		fputs(clear_usage, stdout);
		return 0;
	}
	if (argc > 1) {
		fputs(clear_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	r = kpt_check_module();
	if (r)
		return r;
	r = kpt_write_events("", true);
	if (r) {
		kpt_err("cannot clear the probes: %s", strerror(-r));
		kpt_print_last_error();
		return KPT_EXIT_REFUSED;
	}
	return 0;
}

int kpt_cmd_profile(int argc, char **argv)
{
	static const char *const hdr[] = { "EVENT", "HITS", "MISSES" };
	struct kpt_table *t;
	char p[512], *text, *line, *save;
	int r, rows = 0;

	if (kpt_wants_help(argc, argv)) {
		fputs(profile_usage, stdout);
		return 0;
	}
	if (argc > 1) {
		fputs(profile_usage, stderr);
		return KPT_EXIT_USAGE;
	}
	r = kpt_check_module();
	if (r)
		return r;
	kpt_path(p, sizeof(p), kpt_dir(), "kprobe_profile");
	text = kpt_read_file(p, NULL);
	if (!text) {
		kpt_err("%s: %s", p, strerror(errno));
		return KPT_EXIT_FAIL;
	}
	t = kpt_table_new(3, hdr);
	kpt_table_right(t, 1);
	kpt_table_right(t, 2);
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char ev[128], hits[32], miss[32];
		const char *row[3] = { ev, hits, miss };

		if (sscanf(line, "%127s %31s %31s", ev, hits, miss) != 3)
			continue;
		kpt_table_add(t, row);
		rows++;
	}
	if (!rows)
		fprintf(stderr, "no probes\n");
	kpt_table_print(t);
	free(text);
	return 0;
}
