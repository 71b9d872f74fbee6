// SPDX-License-Identifier: GPL-2.0
/*
 * Event probes: the attached event of an e: line (kpt_eprobe.h).
 */
#include <linux/err.h>
#include <linux/trace_events.h>
#include "kpt_eprobe.h"

int kpt_eprobe_check(const struct kpt_probe_def *def, struct kpt_err *e)
{
	struct trace_event_file *file;

	/* the top instance's file; a reference, dropped at once */
	file = trace_get_event_file(NULL, kpt_def_str(def, def->module),
				    kpt_def_str(def, def->symbol));
	if (IS_ERR(file))
		return kpt_error(e, KPT_ERR_EP_NO_EVENT, def->loc_pos);
	trace_put_event_file(file);
	return 0;
}
