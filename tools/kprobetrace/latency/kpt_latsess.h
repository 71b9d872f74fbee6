/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): a measuring session of latency and errors
 * (kpt_latsess.c): the return events the command defines over the
 * functions asked for ($retval and $duration), armed for aggregation
 * (the module's aggregate file; without it, enabled with a filter that
 * drops their records), read from the latency file, and removed again.
 */
#ifndef KPT_LATSESS_H
#define KPT_LATSESS_H

#include <stdbool.h>
#include <signal.h>
#include "kpt_lathist.h"

#define KPT_LS_GROUP	"kptlat"
#define KPT_LS_MAXFUNCS	256	/* one event per function (old modules) */

struct kpt_ls_ev {
	char event[80];
	char func[128];		/* as printed */
	char point[200];	/* as defined: [MOD:]FUNC */
	bool noret;		/* a void function: no $retval */
};

struct kpt_ls {
	/* asked for */
	char **pats;
	int npats;
	bool per_func;		/* a histogram per function */
	long pid;		/* 0: any */
	const char *comm;	/* NULL: any */
	const char *rettype;	/* $retval's type; NULL: the module's */
	const char *name;	/* the event's name; NULL: kptlat_PID */
	bool cumulative;	/* collect: the counters as they are */
	/* what was done */
	int nev;
	struct kpt_ls_ev *ev;
	bool f;			/* f: events (else r:) */
	char set[4096];		/* the one f: event's functions, or "" */
	bool agg;		/* armed through the aggregate file */
	bool armed;		/* armed there now */
	bool defined;		/* events to remove */
	bool members;		/* one event over several: member blocks */
	bool retval;		/* $retval fetched (not a void function) */
	struct kpt_lh_set prev;	/* the last read, to subtract */
	char base[64];		/* the event's name as defined */
};

extern volatile sig_atomic_t kpt_ls_stop_now;

/* SIGINT, SIGTERM, SIGHUP set kpt_ls_stop_now; SIGPIPE ignored. */
void kpt_ls_signals(void);
/* Root and module checks: KPT_EXIT_OK or the exit code (printed why). */
int kpt_ls_check(void);
/* Define and arm: KPT_EXIT_OK, or an exit code with nothing left behind. */
int kpt_ls_start(struct kpt_ls *s);
/*
 * Start v[0..n) and stop old[0..nold) as one change: every definition of
 * v in one write of kprobe_events (one transaction: all or none, an f:
 * set armed with one ftrace update), the arming of v and the disarming
 * of old in one write of the aggregate file (when it takes them all:
 * 4,096 bytes, some 50 events), then old's events removed in one write.
 * KPT_EXIT_OK, or an exit code with nothing of v left and old as it was.
 */
int kpt_ls_replace(struct kpt_ls **v, int n, struct kpt_ls **old, int nold);
/* Sleep up to secs (stops early on a signal); secs < 0: until one. */
void kpt_ls_wait(double secs);
/*
 * The histograms since the last collect (since the start the first
 * time), named by function: the file's counters minus the last read's,
 * so nobody's histograms are reset (with cumulative: the counters as
 * the file has them).  0 or -1.
 */
int kpt_ls_collect(struct kpt_ls *s, struct kpt_lh_set *set);
/* Collect from the latency file's text already read (text, profile). */
int kpt_ls_collect_text(struct kpt_ls *s, struct kpt_lh_set *set,
			const char *text, const char *prof);
/* Disarm and remove every definition (idempotent), free.  0 or -1. */
int kpt_ls_stop(struct kpt_ls *s);
/* A summed histogram of the whole set (members folded). */
void kpt_ls_total(const struct kpt_lh_set *set, bool members,
		  struct kpt_lh *out, const char *name);

#endif /* KPT_LATSESS_H */
