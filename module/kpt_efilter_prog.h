/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The compiled e: filter (kpt_efilter.h), shared by its compiler
 * (kpt_efilter.c) and its runner (kpt_efilter_run.c): a postfix program
 * of predicates and AND, OR, NOT, its patterns after it in the same
 * allocation.  The runner keeps the pending results as bits of one u64:
 * the compiler refuses a program that would need more.
 *
 * Offers: struct kpt_efilter and its instruction.  Touches nothing.
 */
#ifndef KPT_EFILTER_PROG_H
#define KPT_EFILTER_PROG_H

#include <linux/types.h>

#define KPT_EF_MAX_DEPTH	64

enum kpt_ef_code {
	KPT_EF_AND, KPT_EF_OR, KPT_EF_NOT,
	KPT_EF_NUM,		/* a number field against val */
	KPT_EF_CPU,		/* the CPU against val */
	KPT_EF_STR,		/* a string against the pattern */
	KPT_EF_NEVER,		/* a number field of no comparable size */
};

/* comparisons (numbers, the CPU) */
enum kpt_ef_cmp { KPT_EF_EQ, KPT_EF_NE, KPT_EF_LT, KPT_EF_LE, KPT_EF_GT,
		  KPT_EF_GE, KPT_EF_BAND };
/* where a string is */
enum kpt_ef_where { KPT_EF_STATIC, KPT_EF_DLOC, KPT_EF_RLOC, KPT_EF_COMM };
/* how a string matches */
enum kpt_ef_match { KPT_EF_FULL, KPT_EF_FRONT, KPT_EF_MIDDLE, KPT_EF_END,
		    KPT_EF_GLOB };

struct kpt_ef_insn {
	u8 code;		/* enum kpt_ef_code */
	u8 cmp;			/* NUM, CPU: kpt_ef_cmp; STR: kpt_ef_match */
	u8 where;		/* STR: kpt_ef_where; NUM: is signed */
	bool not;		/* STR: the match inverted */
	u16 off, size;		/* the field in the record */
	u16 pat, plen;		/* STR: pattern at pool + pat, NUL-ended */
	u64 val;		/* NUM, CPU: at the field's size, extended */
};

struct kpt_efilter {
	u16 n;
	const char *pool;	/* after the instructions */
	struct kpt_ef_insn insn[];
};

#endif /* KPT_EFILTER_PROG_H */
