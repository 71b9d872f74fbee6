/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The hit path's today's record (kpt_hit.c includes it, and only it): the
 * strings read from kernel and user memory, the size of a record's
 * dynamic part (kpt_typed_dyn_size()), the record stored
 * (kpt_typed_store()), after the argument ops of kpt_fetch.h.  Static and
 * NOKPROBE like the rest of the hit path; a header of the hit path's own,
 * as trace_probe_tmpl.h is the kernel's tracers', so that the compiler
 * sees these functions beside their callers.
 */
#ifndef KPT_HIT_TODAY_H
#define KPT_HIT_TODAY_H

#include <linux/kprobes.h>
#include <linux/uaccess.h>
#include "kpt_fetch.h"
#include "kpt_fmt.h"
#include "kpt_probe_types.h"
#include "kpt_unaligned.h"

/* One word (1 2 4 8 bytes), zero-extended, inline for kernel memory. */
static nokprobe_inline bool kpt_read_word(unsigned long *dst,
					  unsigned long addr,
					  unsigned int size, bool user)
{
	if (user)
		return kpt_uread(addr, size, dst);
	return kpt_kread(addr, size, dst);
}

/*
 * Measure (dst NULL) or copy the string at addr: the bytes with its NUL,
 * at most max (then cut, NUL-terminated), 0 on a fault.  (The kernel's
 * nofault string helpers are not exported.)  Reads 8 bytes at a time
 * where they lie in one page: such a read cannot fault when the string's
 * first byte there does not.
 */
static nokprobe_inline u32 kpt_str(char *dst, unsigned long addr, u32 max,
				   bool user)
{
	u32 len = 0, k, chunk;
	unsigned long w;

	while (len < max) {
		unsigned long at = addr + len;

		chunk = offset_in_page(at) <= PAGE_SIZE - sizeof(w) ?
			sizeof(w) : 1;
		if (!kpt_read_word(&w, at, chunk, user))
			return 0;
		/* little-endian: byte k of the chunk is bits 8k..8k+7 of w */
		for (k = 0; k < chunk && len < max; k++, w >>= 8) {
			u8 c = w;

			if (dst)
				dst[len] = c;
			len++;
			if (!c)
				return len;
		}
	}
	if (dst && len)
		dst[len - 1] = '\0';
	return len;
}

static nokprobe_inline u32 kpt_strlen(unsigned long addr, bool user)
{
	return kpt_str(NULL, addr, KPT_STR_MAX, user);
}

static nokprobe_inline u32 kpt_strcpy(char *dst, unsigned long addr,
				      u32 room, bool user)
{
	return kpt_str(dst, addr, min_t(u32, room, KPT_STR_MAX), user);
}

/* "sym+off/size [mod]" of v into dst (NULL: only measure), with its NUL. */
static noinline u32 kpt_symstr(char *dst, unsigned long v, u32 room)
{
	char buf[KSYM_SYMBOL_LEN];
	u32 n = sprint_symbol(buf, v) + 1;

	if (!dst)
		return n;
	n = min(n, room);
	if (n) {
		memcpy(dst, buf, n);
		dst[n - 1] = '\0';
	}
	return n;
}
NOKPROBE_SYMBOL(kpt_symstr);

/* Pass 1: bytes the strings of this hit take (bounded by the record). */
static noinline u32 kpt_typed_dyn_size(struct kpt_probe *p,
					struct pt_regs *regs,
					const unsigned long *edata)
{
	bool mem_ok = kpt_mem_allowed();
	u32 total = 0;
	unsigned int i, j;

	for (i = 0; i < p->nargs; i++) {
		const struct kpt_targ *a = &p->targs[i];
		bool ustr = a->flags & KPT_CA_USTR;
		unsigned long v, ptr;

		if (a->store < KPT_ST_STRING)
			continue;
		if (!kpt_eval(p, &p->args[i], regs, edata, mem_ok, &v, true))
			continue;
		switch (a->store) {
		case KPT_ST_STRING:
			if (mem_ok || !(a->flags & KPT_CA_MEM))
				total += kpt_strlen(v + a->off, ustr);
			break;
		case KPT_ST_STRARR:
			for (j = 0; mem_ok && j < a->count; j++) {
				if (kpt_read_word(&ptr, v + a->off + j * sizeof(ptr),
					     sizeof(ptr),
					     a->flags & KPT_CA_UMEM))
					total += kpt_strlen(ptr, ustr);
			}
			break;
		case KPT_ST_SYMSTR:
			total += kpt_symstr(NULL, v, 0);
			break;
		}
	}
	return min_t(u32, total, KPT_TYPED_REC_MAX - p->rec_size);
}
NOKPROBE_SYMBOL(kpt_typed_dyn_size);

static nokprobe_inline void kpt_put(u8 *dst, unsigned long v,
				    unsigned int size)
{
	switch (size) {
	case 1:
		*dst = v;
		break;
	case 2:
		put_unaligned((u16)v, (u16 *)dst);
		break;
	case 4:
		put_unaligned((u32)v, (u32 *)dst);
		break;
	default:
		put_unaligned((u64)v, (u64 *)dst);
		break;
	}
}

static nokprobe_inline u32 kpt_put_str(u8 *rec, u8 *field, u8 *dyn, u32 n)
{
	put_unaligned((n << 16) | (u32)(dyn - rec), (u32 *)field);
	return n;
}

/* Pass 2: the header and every argument into rec (size bytes reserved). */
static noinline void kpt_typed_store(struct kpt_probe *p, void *rec,
				     u32 size, struct pt_regs *regs,
				     const unsigned long *edata,
				     unsigned long ip)
{
	bool mem_ok = !p->has_mem || kpt_mem_allowed();
	u8 *base = rec, *dyn = base + p->rec_size, *end = base + size;
	unsigned int i, j;

	if (unlikely(p->eprobe)) {
		/* the arguments alone, as the kernel's event probes */
	} else if (edata) {
		struct kpt_typed_return_rec *r = rec;

		r->func = ip;
		r->ret_ip = instruction_pointer(regs);
	} else {
		struct kpt_typed_entry_rec *r = rec;

		r->ip = ip;
	}
	for (i = 0; i < p->nargs; i++) {
		const struct kpt_carg *ca = &p->args[i];
		const struct kpt_targ *a = &p->targs[i];
		bool ustr = a->flags & KPT_CA_USTR;
		u8 *field = base + a->offset;
		unsigned long v = 0, e, ptr;
		bool ok = kpt_eval(p, ca, regs, edata, mem_ok, &v, true);
		u32 n;

		switch (a->store) {
		case KPT_ST_VAL:
			kpt_put(field, ok ? kpt_convert(ca, v) : KPT_FAULT_VALUE,
				ca->size);
			break;
		case KPT_ST_ARRAY:
			for (j = 0; j < a->count; j++, field += ca->size) {
				e = 0;
				if (ok && kpt_read_word(&e, v + a->off + j * ca->size,
						   ca->size,
						   a->flags & KPT_CA_UMEM))
					e = kpt_convert(ca, e);
				else
					e = KPT_FAULT_VALUE;
				kpt_put(field, e, ca->size);
			}
			break;
		case KPT_ST_STRING:
			if (!mem_ok && (a->flags & KPT_CA_MEM))
				ok = false;
			n = ok ? kpt_strcpy(dyn, v + a->off, end - dyn, ustr) : 0;
			dyn += kpt_put_str(base, field, dyn, n);
			break;
		case KPT_ST_STRARR:
			for (j = 0; j < a->count; j++, field += sizeof(u32)) {
				n = 0;
				if (ok && mem_ok &&
				    kpt_read_word(&ptr, v + a->off + j * sizeof(ptr),
					     sizeof(ptr),
					     a->flags & KPT_CA_UMEM))
					n = kpt_strcpy(dyn, ptr, end - dyn,
						       ustr);
				dyn += kpt_put_str(base, field, dyn, n);
			}
			break;
		case KPT_ST_SYMSTR:
			n = ok ? kpt_symstr(dyn, v, end - dyn) : 0;
			dyn += kpt_put_str(base, field, dyn, n);
			break;
		}
	}
}
NOKPROBE_SYMBOL(kpt_typed_store);

#endif /* KPT_HIT_TODAY_H */
