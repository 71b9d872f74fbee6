// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the index of a DWARF file, kept by build-id in the
 * cache directory ($XDG_CACHE_HOME, else ~/.cache:
 * kprobetrace/dwarf/BUILDID.idx), so that a lookup reads only the
 * compile units it needs instead of every one of a vmlinux.
 *
 * The first lookup builds it (kpt_dwarf_index_build.c): each compile
 * unit's functions (the subprograms dwarf_getfuncs() gives: with code, and
 * the abstract ones of functions only inlined) and the files of its line
 * table.  The file is
 * written to a temporary name and renamed.  The next lookups read it and
 * check it (kpt_dwarf_index.c: counts, order, checksum, and the key: the
 * DWARF file's build-id, size and mtime); anything wrong, it is rebuilt.
 * Without a build-id, with --no-index, or when the cache cannot be
 * written, the index lives in memory for the run (or every unit is read).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dwarf.h>
#include "kpt_base.h"
#include "kpt_dwarf_internal.h"

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

/* ---- the cache file ---- */

static int cache_path(const char *id, char *path, size_t size, bool mk)
{
	char name[256];

	snprintf(name, sizeof(name), "%s.idx", id);
	return kpt_cache_path("dwarf", name, path, size, mk);
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

/*
 * Read the cache file and check it against key: 0, or -1/-2 (why), -3 no
 * file.  Read, not mapped: a file cut short under us by another writer is
 * then a short read (refused), never a SIGBUS.
 */
static int load(struct kpt_dwarf *d, const char *path,
		const struct kpt_dwarf_index_key *key)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), r;
	size_t len, got = 0;
	struct stat st;
	char *m;

	if (fd < 0)
		return -3;
	if (fstat(fd, &st) || st.st_size <= 0 ||
	    (uint64_t)st.st_size > ((uint64_t)1 << 32) ||
	    !(m = malloc((size_t)st.st_size))) {
		close(fd);
		return -1;
	}
	len = (size_t)st.st_size;
	while (got < len) {
		ssize_t n = read(fd, m + got, len - got);

		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	r = got == len ? kpt_dwarf_index_parse(m, len, key, NULL, &d->ix) : -1;
	if (r) {
		free(m);
		return r;
	}
	d->ix_buf = m;
	d->ix_len = len;
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
	if (kpt_dwarf_index_build(d, &key, &buf, &len))
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
	d->nseen = 0;
	for (uint32_t i = 0; !r && i < ix->ncu; i++) {
		Dwarf_Die die;

		if (!want[i] || !dwarf_offdie(d->dw, ix->cus[i], &die))
			continue;
		if (d->nseen < (int)(sizeof(d->seen) / sizeof(d->seen[0])))
			d->seen[d->nseen++] = die;
		r = fn(&die, ctx);
	}
	free(want);
	return r;
}

Dwarf_Die *kpt_dwarf_addr_cu(struct kpt_dwarf *d, Dwarf_Addr addr)
{
	Dwarf_Addr bias;

	for (int i = 0; i < d->nseen; i++)
		if (dwarf_haspc(&d->seen[i], addr) > 0)
			return &d->seen[i];
	return dwfl_module_addrdie(d->mod, addr + d->bias, &bias);
}
