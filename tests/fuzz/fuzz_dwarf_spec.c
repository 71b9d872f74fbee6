// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the text of kprobetrace(1)'s DWARF probe points
 * (tools/kprobetrace/dwarf/kpt_dwarf_spec.c): FUNC[:REL], FUNC@FILE[:REL],
 * FILE:LINE and, for `lines`, A-B ranges.
 *
 * Input: byte 0 bit 0 allows ranges, the rest is the point's text.
 * Asserted (abort on failure): no crash, no UB; the result is OK or
 * USAGE, a refusal has a reason; an accepted point has a function or a
 * file, a file alone has a line, a function never starts with a digit,
 * a range only where ranges are allowed and never reversed, REL only
 * after a function; and the point written back in its canonical form
 * parses to the same point (the parser keeps nothing it did not read).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_dwarf.h"

#define CHECK(c) do { if (!(c)) { fprintf(stderr, "CHECK failed: %s (line %d)\n", #c, __LINE__); abort(); } } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void canonical(const struct kpt_dwarf_spec *s, char *buf, size_t size)
{
	int n = 0;

	if (s->func[0])
		n = snprintf(buf, size, "%s%s%s", s->func, s->file[0] ? "@" : "",
			     s->file);
	else
		n = snprintf(buf, size, "%s", s->file);
	if (s->has_line && s->last != s->line)
		snprintf(buf + n, size - (size_t)n, ":%ld-%ld", s->line, s->last);
	else if (s->has_line)
		snprintf(buf + n, size - (size_t)n, ":%ld", s->line);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct kpt_dwarf_spec s, again;
	char text[1024], back[1200], err[256], err2[256];
	bool ranges;
	int r;

	if (size < 1 || size > sizeof(text))
		return 0;
	ranges = data[0] & 1;
	memcpy(text, data + 1, size - 1);
	text[size - 1] = '\0';
	memset(err, 'x', sizeof(err));
	(void)kpt_dwarf_is_line_point(text);
	r = kpt_dwarf_parse_spec(text, ranges, &s, err, sizeof(err));
	CHECK(r == KPT_EXIT_OK || r == KPT_EXIT_USAGE);
	if (r) {
		CHECK(memchr(err, '\0', sizeof(err)) && err[0]);
		return 0;
	}
	CHECK(memchr(s.func, '\0', sizeof(s.func)));
	CHECK(memchr(s.file, '\0', sizeof(s.file)));
	CHECK(s.func[0] || s.file[0]);
	CHECK(s.func[0] || s.has_line);
	CHECK(!(s.func[0] >= '0' && s.func[0] <= '9'));
	CHECK(!s.relative || (s.func[0] && s.has_line));
	if (s.has_line) {
		CHECK(s.line <= s.last);
		CHECK(ranges || s.line == s.last);
		CHECK(s.line >= 0);
	}
	canonical(&s, back, sizeof(back));
	r = kpt_dwarf_parse_spec(back, ranges, &again, err2, sizeof(err2));
	if (r) {
		fprintf(stderr, "'%s' -> '%s': %s\n", text, back, err2);
		CHECK(!r);
	}
	CHECK(!strcmp(s.func, again.func) && !strcmp(s.file, again.file));
	CHECK(s.has_line == again.has_line && s.relative == again.relative);
	CHECK(s.line == again.line && s.last == again.last);
	return 0;
}
