// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace x86 instruction decoder: the step functions and the
 * length-only path (API in kpt_insn.h).
 *
 * Every decision is a table lookup in the attribute words generated from
 * x86-opcode-map.txt (layout in kpt_inat.h). Every byte read is checked
 * against insn->limit = min(buffer length, 15) first; the position of the
 * first byte that would be out of bounds tells truncated input (inside
 * the buffer's end) from too long an instruction (past byte 15).
 */
#include "kpt_insn.h"
#include "kpt_inat.h"
#include "kpt_insn_fields.h"
/*
 * Angle brackets: found through -I only, so that the userspace build
 * ($(BUILD)/gen) and the kernel build ($(obj)/decoder) each get their own.
 */
#include <kpt_inat_tables.gen.h>

/* VEX (1-3) and XOP (8-10) map number -> table; NULL: reserved. */
static const u16 *const kpt_vex_map[16] = {
	[1] = kpt_inat_vex1, [2] = kpt_inat_vex2, [3] = kpt_inat_vex3,
	[8] = kpt_inat_xop8, [9] = kpt_inat_xop9, [10] = kpt_inat_xopa,
};

static const u16 *const kpt_evex_map[8] = {
	[1] = kpt_inat_evex1, [2] = kpt_inat_evex2, [3] = kpt_inat_evex3,
	[5] = kpt_inat_evex5, [6] = kpt_inat_evex6,
};

/* Mandatory prefix slot (none, 66, F3, F2) -> prefix byte. */
static const u8 kpt_pslot_byte[4] = { 0, 0x66, 0xf3, 0xf2 };

static inline bool kpt_vex_invalid_map(u8 type, u8 map)
{
	if (type == KPT_INSN_VEX_EVEX)
		return map > 7 || !kpt_evex_map[map];
	if (type == KPT_INSN_VEX_XOP)
		return map < 8 || map > 10;
	return map < 1 || map > 3;
}

/*
 * Resolve a table word to its attributes: rows keyed by ModRM (read at
 * buf[modrm_off], bounds-checked here) or by mandatory prefix slot.
 * Returns the attribute word, or a negative error.
 */
static inline int kpt_resolve(u16 a, const u8 *buf, unsigned int modrm_off,
			      unsigned int limit, unsigned int pslot)
{
	u8 m = 0;

	for (;;) {
		switch ((a & KPT_INAT_KIND_MASK) >> KPT_INAT_KIND_SHIFT) {
		case KPT_INAT_KIND_GRP:
			if (modrm_off >= limit)
				return kpt_short(modrm_off + 1);
			m = buf[modrm_off];
			a = kpt_inat_ind[(a & KPT_INAT_INDEX_MASK) +
					 ((m >> 3) & 7) + (m >= 0xc0 ? 8 : 0)];
			break;
		case KPT_INAT_KIND_RM:
			/* Only below a group row: m has been read. */
			a = kpt_inat_ind[(a & KPT_INAT_INDEX_MASK) + (m & 7)];
			break;
		case KPT_INAT_KIND_PFX:
			a = kpt_inat_ind[(a & KPT_INAT_INDEX_MASK) + pslot];
			break;
		case KPT_INAT_KIND_ATTR:
			return a;
		default:
			/* A prefix or special byte where an opcode belongs. */
			return KPT_INSN_ERR_UNDEFINED;
		}
	}
}

int kpt_insn_init(struct kpt_insn *insn, const u8 *buf, size_t len,
		  enum kpt_insn_mode mode)
{
	if (!insn)
		return KPT_INSN_ERR_INVAL;
	memset(insn, 0, sizeof(*insn));
	insn->buf = buf;
	insn->buf_len = len;
	insn->limit = len < KPT_INSN_MAX_LEN ? len : KPT_INSN_MAX_LEN;
	insn->mode = mode;
	if (!buf || (mode != KPT_INSN_MODE_32 && mode != KPT_INSN_MODE_64)) {
		insn->limit = 0;
		insn->err = KPT_INSN_ERR_INVAL;
		return KPT_INSN_ERR_INVAL;
	}
	return 0;
}

static int kpt_get_vex(struct kpt_insn *insn, unsigned int p, u8 sp)
{
	const u8 *b = insn->buf + p;
	u8 type;

	switch (sp) {
	case KPT_INAT_SP_VEX2:
		type = KPT_INSN_VEX_VEX2;
		break;
	case KPT_INAT_SP_VEX3:
		type = KPT_INSN_VEX_VEX3;
		break;
	case KPT_INAT_SP_XOP:
		type = KPT_INSN_VEX_XOP;
		break;
	default:
		type = KPT_INSN_VEX_EVEX;
		break;
	}
	/* The byte after the escape decides whether it is one at all. */
	if (p + 1 >= insn->limit)
		return kpt_short(p + 2);
	if (type == KPT_INSN_VEX_XOP) {
		if ((b[1] & 0x1f) < 8)
			return 0;	/* POP Ev */
	} else if (insn->mode == KPT_INSN_MODE_32 && (b[1] & 0xc0) != 0xc0) {
		return 0;		/* LES, LDS, BOUND */
	}
	insn->vex_len = type == KPT_INSN_VEX_VEX2 ? 2 :
			type == KPT_INSN_VEX_EVEX ? 4 : 3;
	if (p + insn->vex_len > insn->limit)
		return kpt_short(p + insn->vex_len);
	insn->vex_type = type;
	insn->off_vex = p;
	memcpy(insn->vex, b, insn->vex_len);
	insn->vex_r = !(b[1] & 0x80);
	if (type == KPT_INSN_VEX_VEX2) {
		insn->map = KPT_INSN_MAP_0F;
		insn->vex_vvvv = (~b[1] >> 3) & 15;
		insn->vex_l = (b[1] >> 2) & 1;
		insn->vex_pp = b[1] & 3;
	} else {
		insn->vex_x = !(b[1] & 0x40);
		insn->vex_b = !(b[1] & 0x20);
		insn->vex_w = b[2] >> 7;
		insn->vex_vvvv = (~b[2] >> 3) & 15;
		insn->vex_pp = b[2] & 3;
		if (type == KPT_INSN_VEX_EVEX) {
			/* P0 bit 3 is reserved 0, P1 bit 2 fixed 1. */
			if ((b[1] & 0x08) || !(b[2] & 0x04))
				return KPT_INSN_ERR_BAD_VEX;
			insn->map = b[1] & 7;
			insn->evex_r2 = !(b[1] & 0x10);
			insn->evex_z = b[3] >> 7;
			insn->vex_l = (b[3] >> 5) & 3;
			insn->evex_b = (b[3] >> 4) & 1;
			insn->vex_vvvv |= (b[3] & 0x08) ? 0 : 16;
			insn->evex_aaa = b[3] & 7;
		} else {
			insn->map = b[1] & 0x1f;
			insn->vex_l = (b[2] >> 2) & 1;
		}
	}
	if (kpt_vex_invalid_map(type, insn->map))
		return KPT_INSN_ERR_BAD_VEX;
	insn->mandatory_prefix = kpt_pslot_byte[insn->vex_pp];
	return insn->vex_len;
}

int kpt_insn_get_prefixes(struct kpt_insn *insn)
{
	const u16 *t;
	const u8 *buf = insn->buf;
	unsigned int p = 0, limit = insn->limit;
	u8 last_rep = 0, b, rex = 0;
	u16 a, pfx = 0;
	int r;

	if (insn->err)
		return insn->err;
	if (insn->got & KPT_INSN_GOT_PREFIXES)
		return 0;
	t = insn->mode == KPT_INSN_MODE_64 ? kpt_inat_1byte_64 :
					     kpt_inat_1byte_32;
	/* Locals: stores through u8 fields would force reloads of buf. */
	for (;; p++) {
		if (p >= limit)
			return kpt_fail(insn, kpt_short(p + 1));
		b = buf[p];
		a = t[b];
		if (likely((a & KPT_INAT_KIND_MASK) <
			   (KPT_INAT_KIND_PREFIX << KPT_INAT_KIND_SHIFT)))
			break;
		if ((a & KPT_INAT_KIND_MASK) ==
		    KPT_INAT_KIND_PREFIX << KPT_INAT_KIND_SHIFT) {
			pfx |= 1 << (a & 15);
			insn->nr_prefixes++;
			insn->last_prefix = b;
			if (b == 0xf2 || b == 0xf3)
				last_rep = b;
			if ((1 << (a & 15)) >= KPT_INSN_PFX_ES)
				insn->seg_prefix = b;
			/* A REX byte followed by a prefix is ignored. */
			rex = 0;
			continue;
		}
		if (a == ((KPT_INAT_KIND_SPECIAL << KPT_INAT_KIND_SHIFT) |
			  KPT_INAT_SP_REX)) {
			rex = b;
			continue;
		}
		break;
	}
	insn->prefixes = pfx;
	insn->rex = rex;
	insn->mandatory_prefix = last_rep ? last_rep :
		(pfx & KPT_INSN_PFX_OPSIZE) ? 0x66 : 0;
	insn->next = p;
	if ((a & KPT_INAT_KIND_MASK) ==
	    KPT_INAT_KIND_SPECIAL << KPT_INAT_KIND_SHIFT &&
	    (a & 15) >= KPT_INAT_SP_VEX3) {
		r = kpt_get_vex(insn, p, a & 15);
		if (r < 0)
			return kpt_fail(insn, r);
		insn->next = p + r;
	}
	if (insn->mode == KPT_INSN_MODE_64)
		insn->addr_bytes = (pfx & KPT_INSN_PFX_ADSIZE) ? 4 : 8;
	else
		insn->addr_bytes = (pfx & KPT_INSN_PFX_ADSIZE) ? 2 : 4;
	insn->got |= KPT_INSN_GOT_PREFIXES;
	return 0;
}

static unsigned int kpt_pslot(u8 mandatory)
{
	switch (mandatory) {
	case 0x66:
		return 1;
	case 0xf3:
		return 2;
	case 0xf2:
		return 3;
	default:
		return 0;
	}
}

int kpt_insn_get_opcode(struct kpt_insn *insn)
{
	unsigned int p, start, limit;
	const u8 *buf;
	const u16 *t;
	u16 a;
	u8 map;
	int r;
	bool m64 = insn->mode == KPT_INSN_MODE_64;

	r = kpt_insn_get_prefixes(insn);
	if (r)
		return r;
	if (insn->got & KPT_INSN_GOT_OPCODE)
		return 0;
	buf = insn->buf;
	limit = insn->limit;
	start = insn->next;
	p = start;
	if (p >= limit)
		return kpt_fail(insn, kpt_short(p + 1));
	map = insn->map;
	if (insn->vex_type) {
		t = insn->vex_type == KPT_INSN_VEX_EVEX ?
			kpt_evex_map[map] : kpt_vex_map[map];
		a = t[buf[p]];
	} else {
		t = m64 ? kpt_inat_1byte_64 : kpt_inat_1byte_32;
		a = t[buf[p]];
		map = KPT_INSN_MAP_1BYTE;
		if (a == ((KPT_INAT_KIND_SPECIAL << KPT_INAT_KIND_SHIFT) |
			  KPT_INAT_SP_ESC0F)) {
			if (++p >= limit)
				return kpt_fail(insn, kpt_short(p + 1));
			a = kpt_inat_0f[buf[p]];
			map = KPT_INSN_MAP_0F;
			if ((a & KPT_INAT_KIND_MASK) ==
			    KPT_INAT_KIND_SPECIAL << KPT_INAT_KIND_SHIFT) {
				t = (a & 15) == KPT_INAT_SP_ESC38 ?
					kpt_inat_0f38 : kpt_inat_0f3a;
				map = (a & 15) == KPT_INAT_SP_ESC38 ?
					KPT_INSN_MAP_0F38 : KPT_INSN_MAP_0F3A;
				if (++p >= limit)
					return kpt_fail(insn, kpt_short(p + 1));
				a = t[buf[p]];
			}
		} else if ((a & KPT_INAT_KIND_MASK) ==
			   KPT_INAT_KIND_SPECIAL << KPT_INAT_KIND_SHIFT) {
			/* C4/C5/62/8F that turned out not to be VEX. */
			a = kpt_inat_1byte_plain[buf[p]];
		}
	}
	insn->map = map;
	insn->off_opcode = start;
	insn->opcode = buf[p];
	p++;
	insn->opcode_len = p - start;
	r = a;
	if (unlikely(a & KPT_INAT_KIND_MASK)) {
		r = kpt_resolve(a, buf, p, limit,
				kpt_pslot(insn->mandatory_prefix));
		if (r < 0)
			return kpt_fail(insn, r);
	}
	if (r & (KPT_INAT_UNDEF | (m64 ? KPT_INAT_INV64 : KPT_INAT_INV32)))
		return kpt_fail(insn, KPT_INSN_ERR_UNDEFINED);
	insn->attr = r;
	insn->next = p;
	if (m64 && (insn->rex & 8))
		insn->opnd_bytes = 8;
	else if (m64 && (r & KPT_INAT_F64))
		insn->opnd_bytes = 8;
	else if (insn->prefixes & KPT_INSN_PFX_OPSIZE)
		insn->opnd_bytes = 2;
	else
		insn->opnd_bytes = (m64 && (r & KPT_INAT_D64)) ? 8 : 4;
	insn->got |= KPT_INSN_GOT_OPCODE;
	return 0;
}

int kpt_insn_get_modrm(struct kpt_insn *insn)
{
	int r = kpt_insn_get_opcode(insn);

	if (r)
		return r;
	if (insn->got & KPT_INSN_GOT_MODRM)
		return 0;
	if (insn->attr & KPT_INAT_MODRM) {
		if (insn->next >= insn->limit)
			return kpt_fail(insn, kpt_short(insn->next + 1));
		insn->off_modrm = insn->next;
		insn->modrm = insn->buf[insn->next++];
		insn->modrm_len = 1;
		/*
		 * A memory-only operand (LEA, LxS, MOVNTI ...) in a register
		 * form, or a register-only one (MOVMSKPS, PMOVMSKB ...) in a
		 * memory form.
		 */
		if ((insn->attr & KPT_INAT_MEMONLY) && insn->modrm >= 0xc0)
			return kpt_fail(insn, KPT_INSN_ERR_UNDEFINED);
		if ((insn->attr & KPT_INAT_REGONLY) && insn->modrm < 0xc0)
			return kpt_fail(insn, KPT_INSN_ERR_UNDEFINED);
	}
	insn->got |= KPT_INSN_GOT_MODRM;
	return 0;
}

/* The length-only path's state: where it is and what the prefixes said. */
struct kpt_len {
	unsigned int p;		/* offset of the byte being looked at */
	unsigned int limit;	/* min(buffer length, 15) */
	unsigned int pslot;	/* mandatory prefix slot, or VEX/EVEX pp */
	u16 pfx;		/* KPT_INSN_PFX_* seen */
	u8 rex;
};

/* Legacy prefixes and REX; returns the attribute word of the byte after. */
static inline int kpt_len_prefixes(struct kpt_len *l, const u8 *buf,
				   const u16 *t1)
{
	u16 a;
	u8 b;

	for (;; l->p++) {
		if (l->p >= l->limit)
			return kpt_short(l->p + 1);
		b = buf[l->p];
		a = t1[b];
		if (likely((a & KPT_INAT_KIND_MASK) <
			   (KPT_INAT_KIND_PREFIX << KPT_INAT_KIND_SHIFT)))
			break;
		if ((a >> KPT_INAT_KIND_SHIFT) == KPT_INAT_KIND_PREFIX) {
			l->pfx |= 1 << (a & 15);
			if (b == 0xf2 || b == 0xf3)
				l->pslot = b == 0xf3 ? 2 : 3;
			l->rex = 0;
			continue;
		}
		if ((a & 15) == KPT_INAT_SP_REX) {
			l->rex = b;
			continue;
		}
		break;
	}
	if (!l->pslot && (l->pfx & KPT_INSN_PFX_OPSIZE))
		l->pslot = 1;
	return a;
}

/* A VEX/EVEX/XOP candidate at l->p: the opcode's attribute word. */
static int kpt_len_vex(struct kpt_len *l, const u8 *buf,
		       enum kpt_insn_mode mode, u16 a)
{
	struct kpt_insn v;
	int r;

	/* Rare enough to take the full path for the prefix. */
	v.buf = buf;
	v.limit = l->limit;
	v.mode = mode;
	r = kpt_get_vex(&v, l->p, a & 15);
	if (r < 0)
		return r;
	if (r == 0)
		return kpt_inat_1byte_plain[buf[l->p]];
	l->p += r;
	if (l->p >= l->limit)
		return kpt_short(l->p + 1);
	l->pslot = v.vex_pp;
	return (v.vex_type == KPT_INSN_VEX_EVEX ?
		kpt_evex_map[v.map] : kpt_vex_map[v.map])[buf[l->p]];
}

/* A special byte at l->p: 0F escape(s) or a VEX/EVEX/XOP candidate. */
static inline int kpt_len_escape(struct kpt_len *l, const u8 *buf,
				 enum kpt_insn_mode mode, u16 a)
{
	const u16 *t;

	if ((a & 15) != KPT_INAT_SP_ESC0F)
		return kpt_len_vex(l, buf, mode, a);
	if (++l->p >= l->limit)
		return kpt_short(l->p + 1);
	a = kpt_inat_0f[buf[l->p]];
	if ((a >> KPT_INAT_KIND_SHIFT) != KPT_INAT_KIND_SPECIAL)
		return a;
	t = (a & 15) == KPT_INAT_SP_ESC38 ? kpt_inat_0f38 : kpt_inat_0f3a;
	if (++l->p >= l->limit)
		return kpt_short(l->p + 1);
	return t[buf[l->p]];
}

/* ModRM, SIB and displacement for attribute a; 0 or an error. */
static inline int kpt_len_modrm(struct kpt_len *l, const u8 *buf, u16 a,
				bool m64)
{
	bool sib;
	u8 m;

	if (!(a & KPT_INAT_MODRM))
		return 0;
	if (l->p >= l->limit)
		return kpt_short(l->p + 1);
	m = buf[l->p++];
	if ((a & KPT_INAT_MEMONLY) && m >= 0xc0)
		return KPT_INSN_ERR_UNDEFINED;
	if ((a & KPT_INAT_REGONLY) && m < 0xc0)
		return KPT_INSN_ERR_UNDEFINED;
	if ((a & KPT_INAT_REGFORM) || m >= 0xc0)
		return 0;
	if (!(l->pfx & KPT_INSN_PFX_ADSIZE) || m64) {
		if ((m & 7) == 4 && l->p >= l->limit)
			return kpt_short(l->p + 1);
		l->p += kpt_modrm_tail(m, 0, buf + l->p, &sib);
	} else {
		l->p += kpt_modrm_tail(m, 1, buf + l->p, &sib);
	}
	/* Checked here as the displacement step does. */
	if (l->p > l->limit)
		return kpt_short(l->p);
	return 0;
}

/*
 * Length only: the same steps as above on locals, without filling a
 * struct. Kept in lockstep with the step functions (the fuzzer compares
 * the two).
 */
int kpt_insn_length(const u8 *buf, size_t len, enum kpt_insn_mode mode)
{
	struct kpt_len l = {
		.limit = len < KPT_INSN_MAX_LEN ? len : KPT_INSN_MAX_LEN,
	};
	bool m64 = mode == KPT_INSN_MODE_64;
	unsigned int n, n2;
	int a, r;

	if (!buf || (mode != KPT_INSN_MODE_32 && mode != KPT_INSN_MODE_64))
		return KPT_INSN_ERR_INVAL;
	a = kpt_len_prefixes(&l, buf,
			     m64 ? kpt_inat_1byte_64 : kpt_inat_1byte_32);
	if (unlikely(a < 0))
		return a;
	if (unlikely((a & KPT_INAT_KIND_MASK) >=
		     (KPT_INAT_KIND_PREFIX << KPT_INAT_KIND_SHIFT))) {
		a = kpt_len_escape(&l, buf, mode, a);
		if (a < 0)
			return a;
	}
	l.p++;
	if (unlikely(a & KPT_INAT_KIND_MASK)) {
		a = kpt_resolve(a, buf, l.p, l.limit, l.pslot);
		if (a < 0)
			return a;
	}
	if (a & (KPT_INAT_UNDEF | (m64 ? KPT_INAT_INV64 : KPT_INAT_INV32)))
		return KPT_INSN_ERR_UNDEFINED;
	r = kpt_len_modrm(&l, buf, a, m64);
	if (r)
		return r;
	n = kpt_imm_size(a, m64, l.pfx & KPT_INSN_PFX_OPSIZE, l.rex & 8,
			 l.pfx & KPT_INSN_PFX_ADSIZE, &n2);
	l.p += n + n2;
	if (l.p > l.limit)
		return kpt_short(l.p);
	return l.p;
}
