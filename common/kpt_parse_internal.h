/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Internals shared by the parser's files (kpt_parse.c: the line,
 * kpt_parse_arg.c: one fetch argument, kpt_parse_util.c: characters and
 * numbers; kpt_format.c: the listing, kpt_def_util.c: the types' names and
 * what compares definitions).  Not for the parser's users.
 */
#ifndef KPT_PARSE_INTERNAL_H
#define KPT_PARSE_INTERNAL_H

#include "kpt_probe_def.h"

#define KPT_S64_MAX ((s64)(~(u64)0 >> 1))

/* Parser state for one line; lives on the caller's stack (small). */
struct kpt_parser {
	const char *s;			/* the line */
	size_t len;			/* up to a '#' comment */
	struct kpt_probe_def *def;
	struct kpt_parse_error *err;
	bool today;			/* saw syntax only today's kernel has */
	bool seed;			/* saw aN, sN, sa, rv or ra */
	bool var_args;			/* saw $arg* */
	bool duration;			/* saw $duration (at duration_pos) */
	u16 duration_pos;
	u8 named[KPT_MAX_ARGS / 8];	/* bit i: arg i had NAME= */
	u16 argpos[KPT_MAX_ARGS];	/* where arg i starts, for carets */
};

/* Records the error; returns its negative errno, for `return kpt_fail()`. */
int kpt_fail(struct kpt_parser *p, int code, size_t pos);

static inline bool kpt_isdigit(char c)
{
	return c >= '0' && c <= '9';
}

static inline bool kpt_isalpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline bool kpt_isident(char c)
{
	return kpt_isalpha(c) || kpt_isdigit(c) || c == '_';
}

static inline bool kpt_isspace(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\v' || c == '\f';
}

/* Index of the first c in s[from, to), or `to`. */
size_t kpt_find(const char *s, size_t from, size_t to, char c);
/* Does s[0, n) equal the NUL-terminated word? */
bool kpt_word_eq(const char *s, size_t n, const char *word);
/* Index of the first byte of s[0, n) that breaks C identifier rules, or n. */
size_t kpt_ident_bad(const char *s, size_t n);

/*
 * Unsigned number like kstrtoull(s, 0): 0x/0X hex, leading 0 octal, else
 * decimal; all n bytes must be digits.  False on empty, garbage, overflow.
 */
bool kpt_parse_u64(const char *s, size_t n, u64 *out);
/* The same with only decimal digits (sN, aN, bitfields, arrays). */
bool kpt_parse_dec(const char *s, size_t n, u64 *out);
/* sign ('+' or '-') times mag, if it fits in s64. */
bool kpt_apply_sign(char sign, u64 mag, s64 *out);
/* '+' or '-' then kpt_parse_u64, within the range of s64. */
bool kpt_parse_signed(const char *s, size_t n, s64 *out);

/* Copies s[0, n) into the pool; returns its offset or 0 when full. */
u16 kpt_pool_add(struct kpt_probe_def *def, const char *s, size_t n);

/* Appends a fetch op to arg's program (the caller checks the room). */
static inline struct kpt_fetch_op *kpt_add_op(struct kpt_probe_arg *arg,
					      u8 op, s64 val)
{
	struct kpt_fetch_op *o = &arg->ops[arg->nops++];

	o->op = op;
	o->val = val;
	return o;
}

/* e: lines (kpt_parse_eprobe.c): SYSTEM.EVENT, FILTER, an arg's value. */
int kpt_parse_eprobe_point(struct kpt_parser *p, size_t b, size_t e);
int kpt_parse_eprobe_filter(struct kpt_parser *p, size_t b);
int kpt_parse_eprobe_value(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e);

/* w: lines (kpt_parse_wprobe.c): the watched place, an arg's value. */
int kpt_parse_wprobe_point(struct kpt_parser *p, size_t *b, size_t *e);
int kpt_parse_wprobe_value(struct kpt_parser *p, struct kpt_probe_arg *arg,
			   size_t b, size_t e);

/* Parses the fetch argument s[start, end) into def->args[def->nargs]. */
int kpt_parse_tprobe_point(struct kpt_parser *p, size_t b, size_t e);

int kpt_parse_arg(struct kpt_parser *p, size_t start, size_t end);

/* Seed alias of an arg (kpt_probe_def.h); "" if none.  buf: 33 bytes. */
void kpt_seed_alias(const struct kpt_probe_def *def,
		    const struct kpt_probe_arg *arg,
		    char buf[KPT_ARG_NAME_MAX + 1]);

#endif /* KPT_PARSE_INTERNAL_H */
