// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the probe-definition parser (common/), run with
 * ASan + UBSan.  Besides "no crash, no UB", it checks the properties the
 * module relies on:
 *  - a refusal has a valid code, a caret inside the line, and the errno
 *    the error table gives;
 *  - an accepted definition is well formed (programs, names, limits);
 *  - its listing parses back to the same definition, and lists the same;
 *  - listing into any smaller buffer is a NUL-terminated prefix.
 */
#include <stdio.h>
#include <stdlib.h>
#include "kpt_probe_def.h"

static struct kpt_probe_def def1, def2;
static char text1[KPT_LINE_MAX + 64], text2[KPT_LINE_MAX + 64];

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "fuzz_parse: %s:%d: %s\n", __FILE__, __LINE__, \
			#cond); \
		abort(); \
	} \
} while (0)

static bool is_ident(const char *s)
{
	size_t i;

	if (!((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') ||
	      s[0] == '_'))
		return false;
	for (i = 1; s[i]; i++)
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= 'A' && s[i] <= 'Z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
			return false;
	return true;
}

static void check_well_formed(const struct kpt_probe_def *d)
{
	unsigned int i, j;

	CHECK(d->kind <= KPT_PROBE_DELETE);
	if (d->kind == KPT_PROBE_NONE)
		return;
	/* -:GRP/ (the whole group) has no event name */
	CHECK((is_ident(d->event) && strlen(d->event) <= KPT_NAME_MAX) ||
	      (d->kind == KPT_PROBE_DELETE &&
	       (d->flags & KPT_DEF_WHOLE_GROUP) && !d->event[0]));
	CHECK(!(d->flags & KPT_DEF_WHOLE_GROUP) ||
	      (d->kind == KPT_PROBE_DELETE && !d->event[0] &&
	       d->loc == KPT_LOC_NONE && !d->nargs));
	CHECK(is_ident(d->group) && strlen(d->group) <= KPT_NAME_MAX);
	CHECK(d->nargs <= KPT_MAX_ARGS);
	CHECK(d->pool_used >= 1 && d->pool_used <= KPT_POOL_SIZE);
	CHECK(d->pool[0] == '\0');
	if (d->kind == KPT_PROBE_DELETE && d->loc == KPT_LOC_NONE) {
		CHECK(!d->nargs);
		return;
	}
	CHECK(d->loc == KPT_LOC_SYMBOL || d->loc == KPT_LOC_ADDR ||
	      d->loc == KPT_LOC_EVENT);
	CHECK((d->loc == KPT_LOC_EVENT) == !!(d->flags & KPT_DEF_EPROBE));
	if (d->loc == KPT_LOC_SYMBOL)
		CHECK(d->symbol && d->pool[d->symbol]);
	if (d->loc == KPT_LOC_EVENT)
		CHECK(is_ident(&d->pool[d->module]) &&
		      is_ident(&d->pool[d->symbol]));
	/* a filter only in an e: line, never empty, blanks single */
	CHECK(!d->filter || (d->kind == KPT_PROBE_ENTRY &&
			     d->loc == KPT_LOC_EVENT &&
			     d->pool[d->filter] && d->pool[d->filter] != ' ' &&
			     !strstr(&d->pool[d->filter], "  ")));
	if (d->kind == KPT_PROBE_RETURN && d->loc == KPT_LOC_SYMBOL)
		CHECK(d->offset == 0);
	CHECK(d->maxactive <= KPT_MAX_MAXACTIVE);
	for (i = 0; i < d->nargs; i++) {
		const struct kpt_probe_arg *a = &d->args[i];

		CHECK(a->nops >= 1 && a->nops <= KPT_MAX_OPS);
		CHECK((a->ops[0].op >= KPT_FOP_REG &&
		       a->ops[0].op <= KPT_FOP_DATA) ||
		      a->ops[0].op == KPT_FOP_BTF ||
		      (a->ops[0].op == KPT_FOP_EFIELD &&
		       (d->flags & KPT_DEF_EPROBE)) ||
		      (a->ops[0].op == KPT_FOP_WADDR &&
		       (d->flags & KPT_DEF_WPROBE)) ||
		      (a->ops[0].op == KPT_FOP_DURATION && a->nops == 1 &&
		       ((d->kind == KPT_PROBE_RETURN &&
			 d->syntax == KPT_SYNTAX_TODAY) ||
			d->kind == KPT_PROBE_DELETE)));
		/* names and %pd/%pD list as written */
		CHECK((a->ops[0].op == KPT_FOP_BTF ||
		       (a->aflags & (KPT_ARG_PD | KPT_ARG_PDD))) ==
		      (a->expr != 0));
		for (j = 1; j < a->nops; j++)
			CHECK(a->ops[j].op == KPT_FOP_DEREF ||
			      a->ops[j].op == KPT_FOP_UDEREF);
		CHECK(a->type < KPT_T_NR && a->array_len <= KPT_MAX_ARRAY);
		CHECK(!a->name[0] || is_ident(a->name));
		CHECK(d->syntax <= KPT_SYNTAX_EITHER);
		if (d->syntax == KPT_SYNTAX_TODAY) {
			CHECK(a->name[0]);
			for (j = 0; j < i; j++)
				CHECK(strcmp(a->name, d->args[j].name));
		}
		if (d->kind == KPT_PROBE_ENTRY)
			CHECK(a->ops[0].op != KPT_FOP_RETVAL &&
			      a->ops[0].op != KPT_FOP_RETADDR);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kpt_parse_error err;
	size_t n, n2, cut;
	int ret;

	ret = kpt_parse_probe((const char *)data, size, &def1, &err);
	if (ret) {
		CHECK(ret < 0);
		CHECK(err.code > KPT_ERR_NONE && err.code < KPT_ERR_NR);
		CHECK(err.pos <= size + 1);	/* + 1: a missing word */
		CHECK(ret == kpt_parse_errno(err.code));
		CHECK(kpt_parse_strerror(err.code)[0]);
		return 0;
	}
	CHECK(err.code == KPT_ERR_NONE);
	check_well_formed(&def1);
	n = kpt_format_probe(&def1, text1, sizeof(text1));
	if (def1.kind == KPT_PROBE_NONE) {
		CHECK(n == 0);
		return 0;
	}
	CHECK(n <= KPT_LINE_MAX && strlen(text1) == n);

	ret = kpt_parse_probe(text1, n, &def2, &err);
	if (ret) {
		fprintf(stderr, "listing refused: %s at %zu\n%s\n",
			kpt_parse_strerror(err.code), err.pos, text1);
		abort();
	}
	if (!kpt_probe_def_equal(&def1, &def2)) {
		fprintf(stderr, "listing parses differently:\n%s\n", text1);
		abort();
	}
	n2 = kpt_format_probe(&def2, text2, sizeof(text2));
	CHECK(n2 == n && !memcmp(text1, text2, n));

	/* the listing without our group parses back the same too */
	n2 = kpt_format_probe_opts(&def1, KPT_FMT_NO_DEFAULT_GROUP, text2,
				   sizeof(text2));
	CHECK(n2 <= n && !kpt_parse_probe(text2, n2, &def2, &err));
	CHECK(kpt_probe_def_equal(&def1, &def2));
	/* a definition has its own fields; a deletion selects itself */
	CHECK(kpt_probe_def_same_fields(&def1, &def2));
	if (def1.kind == KPT_PROBE_DELETE)
		CHECK(kpt_probe_def_delete_matches(&def1, &def2));

	/* what the module keeps: a compact copy, listed the same */
	{
		struct kpt_probe_def *c = malloc(kpt_probe_def_compact_size(&def1));

		CHECK(c);
		kpt_probe_def_compact(c, &def1);
		CHECK(kpt_probe_def_equal(&def1, c));
		n2 = kpt_format_probe(c, text2, sizeof(text2));
		CHECK(n2 == n && !memcmp(text1, text2, n));
		free(c);
	}

	/* truncation: a NUL-terminated prefix, same length reported */
	cut = size % (n + 1);
	memset(text2, 'Z', sizeof(text2));
	CHECK(kpt_format_probe(&def1, text2, cut + 1) == n);
	CHECK(strlen(text2) == cut && !memcmp(text1, text2, cut));
	return 0;
}
