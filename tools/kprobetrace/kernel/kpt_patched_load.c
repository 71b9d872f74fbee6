// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the patched regions' tables read from the live kernel
 * (/proc/kcore, the kernel image for what init freed) and from a
 * module's ELF file, laid out as the running kernel's BTF says
 * (kpt_patched_tables.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_kernel.h"
#include "kpt_btf_fetch.h"
#include "kpt_btf_reader.h"
#include "kpt_kimage.h"
#include "kpt_patched_tables.h"

/* each kind's name in messages */
static const char *const kind_name[NKINDS] = {
	"jump label", "static call", "alternative", "BUG/WARN site",
};

/* struct alt_instr as the running kernel has it (BTF) */
static struct {
	bool done;
	unsigned int size, instrlen;	/* 0: unknown */
	char why[160];
} alt;

/* struct bug_entry (BTF); file and line only with CONFIG_DEBUG_BUGVERBOSE */
static struct {
	bool done;
	unsigned int size, addr, file, line, flags;	/* ~0u: none */
	char why[160];
} bug;

static void note(struct patched *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct patched *p, const char *fmt, ...)
{
	size_t o = strlen(p->unchecked);
	va_list ap;

	if (o + 2 >= sizeof(p->unchecked))
		return;
	if (o)
		o += snprintf(p->unchecked + o, sizeof(p->unchecked) - o, "; ");
	va_start(ap, fmt);
	vsnprintf(p->unchecked + o, sizeof(p->unchecked) - o, fmt, ap);
	va_end(ap);
}

/*
 * struct name of the running kernel's BTF ($KPT_BTF, else
 * /sys/kernel/btf/vmlinux) in *t; the BTF, to free, or NULL with why.
 */
static struct btf *kernel_struct(const char *name, struct kpt_btf_type *t,
				 char *why, size_t wl)
{
	const char *path = getenv("KPT_BTF");
	struct btf *btf;

	btf = kpt_btf_load(path && *path ? path : "/sys/kernel/btf/vmlinux",
			   NULL);
	if (!btf) {
		snprintf(why, wl, "the kernel's BTF cannot be read (%s)",
			 strerror(errno));
		return NULL;
	}
	if (kpt_btf_find(kpt_btf_blob(btf), KPT_BTF_K_STRUCT, name, t)) {
		snprintf(why, wl, "the kernel's BTF has no struct %s", name);
		kpt_btf_free(btf);
		return NULL;
	}
	return btf;
}

static void alt_layout(void)
{
	struct kpt_btf_type t;
	const struct kpt_btf *b;
	struct btf *btf;

	if (alt.done)
		return;
	alt.done = true;
	btf = kernel_struct("alt_instr", &t, alt.why, sizeof(alt.why));
	if (!btf)
		return;
	b = kpt_btf_blob(btf);
	for (unsigned int i = 0; i < t.vlen; i++) {
		struct kpt_btf_member m;

		if (kpt_btf_member(&t, i, &m) || m.bf_size || m.bit_off % 8 ||
		    strcmp(kpt_btf_name(b, m.name_off), "instrlen"))
			continue;
		alt.instrlen = m.bit_off / 8;
		alt.size = t.size_type;
	}
	if (!alt.size || alt.size < 8 || alt.instrlen >= alt.size) {
		alt.size = 0;
		snprintf(alt.why, sizeof(alt.why), "the kernel's BTF has no usable instrlen in struct alt_instr");
	}
	kpt_btf_free(btf);
}

/* struct bug_entry's layout from the running kernel's BTF */
static void bug_layout(void)
{
	static const char *const names[] = {
		"bug_addr_disp", "file_disp", "line", "flags"
	};
	unsigned int *const offs[] = { &bug.addr, &bug.file, &bug.line,
				       &bug.flags };
	struct kpt_btf_type t;
	const struct kpt_btf *b;
	struct btf *btf;

	if (bug.done)
		return;
	bug.done = true;
	bug.addr = bug.file = bug.line = bug.flags = ~0u;
	btf = kernel_struct("bug_entry", &t, bug.why, sizeof(bug.why));
	if (!btf)
		return;
	b = kpt_btf_blob(btf);
	bug.size = t.size_type;
	for (unsigned int i = 0; i < t.vlen; i++) {
		struct kpt_btf_member m;

		if (kpt_btf_member(&t, i, &m) || m.bf_size || m.bit_off % 8)
			continue;
		for (unsigned int k = 0; k < 4; k++)
			if (!strcmp(kpt_btf_name(b, m.name_off), names[k]))
				*offs[k] = m.bit_off / 8;
	}
	kpt_btf_free(btf);
	if (bug.addr == ~0u || bug.size < bug.addr + 4 ||
	    (bug.file != ~0u && bug.size < bug.file + 4) ||
	    (bug.line != ~0u && bug.size < bug.line + 2) ||
	    (bug.flags != ~0u && bug.size < bug.flags + 2)) {
		bug.size = 0;
		snprintf(bug.why, sizeof(bug.why), "struct bug_entry has no relative bug_addr_disp (the kernel's BTF)");
	}
}

/* Is the layout of kind k's entries known (from BTF)?  Noted if not. */
static bool layout_known(struct patched *p, int k)
{
	if (k == ALT) {
		alt_layout();
		if (!alt.size) {
			note(p, "alternatives are not checked: %s", alt.why);
			return false;
		}
	} else if (k == BUG) {
		bug_layout();
		if (!bug.size) {
			note(p, "BUG/WARN sites are not checked: %s", bug.why);
			return false;
		}
	}
	return true;
}

static int push(struct patched *p, int kind, uint64_t start, unsigned int len)
{
	if (p->n[kind] == p->cap[kind]) {
		size_t cap = p->cap[kind] ? p->cap[kind] * 2 : 256;
		struct region *r = realloc(p->r[kind], cap * sizeof(*r));

		if (!r)
			return -ENOMEM;
		p->r[kind] = r;
		p->cap[kind] = cap;
	}
	memset(&p->r[kind][p->n[kind]], 0, sizeof(struct region));
	p->r[kind][p->n[kind]].start = start;
	p->r[kind][p->n[kind]].len = len;
	p->n[kind]++;
	return 0;
}

static int by_start(const void *a, const void *b)
{
	const struct region *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

static int32_t s32_at(const uint8_t *b)
{
	int32_t v;

	memcpy(&v, b, 4);
	return v;
}

/* Is addr in a text symbol of the module (of vmlinux: p->module "")? */
static bool in_text(const struct patched *p, uint64_t addr)
{
	const struct kpt_sym *s = kpt_ksyms_at(addr);

	if (!s || !s->type || !strchr("tTwW", s->type))
		return false;
	if (p->module[0] ? !s->module || strcmp(s->module, p->module) :
	    s->module != NULL)
		return false;
	return !s->size || addr - s->addr < s->size;
}

/*
 * Parse a table of n bytes at vaddr (read into b).  A table read without
 * its size (!sized) ends at the first entry whose site is not in the
 * module's text; a sized one is taken as it is.
 */
static int parse(struct patched *p, int kind, uint64_t vaddr,
		 const uint8_t *b, size_t n, bool sized)
{
	size_t esize = kind == JUMP ? 16 : kind == SCALL ? 8 :
		       kind == ALT ? alt.size : bug.size;

	for (size_t o = 0; esize && o + esize <= n; o += esize) {
		uint64_t e = vaddr + o;
		uint64_t site = e + (int64_t)s32_at(b + o +
						    (kind == BUG ? bug.addr : 0));
		unsigned int len = 0;
		bool init = false;

		if (kind == JUMP) {
			int64_t key;

			memcpy(&key, b + o + 8, 8);
			init = key & 2;
		} else if (kind == SCALL) {
			init = (e + 4 + (int64_t)s32_at(b + o + 4)) & 2;
			len = 5;
		} else if (kind == ALT) {
			len = b[o + alt.instrlen];
		} else {
			len = 2;	/* ud2, the trap of BUG() and WARN() */
		}
		if (!sized && !in_text(p, site))
			break;
		if (init || (kind == ALT && !len))
			continue;
		if (push(p, kind, site, len))
			return -ENOMEM;
		if (kind == BUG) {
			struct region *r = &p->r[kind][p->n[kind] - 1];
			uint16_t v;

			if (bug.file != ~0u)
				r->file = e + bug.file +
					  (int64_t)s32_at(b + o + bug.file);
			if (bug.line != ~0u) {
				memcpy(&v, b + o + bug.line, 2);
				r->line = v;
			}
			if (bug.flags != ~0u) {
				memcpy(&v, b + o + bug.flags, 2);
				r->flags = v;
			}
		}
	}
	qsort(p->r[kind], p->n[kind], sizeof(struct region), by_start);
	return 0;
}

/* Read n bytes of a table (a module's unsized one: as much as there is). */
static uint8_t *read_table(uint64_t vaddr, size_t *n, bool sized)
{
	uint8_t *b = malloc(*n ? *n : 1);
	size_t got = 0;

	if (!b)
		return NULL;
	if (sized) {
		if (kpt_kcore_read(vaddr, b, *n)) {
			free(b);
			return NULL;
		}
		return b;
	}
	while (got < *n) {
		size_t chunk = *n - got < 4096 ? *n - got : 4096;

		if (kpt_kcore_read(vaddr + got, b + got, chunk))
			break;
		got += chunk;
	}
	*n = got;
	return b;
}

/* The table's bytes b parsed into p, and freed; 1, or 0 (p->err). */
static int parsed(struct patched *p, int k, uint64_t vaddr, uint8_t *b,
		  size_t n, bool sized)
{
	int r = parse(p, k, vaddr, b, n, sized);

	free(b);
	if (r) {
		p->err = -ENOMEM;
		return 0;
	}
	return 1;
}

/*
 * Table kind k: n bytes at vaddr (all of them when sized), read and
 * parsed into p; 1 if it was, 0 if not (p->err says why).
 */
static int take(struct patched *p, int k, uint64_t vaddr, size_t n,
		bool sized)
{
	uint8_t *b = read_table(vaddr, &n, sized);

	if (!b) {
		p->err = -EIO;	/* no /proc/kcore: not root */
		return 0;
	}
	return parsed(p, k, vaddr, b, n, sized);
}

/*
 * vmlinux's table kind k of n bytes at vaddr, freed after boot: from the
 * kernel's image file (kpt_kimage.h); 1 if it was read, 0 if not (noted).
 */
static int take_image(struct patched *p, int k, uint64_t vaddr, size_t n)
{
	uint8_t *b = malloc(n ? n : 1);
	char why[1024];
	int r;

	if (!b) {
		p->err = -ENOMEM;
		return 0;
	}
	r = kpt_kimage_read(vaddr, n, b, why, sizeof(why));
	if (r) {
		note(p, "vmlinux's %s are not known: their table is init data, freed after boot, and no image of this kernel could be read (%s)",
		     k == ALT ? "alternatives" : "tables", why);
		free(b);
		return 0;
	}
	return parsed(p, k, vaddr, b, n, true);
}

static void load_vmlinux(struct patched *p)
{
	static const char *const bounds[NKINDS][2] = {
		{ "__start___jump_table", "__stop___jump_table" },
		{ "__start_static_call_sites", "__stop_static_call_sites" },
		{ "__alt_instructions", "__alt_instructions_end" },
		{ "__start___bug_table", "__stop___bug_table" },
	};
	const struct kpt_sym *ib = kpt_ksyms_vmlinux("__init_begin");
	const struct kpt_sym *ie = kpt_ksyms_vmlinux("__init_end");
	int read = 0;

	for (int k = 0; k < NKINDS; k++) {
		const struct kpt_sym *s = kpt_ksyms_vmlinux(bounds[k][0]);
		const struct kpt_sym *e = kpt_ksyms_vmlinux(bounds[k][1]);

		if (!s || !e || !s->addr || e->addr < s->addr ||
		    e->addr - s->addr > (64u << 20)) {
			if (k != SCALL || s)
				note(p, "no %s table in /proc/kallsyms (%s)",
				     kind_name[k], bounds[k][0]);
			continue;
		}
		if (!layout_known(p, k))
			continue;
		if (k == ALT && ib && ie && s->addr >= ib->addr &&
		    s->addr < ie->addr) {
			read += take_image(p, k, s->addr, e->addr - s->addr);
			continue;
		}
		read += take(p, k, s->addr, e->addr - s->addr, true);
	}
	if (read)
		p->err = 0;
}

/* sizes of the module's sections from its ELF file; 0 each if unknown */
static void elf_sizes(const char *path, const char *const *names,
		      size_t *sizes)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	Elf *e;

	if (fd < 0)
		return;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (e && elf_kind(e) == ELF_K_ELF && !elf_getshdrstrndx(e, &shstrndx))
		while ((scn = elf_nextscn(e, scn))) {
			GElf_Shdr sh;
			const char *name;

			if (!gelf_getshdr(scn, &sh))
				continue;
			name = elf_strptr(e, shstrndx, sh.sh_name);
			for (int k = 0; name && k < NKINDS; k++)
				if (!strcmp(name, names[k]))
					sizes[k] = sh.sh_size;
		}
	if (e)
		elf_end(e);
	close(fd);
}

/* The lowest section address above addr (bounds an unsized table). */
static uint64_t next_section(const char *dir, uint64_t addr)
{
	uint64_t best = UINT64_MAX;
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return best;
	while ((de = readdir(d))) {
		char path[1400], *t;
		unsigned long long a;

		if (de->d_name[0] == '.' && (!de->d_name[1] ||
		    (de->d_name[1] == '.' && !de->d_name[2])))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		t = kpt_read_file(path, NULL);
		if (t && sscanf(t, "%llx", &a) == 1 && a > addr && a < best)
			best = a;
		free(t);
	}
	closedir(d);
	return best;
}

static void load_module(struct patched *p)
{
	static const char *const names[NKINDS] = {
		"__jump_table", ".static_call_sites", ".altinstructions",
		"__bug_table"
	};
	size_t sizes[NKINDS] = { 0 };
	char dir[256];
	int read = 0;

	snprintf(dir, sizeof(dir), "/sys/module/%s/sections", p->module);
	if (p->file[0])
		elf_sizes(p->file, names, sizes);
	for (int k = 0; k < NKINDS; k++) {
		char path[512], *t;
		unsigned long long a;
		bool sized = sizes[k] > 0;
		size_t n;

		snprintf(path, sizeof(path), "%s/%s", dir, names[k]);
		t = kpt_read_file(path, NULL);
		if (!t) {
			if (errno != ENOENT)
				p->err = -errno;
			continue;	/* the module has none */
		}
		if (sscanf(t, "%llx", &a) != 1 || !a) {
			free(t);
			p->err = -EACCES;	/* zeros: not root */
			continue;
		}
		free(t);
		if (!layout_known(p, k))
			continue;
		if (sized) {
			n = sizes[k];
		} else {
			uint64_t next = next_section(dir, a);

			n = next - a < (1u << 20) ? next - a : 1u << 20;
		}
		read += take(p, k, a, n, sized);
	}
	if (read)
		p->err = 0;
}

void kpt_patched_load(struct patched *p)
{
	if (p->module[0])
		load_module(p);
	else
		load_vmlinux(p);
}
