/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace errors: $retval's type from DWARF (cmd_errors_ret.c).
 *
 * Offers: errors_ret_type().  Uses: DWARF (kpt_dwarf.h), kallsyms.
 */
#ifndef KPT_CMD_ERRORS_RET_H
#define KPT_CMD_ERRORS_RET_H

#include "kpt_latsess.h"

/*
 * For functions (no globs) of a module without BTF, where the module
 * would read $retval as a long: set s->rettype from their DWARF (the
 * .ko's by build-id, or debuginfo), the same type for all; without debug
 * info a note says that an int function's errnos are missed.
 */
void errors_ret_type(struct kpt_ls *s, const char *debuginfo);

#endif
