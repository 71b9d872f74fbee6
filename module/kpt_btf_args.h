/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BTF names in definitions (kpt_btf_args.c): a parsed definition's names
 * (PARAM->m.m..., $retval->m, $arg*), its untyped $retval and its
 * %pd/%pD arguments turned into the plain fetch programs and types the
 * probes room compiles, at definition time.  The hit path never reads BTF.
 * The one place that refuses parameters in return probes (until a probe
 * can hand its exit the entry's values).
 *
 * On an f: set each name is resolved in every member and must compile to
 * the same ops and type in each (else refused, naming the members that
 * differ); a plain $argN at one function with BTF is checked against its
 * parameter count, as 6.12's tracer does.
 *
 * Offers: kpt_btf_prepare().  Touches the blobs of kpt_btf_mod.h, the
 * symbol lookup of kpt_resolve.h and the set matching of kpt_fprobe.h,
 * read only.
 */
#ifndef KPT_BTF_ARGS_H
#define KPT_BTF_ARGS_H

#include "kpt_err.h"
#include "kpt_probe_def.h"

/*
 * Rewrite def (a new probe, just parsed from line[0..len)) in place:
 * $arg* expanded into one arg per parameter, names resolved into ARG or
 * RETVAL and DEREF ops, types from BTF where none was written.  Returns
 * 0, or a negative errno with e filled (caret into the line).
 */
struct kpt_fset_pre;
/*
 * pre (or NULL): on an f: set whose names need its members, they are
 * matched into pre, for kpt_probe_create() to take (one match, not two).
 */
int kpt_btf_prepare(struct kpt_probe_def *def, const char *line, size_t len,
		    struct kpt_err *e, struct kpt_fset_pre *pre);

#endif /* KPT_BTF_ARGS_H */
