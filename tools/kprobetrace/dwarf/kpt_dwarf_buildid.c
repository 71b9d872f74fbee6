// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): the build-id of an ELF file (kpt_dwarf.h), the key every
 * part of the DWARF room matches a debug file by: the file room its
 * candidates, the index (kpt_dwarf_cache.c) its cache file, the BTF
 * fallback (kpt_dwarf_btf.c) the running build.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <elfutils/libdwelf.h>
#include "kpt_buildid.h"
#include "kpt_dwarf.h"

int kpt_dwarf_file_build_id(const char *path, char *hex, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	const void *id;
	ssize_t n;
	Elf *e;

	hex[0] = '\0';
	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e || elf_kind(e) != ELF_K_ELF) {
		if (e)
			elf_end(e);
		close(fd);
		return -ENOEXEC;
	}
	n = dwelf_elf_gnu_build_id(e, &id);
	if (n > 0)
		kpt_build_id_hex(id, (size_t)n, hex, size);
	elf_end(e);
	close(fd);
	return 0;
}
