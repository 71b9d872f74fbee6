/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The probed-modules notifier (kpt_modnotify.c): (un)registers the probes
 * of modules that come and go.
 *
 * Offers: init and exit.  Touches the probe list and probes'
 * registration under kpt_mutex, the error log.
 */
#ifndef KPT_MODNOTIFY_H
#define KPT_MODNOTIFY_H

int kpt_modnotify_init(void);
void kpt_modnotify_exit(void);

#endif /* KPT_MODNOTIFY_H */
