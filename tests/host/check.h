/* SPDX-License-Identifier: GPL-2.0 */
/*
 * CHECK(cond, fmt, ...) of the host unit tests: counts the check, and on
 * failure counts it and prints "FAIL file:line: " and the message.  Each
 * test prints its totals from checks and failures and exits non-zero on a
 * failure.
 */
#ifndef KPT_TEST_CHECK_H
#define KPT_TEST_CHECK_H

#include <stdio.h>

static int failures, checks;

#define CHECK(cond, ...) do {						\
	checks++;							\
	if (!(cond)) {							\
		failures++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

#endif /* KPT_TEST_CHECK_H */
