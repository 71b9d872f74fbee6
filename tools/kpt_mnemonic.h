/* SPDX-License-Identifier: GPL-2.0 */
#ifndef KPT_MNEMONIC_H
#define KPT_MNEMONIC_H

#include "kpt_insn.h"

/*
 * The opcode map's name of a decoded instruction (for a family of opcodes
 * the map lists as one range, a representative name); "?" if none.
 */
const char *kpt_mnemonic(const struct kpt_insn *in);

#endif /* KPT_MNEMONIC_H */
