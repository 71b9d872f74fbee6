/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): a DWARF section's bytes, as the readers that work
 * without libdw take them (kpt_dwarf_linehdr.h, kpt_dwarf_dies.h; read
 * through kpt_dwarf_rd.h).
 */
#ifndef KPT_DWARF_SEC_H
#define KPT_DWARF_SEC_H

#include <stddef.h>

struct kpt_dwarf_sec {
	const unsigned char *data;	/* NULL: no such section */
	size_t size;
};

#endif /* KPT_DWARF_SEC_H */
