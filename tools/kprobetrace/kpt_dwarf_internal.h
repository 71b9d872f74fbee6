/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): what the files of the DWARF room (kpt_dwarf_*.c) share
 * behind kpt_dwarf.h: the opened file, and the function lookups.
 */
#ifndef KPT_DWARF_INTERNAL_H
#define KPT_DWARF_INTERNAL_H

#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include "kpt_dwarf.h"

struct kpt_dwarf {
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Dwarf *dw;
	Dwarf_Addr bias;	/* file address = DIE address + bias */
	char module[128];	/* "" : vmlinux */
	char path[1024];
};

/*
 * The debug file of build-id hex from the debuginfod servers of
 * DEBUGINFOD_URLS (kpt_dwarf_debuginfod.c): 0 with its cached path, -1
 * with why ("" when DEBUGINFOD_URLS is not set).
 */
int kpt_dwarf_debuginfod(const char *hex, char *path, size_t size, char *why,
			 size_t wl);

/* Write a message to err. */
void kpt_dwarf_msg(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* KPT_DWARF_INTERNAL_H */
