/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): helpers shared by the BTF files (kpt_btf.c,
 * kpt_btf_types.c, kpt_btf_load.c), not for their users (they have
 * kpt_btf_fetch.h).  The BTF itself is read by the shared reader,
 * common/kpt_btf_reader.h (also compiled into the module); a struct btf
 * is one loaded blob (kpt_btf_load.c; the host test of this code supplies
 * libbpf's instead, tests/host/test_btf_libbpf.c).
 */
#ifndef KPT_BTF_INTERNAL_H
#define KPT_BTF_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <linux/types.h>
#include "kpt_btf_reader.h"

struct btf;

/* Write / append a message (candidate lists) to err. */
void kpt_btf_msg(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void kpt_btf_cat(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* C type text of a type of blob b. */
void kpt_btf_ctype_of(const struct kpt_btf *b, __u32 id, char *buf,
		      size_t size);
/* Append " m1 m2 ..." (at most 40) to err; *shown counts them. */
void kpt_btf_list_members(const struct kpt_btf *b, __u32 sid, char *err,
			  size_t errlen, int *shown);

#endif /* KPT_BTF_INTERNAL_H */
