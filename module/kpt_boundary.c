// SPDX-License-Identifier: GPL-2.0
/*
 * The instruction-boundary check of seed patch 004, with our own decoder
 * (decoder/kpt_insn.h): before a probe is registered at SYMBOL+offs or
 * MEMADDR, the containing function is decoded from its start up to the
 * probe point; an address inside an instruction is refused with EILSEQ,
 * naming that instruction and the nearest boundaries on both sides.
 *
 * The text read may hold int3s and jumps that kprobes put there (ours or
 * anyone's): every byte where get_kprobe() finds an int3-based kprobe
 * gets its saved original opcode back, and an optimised kprobe's jump
 * (e9 + rel32) gets the bytes saved in optinsn.copied_insn.  Other
 * text changes (someone else's int3, bytes the decoder does not know)
 * must never make us refuse a valid offset: then the check is left to
 * register_kprobe()'s own (which refuses a non-boundary with EILSEQ too)
 * and a note says so in error_log.  With CONFIG_SLS, int3 also follows
 * every ret, so an int3 is decoded as the 1-byte instruction it is, and
 * only a refusal that crossed an unexplained int3 turns into that
 * fallback.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kprobes.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "kpt_ksyms.h"
#include "kpt_probe.h"
#ifdef KPT_HAVE_DECODER
#include "kpt_insn.h"
#endif

#define KPT_INSN_MAX		16
#define KPT_DECODE_MAX		(256 * 1024)	/* longest prefix we decode */

#ifdef KPT_HAVE_DECODER
static void kpt_note(struct kpt_err *e, size_t pos, const char *fmt, ...)
{
	va_list ap;

	e->err = 0;
	e->pos = pos;
	va_start(ap, fmt);
	vscnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
	pr_info("%s\n", e->msg);
}

/*
 * Undo kprobes' text changes in buf (a copy of [start, start + len)).
 * With CONFIG_OPTPROBES every aggregated kprobe (pre_handler
 * aggr_pre_handler) is a struct optimized_kprobe, and one whose detour
 * was prepared keeps the original bytes after the first in
 * optinsn.copied_insn, filled when the jump is written.  They are put
 * back wherever the text holds that jump (e9 where the original opcode is
 * not), whatever the OPTIMIZED flag says: unoptimizing clears the flag at
 * once but restores the text later.
 */
static void kpt_restore_kprobes(u8 *buf, unsigned long start, size_t len)
{
	size_t i;

	rcu_read_lock();
	for (i = 0; i < len; i++) {
		struct kprobe *kp = kpt_ksyms.get_kprobe((void *)(start + i));

		u8 text;

		if (!kp || (kp->flags & (KPROBE_FLAG_FTRACE | KPROBE_FLAG_GONE)))
			continue;
		text = buf[i];
		buf[i] = kp->opcode;
#ifdef CONFIG_OPTPROBES
		if (text == JMP32_INSN_OPCODE && kp->opcode != JMP32_INSN_OPCODE &&
		    (void *)kp->pre_handler == kpt_ksyms.aggr_pre_handler) {
			struct optimized_kprobe *op =
				container_of(kp, struct optimized_kprobe, kp);

			if (arch_prepared_optinsn(&op->optinsn))
				memcpy(buf + i + 1, op->optinsn.copied_insn,
				       min_t(size_t, DISP32_SIZE, len - i - 1));
		}
#endif
	}
	rcu_read_unlock();
}

int kpt_boundary_check(unsigned long addr, struct kpt_err *e, size_t pos)
{
	unsigned long size = 0, off = 0, start;
	size_t len, i = 0, int3_at = 0;
	bool saw_int3 = false;
	int n, ret = 0;
	u8 *buf;

	if (!kpt_ksyms.lookup_size_offset(addr, &size, &off))
		return kpt_err_set(e, -EINVAL, pos,
				   "0x%lx is not inside any kernel function",
				   addr);
	if (!off)
		return 0;
	if (off >= size)
		return kpt_err_set(e, -EINVAL, pos,
				   "0x%lx is past the end of its function", addr);
	start = addr - off;
	if (off > KPT_DECODE_MAX) {
		kpt_note(e, pos,
			 "note: %pS: function too long to decode; the kernel checks the boundary",
			 (void *)addr);
		return 0;
	}
	len = min_t(size_t, size, off + KPT_INSN_MAX);
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return kpt_err_set(e, -ENOMEM, pos, "out of memory");
	if (copy_from_kernel_nofault(buf, (void *)start, len)) {
		kpt_note(e, pos,
			 "note: %pS: cannot read the function; the kernel checks the boundary",
			 (void *)addr);
		goto out;
	}
	kpt_restore_kprobes(buf, start, len);

	while (i < off) {
		if (buf[i] == 0xcc && !saw_int3) {
			saw_int3 = true;
			int3_at = i;
		}
		n = kpt_insn_length(buf + i, len - i, KPT_INSN_MODE_64);
		if (n <= 0) {
			kpt_note(e, pos,
				 "note: %pS: cannot decode the instruction at +0x%zx (%s); the kernel checks the boundary",
				 (void *)addr, i, kpt_insn_strerror(n));
			goto out;
		}
		if (i + n > off) {
			char bytes[3 * KPT_INSN_MAX + 1];
			size_t k, b = 0;

			if (saw_int3) {
				kpt_note(e, pos,
					 "note: %pS: int3 at +0x%zx not placed by a kprobe; the kernel checks the boundary",
					 (void *)addr, int3_at);
				goto out;
			}
			for (k = 0; k < n; k++)
				b += scnprintf(bytes + b, sizeof(bytes) - b,
					       "%s%02x", k ? " " : "",
					       buf[i + k]);
			ret = kpt_err_set(e, -EILSEQ, pos,
					  "%pS is not on an instruction boundary: it is inside the %d-byte instruction at +0x%zx (%s); nearest boundaries: +0x%zx and +0x%zx",
					  (void *)addr, n, i, bytes, i,
					  i + n);
			goto out;
		}
		i += n;
	}
out:
	kfree(buf);
	return ret;
}
#else
/* Without our decoder the kernel's own check (in register_kprobe) rules. */
int kpt_boundary_check(unsigned long addr, struct kpt_err *e, size_t pos)
{
	unsigned long size = 0, off = 0;

	if (!kpt_ksyms.lookup_size_offset(addr, &size, &off))
		return kpt_err_set(e, -EINVAL, pos,
				   "0x%lx is not inside any kernel function",
				   addr);
	if (off >= size)
		return kpt_err_set(e, -EINVAL, pos,
				   "0x%lx is past the end of its function", addr);
	return 0;
}
#endif
