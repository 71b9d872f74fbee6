/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The load-time selftest (kpt_selftest.c), through the write transaction.
 *
 * Offers: kpt_selftest_run() (its target is kpt_resolve.h's).  Touches what the write
 * transaction does, arming, the hit counts.
 */
#ifndef KPT_SELFTEST_H
#define KPT_SELFTEST_H

int kpt_selftest_run(void);

#endif /* KPT_SELFTEST_H */
