/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BTF names in definitions, inside (kpt_btf_args.h is the outside): what
 * one definition resolves against, and the steps the three files of the
 * room share.  Included by them only.
 *
 *   kpt_btf_name.c  a definition's names against one function: its BTF
 *                   (vmlinux's or its module's), a name into ops and a
 *                   type, $retval's type, %pd/%pD, $arg* expanded
 *   kpt_btf_set.c   an f: set: every member's function found, and each
 *                   name compiled alike in every member (else refused)
 *   kpt_btf_args.c  kpt_btf_prepare(): which arguments need BTF, in order
 *
 * kpt_btf_args.c calls the other two; kpt_btf_set.c calls kpt_btf_name.c;
 * kpt_btf_name.c calls neither.
 */
#ifndef KPT_BTF_CTX_H
#define KPT_BTF_CTX_H

#include "kpt_btf_reader.h"
#include "kpt_err.h"
#include "kpt_probe_def.h"

struct kpt_fset_pre;

/* What one definition resolves against. */
struct kpt_btf_ctx {
	struct kpt_probe_def *def;
	const char *line;
	size_t len;
	struct kpt_err *e;
	bool tried;		/* looked for the function already */
	int err;		/* and failed: this error (kpt_error's) */
	const struct kpt_btf *b;
	struct kpt_btf mod;	/* a module's split blob */
	void *mod_data;
	struct kpt_btf_fn fn;
	/*
	 * An f: set: its members (sorted addresses) and their functions
	 * (func_id 0: no BTF); fn is fns[ref]'s while the args compile
	 * against it, then every other member's must compile alike.
	 */
	struct kpt_fset_pre *pre;	/* the members, for the probe too */
	bool own_pre;
	unsigned long *ips;		/* pre's */
	struct kpt_btf_fn *fns;
	unsigned int n, ref;
	struct kpt_err set_err;	/* the set's BTF failed: this error */
	struct kpt_probe_arg *saved;	/* args as written, before resolving */
	u8 *kind;		/* KPT_BTF_K_* of each arg */
	bool star;		/* $arg* was expanded */
	/*
	 * t: the function whose parameters are the tracepoint's:
	 * __traceiter_NAME(void *data, ARGS...), on 6.1 as on 6.12; its
	 * first parameter is hidden (fn.first), as the tracepoint's
	 * callback passes the arguments on where a function's are
	 * (kpt_tprobe.h)
	 */
	char tpfn[KPT_SYM_MAX + 16];
};

enum { KPT_BTF_K_NONE, KPT_BTF_K_NAME, KPT_BTF_K_RETVAL };

/* kpt_btf_name.c */
int kpt_btf_load(struct kpt_btf_ctx *c, const char *mod, size_t pos);
int kpt_btf_find_fn(struct kpt_btf_ctx *c, size_t pos);
size_t kpt_btf_body_pos(const struct kpt_btf_ctx *c,
			const struct kpt_probe_arg *arg);
size_t kpt_btf_text_pos(const struct kpt_btf_ctx *c,
			const struct kpt_probe_arg *arg, const char *t);
int kpt_btf_resolve_arg(struct kpt_btf_ctx *c, struct kpt_probe_arg *arg);
int kpt_btf_type_retval(struct kpt_btf_ctx *c, struct kpt_probe_arg *arg);
int kpt_btf_dentry(struct kpt_btf_ctx *c, struct kpt_probe_arg *arg);
bool kpt_is_var_args(const struct kpt_probe_def *def,
		     const struct kpt_probe_arg *arg);
int kpt_btf_expand(struct kpt_btf_ctx *c, unsigned int i);

/* kpt_btf_set.c */
int kpt_btf_set_begin(struct kpt_btf_ctx *c, size_t pos);
int kpt_btf_set_check(struct kpt_btf_ctx *c);

#endif /* KPT_BTF_CTX_H */
