/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the metrics configuration file (kpt_metrics_conf.c),
 * by default /etc/kprobetrace/metrics.conf.  One event a line:
 *
 *   # comment; blank lines are skipped
 *   NAME FUNCTIONS [durations] [errors] [pid=PID] [comm=COMM] [ret=TYPE]
 *
 * NAME: the metrics' event label, letters, digits and _, not starting
 * with a digit, at most 32; FUNCTIONS: a function, or a set of names,
 * globs and !exclusions joined by commas (as an f: event takes them);
 * durations and/or errors: the families exported (both when neither is
 * given); pid=, comm=: only that process or task name is counted;
 * ret=: the functions' return type (s32, ...) where the module cannot
 * find it in BTF: a signed one gives the errno counts.
 */
#ifndef KPT_METRICS_CONF_H
#define KPT_METRICS_CONF_H

#include <stdbool.h>
#include <stddef.h>

#define KPT_MC_PATH	"/etc/kprobetrace/metrics.conf"
#define KPT_MC_MAX	64	/* events */

struct kpt_mc_ent {
	char name[33];
	char funcs[1024];
	unsigned int what;	/* KPT_MX_DUR | KPT_MX_ERR */
	long pid;		/* 0: any */
	char comm[16];		/* "": any */
	char ret[4];		/* $retval's type; "": the module's (BTF) */
	int line;
};

struct kpt_mc {
	struct kpt_mc_ent v[KPT_MC_MAX];
	int n;
};

/*
 * Parse the text of file path into c: 0, or -1 with "PATH:LINE: reason"
 * in err (and c left empty).
 */
int kpt_mc_parse(const char *text, const char *path, struct kpt_mc *c,
		 char *err, size_t errsz);
/* Read and parse path: 0 or -1 (err says why). */
int kpt_mc_load(const char *path, struct kpt_mc *c, char *err, size_t errsz);
/* The same event asked for the same way? */
bool kpt_mc_same(const struct kpt_mc_ent *a, const struct kpt_mc_ent *b);

#endif /* KPT_METRICS_CONF_H */
