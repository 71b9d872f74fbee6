// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): loading BTF.  A struct btf is one raw blob in memory, as
 * /sys/kernel/btf/vmlinux and /sys/kernel/btf/MOD give it (an ELF file's
 * .BTF section is taken out first), checked and indexed by the shared
 * reader (common/kpt_btf_reader.h).  A module's blob is split BTF on vmlinux's.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_btf_fetch.h"
#include "kpt_btf_internal.h"

struct btf {
	struct kpt_btf kb;
	void *data;
	__u32 *index;
};

const struct kpt_btf *kpt_btf_blob(const struct btf *btf)
{
	return &btf->kb;
}

static void *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 20, n = 0, got;
	char *buf, *nb;

	if (!f)
		return NULL;
	buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n < cap)
			continue;
		nb = cap < (1u << 30) ? realloc(buf, cap * 2) : NULL;
		if (!nb) {
			free(buf);
			buf = NULL;
			errno = EFBIG;
			break;
		}
		buf = nb;
		cap *= 2;
	}
	if (buf && ferror(f)) {
		free(buf);
		buf = NULL;
		errno = EIO;
	}
	fclose(f);
	*size = n;
	return buf;
}

/* The .BTF section of a 64-bit ELF file, moved to the buffer's start. */
static int elf_btf(char *d, size_t *size)
{
	Elf64_Ehdr eh;
	Elf64_Shdr sh, str;

	if (*size < sizeof(eh))
		return -1;
	memcpy(&eh, d, sizeof(eh));
	if (eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_shentsize != sizeof(sh) || eh.e_shoff > *size ||
	    (*size - eh.e_shoff) / sizeof(sh) < eh.e_shnum ||
	    eh.e_shstrndx >= eh.e_shnum)
		return -1;
	memcpy(&str, d + eh.e_shoff + eh.e_shstrndx * sizeof(sh), sizeof(str));
	if (str.sh_offset > *size || str.sh_size > *size - str.sh_offset)
		return -1;
	for (unsigned int i = 0; i < eh.e_shnum; i++) {
		memcpy(&sh, d + eh.e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_name >= str.sh_size ||
		    strncmp(d + str.sh_offset + sh.sh_name, ".BTF",
			    str.sh_size - sh.sh_name) ||
		    sh.sh_type == SHT_NOBITS)
			continue;
		if (sh.sh_offset > *size || sh.sh_size > *size - sh.sh_offset)
			return -1;
		memmove(d, d + sh.sh_offset, sh.sh_size);
		*size = sh.sh_size;
		return 0;
	}
	return -1;
}

struct btf *kpt_btf_load(const char *path, struct btf *base)
{
	struct btf *b = calloc(1, sizeof(*b));
	size_t size = 0;

	if (!b)
		return NULL;
	b->data = read_all(path, &size);
	if (!b->data)
		goto fail;
	if (size >= 4 && !memcmp(b->data, ELFMAG, SELFMAG) &&
	    elf_btf(b->data, &size)) {
		errno = ENODATA;	/* an ELF file without .BTF */
		goto fail;
	}
	if (kpt_btf_init(&b->kb, b->data, size, base ? &base->kb : NULL)) {
		errno = size ? EINVAL : ENODATA;
		goto fail;
	}
	b->index = malloc(sizeof(*b->index) * (kpt_btf_nr_types(&b->kb) + 1));
	if (!b->index)
		goto fail;
	if (kpt_btf_set_index(&b->kb, b->index, kpt_btf_nr_types(&b->kb))) {
		errno = EINVAL;
		goto fail;
	}
	/* one lookup a run: no function index (its sort costs more) */
	return b;
fail:
	kpt_btf_free(b);
	return NULL;
}

void kpt_btf_free(struct btf *btf)
{
	int e = errno;

	if (!btf)
		return;
	free(btf->index);
	free(btf->data);
	free(btf);
	errno = e;
}
