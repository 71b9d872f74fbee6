// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the patched regions of the live kernel text (jump
 * labels, static calls, alternatives, BUG/WARN sites): which region an
 * address is in, kpt_patched.h says how they are found; the tables are
 * read once a module by kpt_patched_load.c.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_kernel.h"
#include "kpt_insn.h"
#include "kpt_patched.h"
#include "kpt_patched_tables.h"

static const char *const kind_what[NKINDS] = {
	KPT_PATCHED_JUMP_LABEL, KPT_PATCHED_STATIC_CALL,
	KPT_PATCHED_ALTERNATIVE, KPT_PATCHED_BUG,
};

/* the longest region of each kind (a jump label's is found on use) */
static const unsigned int kind_max[NKINDS] = { 5, 5, 255, 2 };

static struct patched *tables;

static struct patched *table(const char *module)
{
	struct patched *p;

	if (!module)
		module = "";
	for (p = tables; p; p = p->next)
		if (!strcmp(p->module, module))
			return p;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	snprintf(p->module, sizeof(p->module), "%s", module);
	p->next = tables;
	tables = p;
	return p;
}

void kpt_patched_module_file(const char *module, const char *path)
{
	struct patched *p = module && *module ? table(module) : NULL;

	if (p && !p->loaded)
		snprintf(p->file, sizeof(p->file), "%s", path);
}

static struct patched *loaded(const char *module)
{
	struct patched *p = table(module);

	if (!p || p->loaded)
		return p;
	p->loaded = true;
	p->err = -ENOENT;
	if (kpt_ksyms_load())
		return p;
	kpt_patched_load(p);
	return p;
}

/* a jump label's length: the instruction there, jmp8 (2) or 5 bytes */
static unsigned int jump_len(uint64_t site)
{
	uint8_t b[16];
	struct kpt_insn in;

	if (kpt_kcore_read(site, b, sizeof(b)) ||
	    kpt_insn_decode(&in, b, sizeof(b), KPT_INSN_MODE_64) ||
	    (in.length != 2 && in.length != 5))
		return 5;
	return in.length;
}

int kpt_patched_find(const char *module, uint64_t addr, uint64_t *start,
		     unsigned int *len, const char **what)
{
	struct patched *p = loaded(module);

	if (!p)
		return -ENOMEM;
	for (int k = 0; k < NKINDS; k++) {
		struct region *r = p->r[k];
		size_t lo = 0, hi = p->n[k];

		/* the first region starting above addr */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (r[mid].start <= addr)
				lo = mid + 1;
			else
				hi = mid;
		}
		while (lo-- > 0 && r[lo].start + kind_max[k] > addr) {
			if (!r[lo].len)
				r[lo].len = jump_len(r[lo].start);
			if (addr < r[lo].start + r[lo].len) {
				*start = r[lo].start;
				*len = r[lo].len;
				*what = kind_what[k];
				return 1;
			}
		}
	}
	return p->err;
}

bool kpt_patched_kernel_refuses(const char *what)
{
	return what == kind_what[JUMP] || what == kind_what[SCALL] ||
	       what == kind_what[BUG];
}

const char *kpt_patched_how(const char *what)
{
	if (what == kind_what[BUG])
		return "in the kernel's bug table";
	if (what == kind_what[ALT])
		return "patched at boot or load";
	return "patched at run time";
}

int kpt_patched_bug(const char *module, uint64_t addr, char *desc,
		    size_t size)
{
	struct patched *p = loaded(module);
	struct region *r;
	size_t lo = 0, hi;
	char file[256] = "";

	if (!p)
		return 0;
	r = p->r[BUG];
	hi = p->n[BUG];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (r[mid].start < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == p->n[BUG] || r[lo].start != addr)
		return 0;
	r += lo;
	if (r->file && !kpt_kcore_read(r->file, file, sizeof(file) - 1))
		file[strnlen(file, sizeof(file) - 1)] = '\0';
	else
		file[0] = '\0';
	if (file[0] && r->line)
		snprintf(desc, size, "%s at %s:%u",
			 r->flags & BUGFLAG_WARNING ? "WARN" : "BUG", file,
			 r->line);
	else
		snprintf(desc, size, "%s",
			 r->flags & BUGFLAG_WARNING ? "WARN" : "BUG");
	return 1;
}

const char *kpt_patched_unchecked(const char *module)
{
	struct patched *p = loaded(module);

	return p ? p->unchecked : "";
}
