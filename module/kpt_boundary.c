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
 * and a note says so in error_log.  An int3 is decoded as the 1-byte
 * instruction it is (CONFIG_SLS puts one after every ret and jmp); one
 * that does not follow a ret/jmp/int3 may be someone's breakpoint over a
 * longer instruction, and only a refusal that crossed such an int3 turns
 * into that fallback.
 *
 * May touch: kernel text (read), the kprobe core's table (get_kprobe()),
 * the decoder.  Offers: kpt_boundary.h.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include "kpt_files.h"
#include "kpt_ibt.h"
#include "kpt_ksyms.h"
#include "kpt_boundary.h"
#include "kpt_insn.h"

#define KPT_INSN_MAX		16
#define KPT_DECODE_MAX		(256 * 1024)	/* longest prefix we decode */

/* A note (kpt_err.h), also in the kernel log */
#define kpt_boundary_note(e, code, pos, ...) do {			\
	kpt_note(e, code, pos, ##__VA_ARGS__);				\
	pr_info("%s\n", (e)->msg);					\
} while (0)

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
		struct kprobe *kp = kpt_kcall(get_kprobe)((void *)(start + i));

		u8 text;

		if (!kp || (kp->flags & (KPROBE_FLAG_FTRACE | KPROBE_FLAG_GONE)))
			continue;
		text = buf[i];
		buf[i] = kp->opcode;
#ifdef CONFIG_OPTPROBES
		if (text == JMP32_INSN_OPCODE && kp->opcode != JMP32_INSN_OPCODE &&
		    (unsigned long)kp->pre_handler == kpt_ksyms.aggr_pre_handler) {
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

/* Does this instruction end the flow (ret, jmp)?  Then an int3 may follow. */
static bool kpt_flow_ends(const u8 *p, int n)
{
	int i = 0;
	u8 reg;

	while (i < n - 1 && (p[i] == 0x2e || p[i] == 0x3e || p[i] == 0xf3))
		i++;
	switch (p[i]) {
	case 0xc3:
	case 0xc2:
	case 0xe9:
	case 0xeb:
	case 0xcc:
		return true;
	case 0xff:
		if (i + 1 >= n)
			return false;
		reg = (p[i + 1] >> 3) & 7;
		return reg == 4 || reg == 5;	/* jmp r/m, jmp far */
	}
	return false;
}

/*
 * Decode buf (the first len bytes of a function, kprobes' changes undone)
 * from its start to off.  0: off is a boundary, or the decoding cannot be
 * trusted (e->msg then holds a note: the kernel's check decides);
 * -EILSEQ: off is inside an instruction.  WHERE names the address.
 */
static int kpt_decode_to(const u8 *buf, size_t len, size_t off,
			 const char *where, struct kpt_err *e, size_t pos)
{
	size_t i = 0, prev = 0, int3_at = 0;
	bool foreign_int3 = false;
	int n, prev_n = 0;

	while (i < off) {
		/*
		 * int3 is a 1-byte instruction, also after every ret/jmp
		 * (CONFIG_SLS) and as padding; elsewhere it may be someone's
		 * breakpoint over the first byte of a longer instruction
		 */
		if (buf[i] == 0xcc && !foreign_int3 &&
		    !(prev_n && kpt_flow_ends(buf + prev, prev_n))) {
			foreign_int3 = true;
			int3_at = i;
		}
		n = kpt_insn_length(buf + i, len - i, KPT_INSN_MODE_64);
		if (n <= 0) {
			kpt_boundary_note(e, KPT_ERR_NOTE_UNDECODABLE, pos,
				 where, i, kpt_insn_strerror(n));
			return 0;
		}
		if (i + n > off) {
			char bytes[3 * KPT_INSN_MAX + 24];
			size_t k, b = 0;

			if (foreign_int3) {
				kpt_boundary_note(e, KPT_ERR_NOTE_FOREIGN_INT3, pos,
					 where, int3_at);
				return 0;
			}
			for (k = 0; k < n; k++)
				b += scnprintf(bytes + b, sizeof(bytes) - b,
					       "%s%02x", k ? " " : "",
					       buf[i + k]);
			/* IBT: name the endbr64 an entry probe goes after */
			if (!i && kpt_endbr_name(buf, len))
				scnprintf(bytes + b, sizeof(bytes) - b, ": %s",
					  kpt_endbr_name(buf, len));
			return kpt_error(e, KPT_ERR_NOT_BOUNDARY, pos,
					   where, n, i, bytes, i, i + n);
		}
		prev = i;
		prev_n = n;
		i += n;
	}
	return 0;
}

int kpt_boundary_check(unsigned long addr, struct kpt_err *e, size_t pos)
{
	unsigned long size = 0, off = 0, start;
	char where[KSYM_SYMBOL_LEN];
	size_t len;
	int ret = 0;
	u8 *buf;

	if (!kpt_kcall(lookup_size_offset)(addr, &size, &off))
		return kpt_error(e, KPT_ERR_NOT_IN_FUNCTION, pos,
				   addr);
	if (!off)
		return 0;
	if (off >= size)
		return kpt_error(e, KPT_ERR_PAST_FUNCTION, pos, addr);
	sprint_symbol(where, addr);
	start = addr - off;
	if (off > KPT_DECODE_MAX) {
		kpt_boundary_note(e, KPT_ERR_NOTE_FUNC_TOO_LONG, pos,
			 where);
		return 0;
	}
	len = min_t(size_t, size, off + KPT_INSN_MAX);
	buf = kmalloc(len, GFP_KERNEL);
	if (!buf)
		return kpt_error(e, KPT_ERR_NOMEM, pos);
	if (copy_from_kernel_nofault(buf, (void *)start, len)) {
		kpt_boundary_note(e, KPT_ERR_NOTE_UNREADABLE, pos,
			 where);
		goto out;
	}
	kpt_restore_kprobes(buf, start, len);
	ret = kpt_decode_to(buf, len, off, where, e, pos);
out:
	kfree(buf);
	return ret;
}

/*
 * Test hook (module parameter testhooks=1): write "OFFSET HEXBYTES" to
 * kprobetrace/test_boundary (tracefs) to run the decoding part of the check
 * on those bytes as if they were a function; read back "RET MESSAGE".
 */
static char kpt_tb_result[sizeof(((struct kpt_err *)0)->msg) + 16];
static DEFINE_MUTEX(kpt_tb_mutex);

static ssize_t kpt_tb_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct kpt_err e = {};
	unsigned long off;
	char *text, *hex;
	size_t len = 0;
	u8 *buf;
	int ret;

	if (count > 4096)
		return -E2BIG;
	text = memdup_user_nul(ubuf, count);
	if (IS_ERR(text))
		return PTR_ERR(text);
	buf = kzalloc(count, GFP_KERNEL);
	hex = strchr(text, ' ');
	ret = -EINVAL;
	if (!buf || !hex)
		goto out;
	*hex++ = '\0';
	if (kstrtoul(text, 0, &off))
		goto out;
	while (hex[0] && hex[0] != '\n' && hex[1]) {
		if (hex2bin(&buf[len], hex, 1))
			goto out;
		len++;
		hex += 2;
	}
	ret = kpt_decode_to(buf, len, off, "test", &e, 0);
	mutex_lock(&kpt_tb_mutex);
	scnprintf(kpt_tb_result, sizeof(kpt_tb_result), "%d %s\n", ret,
		  e.msg);
	mutex_unlock(&kpt_tb_mutex);
	ret = count;
out:
	kfree(buf);
	kfree(text);
	return ret;
}

static ssize_t kpt_tb_read(struct file *file, char __user *ubuf,
			   size_t count, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&kpt_tb_mutex);
	ret = simple_read_from_buffer(ubuf, count, ppos, kpt_tb_result,
				      strlen(kpt_tb_result));
	mutex_unlock(&kpt_tb_mutex);
	return ret;
}

static const struct file_operations kpt_tb_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = kpt_tb_read,
	.write = kpt_tb_write,
	.llseek = default_llseek,
};

int kpt_boundary_testhook_init(void)
{
	return kpt_file("test_boundary", 0600, &kpt_tb_fops, NULL);
}
