/* SPDX-License-Identifier: GPL-2.0 */
/* kprobetrace(1): helpers shared by kpt_btf.c and kpt_btf_types.c. */
#ifndef KPT_BTF_INTERNAL_H
#define KPT_BTF_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>

struct btf;
struct btf_type;

/* Write / append a message (candidate lists) to err. */
void kpt_btf_msg(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void kpt_btf_cat(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
const char *kpt_btf_tname(const struct btf *btf, const struct btf_type *t);
/* Skip typedef, const, volatile, restrict and type tags. */
__u32 kpt_btf_skip_mods(const struct btf *btf, __u32 id);
/* Does pointer type id point to user memory (a "user" type tag)? */
bool kpt_btf_user_ptr(const struct btf *btf, __u32 id);
/*
 * Member name of struct/union sid, looking into anonymous members: its bit
 * offset, type and bitfield size (0: not a bitfield).
 */
bool kpt_btf_find_member(const struct btf *btf, __u32 sid, const char *name,
			 __u32 *bitoff, __u32 *type, __u32 *bfsize);
/* Append " m1 m2 ..." (at most 40) to err; *shown counts them. */
void kpt_btf_list_members(const struct btf *btf, __u32 sid, char *err,
			  size_t errlen, int *shown);

#endif /* KPT_BTF_INTERNAL_H */
