// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add at a source line (FUNC:REL, FILE:LINE, FUNC@FILE[:REL]):
 * the sites DWARF gives for the line, the variables resolved at each
 * site's own address, one definition per site on one event, every
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

/*
 * A probe at a source line (DWARF): one definition per site of the line,
 * each with the arguments resolved at its own address, all on one event
 * when the module appends probes to an event, else on EVENT, EVENT_1, ...
 * The sites are written in order; when the module refuses one, those
 * already written are deleted again (nothing half-applied).
 */
int add_line_point(const char *point, const struct kpt_dwarf_src *src,
			  bool no_inlines, const char *event, char **argv,
			  int nargs, bool dry)
{
	static char err[KPT_ERRMSG_MAX];
	static struct kpt_dwarf_site sites[KPT_DWARF_MAX_SITES];
	static char lines[KPT_DWARF_MAX_SITES][KPT_LINE_MAX + 1];
	struct kpt_dwarf_spec spec;
	static char evs[KPT_DWARF_MAX_SITES][140];
	struct kpt_dwarf *d = NULL;
	char ev[140], *c;
	bool append;
	int r, n = 0, done = 0;

	r = kpt_dwarf_open_spec(src, point, false, no_inlines, &spec, &d, err,
				sizeof(err));
	if (!r)
		r = kpt_dwarf_sites(d, &spec, sites, KPT_DWARF_MAX_SITES, &n,
				    err, sizeof(err));
	if (r) {
		kpt_err("%s", err);
		goto out;
	}
	if (event[0]) {
		snprintf(ev, sizeof(ev), "%s", event);
	} else {
		/* FUNC_LLINE, FUNC the one whose line it is */
		snprintf(ev, sizeof(ev), "%.50s_L%d", spec.func[0] ? spec.func :
			 sites[0].func, sites[0].line);
		for (c = ev; *c; c++)
			if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			      (*c >= '0' && *c <= '9') || *c == '_'))
				*c = '_';
	}
	append = add_module_appends();
	for (int i = 0; i < n; i++) {
		const char *mod = kpt_dwarf_module(d);
		size_t len;

		if (append || !i)
			snprintf(evs[i], sizeof(evs[i]), "%s", ev);
		else
			snprintf(evs[i], sizeof(evs[i]), "%.120s_%u", ev,
				 (unsigned int)i % 100u);
		len = (size_t)snprintf(lines[i], sizeof(lines[i]),
					      "p:%s %s%s%s+0x%llx", evs[i], mod,
					      mod[0] ? ":" : "", sites[i].sym,
					      (unsigned long long)sites[i].off);

		for (int k = 0; k < nargs && len < sizeof(lines[i]); k++) {
			char buf[KPT_FETCH_MAX * 2], *name, *expr, *type;
			struct kpt_btf_arg a[8];
			int na;

			snprintf(buf, sizeof(buf), "%s", argv[k]);
			add_split_arg(buf, &name, &expr, &type);
			if (!kpt_btf_is_symbolic(expr) || add_seed_token(expr) ||
			    !strncmp(expr, "$", 1)) {
				len += snprintf(lines[i] + len,
						sizeof(lines[i]) - len, " %s",
						argv[k]);
				continue;
			}
			/* a struct split over registers: a field per member */
			r = kpt_dwarf_resolve_all(d, &sites[i], expr, a, 8, &na,
						  err, sizeof(err));
			if (r) {
				kpt_err("%s", err);
				goto out;
			}
			if (err[0])
				kpt_note("%s", err);
			for (int j = 0; j < na; j++) {
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
				len += snprintf(lines[i] + len,
						sizeof(lines[i]) - len,
						" %s=%.300s:%.32s", fname,
						type && !strstr(type, "string") ?
						a[j].value : a[j].fetch,
						type ? type : a[j].type);
			}
		}
		if (len >= sizeof(lines[i])) {
			kpt_err("definition too long");
			r = KPT_EXIT_USAGE;
			goto out;
		}
		r = add_check_line(lines[i]);
		if (r)
			goto out;
	}
	if (n > 1 || sites[0].inlined)
		for (int i = 0; i < n; i++)
			kpt_note("%s: %s:%d in %s%s%s at %s+0x%llx", evs[i],
				 sites[i].file, sites[i].line, sites[i].func,
				 sites[i].inlined ? " inline in " : "",
				 sites[i].inlined ? sites[i].caller : "",
				 sites[i].sym,
				 (unsigned long long)sites[i].off);
	if (!dry) {
		r = kpt_check_module();
		if (r)
			goto out;
		for (int i = 0; i < n; i++)
			if (kpt_dwarf_check_live(d, &sites[i], err,
						 sizeof(err)) < 0) {
				kpt_err("%s", err);
				r = KPT_EXIT_NOFUNC;
				goto out;
			}
	}
	for (int i = 0; i < n; i++) {
		printf("%s\n", lines[i]);
		if (dry)
			continue;
		r = add_write_line(lines[i]);
		if (r) {
			r = add_refused(r);
			break;
		}
		done++;
	}
	for (int i = 0; r && i < done; i++) {
		char del[200];

		if (i && append)
			break;
		snprintf(del, sizeof(del), "-:%.140s\n", evs[i]);
		kpt_write_events(del, false);
	}
out:
	kpt_dwarf_close(d);
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
		   const struct kpt_dwarf_src *src, const char *event,
		   char **argv, int nargs, bool dry)
{
	static char err[KPT_ERRMSG_MAX];
	struct kpt_dwarf_src s = *src;
	struct kpt_dwarf *d;
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
	return add_line_point(point, &s, false, event, argv, nargs, dry);
}
