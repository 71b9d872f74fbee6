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

/* Write a message to err. */
void kpt_dwarf_msg(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* KPT_DWARF_INTERNAL_H */
