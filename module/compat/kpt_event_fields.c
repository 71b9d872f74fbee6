// SPDX-License-Identifier: GPL-2.0
/*
 * Another event's fields, read through the layout the running kernel's
 * BTF gives (kpt_event_fields.h).
 */
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/string.h>
#include "kpt_event_fields.h"

/* byte offsets of the members read; is_signed: a bit in a u32 word */
static struct {
	bool tried, ok;
	u16 name, filter_type, offset, size, sign_word;
	u8 sign_bit;
} kpt_efl;
static DEFINE_MUTEX(kpt_efl_lock);

/* member name of t: its bit offset and size in bits (0: not a bitfield) */
static bool kpt_efl_member(const struct kpt_btf *vm,
			   const struct kpt_btf_type *t, const char *name,
			   u32 bytes, u32 *bit_off, u32 *bf_size)
{
	struct kpt_btf_member m;
	u32 i, size;

	for (i = 0; i < t->vlen; i++) {
		if (kpt_btf_member(t, i, &m) ||
		    strcmp(kpt_btf_name(vm, m.name_off), name))
			continue;
		*bit_off = m.bit_off;
		*bf_size = m.bf_size;
		if (m.bf_size)
			return true;
		return !kpt_btf_size(vm, m.type, &size) && size == bytes &&
		       !(m.bit_off % 8);
	}
	return false;
}

static bool kpt_efl_read(const struct kpt_btf *vm)
{
	struct kpt_btf_type t;
	u32 link, name, ft, off, size, sign, bf, bf2;

	if (!vm || kpt_btf_find(vm, KPT_BTF_K_STRUCT, "ftrace_event_field", &t))
		return false;
	if (!kpt_efl_member(vm, &t, "link", sizeof(struct list_head), &link,
			    &bf) || link || bf ||
	    !kpt_efl_member(vm, &t, "name", sizeof(char *), &name, &bf) || bf ||
	    !kpt_efl_member(vm, &t, "filter_type", sizeof(int), &ft, &bf) ||
	    bf || !kpt_efl_member(vm, &t, "offset", sizeof(int), &off, &bf) ||
	    bf || !kpt_efl_member(vm, &t, "size", sizeof(int), &size, &bf) ||
	    bf || !kpt_efl_member(vm, &t, "is_signed", sizeof(int), &sign, &bf2))
		return false;
	/* a bitfield of one bit, or an int holding 0 or 1 */
	if (bf2 > 1 || sign / 8 + sizeof(u32) > t.size_type)
		return false;
	kpt_efl.name = name / 8;
	kpt_efl.filter_type = ft / 8;
	kpt_efl.offset = off / 8;
	kpt_efl.size = size / 8;
	kpt_efl.sign_word = sign / 32 * 4;
	kpt_efl.sign_bit = sign % 32;
	return true;
}

int kpt_event_fields_layout(const struct kpt_btf *vm)
{
	mutex_lock(&kpt_efl_lock);
	if (!kpt_efl.tried && vm) {
		kpt_efl.tried = true;
		kpt_efl.ok = kpt_efl_read(vm);
	}
	mutex_unlock(&kpt_efl_lock);
	return kpt_efl.ok ? 0 : -EOPNOTSUPP;
}

static int kpt_efl_int(const struct list_head *l, u16 off)
{
	return *(const int *)((const u8 *)l + off);
}

int kpt_event_field_find(struct trace_event_call *call, const char *name,
			 struct kpt_efield *f)
{
	struct list_head *head = trace_get_fields(call), *l;

	if (!READ_ONCE(kpt_efl.ok))
		return -EOPNOTSUPP;
	for (l = head->next; l != head; l = l->next) {
		const char *n = *(const char **)((u8 *)l + kpt_efl.name);

		if (!n || strcmp(n, name))
			continue;
		f->offset = kpt_efl_int(l, kpt_efl.offset);
		f->size = kpt_efl_int(l, kpt_efl.size);
		f->filter_type = kpt_efl_int(l, kpt_efl.filter_type);
		f->is_signed = (*(const u32 *)((u8 *)l + kpt_efl.sign_word) >>
				kpt_efl.sign_bit) & 1;
		return 0;
	}
	return -ENOENT;
}
