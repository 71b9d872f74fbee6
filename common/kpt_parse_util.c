// SPDX-License-Identifier: GPL-2.0
/*
 * Character and number helpers of the parser.  Written here rather than
 * taken from libc or the kernel because the same source builds in both.
 */
#include "kpt_parse_internal.h"

int kpt_fail(struct kpt_parser *p, int code, size_t pos)
{
	p->err->code = code;
	p->err->pos = pos;
	return kpt_parse_errno(code);
}

size_t kpt_find(const char *s, size_t from, size_t to, char c)
{
	while (from < to && s[from] != c)
		from++;
	return from;
}

bool kpt_word_eq(const char *s, size_t n, const char *word)
{
	return strlen(word) == n && !memcmp(s, word, n);
}

size_t kpt_ident_bad(const char *s, size_t n)
{
	size_t i;

	if (!n)
		return 0;
	if (!kpt_isalpha(s[0]) && s[0] != '_')
		return 0;
	for (i = 1; i < n; i++)
		if (!kpt_isident(s[i]))
			return i;
	return n;
}

static int kpt_digit_val(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 99;
}

static bool kpt_parse_base(const char *s, size_t n, unsigned int base,
			   u64 *out)
{
	u64 v = 0;
	size_t i;

	if (!n)
		return false;
	for (i = 0; i < n; i++) {
		unsigned int d = kpt_digit_val(s[i]);

		if (d >= base)
			return false;
		/* v * base + d must stay below 2^64 */
		if (v > (~(u64)0 - d) / base)
			return false;
		v = v * base + d;
	}
	*out = v;
	return true;
}

bool kpt_parse_u64(const char *s, size_t n, u64 *out)
{
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return kpt_parse_base(s + 2, n - 2, 16, out);
	if (n > 1 && s[0] == '0')
		return kpt_parse_base(s + 1, n - 1, 8, out);
	return kpt_parse_base(s, n, 10, out);
}

bool kpt_parse_dec(const char *s, size_t n, u64 *out)
{
	return kpt_parse_base(s, n, 10, out);
}

bool kpt_apply_sign(char sign, u64 mag, s64 *out)
{
	if (sign == '+') {
		if (mag > (u64)KPT_S64_MAX)
			return false;
		*out = (s64)mag;
		return true;
	}
	if (sign != '-' || mag > (u64)KPT_S64_MAX + 1)
		return false;
	/* -(2^63) is representable although 2^63 is not */
	*out = mag ? -(s64)(mag - 1) - 1 : 0;
	return true;
}

bool kpt_parse_signed(const char *s, size_t n, s64 *out)
{
	u64 mag;

	return n && kpt_parse_u64(s + 1, n - 1, &mag) &&
	       kpt_apply_sign(s[0], mag, out);
}

u16 kpt_pool_add(struct kpt_probe_def *def, const char *s, size_t n)
{
	u16 off = def->pool_used;

	if (n + 1 > (size_t)(KPT_POOL_SIZE - def->pool_used))
		return 0;
	memcpy(&def->pool[off], s, n);
	def->pool[off + n] = '\0';
	def->pool_used += n + 1;
	return off;
}
