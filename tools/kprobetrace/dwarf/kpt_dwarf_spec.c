// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the text of a DWARF probe point, and the room's message
 * helper.  FUNC[:REL], FUNC@FILE[:REL] and FILE:LINE, with A-B ranges where
 * the command takes them (lines); REL counts from the function's
 * declaration line (FUNC:0 is that line).  Pure text: no debug info is
 * read here, so the parser is fuzzed on its own.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"

void kpt_dwarf_msg(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

static bool all_digits(const char *s, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* "N" or "N-M" */
static bool line_part(const char *s)
{
	const char *dash = strchr(s, '-');

	if (!dash)
		return all_digits(s, strlen(s));
	return all_digits(s, (size_t)(dash - s)) &&
	       all_digits(dash + 1, strlen(dash + 1));
}

bool kpt_dwarf_is_line_point(const char *text)
{
	const char *c = strrchr(text, ':');

	if (strchr(text, '@') && !strchr(text, '%'))
		return true;
	return c && line_part(c + 1);
}

int kpt_dwarf_parse_spec(const char *text, bool ranges,
			 struct kpt_dwarf_spec *s, char *err, size_t errlen)
{
	char buf[600], *colon, *at;

	memset(s, 0, sizeof(*s));
	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf)) {
		kpt_dwarf_msg(err, errlen, "'%.40s...': too long", text);
		return KPT_EXIT_USAGE;
	}
	colon = strrchr(buf, ':');
	if (colon) {
		char *end;

		if (!line_part(colon + 1)) {
			kpt_dwarf_msg(err, errlen, "'%s': LINE or A-B after ':' (FUNC:REL, FILE:LINE, FUNC@FILE:REL)",
				      text);
			return KPT_EXIT_USAGE;
		}
		s->has_line = true;
		s->line = strtol(colon + 1, &end, 10);
		s->last = *end == '-' ? strtol(end + 1, NULL, 10) : s->line;
		if (s->last != s->line && !ranges) {
			kpt_dwarf_msg(err, errlen, "'%s': one line, not a range, for a probe point",
				      text);
			return KPT_EXIT_USAGE;
		}
		if (s->last < s->line || s->line > 10000000 ||
		    s->last - s->line > 100000) {
			kpt_dwarf_msg(err, errlen, "'%s': bad line range", text);
			return KPT_EXIT_USAGE;
		}
		*colon = '\0';
	}
	at = strchr(buf, '@');
	if (at) {
		*at = '\0';
		snprintf(s->func, sizeof(s->func), "%.255s", buf);
		snprintf(s->file, sizeof(s->file), "%.255s", at + 1);
		s->relative = s->has_line;
		if (!s->func[0] || !s->file[0]) {
			kpt_dwarf_msg(err, errlen, "'%s': FUNC@FILE", text);
			return KPT_EXIT_USAGE;
		}
	} else if (strpbrk(buf, "./")) {
		snprintf(s->file, sizeof(s->file), "%.255s", buf);
		if (!s->has_line) {
			kpt_dwarf_msg(err, errlen, "'%s': FILE:LINE", text);
			return KPT_EXIT_USAGE;
		}
	} else {
		snprintf(s->func, sizeof(s->func), "%.255s", buf);
		s->relative = s->has_line;
	}
	if (strlen(s->func) >= sizeof(s->func) - 1 ||
	    strlen(s->file) >= sizeof(s->file) - 1) {
		kpt_dwarf_msg(err, errlen, "'%.40s...': a function or file name of %zu characters or more",
			      text, sizeof(s->func) - 1);
		return KPT_EXIT_USAGE;
	}
	if (s->func[0] && !strcspn(s->func, "0123456789")) {
		kpt_dwarf_msg(err, errlen, "'%s': a function's name first", text);
		return KPT_EXIT_USAGE;
	}
	if (!buf[0]) {
		kpt_dwarf_msg(err, errlen, "'%s': FUNC or FILE before ':'", text);
		return KPT_EXIT_USAGE;
	}
	return KPT_EXIT_OK;
}
