/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every error of a probe definition, the parser's and the module's, and
 * the module's notes, in one table (kpt_errors_table.h), as the kernel's
 * C(CODE, "text"): an error has its errno and its text, a note (the line
 * was accepted; error_log says why something is checked differently) its
 * text.  The module's texts may be printf formats whose arguments are
 * the details (a symbol, an address): kpt_error() in module/kpt_err.h.
 * Codes below KPT_ERR_NR are the parser's (kpt_parse_probe()); the unit
 * test checks that each has a text and an errno and that the parser
 * produces it.
 */
#ifndef KPT_ERRORS_H
#define KPT_ERRORS_H

#define P(code, eno, text) KPT_ERR_##code,
#define M(code, eno, text)
#define N(code, text)
enum kpt_parse_err_code {
#include "kpt_errors_table.h"
	KPT_ERR_NR		/* the parser's codes end here */
};

#undef P
#undef M
#define P(code, eno, text)
#define M(code, eno, text) KPT_ERR_##code,
enum kpt_module_err_code {
	KPT_ERR_MODULE_FIRST = KPT_ERR_NR,
#include "kpt_errors_table.h"
	KPT_ERR_NOTE_FIRST	/* the notes follow */
};

#undef M
#undef N
#define M(code, eno, text)
#define N(code, text) KPT_ERR_##code,
enum kpt_note_code {
	KPT_ERR_NOTE_BASE = KPT_ERR_NOTE_FIRST - 1,
#include "kpt_errors_table.h"
	KPT_ERR_ALL
};

#undef P
#undef M
#undef N

/*
 * enum kpt_btf_err (common/kpt_btf_reader.h) in the table: KPT_ERR_BTF_FIRST +
 * code, for codes KPT_BTF_E_NO_BTF .. KPT_BTF_E_TOO_DEEP.
 */
#define KPT_ERR_BTF_FIRST	(KPT_ERR_BTF_NO_BTF - 1)

/* The text of any code, "Unknown error" if none. */
const char *kpt_err_text(int code);
/* The errno (negative) of an error code; 0 for notes and caller's errnos */
int kpt_err_errno(int code);

/*
 * A code of the parser's (below KPT_ERR_NR): its message ("" for
 * KPT_ERR_NONE, "Unknown error" if bad), its suggested errno, negative
 * (-EINVAL, -E2BIG, ...).
 */
const char *kpt_parse_strerror(int code);
int kpt_parse_errno(int code);

#endif /* KPT_ERRORS_H */
