/* SPDX-License-Identifier: GPL-2.0 */
/*
 * get_unaligned()/put_unaligned().
 *
 * Kernels differ: 6.1 has <asm/unaligned.h> only; 6.12 moved it to
 * <linux/unaligned.h> (the asm one is gone).  Chosen by the header's
 * presence (KPT_HAVE_LINUX_UNALIGNED_H, features.sh), not by a version.
 */
#ifndef KPT_COMPAT_UNALIGNED_H
#define KPT_COMPAT_UNALIGNED_H

#ifdef KPT_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif /* KPT_COMPAT_UNALIGNED_H */
