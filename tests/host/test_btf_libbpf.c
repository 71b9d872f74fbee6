// SPDX-License-Identifier: GPL-2.0
/*
 * For test_cmd_btf: kprobetrace(1)'s BTF code (tools/kprobetrace/btf/kpt_btf*.c)
 * on a libbpf struct btf, which that test builds with btf__add_*(): the
 * shared reader gets the blob libbpf writes (btf__raw_data) and, for split
 * BTF, its base's.  The command itself loads blobs without libbpf
 * (kpt_btf_load.c).
 */
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>
#include "kpt_btf_fetch.h"
#include "kpt_btf_internal.h"

static struct view {
	const struct btf *btf;
	const void *raw;
	__u32 size;
	struct kpt_btf kb;
	__u32 *index;
} views[8];

const struct kpt_btf *kpt_btf_blob(const struct btf *btf)
{
	const struct btf *base = btf__base_btf(btf);
	const struct kpt_btf *kbase = base ? kpt_btf_blob(base) : NULL;
	__u32 size;
	const void *raw = btf__raw_data(btf, &size);
	struct view *v, *free_v = &views[0];

	for (v = views; v < views + 8; v++) {
		if (v->btf == btf && v->raw == raw && v->size == size)
			return &v->kb;
		if (!v->btf)
			free_v = v;
	}
	v = free_v;
	free(v->index);
	memset(v, 0, sizeof(*v));
	v->btf = btf;
	v->raw = raw;
	v->size = size;
	if (kpt_btf_init(&v->kb, raw, size, kbase))
		abort();
	v->index = malloc(sizeof(__u32) * (kpt_btf_nr_types(&v->kb) + 1));
	if (kpt_btf_set_index(&v->kb, v->index, kpt_btf_nr_types(&v->kb)))
		abort();
	return &v->kb;
}
