// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the index of a DWARF file, kept by build-id in the
 * cache directory ($XDG_CACHE_HOME, else ~/.cache:
 * kprobetrace/dwarf/BUILDID.idx), so that a lookup reads only the
 * compile units it needs instead of every one of a vmlinux.
 *
 * The first lookup builds it: each compile unit's functions (the
 * subprograms dwarf_getfuncs() gives: with code, and the abstract ones of
 * functions only inlined) and the files of its line table.  The file is
 * written to a temporary name and renamed.  The next lookups map it and
 * check it (kpt_dwarf_index.c: counts, order, checksum, and the key: the
 * DWARF file's build-id, size and mtime); anything wrong, it is rebuilt.
 * Without a build-id, with --no-index, or when the cache cannot be
 * written, the index lives in memory for the run (or every unit is read).
 */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dwarf.h>
#include <gelf.h>
#include "kpt_cmd.h"
#include "kpt_dwarf_internal.h"
#include "kpt_dwarf_linehdr.h"

bool kpt_dwarf_no_index;

bool kpt_dwarf_file_match(const char *path, const char *want)
{
	size_t lp, lw;

	if (!want[0])
		return true;
	if (!path)
		return false;
	lp = strlen(path);
	lw = strlen(want);
	if (lw > lp || strcmp(path + lp - lw, want))
		return false;
	return lw == lp || path[lp - lw - 1] == '/' || want[0] == '/';
}

/* ---- building: name -> compile units, in a hash table ---- */

struct slot {
	const char *name;	/* in the build's arena */
	uint64_t hash;
	uint32_t *v, n, cap;
};

struct table {
	struct slot *s;
	size_t cap, n;
	bool oom;
};

struct arena;
static const char *intern(struct arena *a, const char *s);

static uint64_t hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ull;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ull;
	return h ^ (h >> 32);
}

/* name's slot, a new one (its name interned in a) if none. */
static struct slot *slot_of(struct table *t, const char *name,
			    struct arena *a)
{
	uint64_t h = hash(name);
	size_t i;

	if (t->n * 2 >= t->cap) {
		size_t cap = t->cap ? t->cap * 2 : 4096;
		struct slot *s = calloc(cap, sizeof(*s));

		if (!s)
			return NULL;
		for (size_t k = 0; k < t->cap; k++) {
			if (!t->s[k].name)
				continue;
			i = t->s[k].hash & (cap - 1);
			while (s[i].name)
				i = (i + 1) & (cap - 1);
			s[i] = t->s[k];
		}
		free(t->s);
		t->s = s;
		t->cap = cap;
	}
	i = h & (t->cap - 1);
	while (t->s[i].name &&
	       (t->s[i].hash != h || strcmp(t->s[i].name, name)))
		i = (i + 1) & (t->cap - 1);
	if (!t->s[i].name) {
		if (!(name = intern(a, name)))
			return NULL;
		t->s[i].name = name;
		t->s[i].hash = h;
		t->n++;
	}
	return &t->s[i];
}

static void add(struct table *t, const char *name, uint32_t cu,
		struct arena *a)
{
	struct slot *s = name && *name ? slot_of(t, name, a) : NULL;

	if (!s) {
		t->oom |= name && *name;
		return;
	}
	if (s->n && s->v[s->n - 1] == cu)
		return;
	if (s->n == s->cap) {
		uint32_t cap = s->cap ? s->cap * 2 : 2;
		uint32_t *v = realloc(s->v, cap * sizeof(*v));

		if (!v) {
			t->oom = true;
			return;
		}
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n++] = cu;
}

/* The table's entries for the writer (its strings stay the table's). */
static struct kpt_dwarf_index_in *entries(struct table *t, uint32_t *n)
{
	struct kpt_dwarf_index_in *in = calloc(t->n + 1, sizeof(*in));

	*n = 0;
	if (!in)
		return NULL;
	for (size_t k = 0; k < t->cap; k++)
		if (t->s[k].name)
			in[(*n)++] = (struct kpt_dwarf_index_in){
				t->s[k].name, t->s[k].v, t->s[k].n };
	return in;
}

static void table_free(struct table *t)
{
	for (size_t k = 0; k < t->cap; k++)
		free(t->s[k].v);
	free(t->s);
}

/* Strings that live until the index is written. */
struct arena {
	char **chunks;
	size_t n, used, left;
};

static const char *intern(struct arena *a, const char *s)
{
	size_t l = strlen(s) + 1;
	char *p;

	if (l > a->left) {
		size_t sz = l > 1 << 20 ? l : 1 << 20;
		char **c = realloc(a->chunks, (a->n + 1) * sizeof(*c));

		if (!c)
			return NULL;
		a->chunks = c;
		if (!(c[a->n] = malloc(sz)))
			return NULL;
		a->n++;
		a->used = 0;
		a->left = sz;
	}
	p = a->chunks[a->n - 1] + a->used;
	memcpy(p, s, l);
	a->used += l;
	a->left -= l;
	return p;
}

static void arena_free(struct arena *a)
{
	for (size_t i = 0; i < a->n; i++)
		free(a->chunks[i]);
	free(a->chunks);
}

struct build {
	struct table names, files;
	uint32_t cu;
	struct arena strings;
	struct kpt_dwarf_linehdr_in lh;
	bool libdw_files;	/* the headers are read by libdw */
	bool verify;		/* both, compared (KPT_DWARF_INDEX_VERIFY) */
	const char **seen;	/* verify: the unit's names from the header */
	size_t nseen, capseen;
	uint64_t *cus;		/* the units' DIE offsets */
	size_t ncu, cap;
	bool lh_set;
};

static int build_func(Dwarf_Die *die, void *arg)
{
	struct build *b = arg;

	add(&b->names, dwarf_diename(die), b->cu, &b->strings);
	return DWARF_CB_OK;
}

/*
 * The functions of a unit as dwarf_getfuncs() gives them, faster: the
 * unit's own children only (DW_AT_sibling skips the bodies), where C
 * keeps its functions; a unit of another language, the full walk.  A
 * GNU C nested function (inside another's body; the kernel has none) is
 * then not indexed: kpt_dwarf_each_cu() reads every unit for a name the
 * index lacks.
 */
static void top_funcs(Dwarf_Die *cu, struct build *b)
{
	int lang = dwarf_srclang(cu);
	Dwarf_Die c;

	if (lang != DW_LANG_C89 && lang != DW_LANG_C && lang != DW_LANG_C99 &&
	    lang != DW_LANG_C11) {
		dwarf_getfuncs(cu, build_func, b, 0);
		return;
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

static int file_seen(void *arg, const char *name)
{
	struct build *b = arg;

	add(&b->files, name, b->cu, &b->strings);
	if (b->verify) {
		const char *s = intern(&b->strings, name);

		if (!s)
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
	}
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
			add(&b->files, dwarf_filesrc(fl, i, NULL, NULL), b->cu,
			    &b->strings);
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

		while (!r && !dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL,
					   NULL)) {
			Dwarf_Die cu;

			if (dwarf_offdie(dw, off + hsize, &cu))
				r = fn(&cu, b);
			off = next;
			/*
			 * The file's pages read so far leave this process
			 * (the page cache keeps them; read again, they come
			 * back as they were): the walk's resident size stays
			 * that of a few units, not of the file.
			 */
			if (map && ++n % 64 == 0)
				madvise(map, size, MADV_DONTNEED);
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
		b->lh_set = true;
	}
	top_funcs(cu, b);
	return unit_files(cu, b, b->ncu == 1);
}

/* The index of d's DWARF into a malloc'd buffer: 0, or -1. */
static int build(struct kpt_dwarf *d, const struct kpt_dwarf_index_key *key,
		 void **buf, size_t *len)
{
	struct build b = { 0 };
	struct kpt_dwarf_index_in *names = NULL, *files = NULL;
	uint32_t nn = 0, nf = 0;
	int r = -1;

	b.lh.fn = file_seen;
	b.lh.ctx = &b;
	b.verify = getenv("KPT_DWARF_INDEX_VERIFY") != NULL;
	if (each_unit(d, unit, &b) || b.names.oom || b.files.oom)
		goto out;
	names = entries(&b.names, &nn);
	files = entries(&b.files, &nf);
	if (names && files)
		r = kpt_dwarf_index_write(key, b.cus, (uint32_t)b.ncu, names,
					  nn, files, nf, buf, len);
out:
	free(names);
	free(files);
	free(b.cus);
	free(b.seen);
	table_free(&b.names);
	table_free(&b.files);
	arena_free(&b.strings);
	malloc_trim(0);
	return r;
}

/* ---- the cache file ---- */

static int cache_path(const char *id, char *path, size_t size, bool mk)
{
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char dir[1024];
	int n;

	if (xdg && xdg[0] == '/')
		n = snprintf(dir, sizeof(dir), "%s/kprobetrace/dwarf", xdg);
	else if (home && home[0] == '/')
		n = snprintf(dir, sizeof(dir), "%s/.cache/kprobetrace/dwarf",
			     home);
	else
		return -1;
	if (n < 0 || (size_t)n >= sizeof(dir))
		return -1;
	if (mk) {
		/* each component, as mkdir -p */
		for (char *p = dir + 1; *p; p++) {
			if (*p != '/')
				continue;
			*p = '\0';
			if (mkdir(dir, 0755) && errno != EEXIST)
				return -1;
			*p = '/';
		}
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -1;
	}
	n = snprintf(path, size, "%s/%s.idx", dir, id);
	return n < 0 || (size_t)n >= size ? -1 : 0;
}

static void note(const char *fmt, const char *what, const char *path)
{
	if (getenv("KPT_DWARF_INDEX_LOG"))
		fprintf(stderr, fmt, what, path);
}

/* Write buf to path through a temporary file and rename(): 0 or -1. */
static int write_atomic(const char *path, const void *buf, size_t len)
{
	char tmp[1200];
	const char *p = buf;
	int fd;

	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid());
	fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -1;
	while (len) {
		ssize_t w = write(fd, p, len);

		if (w <= 0) {
			close(fd);
			unlink(tmp);
			return -1;
		}
		p += w;
		len -= (size_t)w;
	}
	if (close(fd) || rename(tmp, path)) {
		unlink(tmp);
		return -1;
	}
	return 0;
}

/* Map the cache file and check it against key: 0, or -1/-2 (why). */
static int load(struct kpt_dwarf *d, const char *path,
		const struct kpt_dwarf_index_key *key)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), r = -1;
	struct stat st;
	void *m;

	if (fd < 0)
		return -3;
	if (fstat(fd, &st) || st.st_size <= 0) {
		close(fd);
		return -1;
	}
	m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED)
		return -1;
	r = kpt_dwarf_index_parse(m, (size_t)st.st_size, key, NULL, &d->ix);
	if (r) {
		munmap(m, (size_t)st.st_size);
		return r;
	}
	d->ix_buf = m;
	d->ix_len = (size_t)st.st_size;
	d->ix_mapped = true;
	return 0;
}

/* Have d->ix (1), or none (-1): loaded, else built (and kept). */
static int index_of(struct kpt_dwarf *d)
{
	struct kpt_dwarf_index_key key = { 0 };
	char path[1100];
	struct stat st;
	void *buf;
	size_t len;
	int r = -3;

	if (d->ix_state)
		return d->ix_state;
	d->ix_state = -1;
	if (kpt_dwarf_no_index || stat(d->path, &st) ||
	    kpt_dwarf_file_build_id(d->path, key.build_id,
				    sizeof(key.build_id)) || !key.build_id[0])
		return -1;
	key.size = (uint64_t)st.st_size;
	key.mtime_sec = st.st_mtim.tv_sec;
	key.mtime_nsec = st.st_mtim.tv_nsec;
	if (!cache_path(key.build_id, path, sizeof(path), false)) {
		r = load(d, path, &key);
		if (!r) {
			note("kprobetrace: DWARF index: %s %s\n", "used", path);
			return d->ix_state = 1;
		}
	}
	if (build(d, &key, &buf, &len))
		return -1;
	if (kpt_dwarf_index_parse(buf, len, &key, NULL, &d->ix)) {
		free(buf);
		return -1;
	}
	d->ix_buf = buf;
	d->ix_len = len;
	if (!cache_path(key.build_id, path, sizeof(path), true) &&
	    !write_atomic(path, buf, len))
		note("kprobetrace: DWARF index: %s %s\n",
		     r == -3 ? "built" : r == -2 ? "rebuilt (another build or version)" :
		     "rebuilt (corrupted or truncated)", path);
	else
		note("kprobetrace: DWARF index: %s %s\n",
		     "built in memory (cannot write)", path);
	return d->ix_state = 1;
}

void kpt_dwarf_index_drop(struct kpt_dwarf *d)
{
	if (d->ix_mapped)
		munmap(d->ix_buf, d->ix_len);
	else
		free(d->ix_buf);
	d->ix_buf = NULL;
	d->ix_state = 0;
}

/* Each compile unit, in order, without the index. */
static int each_all(struct kpt_dwarf *d, kpt_dwarf_cu_fn fn, void *ctx)
{
	Dwarf_Die *cu = NULL;
	Dwarf_Addr bias;
	int r = 0;

	while (!r && (cu = dwfl_module_nextcu(d->mod, cu, &bias)))
		r = fn(cu, ctx);
	return r;
}

int kpt_dwarf_each_cu(struct kpt_dwarf *d, const char *func,
		      const char *file, bool exact, kpt_dwarf_cu_fn fn,
		      void *ctx)
{
	const struct kpt_dwarf_index *ix = &d->ix;
	unsigned char *want;
	int r = 0;

	if ((!func && (!file || !file[0])) || index_of(d) < 0)
		return each_all(d, fn, ctx);
	want = calloc(ix->ncu ? ix->ncu : 1, 1);
	if (!want)
		return each_all(d, fn, ctx);
	if (func || exact) {
		const struct kpt_dwarf_index_ent *e =
			kpt_dwarf_index_find(ix, !func, func ? func : file);

		if (!e && func) {	/* a nested function, or none */
			free(want);
			return each_all(d, fn, ctx);
		}
		for (uint32_t k = 0; e && k < e->count; k++)
			want[ix->lists[e->first + k]] = 1;
	} else {
		for (uint32_t i = 0; i < ix->nfiles; i++) {
			const struct kpt_dwarf_index_ent *e = &ix->files[i];

			if (!kpt_dwarf_file_match(ix->strings + e->str, file))
				continue;
			for (uint32_t k = 0; k < e->count; k++)
				want[ix->lists[e->first + k]] = 1;
		}
	}
	/* every unit checked first: a bad offset means every unit */
	for (uint32_t i = 0; i < ix->ncu; i++) {
		Dwarf_Die die;
		int t;

		if (want[i] && (!dwarf_offdie(d->dw, ix->cus[i], &die) ||
				((t = dwarf_tag(&die)) != DW_TAG_compile_unit &&
				 t != DW_TAG_partial_unit))) {
			free(want);
			return each_all(d, fn, ctx);
		}
	}
	for (uint32_t i = 0; !r && i < ix->ncu; i++) {
		Dwarf_Die die;

		if (want[i] && dwarf_offdie(d->dw, ix->cus[i], &die))
			r = fn(&die, ctx);
	}
	free(want);
	return r;
}
