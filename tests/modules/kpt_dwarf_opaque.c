// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_dwarf: the one unit that defines struct kpt_dwarf_hidden.
 * kpt_dwarf.c only declares it, so a probe on a line there reaches its
 * members through this unit's DWARF.
 */
#include <linux/compiler.h>
#include "kpt_dwarf_opaque.h"

/* after secret: an anonymous union, with bitfields in its struct */
struct kpt_dwarf_hidden {
	long first;
	long secret;
	union {
		long alias;
		struct {
			unsigned int lo;
			unsigned int flag:1, mode:3, level:12;
		};
	};
};

static struct kpt_dwarf_hidden kpt_dwarf_hidden_obj = {
	.first = 7, .lo = 17, .flag = 1, .mode = 5, .level = 1234,
};

__attribute__((__noipa__))
struct kpt_dwarf_hidden *kpt_dwarf_hidden_get(long v)
{
	WRITE_ONCE(kpt_dwarf_hidden_obj.secret, v);
	return &kpt_dwarf_hidden_obj;
}

__attribute__((__noipa__))
void kpt_dwarf_sink_hidden(struct kpt_dwarf_hidden *h)
{
	kpt_dwarf_sink(READ_ONCE(h->secret));
}
