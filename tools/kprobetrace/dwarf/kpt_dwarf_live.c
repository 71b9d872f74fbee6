// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): a DWARF site on the live text before a probe is written
 * there: its symbol in /proc/kallsyms, the instruction boundaries of
 * /proc/kcore's bytes up to it (the decoder, as `where` does), and the
 * regions the kernel patches (jump labels, static calls, alternatives:
 * kpt_patched.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_base.h"
#include "kpt_kernel.h"
#include "kpt_dwarf_internal.h"
#include "kpt_insn.h"
#include "kpt_kimage.h"
#include "kpt_patched.h"

/*
 * Is NAME+off in a region the kernel patches (kpt_patched.h)?  A jump
 * label or static call is refused at every byte, as register_kprobe()
 * refuses it; an alternative past its first byte: the instructions there
 * are not the ones the debug info describes.
 */
static const char *patched_at(const struct kpt_dwarf *d,
			      const struct kpt_sym *sym, uint64_t off,
			      uint64_t *start, unsigned int *len)
{
	uint64_t addr = sym->addr + off;
	const char *what;

	if (d->module[0])
		kpt_patched_module_file(d->module, d->path);
	else
		kpt_kimage_debug_file(d->path);
	if (kpt_patched_find(d->module, addr, start, len, &what) != 1 ||
	    (!kpt_patched_kernel_refuses(what) && *start == addr))
		return NULL;
	return what;
}

static bool check_patched(const struct kpt_dwarf *d, const char *name,
			  const struct kpt_sym *sym, uint64_t off, char *why,
			  size_t wl)
{
	const char *what;
	uint64_t start;
	unsigned int len;
	char at[300];

	what = patched_at(d, sym, off, &start, &len);
	if (!what)
		return false;
	kpt_ksyms_fmt(start, at, sizeof(at));
	if (kpt_patched_kernel_refuses(what))
		kpt_dwarf_msg(why, wl, "%s+0x%" PRIx64 " is in %s of the live code (%u bytes at %s, %s): the kernel refuses a probe there (EINVAL); `kprobetrace where %s` shows the offsets it takes",
			      name, off, what, len, at,
			      kpt_patched_how(what), name);
	else
		kpt_dwarf_msg(why, wl, "%s+0x%" PRIx64 " is inside %s of the live code (%u bytes at %s, patched at boot or load): the instructions there are not the ones the debug info describes; `kprobetrace where %s` shows them",
			      name, off, what, len, at, name);
	return true;
}

const char *kpt_dwarf_site_patched(const struct kpt_dwarf *d,
				   const struct kpt_dwarf_site *site)
{
	const struct kpt_sym *sym;
	uint64_t start;
	unsigned int len;
	char name[400];
	int n;

	snprintf(name, sizeof(name), "%s%s%s", d->module,
		 d->module[0] ? ":" : "", site->sym);
	if (kpt_ksyms_load())
		return NULL;
	sym = kpt_ksyms_find(name, &n);
	if (!sym || n != 1 || !sym->addr || site->off >= sym->size)
		return NULL;
	return patched_at(d, sym, site->off, &start, &len);
}

int kpt_dwarf_check_live(const struct kpt_dwarf *d,
			 const struct kpt_dwarf_site *site, char *why,
			 size_t wl)
{
	char name[400];
	const struct kpt_sym *sym;
	uint8_t *buf;
	uint64_t pos = 0;
	int n, r = 1;

	why[0] = '\0';
	snprintf(name, sizeof(name), "%s%s%s", d->module,
		 d->module[0] ? ":" : "", site->sym);
	if (kpt_ksyms_load())
		return 0;
	sym = kpt_ksyms_find(name, &n);
	if (!sym || n != 1)	/* a module not loaded yet: checked at load */
		return 0;
	if (site->off >= sym->size) {
		kpt_dwarf_msg(why, wl, "%s+0x%" PRIx64 " is past the live %s's end (0x%" PRIx64 " bytes): the debug info is of another build",
			      name, site->off, name, sym->size);
		return -1;
	}
	buf = malloc(site->off + 16);
	if (!buf || kpt_kcore_read(sym->addr, buf, site->off + 16)) {
		free(buf);
		return 0;	/* no kcore (not root): the module checks */
	}
	while (pos < site->off) {
		struct kpt_insn in;
		int e = kpt_insn_decode(&in, buf + pos, site->off + 16 - pos,
					KPT_INSN_MODE_64);

		if (e) {
			r = 0;	/* a live probe's int3 ahead: the module checks */
			break;
		}
		pos += in.length;
	}
	if (r == 1 && pos != site->off) {
		kpt_dwarf_msg(why, wl, "%s+0x%" PRIx64 " is inside an instruction of the live code (the debug info is of another build, or the code was patched)",
			      name, site->off);
		r = -1;
	}
	free(buf);
	if (r >= 0 && check_patched(d, name, sym, site->off, why, wl))
		r = -1;
	return r;
}
