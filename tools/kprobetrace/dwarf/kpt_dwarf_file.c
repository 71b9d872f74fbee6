// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): finding and opening the debug info of vmlinux or of a
 * module, matched by build-id.
 *
 * The build-id to match is --build-id's, else the running kernel's
 * (/sys/kernel/notes) or module's (/sys/module/MOD/notes/.note.gnu.build-id).
 * The candidates, in order: --debuginfo FILE (alone when given); Debian's
 * -dbg layout, /usr/lib/debug/.build-id/XX/REST.debug, then
 * /usr/lib/debug/boot/vmlinux-KVER and /usr/lib/debug/lib/modules/KVER/
 * (vmlinux, or the module's .ko anywhere below); then a module's own .ko
 * below /lib/modules/KVER/ when it carries .debug_info (all of these
 * below $KPT_DEBUG_ROOT when set, for tests); last, the
 * debuginfod servers of DEBUGINFOD_URLS (kpt_dwarf_debuginfod.c).  A
 * candidate whose build-id differs is never used.  With nothing to match
 * against (a file given offline, no --build-id, not running here),
 * --debuginfo's file is taken as it is.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <elfutils/libdwfl.h>
#include <elfutils/libdwelf.h>
#include "kpt_buildid.h"
#include "kpt_base.h"
#include "kpt_kernel.h"
#include "kpt_dwarf.h"
#include "kpt_dwarf_internal.h"

const char *kpt_dwarf_module(const struct kpt_dwarf *d)
{
	return d->module;
}

const char *kpt_dwarf_path(const struct kpt_dwarf *d)
{
	return d->path;
}

/* module name as the kernel spells it: '-' -> '_' */
static void mod_norm(const char *in, char *out, size_t size)
{
	size_t i;

	for (i = 0; in[i] && i + 1 < size; i++)
		out[i] = in[i] == '-' ? '_' : in[i];
	out[i] = '\0';
}

/* Find MOD.ko (or MOD.ko.debug) below dir, depth-first; 0 if found. */
static int find_ko(const char *dir, const char *mod, char *out, size_t size,
		   int depth)
{
	struct dirent *de;
	DIR *d;
	int r = -1;

	if (depth > 8)
		return -1;
	d = opendir(dir);
	if (!d)
		return -1;
	while (r && (de = readdir(d))) {
		char p[1024], base[256];
		size_t l;

		if (de->d_name[0] == '.')
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
		if (de->d_type == DT_DIR) {
			r = find_ko(p, mod, out, size, depth + 1);
			continue;
		}
		snprintf(base, sizeof(base), "%s", de->d_name);
		l = strlen(base);
		if (l > 6 && !strcmp(base + l - 6, ".debug"))
			base[l -= 6] = '\0';
		if (l > 3 && !strcmp(base + l - 3, ".ko")) {
			base[l - 3] = '\0';
			mod_norm(base, base, sizeof(base));
			if (!strcmp(base, mod)) {
				snprintf(out, size, "%s", p);
				r = 0;
			}
		}
	}
	closedir(d);
	return r;
}

static bool has_debug_info(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	bool has = false;
	Elf_Scn *scn = NULL;
	size_t shstrndx;
	Elf *e;

	if (fd < 0)
		return false;
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (e && elf_getshdrstrndx(e, &shstrndx) == 0) {
		while (!has && (scn = elf_nextscn(e, scn))) {
			GElf_Shdr sh;
			const char *nm;

			if (!gelf_getshdr(scn, &sh))
				continue;
			nm = elf_strptr(e, shstrndx, sh.sh_name);
			has = nm && (!strcmp(nm, ".debug_info") ||
				     !strcmp(nm, ".zdebug_info")) &&
			      sh.sh_type != SHT_NOBITS;
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return has;
}

static const Dwfl_Callbacks offline_cb = {
	.find_elf = dwfl_build_id_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
};

static int open_file(const char *path, const char *module,
		     struct kpt_dwarf **out, char *err, size_t errlen)
{
	struct kpt_dwarf *d = calloc(1, sizeof(*d));
	Dwarf_Addr bias;

	if (!d) {
		snprintf(err, errlen, "out of memory");
		return KPT_EXIT_FAIL;
	}
	snprintf(d->path, sizeof(d->path), "%s", path);
	if (module)
		mod_norm(module, d->module, sizeof(d->module));
	d->dwfl = dwfl_begin(&offline_cb);
	if (d->dwfl)
		d->mod = dwfl_report_offline(d->dwfl, d->module[0] ?
					     d->module : "kernel", path, -1);
	if (!d->mod || dwfl_report_end(d->dwfl, NULL, NULL)) {
		snprintf(err, errlen, "%s: cannot read it as ELF: %s", path,
			 dwfl_errmsg(-1));
		kpt_dwarf_close(d);
		return KPT_EXIT_NODEBUG;
	}
	d->dw = dwfl_module_getdwarf(d->mod, &bias);
	if (!d->dw) {
		snprintf(err, errlen, "%s: no usable DWARF: %s", path,
			 dwfl_errmsg(-1));
		kpt_dwarf_close(d);
		return KPT_EXIT_NODEBUG;
	}
	d->bias = bias;
	*out = d;
	return KPT_EXIT_OK;
}

void kpt_dwarf_close(struct kpt_dwarf *d)
{
	if (!d)
		return;
	kpt_dwarf_index_drop(d);
	kpt_dwarf_btf_drop(d);
	kpt_dw_types_forget();
	if (d->dwfl)
		dwfl_end(d->dwfl);
	free(d);
}

/* The module a .ko (or .ko.debug) file is of, "" for another file. */
static void ko_module(const char *path, char *mod, size_t size)
{
	const char *s = strrchr(path, '/');
	char base[256];
	char *k;

	mod[0] = '\0';
	snprintf(base, sizeof(base), "%s", s ? s + 1 : path);
	k = strstr(base, ".ko");
	if (k && (!k[3] || !strcmp(k + 3, ".debug"))) {
		*k = '\0';
		mod_norm(base, mod, size);
	}
}

/* Does path exist with build-id want?  Notes a mismatch in seen. */
static bool matches(const char *path, const char *want, char *seen,
		    size_t seenlen)
{
	char id[128];
	size_t l = strlen(seen);

	if (access(path, R_OK) || kpt_dwarf_file_build_id(path, id, sizeof(id)))
		return false;
	if (!strcmp(id, want))
		return true;
	snprintf(seen + l, seenlen - l, "\n  %s: build-id %s", path,
		 id[0] ? id : "(none)");
	return false;
}

int kpt_dwarf_open(const struct kpt_dwarf_src *src, struct kpt_dwarf **out,
		   char *err, size_t errlen)
{
	const char *mod = src->module && *src->module ? src->module : NULL;
	const char *what;
	char want[128], path[1024], nmod[128], seen[2048] = "";
	const char *root = getenv("KPT_DEBUG_ROOT");
	struct utsname u;

	*out = NULL;
	if (!root)
		root = "";	/* tests: a tree standing for / */
	elf_version(EV_CURRENT);
	if (mod) {
		mod_norm(mod, nmod, sizeof(nmod));
	} else if (src->debuginfo) {
		/* a .ko given alone: the module it is of */
		ko_module(src->debuginfo, nmod, sizeof(nmod));
		if (nmod[0])
			mod = nmod;
	}
	what = mod ? "module" : "kernel";
	if (src->build_id && *src->build_id)
		snprintf(want, sizeof(want), "%s", src->build_id);
	else
		kpt_build_id_running(mod ? nmod : NULL, want, sizeof(want));
	uname(&u);
	if (src->debuginfo) {
		char id[128];
		int r = kpt_dwarf_file_build_id(src->debuginfo, id, sizeof(id));

		if (r) {
			snprintf(err, errlen, "%s: %s", src->debuginfo,
				 strerror(-r));
			return KPT_EXIT_NODEBUG;
		}
		if (want[0] && strcmp(id, want)) {
			snprintf(err, errlen, "%s has build-id %s, the %s%s%s wants %s: it is the debug info of another build (for the running kernel's: package linux-image-%s-dbg)",
				 src->debuginfo, id[0] ? id : "(none)", what,
				 mod ? " " : "", mod ? nmod : "", want,
				 u.release);
			return KPT_EXIT_NODEBUG;
		}
		return open_file(src->debuginfo, mod ? nmod : NULL, out, err,
				 errlen);
	}
	if (!want[0]) {
		snprintf(err, errlen, "cannot read the build-id of the %s%s%s (%s): is it loaded? (or give --debuginfo FILE)",
			 what, mod ? " " : "", mod ? nmod : "",
			 mod ? "/sys/module/MOD/notes" : "/sys/kernel/notes");
		return KPT_EXIT_NODEBUG;
	}
	snprintf(path, sizeof(path), "%s/usr/lib/debug/.build-id/%.2s/%s.debug",
		 root, want, want + 2);
	if (matches(path, want, seen, sizeof(seen)))
		return open_file(path, mod ? nmod : NULL, out, err, errlen);
	if (!mod) {
		snprintf(path, sizeof(path), "%s/usr/lib/debug/boot/vmlinux-%s",
			 root, u.release);
		if (matches(path, want, seen, sizeof(seen)))
			return open_file(path, NULL, out, err, errlen);
		snprintf(path, sizeof(path),
			 "%s/usr/lib/debug/lib/modules/%s/vmlinux", root,
			 u.release);
		if (matches(path, want, seen, sizeof(seen)))
			return open_file(path, NULL, out, err, errlen);
	} else {
		char dir[512];

		snprintf(dir, sizeof(dir), "%s/usr/lib/debug/lib/modules/%s",
			 root, u.release);
		if (!find_ko(dir, nmod, path, sizeof(path), 0) &&
		    matches(path, want, seen, sizeof(seen)))
			return open_file(path, nmod, out, err, errlen);
		snprintf(dir, sizeof(dir), "%s/lib/modules/%s", root,
			 u.release);
		if (!find_ko(dir, nmod, path, sizeof(path), 0) &&
		    has_debug_info(path) &&
		    matches(path, want, seen, sizeof(seen)))
			return open_file(path, nmod, out, err, errlen);
	}
	{
		char why[512];

		if (!kpt_dwarf_debuginfod(want, path, sizeof(path), why,
					  sizeof(why)) &&
		    matches(path, want, seen, sizeof(seen)))
			return open_file(path, mod ? nmod : NULL, out, err,
					 errlen);
		snprintf(err, errlen, "no debug info for the %s%s%s (build-id %s): install the package linux-image-%s-dbg (or give --debuginfo FILE)%s%s%s%s",
			 what, mod ? " " : "", mod ? nmod : "", want, u.release,
			 why[0] ? "; " : "", why,
			 seen[0] ? "; these do not match:" : "", seen);
	}
	return KPT_EXIT_NODEBUG;
}

int kpt_dwarf_open_for(const struct kpt_dwarf_src *src, const char *func,
		       struct kpt_dwarf **out, char *err, size_t errlen)
{
	struct kpt_dwarf_src s = *src;
	const struct kpt_sym *sym;
	int n;

	if (!s.debuginfo && !(s.module && *s.module) && func && *func &&
	    !kpt_ksyms_load()) {
		sym = kpt_ksyms_find(func, &n);
		if (sym && sym->module)
			s.module = sym->module;
	}
	return kpt_dwarf_open(&s, out, err, errlen);
}
