// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the file names of a compile unit's line table, read
 * from the header of its .debug_line program alone (DWARF 2-5), for the
 * index (kpt_dwarf_cache.c): dwarf_getsrcfiles() decodes the whole line
 * program of every unit, which costs the index's build a quarter of its
 * time and keeps every table in memory.  The names are spelled as libdw
 * spells them (dwarf_filesrc(): an absolute name as it is, else its
 * directory, '/', the name; DWARF 4 and before: directory 0 is the
 * unit's DW_AT_comp_dir and file 0 is "???").  Anything unexpected (a
 * form this does not know, a count past the end) is a refusal: the
 * caller then asks libdw.  Bounds are checked on every read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_dwarf_linehdr.h"
#include "kpt_dwarf_rd.h"

int kpt_dwarf_linehdr_join(const char *dir, const char *name, char *buf,
			   size_t size)
{
	int n = dir ? snprintf(buf, size, "%s/%s", dir, name) :
		      snprintf(buf, size, "%s", name);

	return n < 0 || (size_t)n >= size ? -1 : 0;
}

#define LNCT_PATH 1
#define LNCT_DIRECTORY_INDEX 2

/*
 * One entry of a DWARF 5 table: its path and directory index.  False on
 * a form this does not know.
 */
static bool entry5(struct kpt_rd *r, const uint64_t *fmt, unsigned int nfmt,
		   unsigned int offsz, const struct kpt_dwarf_linehdr_in *in,
		   const char **path, uint64_t *dir)
{
	*path = NULL;
	*dir = 0;
	for (unsigned int k = 0; k < nfmt && !r->bad; k++) {
		uint64_t type = fmt[2 * k], form = fmt[2 * k + 1], v = 0;
		const char *s = NULL;

		switch (form) {
		case 0x08:	/* string */
			s = kpt_rd_cstr(r);
			break;
		case 0x1f:	/* line_strp */
			s = kpt_rd_strsec(&in->line_str, kpt_rd_u(r, offsz));
			break;
		case 0x0e:	/* strp */
			s = kpt_rd_strsec(&in->str, kpt_rd_u(r, offsz));
			break;
		case 0x0b:	/* data1 */
			v = kpt_rd_u(r, 1);
			break;
		case 0x05:	/* data2 */
			v = kpt_rd_u(r, 2);
			break;
		case 0x06:	/* data4 */
			v = kpt_rd_u(r, 4);
			break;
		case 0x07:	/* data8 */
			v = kpt_rd_u(r, 8);
			break;
		case 0x0f:	/* udata */
			v = kpt_rd_uleb(r);
			break;
		case 0x1e:	/* data16 */
			kpt_rd_u(r, 8);
			kpt_rd_u(r, 8);
			break;
		case 0x09:	/* block */
			v = kpt_rd_uleb(r);
			if (v > (uint64_t)(r->end - r->p))
				r->bad = true;
			else
				r->p += v;
			v = 0;
			break;
		default:
			return false;
		}
		if (type == LNCT_PATH) {
			if (!s)
				return false;
			*path = s;
		} else if (type == LNCT_DIRECTORY_INDEX) {
			*dir = v;
		}
	}
	return !r->bad && *path;
}

/* Hand out a name: dir, '/' and name, or name alone (absolute, no dir). */
static int emit(const struct kpt_dwarf_linehdr_in *in, const char *dir,
		const char *name)
{
	return in->fn(in->ctx, name[0] == '/' ? NULL : dir, name);
}

int kpt_dwarf_linehdr_files(const struct kpt_dwarf_linehdr_in *in,
			    uint64_t off)
{
	struct kpt_rd r = { 0 };
	const char **dirs = NULL;
	uint64_t len, ndirs = 0, fmt[2 * 16];
	unsigned int offsz = 4, version, nfmt;
	int ret = -1;

	if (!in->line.data || off >= in->line.size)
		return -1;
	r.p = in->line.data + off;
	r.end = in->line.data + in->line.size;
	len = kpt_rd_u(&r, 4);
	if (len == 0xffffffff) {
		offsz = 8;
		len = kpt_rd_u(&r, 8);
	}
	if (r.bad || len > (uint64_t)(r.end - r.p))
		return -1;
	r.end = r.p + len;
	version = (unsigned int)kpt_rd_u(&r, 2);
	if (version < 2 || version > 5)
		return -1;
	if (version == 5)
		kpt_rd_u(&r, 2);	/* address_size, segment_selector_size */
	len = kpt_rd_u(&r, offsz);	/* header_length */
	if (r.bad || len > (uint64_t)(r.end - r.p))
		return -1;
	r.end = r.p + len;	/* the header only */
	kpt_rd_u(&r, version >= 4 ? 5 : 4);	/* min_inst .. line_range */
	len = kpt_rd_u(&r, 1);		/* opcode_base */
	if (r.bad || len < 1 || len - 1 > (uint64_t)(r.end - r.p))
		return -1;
	r.p += len - 1;
	if (version < 5) {
		const char *s;
		size_t cap = 16;

		dirs = malloc(cap * sizeof(*dirs));
		if (!dirs)
			return -1;
		dirs[ndirs++] = in->comp_dir;
		while ((s = kpt_rd_cstr(&r)) && *s) {
			if (ndirs == cap) {
				const char **p = realloc(dirs, (cap *= 2) *
							 sizeof(*dirs));

				if (!p)
					goto out;
				dirs = p;
			}
			dirs[ndirs++] = s;
		}
		if (r.bad || in->fn(in->ctx, NULL, "???"))
			goto out;
		while ((s = kpt_rd_cstr(&r)) && *s) {
			uint64_t di = kpt_rd_uleb(&r);

			kpt_rd_uleb(&r);	/* mtime */
			kpt_rd_uleb(&r);	/* length */
			if (r.bad || di >= ndirs || emit(in, dirs[di], s))
				goto out;
		}
		ret = r.bad ? -1 : 0;
		goto out;
	}
	/* DWARF 5: directories, then files, each with its entry format */
	for (int table = 0; table < 2; table++) {
		uint64_t n;

		nfmt = (unsigned int)kpt_rd_u(&r, 1);
		if (nfmt > 16)
			goto out;
		for (unsigned int k = 0; k < 2 * nfmt; k++)
			fmt[k] = kpt_rd_uleb(&r);
		n = kpt_rd_uleb(&r);
		if (r.bad || n > (uint64_t)(r.end - r.p))
			goto out;	/* each entry takes a byte at least */
		if (!table) {
			dirs = calloc(n + 1, sizeof(*dirs));
			if (!dirs)
				goto out;
			ndirs = n;
		}
		for (uint64_t i = 0; i < n; i++) {
			const char *path;
			uint64_t di;

			if (!entry5(&r, fmt, nfmt, offsz, in, &path, &di))
				goto out;
			if (!table)
				dirs[i] = path;
			else if (di >= ndirs || emit(in, dirs[di], path))
				goto out;
		}
	}
	ret = r.bad ? -1 : 0;
out:
	free(dirs);
	return ret;
}
