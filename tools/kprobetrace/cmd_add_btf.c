// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace add: a function point's arguments named by BTF (see
 * cmd_add_func.h): the function's BTF found (vmlinux's or its module's),
 * each name resolved to a fetch argument and its type.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cmd_add_def.h"
#include "cmd_add_func.h"
#include "kpt_base.h"
#include "kpt_kernel.h"

/* The module of a function, from /proc/kallsyms ("" for vmlinux). */
static void find_module(const char *func, char *mod, size_t size)
{
	const struct kpt_sym *s;
	int n;

	mod[0] = '\0';
	if (kpt_ksyms_load())
		return;
	s = kpt_ksyms_find(func, &n);
	if (s && s->module)
		snprintf(mod, size, "%s", s->module);
}

/*
 * BTF of the function: KPT_BTF (a file), vmlinux, or the module's.  On
 * failure err says why (nothing printed).
 */
static struct btf *vm, *mb;	/* freed by add_free_btf() */

void add_free_btf(void)
{
	kpt_btf_free(mb);
	kpt_btf_free(vm);
	mb = vm = NULL;
}

int add_load_func(struct add_req *q, struct kpt_btf_func *f, char *err,
		     size_t errlen)
{
	const char *path = getenv("KPT_BTF");
	char mod[64], mpath[128];
	int r;

	vm = kpt_btf_load(path && *path ? path : "/sys/kernel/btf/vmlinux",
			  NULL);
	if (!vm) {
		snprintf(err, errlen, "cannot load the kernel's BTF (%s): %s",
			 path && *path ? path : "/sys/kernel/btf/vmlinux",
			 strerror(errno));
		return KPT_EXIT_NOFUNC;
	}
	if (!q->module[0]) {
		r = kpt_btf_find_func(vm, q->func, f, err, errlen);
		if (!r)
			return 0;
		find_module(q->func, mod, sizeof(mod));
		if (!mod[0])
			return r;
	} else {
		snprintf(mod, sizeof(mod), "%s", q->module);
	}
	snprintf(mpath, sizeof(mpath), "/sys/kernel/btf/%s", mod);
	if (access(mpath, R_OK)) {
		snprintf(err, errlen, "function '%s' is in module %s, which has no BTF (%s: %s)",
			 q->func, mod, mpath, strerror(errno));
		return KPT_EXIT_NOFUNC;
	}
	mb = kpt_btf_load(mpath, vm);
	if (!mb) {
		snprintf(err, errlen, "cannot load %s: %s", mpath,
			 strerror(errno));
		return KPT_EXIT_NOFUNC;
	}
	r = kpt_btf_find_func(mb, q->func, f, err, errlen);
	if (r)
		snprintf(err + strlen(err), errlen - strlen(err),
			 " (module %s)", mod);
	return r;
}

/* Is the function in /proc/kallsyms?  (true if that cannot be read) */
bool add_in_kallsyms(const struct add_req *q)
{
	char name[600];
	int n;

	if (kpt_ksyms_load())
		return true;
	snprintf(name, sizeof(name), "%s%s%s", q->module,
		 q->module[0] ? ":" : "", q->func);
	return kpt_ksyms_find(name, &n) != NULL;
}

/* A bitfield's fetch type (b<width>@<offset>/<container>)? */
static bool bitfield_type(const char *t)
{
	return t[0] == 'b' && strchr(t, '@');
}

/*
 * Does the module take BTF names in definitions?  Its README carries the
 * kernel's "<argname>[->field[->field|.field...]]" line when it does.
 * false when there is no README to read (no module: -n).
 */
bool add_module_takes_names(void)
{
	static char buf[65536];
	char p[512];
	size_t n;
	FILE *fp;

	snprintf(p, sizeof(p), "%s/README", kpt_dir());
	fp = fopen(p, "r");
	if (!fp)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return strstr(buf, "<argname>") != NULL;
}

/*
 * One argument: a raw fetch argument as it is, or a name resolved with
 * BTF, written as the names (names) or the offsets.
 */
int add_build_arg(const struct kpt_btf_func *f, bool have_btf, bool names,
		     const struct add_req *q, const char *text,
		     struct add_arg *a)
{
	static char err[KPT_ERRMSG_MAX];
	char buf[KPT_FETCH_MAX * 2], *name, *expr, *type;
	struct kpt_btf_arg r;
	const char *fetch, *ft;
	char wrapped[sizeof(r.value) + 8];
	int rc;

	memset(a, 0, sizeof(*a));
	if (snprintf(buf, sizeof(buf), "%s", text) >= (int)sizeof(buf)) {
		kpt_err("argument too long: %s", text);
		return KPT_EXIT_USAGE;
	}
	add_split_arg(buf, &name, &expr, &type);
	if (!kpt_btf_is_symbolic(expr) || (!have_btf && add_seed_token(expr))) {
		snprintf(a->text, sizeof(a->text), "%s", text);
		snprintf(a->otext, sizeof(a->otext), "%s", text);
		return 0;
	}
	if (!have_btf) {
		kpt_err("'%s': names need BTF", expr);
		return KPT_EXIT_NOFUNC;
	}
	if (q->offs && strncmp(expr, "$retval", 7) && !add_seed_token(expr)) {
		kpt_err("'%s': parameters are only known at the function's entry (FUNC+0), not at +%ld",
			expr, q->offs);
		return KPT_EXIT_USAGE;
	}
	rc = kpt_btf_resolve(f, expr, q->is_return, &r, err, sizeof(err));
	if (rc == KPT_EXIT_NONAME && add_seed_token(expr)) {
		/* not a parameter's name: the seed's fetch argument */
		snprintf(a->text, sizeof(a->text), "%s", text);
		snprintf(a->otext, sizeof(a->otext), "%s", text);
		return 0;
	}
	if (rc) {
		kpt_err("%s", err);
		return rc;
	}
	snprintf(a->ctype, sizeof(a->ctype), "%s", r.ctype);
	fetch = r.fetch;
	ft = r.type;
	if (type) {
		bool want_str = strstr(type, "string") != NULL;

		if (want_str && !strstr(r.type, "string")) {
			/* a pointer the user says is a string: read at it */
			snprintf(wrapped, sizeof(wrapped), "+0(%s)", r.value);
			fetch = wrapped;
		} else if (!want_str) {
			fetch = r.value;	/* the value itself */
		}
		ft = type;
	}
	snprintf(a->otext, sizeof(a->otext), "%.64s=%.300s:%.32s",
		 name ? name : r.name, fetch, ft);
	/*
	 * Offsets also for what the names syntax cannot say: an index, and
	 * a string read at a pointer that is not a char pointer (the kernel
	 * takes :string on char pointers and arrays only).
	 */
	if (!names || strchr(expr, '[') || fetch == wrapped) {
		memcpy(a->text, a->otext, sizeof(a->text));
		return 0;
	}
	/*
	 * The expression as the user wrote it; the type the user's, else the
	 * command's (the module reads a bitfield's from BTF).
	 */
	ft = type ? type : bitfield_type(r.type) ? "" : r.type;
	snprintf(a->text, sizeof(a->text), "%.64s=%.300s%s%.32s",
		 name ? name : r.name, expr, ft[0] ? ":" : "", ft);
	return 0;
}
