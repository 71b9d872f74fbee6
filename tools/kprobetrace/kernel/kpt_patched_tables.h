/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): the tables of patched regions, between kpt_patched.c
 * (which answers about them) and kpt_patched_load.c (which reads them
 * from the live kernel and the module files).
 */
#ifndef KPT_PATCHED_TABLES_H
#define KPT_PATCHED_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { JUMP, SCALL, ALT, BUG, NKINDS };

#define BUGFLAG_WARNING	1u	/* include/asm-generic/bug.h */

struct region {
	uint64_t start;
	unsigned int len;	/* 0: a jump label not decoded yet */
	uint16_t line, flags;	/* a BUG/WARN site's */
	uint64_t file;		/* its file name's address, 0 if none */
};

struct patched {
	char module[128];	/* "" : vmlinux */
	char file[1024];	/* the module's ELF file, if known */
	bool loaded;
	int err;		/* -errno: nothing could be read */
	struct region *r[NKINDS];
	size_t n[NKINDS], cap[NKINDS];
	char unchecked[512];
	struct patched *next;
};

/*
 * Read p's tables (vmlinux's when p->module is "", else the module's):
 * p->r, p->n; p->err = 0 when something could be read; what could not
 * be checked in p->unchecked.
 */
void kpt_patched_load(struct patched *p);

#endif /* KPT_PATCHED_TABLES_H */
