// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1): kernel memory from /proc/kcore, an ELF core file whose
 * PT_LOAD program headers map kernel virtual addresses to file offsets.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "kpt_base.h"
#include "kpt_kernel.h"

int kpt_kcore_read(uint64_t vaddr, void *buf, size_t len)
{
	const char *path = getenv("KPT_KCORE");
	int fd = open(path && *path ? path : "/proc/kcore", O_RDONLY);
	Elf64_Ehdr eh;
	int r = -EFAULT;

	if (fd < 0)
		return -errno;
	if (pread(fd, &eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) ||
	    memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64) {
		close(fd);
		return -ENOEXEC;
	}
	for (unsigned int i = 0; i < eh.e_phnum; i++) {
		Elf64_Phdr ph;
		ssize_t n;

		if (pread(fd, &ph, sizeof(ph), eh.e_phoff +
			  (off_t)i * eh.e_phentsize) != (ssize_t)sizeof(ph))
			break;
		if (ph.p_type != PT_LOAD || vaddr < ph.p_vaddr ||
		    vaddr + len > ph.p_vaddr + ph.p_memsz)
			continue;
		n = pread(fd, buf, len, ph.p_offset + (vaddr - ph.p_vaddr));
		r = n == (ssize_t)len ? 0 : n < 0 ? -errno : -EIO;
		break;
	}
	close(fd);
	return r;
}
