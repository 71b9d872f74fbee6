// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace errors: $retval's type for functions of a module without
 * BTF, from the module's DWARF (cmd_errors_ret.h).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "cmd_errors_ret.h"
#include "kpt_cmd.h"
#include "kpt_dwarf.h"

/*
 * The module of each function named (no glob) if it has no BTF to type
 * $retval with, else NULL.
 */
static const char *module_without_btf(const char *func)
{
	const struct kpt_sym *sym;
	char p[128];
	int n;

	if (strpbrk(func, "*?[:") || kpt_ksyms_load())
		return NULL;
	sym = kpt_ksyms_find(func, &n);
	if (!sym || !sym->module)
		return NULL;
	snprintf(p, sizeof(p), "/sys/kernel/btf/%s", sym->module);
	return access(p, R_OK) ? sym->module : NULL;
}

void errors_ret_type(struct kpt_ls *s, const char *debuginfo)
{
	static char type[16], err[KPT_ERRMSG_MAX];
	char t[16];

	for (int i = 0; i < s->npats; i++) {
		struct kpt_dwarf_src src = { 0 };
		struct kpt_dwarf *d;
		int r;

		src.module = module_without_btf(s->pats[i]);
		src.debuginfo = debuginfo;
		if (!src.module)
			return;
		if (kpt_dwarf_open(&src, &d, err, sizeof(err))) {
			kpt_note("%s: module %s has no BTF and no debug info (%s): $retval's type is unknown: read as a long, and a value whose upper 32 bits are zero and whose lower 32 bits are -4095..-1 as an int counts as that errno (an int function's errno); --ret TYPE says the type",
				 s->pats[i], src.module, err);
			return;
		}
		r = kpt_dwarf_ret_type(d, s->pats[i], t, sizeof(t));
		kpt_dwarf_close(d);
		if (r != 1 || !strcmp(t, "void") || (i && strcmp(t, type)))
			return;
		snprintf(type, sizeof(type), "%s", t);
	}
	if (!s->npats)
		return;
	s->rettype = type;
	kpt_note("$retval as %s, the return type the DWARF gives (the module has no BTF)",
		 type);
}
