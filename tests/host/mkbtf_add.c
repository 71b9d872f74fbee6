// SPDX-License-Identifier: GPL-2.0
/*
 * Writes a small raw BTF file for tests/host/cmd-add-form (kprobetrace add
 * without a kernel: KPT_BTF=FILE):
 *
 *   struct how { unsigned long long flags; unsigned long long mode;
 *                unsigned int bits:3; int a[4]; };          (40 bytes)
 *   struct obj { long x; struct how h; struct how *ph; const char *name; };
 *   int fn(int dfd, const char *path, struct how *how, struct obj *o);
 *
 * so the offsets are known: how->mode +8, o->ph->mode +8(+48($arg4)),
 * o->h.mode +16, o->name +56, how->a[2] +28.
 */
#include <stdio.h>
#include <bpf/btf.h>

int main(int argc, char **argv)
{
	struct btf *b = btf__new_empty();
	int i32, u32, u64, s64, ch, cch, pcc, arr, how, phow, obj, pobj, proto;
	const void *raw;
	__u32 size;
	FILE *f;

	if (argc != 2 || !b) {
		fprintf(stderr, "usage: mkbtf_add FILE\n");
		return 2;
	}
	i32 = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	u32 = btf__add_int(b, "unsigned int", 4, 0);
	u64 = btf__add_int(b, "long long unsigned int", 8, 0);
	s64 = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	ch = btf__add_int(b, "char", 1, BTF_INT_SIGNED);
	cch = btf__add_const(b, ch);
	pcc = btf__add_ptr(b, cch);
	arr = btf__add_array(b, i32, i32, 4);
	how = btf__add_struct(b, "how", 40);
	btf__add_field(b, "flags", u64, 0, 0);
	btf__add_field(b, "mode", u64, 64, 0);
	btf__add_field(b, "bits", u32, 128, 3);
	btf__add_field(b, "a", arr, 160, 0);
	phow = btf__add_ptr(b, how);
	obj = btf__add_struct(b, "obj", 64);
	btf__add_field(b, "x", s64, 0, 0);
	btf__add_field(b, "h", how, 64, 0);
	btf__add_field(b, "ph", phow, 384, 0);
	btf__add_field(b, "name", pcc, 448, 0);
	pobj = btf__add_ptr(b, obj);
	proto = btf__add_func_proto(b, i32);
	btf__add_func_param(b, "dfd", i32);
	btf__add_func_param(b, "path", pcc);
	btf__add_func_param(b, "how", phow);
	btf__add_func_param(b, "o", pobj);
	if (btf__add_func(b, "fn", BTF_FUNC_GLOBAL, proto) < 0) {
		fprintf(stderr, "mkbtf_add: building the BTF failed\n");
		return 1;
	}
	raw = btf__raw_data(b, &size);
	f = fopen(argv[1], "wb");
	if (!raw || !f || fwrite(raw, 1, size, f) != size || fclose(f)) {
		perror(argv[1]);
		return 1;
	}
	btf__free(b);
	return 0;
}
