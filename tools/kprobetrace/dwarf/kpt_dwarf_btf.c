// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the running kernel's BTF for a struct that the debug
 * file only declares.  A module (or a unit of vmlinux) often passes on a
 * pointer to a kernel struct whose definition none of its units includes:
 * its DWARF then has the name and no members, and no unit of the file
 * defines it.  BTF, which the running kernel carries for vmlinux and for
 * each module, has the definition.
 *
 * Only for a debug file of the running build: its build-id must be the
 * running kernel's (or the loaded module's), so that a file read for
 * another machine (--debuginfo with --build-id, -D) never gets this
 * machine's layouts.  Types DWARF defines stay DWARF's: a DIE's type is
 * exact, where a name in BTF may stand for several structs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kpt_buildid.h"
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"

/* d's BTF, loaded on the first call: 0, or -1 with d->btf_why. */
static int load(struct kpt_dwarf *d)
{
	const char *vpath = getenv("KPT_BTF");
	char want[128], have[128], mpath[256];

	if (d->btf_state)
		return d->btf_state > 0 ? 0 : -1;
	d->btf_state = -1;
	kpt_build_id_running(d->module, want, sizeof(want));
	if (kpt_dwarf_file_build_id(d->path, have, sizeof(have)) ||
	    !want[0] || strcmp(want, have)) {
		snprintf(d->btf_why, sizeof(d->btf_why),
			 "the file is not the running %s%s's debug info (its build-id %s, the running one's %s)",
			 d->module[0] ? "module " : "kernel", d->module,
			 have[0] ? have : "(none)",
			 want[0] ? want : "(none: not loaded)");
		return -1;
	}
	if (!vpath || !*vpath)
		vpath = "/sys/kernel/btf/vmlinux";
	d->btf_vm = kpt_btf_load(vpath, NULL);
	if (!d->btf_vm) {
		snprintf(d->btf_why, sizeof(d->btf_why),
			 "cannot load %s: %s", vpath, strerror(errno));
		return -1;
	}
	if (d->module[0]) {
		snprintf(mpath, sizeof(mpath), "/sys/kernel/btf/%s", d->module);
		if (!access(mpath, R_OK))
			d->btf_mod = kpt_btf_load(mpath, d->btf_vm);
	}
	d->btf_state = 1;
	return 0;
}

int kpt_dwarf_btf_member(struct kpt_dwarf *d, bool is_union,
			 const char *sname, const char *base, int64_t off,
			 const char *expr, size_t pos, struct kpt_btf_arg *out,
			 char *err, size_t errlen)
{
	const char *what = is_union ? "union" : "struct";
	struct btf *btf;
	__u32 id = 0;
	int n;

	if (load(d)) {
		kpt_dwarf_msg(err, errlen, "'%s': %s %s is only declared in %s, and no unit of it defines it; the running kernel's BTF is not used: %s",
			      expr, what, sname, d->path, d->btf_why);
		return KPT_EXIT_TYPE;
	}
	btf = d->btf_mod ? d->btf_mod : d->btf_vm;
	n = kpt_btf_find_struct(btf, is_union, sname, &id);
	if (n == 0)
		kpt_dwarf_msg(err, errlen, "'%s': %s %s is only declared in %s, and neither another unit of it nor the kernel's BTF defines it",
			      expr, what, sname, d->path);
	else if (n > 1)
		kpt_dwarf_msg(err, errlen, "'%s': %s %s is only declared in %s, and the kernel's BTF has %d different ones of that name: which one is not known",
			      expr, what, sname, d->path, n);
	else if (n < 0)
		kpt_dwarf_msg(err, errlen, "'%s': %s %s is only declared in %s, and the kernel's BTF is malformed",
			      expr, what, sname, d->path);
	if (n != 1)
		return KPT_EXIT_TYPE;
	return kpt_btf_resolve_member(btf, id, base, off, expr, pos, out, err,
				      errlen);
}

void kpt_dwarf_btf_drop(struct kpt_dwarf *d)
{
	kpt_btf_free(d->btf_mod);
	kpt_btf_free(d->btf_vm);
	d->btf_mod = d->btf_vm = NULL;
	d->btf_state = 0;
}
