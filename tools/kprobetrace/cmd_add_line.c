// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add at a source line (FUNC:REL, FILE:LINE, FUNC@FILE[:REL]):
 * the sites DWARF gives for the line, the variables resolved at each
 * site's own address, one definition per site on one event (the seed's
 * lifecycle: refused for several, or one event each), every
 * address checked on the live text before anything is written.  Also the
 * refusal of FUNC%return on a function that is only inlined, and FUNC
 * with a debug file named that only its DWARF has (FUNC:0).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cmd_add_def.h"
#include "cmd_add_line.h"
#include "kpt_btf_fetch.h"
#include "kpt_cmd.h"
#include "kpt_dwarf.h"
#include "kpt_probe_def.h"

/* A line point being added: its sites, their definitions and events */
struct line_add {
	struct kpt_dwarf *d;
	struct kpt_dwarf_site sites[KPT_DWARF_MAX_SITES];
	char (*lines)[KPT_LINE_MAX + 1];	/* apart: snprintf()s from the rest */
	char evs[KPT_DWARF_MAX_SITES][140];
	char err[KPT_ERRMSG_MAX];
	char note[KPT_ERRMSG_MAX];	/* the last variable's note given */
	int n;
	bool append;		/* the module appends a probe to an event */
};

/* The event: -e's, else FUNC_LLINE, FUNC the one whose line it is. */
static void line_event(const struct kpt_dwarf_spec *spec,
		       const struct kpt_dwarf_site *s0, const char *event,
		       char *ev, size_t size)
{
	if (event[0]) {
		snprintf(ev, size, "%s", event);
		return;
	}
	snprintf(ev, size, "%.50s_L%d", spec->func[0] ? spec->func : s0->func,
		 s0->line);
	for (char *c = ev; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		      (*c >= '0' && *c <= '9') || *c == '_'))
			*c = '_';
}

/*
 * One argument at site i appended to its line: raw fetch arguments as
 * written, a variable resolved where DWARF says it is there (a struct
 * split over registers: a field per member).
 */
static int line_arg(struct line_add *la, int i, const char *arg,
		    size_t *len)
{
	char buf[KPT_FETCH_MAX * 2], *name, *expr, *type, *line = la->lines[i];
	size_t size = sizeof(*la->lines);
	struct kpt_btf_arg a[8];
	int na, r;

	snprintf(buf, sizeof(buf), "%s", arg);
	add_split_arg(buf, &name, &expr, &type);
	if (!kpt_btf_is_symbolic(expr) || add_seed_token(expr) ||
	    !strncmp(expr, "$", 1)) {
		*len += snprintf(line + *len, size - *len, " %s", arg);
		return 0;
	}
	la->err[0] = '\0';
	r = kpt_dwarf_resolve_all(la->d, &la->sites[i], expr, a, 8, &na,
				  la->err, sizeof(la->err));
	if (r) {
		kpt_err("%s", la->err);
		return r;
	}
	/* (once, not again for each copy) */
	if (la->err[0] && strcmp(la->err, la->note)) {
		kpt_note("%s", la->err);
		snprintf(la->note, sizeof(la->note), "%s", la->err);
	}
	for (int j = 0; j < na && *len < size; j++) {
		char fname[100], bn[sizeof(a[j].name)];
		size_t bl;

		/* NAME=: NAME, or NAME_MEMBER for each member */
		kpt_arg_field_name(expr, bn, sizeof(bn));
		bl = strlen(bn);
		if (name && na > 1 && !strncmp(a[j].name, bn, bl))
			snprintf(fname, sizeof(fname), "%.40s%s", name,
				 a[j].name + bl);
		else
			snprintf(fname, sizeof(fname), "%.64s",
				 name ? name : a[j].name);
		*len += snprintf(line + *len, size - *len, " %s=%.300s:%.32s",
				 fname, type && !strstr(type, "string") ?
				 a[j].value : a[j].fetch, type ? type : a[j].type);
	}
	return 0;
}

/* Site i's definition, on event ev (or ev_i, one event per copy). */
static int line_def(struct line_add *la, int i, const char *ev,
		    char **argv, int nargs)
{
	const char *mod = kpt_dwarf_module(la->d);
	size_t len;
	int r;

	if (la->append || !i)
		snprintf(la->evs[i], sizeof(la->evs[i]), "%s", ev);
	else
		snprintf(la->evs[i], sizeof(la->evs[i]), "%.120s_%u", ev,
			 (unsigned int)i % 100u);
	len = (size_t)snprintf(la->lines[i], sizeof(*la->lines),
			       "p:%s %s%s%s+0x%llx", la->evs[i], mod,
			       mod[0] ? ":" : "", la->sites[i].sym,
			       (unsigned long long)la->sites[i].off);
	for (int k = 0; k < nargs && len < sizeof(*la->lines); k++) {
		r = line_arg(la, i, argv[k], &len);
		if (r)
			return r;
	}
	if (len >= sizeof(*la->lines)) {
		kpt_err("definition too long");
		return KPT_EXIT_USAGE;
	}
	return add_check_line(la->lines[i]);
}

/*
 * The module's seed lifecycle (its README: "Create/replace"): a second
 * definition of an event replaces the first, so no one event holds
 * several copies.  Refused, saying both ways out, unless --per-copy asks
 * for one event per copy.
 */
static int line_seed_copies(const struct line_add *la, const char *point,
			    const char *ev, bool per_copy)
{
	if (la->append || la->n < 2 || per_copy)
		return 0;
	kpt_err("%s has %d copies (inlined), but the module's lifecycle is seed, where a second definition of an event replaces the first: no one event holds them. Load kprobetrace.ko with lifecycle=today for one event over every copy, or add --per-copy for one event per copy (%s, %.100s_1, ...)",
		point, la->n, ev, ev);
	for (int i = 0; i < la->n; i++)
		kpt_note("copy %d: %s+0x%llx (%s%s%s)", i, la->sites[i].sym,
			 (unsigned long long)la->sites[i].off,
			 la->sites[i].func,
			 la->sites[i].inlined ? " inline in " : "",
			 la->sites[i].inlined ? la->sites[i].caller : "");
	return KPT_EXIT_REFUSED;
}

/* Where each copy goes, when there is more than the function's own. */
static void line_notes(const struct line_add *la)
{
	const struct kpt_dwarf_site *s = la->sites;

	if (la->n < 2 && !s[0].inlined)
		return;
	for (int i = 0; i < la->n; i++)
		kpt_note("%s: %s:%d in %s%s%s at %s+0x%llx", la->evs[i],
			 s[i].file, s[i].line, s[i].func,
			 s[i].inlined ? " inline in " : "",
			 s[i].inlined ? s[i].caller : "", s[i].sym,
			 (unsigned long long)s[i].off);
}

/*
 * Every site checked on the live text, then written in order; when the
 * module refuses one, those already written are deleted again.
 */
static int line_write(struct line_add *la, bool dry)
{
	int r = 0, done = 0;

	if (!dry) {
		r = kpt_check_module();
		for (int i = 0; !r && i < la->n; i++)
			if (kpt_dwarf_check_live(la->d, &la->sites[i], la->err,
						 sizeof(la->err)) < 0) {
				kpt_err("%s", la->err);
				r = KPT_EXIT_NOFUNC;
			}
		if (r)
			return r;
	}
	for (int i = 0; i < la->n; i++) {
		printf("%s\n", la->lines[i]);
		if (dry)
			continue;
		r = add_write_line(la->lines[i]);
		if (r) {
			r = add_refused(r);
			break;
		}
		done++;
	}
	for (int i = 0; r && i < done; i++) {
		char del[200];

		if (i && la->append)
			break;
		snprintf(del, sizeof(del), "-:%.140s\n", la->evs[i]);
		kpt_write_events(del, false);
	}
	return r;
}

/*
 * A probe at a source line (DWARF): one definition per site of the line,
 * each with the arguments resolved at its own address, all on one event
 * when the module appends probes to an event; under the seed's lifecycle
 * refused for several sites unless per_copy (EVENT, EVENT_1, ...).
 */
int add_line_point(const char *point, const struct kpt_dwarf_src *src,
		   const struct add_line_opts *o, const char *event,
		   char **argv, int nargs)
{
	static char lines[KPT_DWARF_MAX_SITES][KPT_LINE_MAX + 1];
	static struct line_add la;
	struct kpt_dwarf_spec spec;
	char ev[140];
	int r;

	memset(&la, 0, sizeof(la));
	la.lines = lines;
	r = kpt_dwarf_open_spec(src, point, false, o->no_inlines, &spec,
				&la.d, la.err, sizeof(la.err));
	if (!r)
		r = kpt_dwarf_sites(la.d, &spec, la.sites, KPT_DWARF_MAX_SITES,
				    &la.n, la.err, sizeof(la.err));
	if (r) {
		kpt_err("%s", la.err);
		goto out;
	}
	line_event(&spec, &la.sites[0], event, ev, sizeof(ev));
	la.append = add_module_appends();
	r = line_seed_copies(&la, point, ev, o->per_copy);
	for (int i = 0; !r && i < la.n; i++)
		r = line_def(&la, i, ev, argv, nargs);
	if (r)
		goto out;
	line_notes(&la);
	r = line_write(&la, o->dry);
out:
	kpt_dwarf_close(la.d);
	return r;
}

/*
 * FUNC%return with DWARF at hand (--debuginfo, -m): a function inlined in
 * every caller has no return of its own to probe.
 */
int add_inlined_return(const char *func, const char *module, bool is_return,
		       const struct kpt_dwarf_src *src)
{
	static char err[KPT_ERRMSG_MAX];
	struct kpt_dwarf_src s = *src;
	struct kpt_dwarf *d;
	int out, in;

	if (!is_return || (!src->debuginfo && !(src->module && *src->module)))
		return 0;
	if (!s.module || !*s.module)
		s.module = module[0] ? module : NULL;
	if (kpt_dwarf_open_for(&s, func, &d, err, sizeof(err)))
		return 0;	/* BTF and kallsyms decide */
	if (!kpt_dwarf_func_copies(d, func, &out, &in) && !out && in) {
		kpt_err("%s%%return: %s is inlined in its callers (%d copies), it has no return of its own to probe; probe a line of it (%s:REL), which covers every copy",
			func, func, in, func);
		kpt_dwarf_close(d);
		return KPT_EXIT_NOFUNC;
	}
	kpt_dwarf_close(d);
	return 0;
}


int add_dwarf_func(const char *func, const char *module,
		   const struct kpt_dwarf_src *src,
		   const struct add_line_opts *o, const char *event,
		   char **argv, int nargs)
{
	static char err[KPT_ERRMSG_MAX];
	struct kpt_dwarf_src s = *src;
	struct kpt_dwarf *d;
	struct add_line_opts lo = *o;
	char point[300];
	int out, in;

	if (!src->debuginfo)
		return -1;
	if (!s.module || !*s.module)
		s.module = module[0] ? module : NULL;
	if (kpt_dwarf_open_for(&s, func, &d, err, sizeof(err)))
		return -1;
	out = kpt_dwarf_func_copies(d, func, &out, &in) ? 0 : out + in;
	kpt_dwarf_close(d);
	if (!out)
		return -1;
	snprintf(point, sizeof(point), "%.250s:0", func);
	kpt_note("%s is not in the BTF; the DWARF of %s has it: probing its entry (%s)",
		 func, src->debuginfo, point);
	lo.no_inlines = false;
	return add_line_point(point, &s, &lo, event, argv, nargs);
}
