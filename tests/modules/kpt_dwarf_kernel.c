// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace_dwarf: a kernel struct that no unit of the module defines.
 * This unit declares struct user_namespace and includes no header that
 * defines it, so the module's DWARF has its name and no members; a probe
 * here reaches them through the running kernel's BTF.  The kernel's
 * init_user_ns maps every uid: one extent of 4294967295.  struct
 * kpt_dwarf_nowhere is defined nowhere, in the module or the kernel.
 */
#include <linux/compiler.h>
#include <linux/types.h>
#include "kpt_dwarf_kernel.h"
#include "kpt_dwarf_opaque.h"

struct kpt_dwarf_nowhere;

__attribute__((__noipa__))
long kpt_dwarf_kernel_ns(struct user_namespace *ns, long x)
{
	kpt_dwarf_sink(x);			/* KPT_LINE kernel_ns */
	return ns ? x : 0;
}

long kpt_dwarf_kernel(long x)
{
	return kpt_dwarf_kernel_ns(&init_user_ns, x);
}

__attribute__((__noipa__))
long kpt_dwarf_kernel_nowhere(struct kpt_dwarf_nowhere *p, long x)
{
	kpt_dwarf_sink(x);			/* KPT_LINE kernel_nowhere */
	return p ? x : 0;
}

/* Bytes (a typedef of unsigned char) and text: x64 and a string. */
__attribute__((__noipa__))
long kpt_dwarf_kernel_bytes(const u8 *bytes, const char *text, long x)
{
	kpt_dwarf_sink(x);			/* KPT_LINE kernel_bytes */
	return bytes == (const u8 *)text ? x : 0;
}

/* Enums: one with a negative enumerator is signed, as in BTF (kflag). */
enum kpt_dwarf_sign { KPT_DWARF_NEG = -1, KPT_DWARF_POS = 1 };
enum kpt_dwarf_mode { KPT_DWARF_MODE_A, KPT_DWARF_MODE_B };

__attribute__((__noipa__))
long kpt_dwarf_kernel_enums(enum kpt_dwarf_sign sign,
			    enum kpt_dwarf_mode mode, long x)
{
	kpt_dwarf_sink(x);			/* KPT_LINE kernel_enums */
	return sign == KPT_DWARF_NEG && mode == KPT_DWARF_MODE_B ? x : 0;
}

void kpt_dwarf_fill(long *a, int n, long x);

/*
 * A pointer into a stack array: its value is the stack pointer plus an
 * offset (DW_OP_fbreg, DW_OP_stack_value), which only a dereference
 * makes a fetch argument of.
 */
__attribute__((__noipa__))
long kpt_dwarf_kernel_lea(long x)
{
	long arr[6];
	long *p = arr + 2;

	kpt_dwarf_fill(arr, 6, x);
	kpt_dwarf_sink(p[1] + p[3]);		/* KPT_LINE kernel_lea */
	return p[0];
}

__attribute__((__noipa__))
void kpt_dwarf_fill(long *a, int n, long x)
{
	for (int i = 0; i < n; i++)
		a[i] = x * (i + 1);
}
