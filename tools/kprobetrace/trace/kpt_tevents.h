/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): our events as trace sees them: each probe's definition
 * (from kprobe_events, parsed by the module's parser), its event's type id
 * (events/GRP/EVENT/id) and where its fields are in a record (format).
 */
#ifndef KPT_TEVENTS_H
#define KPT_TEVENTS_H

#include <stdbool.h>
#include <stdint.h>
#include "kpt_probe_def.h"
#include "kpt_ringbuf.h"

struct kpt_tevent {
	char group[KPT_NAME_MAX + 1];
	char name[KPT_NAME_MAX + 1];
	int id;			/* common_type of its records */
	bool is_return;
	bool wanted;		/* named on the command line (or none was) */
	bool today;		/* today's layout, else the seed's */
	bool multi;		/* one of several probes of the event */
	bool skip_known;	/* entry_skip found (or given up on) */
	uint64_t entry_skip;	/* SYM+0's probe address - SYM (4: endbr64) */
	struct kpt_probe_def *def;
	struct kpt_field ip, func, ret_ip, nargs;
	struct kpt_field *args;	/* def->nargs */
};

#define KPT_TEV_MAX 1024
extern struct kpt_tevent kpt_tev[KPT_TEV_MAX];
extern int kpt_ntev;

/*
 * (Re)load every probe; want[0..nwant) are [GRP/]EVENT names (none: all).
 * Also the common fields (kpt_common), from the first event's format (or
 * ftrace/print's when there is none).
 */
int kpt_tev_load(char **want, int nwant);
void kpt_tev_free(void);
/* The (first) probe whose event has this type id, or NULL. */
struct kpt_tevent *kpt_tev_by_id(int id);

#endif /* KPT_TEVENTS_H */
