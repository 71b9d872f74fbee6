// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): building the DWARF index (kpt_dwarf_cache.c keeps it):
 * for each compile unit, the functions (the subprograms dwarf_getfuncs()
 * gives: with code, and the abstract ones of functions only inlined) and
 * the files of its line table, gathered in hash tables (name -> units,
 * kpt_dwarf_names.c) and written in the format of kpt_dwarf_index.c.
 */
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <dwarf.h>
#include <gelf.h>
#include <stdint.h>
#include "kpt_dwarf_internal.h"
#include "kpt_dwarf_dies.h"
#include "kpt_dwarf_linehdr.h"
#include "kpt_dwarf_names.h"

struct build {
	struct kpt_dwn_table names, files;
	struct kpt_dwn_pcache pnames, pfiles;
	uint32_t cu;
	struct kpt_dwn_arena strings;
	struct kpt_dwarf_linehdr_in lh;
	bool libdw_files;	/* the headers are read by libdw */
	bool verify;		/* both, compared (KPT_DWARF_INDEX_VERIFY) */
	const char **seen;	/* verify: the unit's names from the header */
	size_t nseen, capseen;
	struct kpt_dwarf_dies_in di;
	bool libdw_dies;	/* the functions are read by libdw */
	const char **fns;	/* verify: the unit's functions read directly */
	size_t nfn, capfn;
	uint64_t *cus;		/* the units' DIE offsets */
	size_t ncu, cap;
	bool lh_set;
};

static void func_named(struct build *b, const char *name)
{
	if (name)
		kpt_dwn_add_ptr(&b->names, &b->pnames, &b->strings, NULL, name,
				b->cu);
}

static int build_func(Dwarf_Die *die, void *arg)
{
	func_named(arg, dwarf_diename(die));
	return DWARF_CB_OK;
}

/* names of the unit's functions, as read without libdw, in order */
static int func_seen(void *arg, const char *name)
{
	struct build *b = arg;

	if (!b->verify) {
		func_named(b, name);
		return 0;
	}
	if (b->nfn == b->capfn) {
		size_t cap = b->capfn ? b->capfn * 2 : 256;
		const char **p = realloc(b->fns, cap * sizeof(*p));

		if (!p)
			return -1;
		b->fns = p;
		b->capfn = cap;
	}
	b->fns[b->nfn++] = name;
	return 0;
}

/*
 * The unit's functions read both ways: the same names in the same order,
 * or libdw's walk for the rest of the build (said with
 * KPT_DWARF_INDEX_VERIFY).
 */
static void funcs_compared(Dwarf_Die *cu, struct build *b, uint64_t hdr)
{
	bool same;
	size_t i = 0;
	Dwarf_Die c;

	b->nfn = 0;
	same = !kpt_dwarf_dies_funcs(&b->di, hdr);
	if (!dwarf_child(cu, &c))
		do {
			const char *n;

			if (dwarf_tag(&c) != DW_TAG_subprogram ||
			    dwarf_hasattr(&c, DW_AT_declaration))
				continue;
			n = dwarf_diename(&c);
			if (n)
				func_named(b, n);
			if (n && (i >= b->nfn || strcmp(n, b->fns[i])))
				same = false;
			i += n != NULL;
		} while (!dwarf_siblingof(&c, &c));
	if (same && i == b->nfn)
		return;
	if (getenv("KPT_DWARF_INDEX_VERIFY"))
		fprintf(stderr, "kprobetrace: DWARF index: the functions of the unit at 0x%llx are not read as libdw reads them\n",
			(unsigned long long)dwarf_dieoffset(cu));
	b->libdw_dies = true;
}

/*
 * The functions of a unit as dwarf_getfuncs() gives them, faster: the
 * unit's own children only (DW_AT_sibling skips the bodies), where C
 * keeps its functions, read without libdw (kpt_dwarf_dies.c; compared
 * with libdw's walk on the first unit, every unit when verifying); a
 * unit of another language, the full walk.  A GNU C nested function
 * (inside another's body; the kernel has none) is then not indexed:
 * kpt_dwarf_each_cu() reads every unit for a name the index lacks.
 */
static void top_funcs(Dwarf_Die *cu, struct build *b)
{
	int lang = dwarf_srclang(cu);
	uint64_t hdr = dwarf_dieoffset(cu) - dwarf_cuoffset(cu);
	Dwarf_Die c;

	if (lang != DW_LANG_C89 && lang != DW_LANG_C && lang != DW_LANG_C99 &&
	    lang != DW_LANG_C11) {
		dwarf_getfuncs(cu, build_func, b, 0);
		return;
	}
	if (!b->libdw_dies) {
		bool v = b->verify;

		if (v || b->ncu == 1) {
			b->verify = true;
			funcs_compared(cu, b, hdr);
			b->verify = v;
			return;
		}
		if (!kpt_dwarf_dies_funcs(&b->di, hdr))
			return;
		/*
		 * Refused part way: what was added stays (the same names
		 * again are no harm, a unit's list keeps each once).
		 */
	}
	if (dwarf_child(cu, &c))
		return;
	do {
		if (dwarf_tag(&c) == DW_TAG_subprogram &&
		    !dwarf_hasattr(&c, DW_AT_declaration))
			build_func(&c, b);
	} while (!dwarf_siblingof(&c, &c));
}

/* A section's bytes as libdw reads them; none if compressed. */
static struct kpt_dwarf_sec section(Elf *e, const char *want)
{
	struct kpt_dwarf_sec sec = { NULL, 0 };
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (!e || elf_getshdrstrndx(e, &shstrndx))
		return sec;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		const char *nm;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) ||
		    !(nm = elf_strptr(e, shstrndx, sh.sh_name)) ||
		    strcmp(nm, want))
			continue;
		if ((sh.sh_flags & SHF_COMPRESSED) || sh.sh_type == SHT_NOBITS)
			return sec;
		data = elf_getdata(scn, NULL);
		if (data && data->d_buf) {
			sec.data = data->d_buf;
			sec.size = data->d_size;
		}
		return sec;
	}
	return sec;
}

static int file_seen(void *arg, const char *dir, const char *name)
{
	struct build *b = arg;
	char buf[4096];
	const char *s;

	kpt_dwn_add_ptr(&b->files, &b->pfiles, &b->strings, dir, name,
			b->cu);
	if (!b->verify)
		return 0;
	if (kpt_dwarf_linehdr_join(dir, name, buf, sizeof(buf)) ||
	    !(s = kpt_dwn_intern(&b->strings, buf)))
		return -1;
	if (b->nseen == b->capseen) {
		size_t cap = b->capseen ? b->capseen * 2 : 256;
		const char **p = realloc(b->seen, cap * sizeof(*p));

		if (!p)
			return -1;
		b->seen = p;
		b->capseen = cap;
	}
	b->seen[b->nseen++] = s;
	return 0;
}

/*
 * The files of a unit's line table into the index: from its header
 * (kpt_dwarf_linehdr.c), else libdw's.  Verifying (the first unit
 * always, every unit with KPT_DWARF_INDEX_VERIFY), libdw's too, which must
 * be the same names: a difference is said (verify) and leaves the rest
 * of the build to libdw.  -1 on a difference when verifying all.
 */
static int unit_files(Dwarf_Die *cu, struct build *b, bool check)
{
	Dwarf_Attribute a;
	Dwarf_Word off;
	Dwarf_Files *fl;
	size_t n;

	b->nseen = 0;
	if (!b->libdw_files && dwarf_attr(cu, DW_AT_stmt_list, &a) &&
	    !dwarf_formudata(&a, &off)) {
		bool v = b->verify;

		b->lh.comp_dir = dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir,
							     &a));
		b->verify = v || check;
		if (!kpt_dwarf_linehdr_files(&b->lh, off) && !b->verify)
			return 0;
		b->verify = v;
		if (!check && !v)
			goto libdw;	/* the header not read: libdw's */
		if (dwarf_getsrcfiles(cu, &fl, &n) || n != b->nseen)
			goto differ;
		for (size_t i = 0; i < n; i++) {
			const char *s = dwarf_filesrc(fl, i, NULL, NULL);

			if (!s || strcmp(s, b->seen[i]))
				goto differ;
		}
		return 0;
differ:
		if (getenv("KPT_DWARF_INDEX_VERIFY"))
			fprintf(stderr, "kprobetrace: DWARF index: the line table header of the unit at 0x%llx is not read as libdw reads it\n",
				(unsigned long long)dwarf_dieoffset(cu));
		b->libdw_files = true;
		if (v)
			return -1;
	}
libdw:
	if (!dwarf_getsrcfiles(cu, &fl, &n))
		for (size_t i = 0; i < n; i++)
			kpt_dwn_add(&b->files, dwarf_filesrc(fl, i, NULL, NULL),
				    b->cu, &b->strings);
	return 0;
}

/*
 * The units of d, in order, to fn(cu, b) (nonzero stops): through a
 * Dwarf of their own when the file needs no relocation (not ET_REL), so
 * that all the build read (every unit's abbreviations, the pages of the
 * file it mapped) is let go before the lookup; else d's.
 */
static int each_unit(struct kpt_dwarf *d, int (*fn)(Dwarf_Die *, void *),
		     void *b)
{
	int fd = open(d->path, O_RDONLY | O_CLOEXEC), r = 0;
	Elf *e = fd < 0 ? NULL : elf_begin(fd, ELF_C_READ_MMAP, NULL);
	Dwarf *dw = NULL;
	GElf_Ehdr eh;

	if (e && gelf_getehdr(e, &eh) && eh.e_type != ET_REL)
		dw = dwarf_begin_elf(e, DWARF_C_READ, NULL);
	if (dw) {
		Dwarf_Off off = 0, next;
		size_t hsize, size = 0, n = 0;
		char *map = elf_rawfile(e, &size);
		struct kpt_dwarf_sec info = section(e, ".debug_info");
		uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);

		while (!r && !dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL,
					   NULL)) {
			Dwarf_Die cu;

			if (dwarf_offdie(dw, off + hsize, &cu))
				r = fn(&cu, b);
			off = next;
			/*
			 * The pages of the units read so far leave this
			 * process (the page cache keeps them; read again,
			 * they come back as they were): the walk's resident
			 * size stays that of a few units, not of the file.
			 */
			if (map && info.data && ++n % 64 == 0 &&
			    off <= info.size) {
				uintptr_t lo = (uintptr_t)info.data & ~(page - 1);
				uintptr_t hi = ((uintptr_t)info.data + off) &
					       ~(page - 1);

				if ((uintptr_t)info.data >= (uintptr_t)map &&
				    (uintptr_t)info.data + info.size <=
				    (uintptr_t)map + size && hi > lo)
					madvise((void *)lo, hi - lo,
						MADV_DONTNEED);
			}
		}
		dwarf_end(dw);
	} else {
		Dwarf_Die *cu = NULL;
		Dwarf_Addr bias;

		while (!r && (cu = dwfl_module_nextcu(d->mod, cu, &bias)))
			r = fn(cu, b);
	}
	if (e)
		elf_end(e);
	if (fd >= 0)
		close(fd);
	return r;
}

static int unit(Dwarf_Die *cu, void *arg)
{
	struct build *b = arg;

	if (b->ncu == b->cap) {
		uint64_t *p = realloc(b->cus, (b->cap = b->cap ? b->cap * 2 :
					       1024) * sizeof(*p));

		if (!p)
			return -1;
		b->cus = p;
	}
	if (b->ncu == UINT32_MAX)
		return -1;
	b->cus[b->ncu] = dwarf_dieoffset(cu);
	b->cu = (uint32_t)b->ncu++;
	if (!b->lh_set) {	/* the sections of the Dwarf read */
		Elf *elf = dwarf_getelf(dwarf_cu_getdwarf(cu->cu));

		b->lh.line = section(elf, ".debug_line");
		b->lh.line_str = section(elf, ".debug_line_str");
		b->lh.str = section(elf, ".debug_str");
		b->libdw_files = !b->lh.line.data;
		b->di.info = section(elf, ".debug_info");
		b->di.abbrev = section(elf, ".debug_abbrev");
		b->di.str = b->lh.str;
		b->di.line_str = b->lh.line_str;
		b->libdw_dies = !b->di.info.data || !b->di.abbrev.data;
		b->lh_set = true;
	}
	top_funcs(cu, b);
	return unit_files(cu, b, b->ncu == 1);
}

int kpt_dwarf_index_build(struct kpt_dwarf *d,
			  const struct kpt_dwarf_index_key *key, void **buf,
			  size_t *len)
{
	struct build b = { 0 };
	struct kpt_dwarf_index_in *names = NULL, *files = NULL;
	uint32_t nn = 0, nf = 0;
	int r = -1;

	b.lh.fn = file_seen;
	b.lh.ctx = &b;
	b.di.fn = func_seen;
	b.di.ctx = &b;
	b.verify = getenv("KPT_DWARF_INDEX_VERIFY") != NULL;
	if (each_unit(d, unit, &b) || b.names.oom || b.files.oom)
		goto out;
	names = kpt_dwn_entries(&b.names, &nn);
	files = kpt_dwn_entries(&b.files, &nf);
	if (names && files)
		r = kpt_dwarf_index_write(key, b.cus, (uint32_t)b.ncu, names,
					  nn, files, nf, buf, len);
out:
	free(names);
	free(files);
	free(b.cus);
	free(b.seen);
	free(b.fns);
	kpt_dwn_table_free(&b.names);
	kpt_dwn_table_free(&b.files);
	free(b.pnames.s);
	free(b.pfiles.s);
	kpt_dwn_arena_free(&b.strings);
	malloc_trim(0);
	return r;
}
