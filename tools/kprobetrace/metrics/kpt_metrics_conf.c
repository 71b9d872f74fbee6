// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the metrics configuration file (kpt_metrics_conf.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_metrics_conf.h"
#include "kpt_metrics_prom.h"

static int bad(char *err, size_t sz, const char *path, int line,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int bad(char *err, size_t sz, const char *path, int line,
	       const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(err, sz, "%s:%d: ", path, line);

	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < sz)
		vsnprintf(err + n, sz - n, fmt, ap);
	va_end(ap);
	return -1;
}

static bool good_name(const char *s)
{
	if (!*s || isdigit((unsigned char)*s) || strlen(s) > 32)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

/* Names, globs, !exclusions and commas: nothing a definition would split. */
static bool good_funcs(const char *s)
{
	if (!*s || strlen(s) >= 1024 || *s == ',' || s[strlen(s) - 1] == ',')
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr("_.*?[]!,-", *s))
			return false;
	return !strstr(s, ",,");
}

/* One option word of a line into e: 0 or -1 (err set). */
static int option(struct kpt_mc_ent *e, const char *w, const char *path,
		  int line, char *err, size_t sz)
{
	char *end;

	if (!strcmp(w, "durations")) {
		e->what |= KPT_MX_DUR;
	} else if (!strcmp(w, "errors")) {
		e->what |= KPT_MX_ERR;
	} else if (!strncmp(w, "pid=", 4)) {
		errno = 0;
		e->pid = strtol(w + 4, &end, 10);
		if (errno || *end || e->pid <= 0 || end == w + 4)
			return bad(err, sz, path, line,
				   "'%s': pid= takes a process id > 0", w);
	} else if (!strncmp(w, "comm=", 5)) {
		if (!w[5] || strlen(w + 5) > 15)
			return bad(err, sz, path, line,
				   "'%s': comm= takes a task name of 1 to 15 characters",
				   w);
		snprintf(e->comm, sizeof(e->comm), "%s", w + 5);
	} else if (!strncmp(w, "ret=", 4)) {
		if (!strchr("su", w[4]) || (strcmp(w + 5, "8") &&
		    strcmp(w + 5, "16") && strcmp(w + 5, "32") &&
		    strcmp(w + 5, "64")))
			return bad(err, sz, path, line,
				   "'%s': ret= takes s8..s64 or u8..u64", w);
		snprintf(e->ret, sizeof(e->ret), "%s", w + 4);
	} else {
		return bad(err, sz, path, line,
			   "unknown word '%s' (durations, errors, pid=PID, comm=COMM, ret=TYPE)",
			   w);
	}
	return 0;
}

static int parse_line(char *l, struct kpt_mc *c, const char *path, int line,
		      char *err, size_t sz)
{
	char *save, *w[8];
	int n = 0;
	struct kpt_mc_ent *e;

	for (char *t = strtok_r(l, " \t\r", &save); t;
	     t = strtok_r(NULL, " \t\r", &save)) {
		if (n == 8)
			return bad(err, sz, path, line, "too many words");
		w[n++] = t;
	}
	if (!n)
		return 0;
	if (!good_name(w[0]))
		return bad(err, sz, path, line,
			   "'%s': a name is letters, digits and _, not starting with a digit, at most 32",
			   w[0]);
	if (n < 2 || !good_funcs(w[1]))
		return bad(err, sz, path, line,
			   "%s: give the functions: NAME, GLOB or !EXCLUSION joined by commas",
			   w[0]);
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->v[i].name, w[0]))
			return bad(err, sz, path, line,
				   "'%s' is already defined on line %d", w[0],
				   c->v[i].line);
	if (c->n == KPT_MC_MAX)
		return bad(err, sz, path, line, "more than %d events",
			   KPT_MC_MAX);
	e = &c->v[c->n];
	memset(e, 0, sizeof(*e));
	snprintf(e->name, sizeof(e->name), "%s", w[0]);
	snprintf(e->funcs, sizeof(e->funcs), "%s", w[1]);
	e->line = line;
	for (int i = 2; i < n; i++)
		if (option(e, w[i], path, line, err, sz))
			return -1;
	if (!e->what)
		e->what = KPT_MX_DUR | KPT_MX_ERR;
	c->n++;
	return 0;
}

int kpt_mc_parse(const char *text, const char *path, struct kpt_mc *c,
		 char *err, size_t errsz)
{
	char *copy = strdup(text), *l = copy, *nl;
	int line = 0, r = 0;

	c->n = 0;
	if (!copy)
		return bad(err, errsz, path, 0, "out of memory");
	for (; l && !r; l = nl) {
		char *hash;

		nl = strchr(l, '\n');
		if (nl)
			*nl++ = '\0';
		line++;
		hash = strchr(l, '#');
		if (hash)
			*hash = '\0';
		r = parse_line(l, c, path, line, err, errsz);
	}
	free(copy);
	if (r)
		c->n = 0;
	return r;
}

int kpt_mc_load(const char *path, struct kpt_mc *c, char *err, size_t errsz)
{
	char *text = kpt_read_file(path, NULL);
	int r;

	if (!text) {
		snprintf(err, errsz, "%s: %s", path, strerror(errno));
		return -1;
	}
	r = kpt_mc_parse(text, path, c, err, errsz);
	free(text);
	return r;
}

bool kpt_mc_same(const struct kpt_mc_ent *a, const struct kpt_mc_ent *b)
{
	return !strcmp(a->name, b->name) && !strcmp(a->funcs, b->funcs) &&
	       a->what == b->what && a->pid == b->pid &&
	       !strcmp(a->comm, b->comm) && !strcmp(a->ret, b->ret);
}
