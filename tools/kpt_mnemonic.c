// SPDX-License-Identifier: GPL-2.0
/*
 * Mnemonics of decoded instructions, from the generated name tables
 * (userspace tools only: kpt-decode, kprobetrace where).
 */
#include "kpt_insn.h"
#include "kpt_inat.h"
#include "kpt_mnemonic.h"
#include <kpt_inat_names.gen.h>

/* Mnemonic: the name tables resolve exactly like the attribute tables. */
const char *kpt_mnemonic(const struct kpt_insn *in)
{
	static const u16 *const legacy[4] = {
		kpt_name_1byte_plain, kpt_name_0f, kpt_name_0f38, kpt_name_0f3a,
	};
	static const u16 *const vex[16] = {
		[1] = kpt_name_vex1, [2] = kpt_name_vex2, [3] = kpt_name_vex3,
		[8] = kpt_name_xop8, [9] = kpt_name_xop9, [10] = kpt_name_xopa,
	};
	static const u16 *const evex[8] = {
		[1] = kpt_name_evex1, [2] = kpt_name_evex2, [3] = kpt_name_evex3,
		[5] = kpt_name_evex5, [6] = kpt_name_evex6,
	};
	const u16 *t = NULL;
	unsigned int w, pslot;

	if (in->vex_type == KPT_INSN_VEX_EVEX)
		t = in->map < 8 ? evex[in->map] : NULL;
	else if (in->vex_type)
		t = in->map < 16 ? vex[in->map] : NULL;
	else if (in->map < 4)
		t = legacy[in->map];
	if (!t)
		return "?";
	pslot = in->mandatory_prefix == 0x66 ? 1 : in->mandatory_prefix == 0xf3 ? 2 :
		in->mandatory_prefix == 0xf2 ? 3 : 0;
	w = t[in->opcode];
	for (;;) {
		unsigned int k = (w & KPT_INAT_KIND_MASK) >> KPT_INAT_KIND_SHIFT;
		unsigned int i = w & KPT_INAT_INDEX_MASK;

		if (k == KPT_INAT_KIND_GRP)
			w = kpt_name_ind[i + ((in->modrm >> 3) & 7) +
					 (in->modrm >= 0xc0 ? 8 : 0)];
		else if (k == KPT_INAT_KIND_RM)
			w = kpt_name_ind[i + (in->modrm & 7)];
		else if (k == KPT_INAT_KIND_PFX)
			w = kpt_name_ind[i + pslot];
		else
			break;
	}
	return w < sizeof(kpt_name_str) / sizeof(kpt_name_str[0]) ?
	       kpt_name_str[w] : "?";
}
