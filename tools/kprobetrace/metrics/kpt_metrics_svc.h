/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the metrics service's state (kpt_metrics_svc.c), what
 * `kprobetrace serve` and `kprobetrace metrics --textfile` share: the
 * configuration's events defined (a measuring session of
 * kpt_latsess.h each, group kptlat, event kptmPID_GEN_NAME: two
 * services, or one reloaded, never meet), read as
 * Prometheus text, changed on a reload, removed at the end.
 *
 * A scrape reads the module's latency and kprobe_profile files once for
 * every event.  When the module's files are gone (kprobetrace.ko
 * unloaded) it says kprobetrace_up 0 and forgets its events (nothing to
 * remove); when they are back, or an event of its own is gone, the next
 * scrape defines it again, its counters starting from 0 (a counter
 * reset, under the same labels).  Each event's start time (defined,
 * defined again, a reset of the aggregation seen as fewer calls than the
 * last scrape's) is a gauge, so that a reset is seen even when the
 * counters outgrew their old values between two scrapes.
 */
#ifndef KPT_METRICS_SVC_H
#define KPT_METRICS_SVC_H

#include <stdbool.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include "kpt_latsess.h"
#include "kpt_metrics_conf.h"

struct kpt_msvc_ent {
	struct kpt_mc_ent conf;
	struct kpt_ls ls;
	char funcs[1024];	/* conf.funcs cut at the commas: ls.pats */
	char *pats[256];
	char base[64];
	bool armed;
	double since;		/* Unix time its counters started from 0 */
	uint64_t seen;		/* its calls at the last scrape */
};

struct kpt_msvc {
	const char *path;	/* the configuration file */
	struct kpt_msvc_ent *v[KPT_MC_MAX];
	int n;
	unsigned int gen;	/* bumped by each start and reload */
	bool was_up;
};

/* The event's name: kptmPID_GEN_NAME. */
void kpt_msvc_name(char *buf, size_t size, unsigned int gen, const char *name);
/*
 * Load the file and define every event: 0, or -1 with nothing defined.
 * Events a killed service left (its pid gone) are removed first.
 */
int kpt_msvc_start(struct kpt_msvc *m, const char *path);
/*
 * Read the file again; define what is new or changed, remove what went,
 * keep what stayed (and its counters).  A bad file or a refused
 * definition changes nothing: 0 or -1 (printed why).
 */
int kpt_msvc_reload(struct kpt_msvc *m);
/* The metrics text, malloc'ed (*len bytes); NULL when out of memory. */
char *kpt_msvc_scrape(struct kpt_msvc *m, size_t *len);
/* The time now, as Unix seconds. */
double kpt_msvc_now(void);
/* Remove every event the service defined. */
void kpt_msvc_stop(struct kpt_msvc *m);

/* SIGHUP sets kpt_msvc_hup; SIGINT and SIGTERM kpt_msvc_end. */
extern volatile sig_atomic_t kpt_msvc_hup, kpt_msvc_end;
void kpt_msvc_signals(void);

/* ---- kpt_metrics_textfile.c ---- */
/*
 * Can the service write its file into dir?  0, or -1 (printed why);
 * tried with the temporary file it writes through.
 */
int kpt_mtext_check(const char *dir);
/*
 * text into DIR/kprobetrace.prom, atomically: a temporary file (a name
 * the node exporter's textfile collector skips), written, synced and
 * renamed over it.  0 or -1 (printed why).
 */
int kpt_mtext_write(const char *dir, const char *text, size_t len);
/*
 * DIR/kprobetrace.prom removed (the writer stops): the collector then
 * exports none of its series, which Prometheus marks stale.
 */
void kpt_mtext_remove(const char *dir);

#endif /* KPT_METRICS_SVC_H */
