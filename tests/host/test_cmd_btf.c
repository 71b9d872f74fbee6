// SPDX-License-Identifier: GPL-2.0
/*
 * kprobetrace(1)'s BTF resolution (tools/kprobetrace/btf/kpt_btf.c, kpt_btf_fetch.h): C types ->
 * fetch types, parameters -> $argN, member chains -> nested +OFFS(), and
 * the errors.  On a synthetic BTF built here (so the expected offsets are
 * known), then on the host's /sys/kernel/btf/vmlinux if there is one (uapi
 * struct open_how only: the host kernel is not the guest's).
 */
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include "check.h"
#include "btf_builder.h"
#include "kpt_btf_fetch.h"
#include "kpt_base.h"

static struct kpt_btf_func fn;

static void ok(const char *expr, bool ret, const char *fetch,
	       const char *type)
{
	struct kpt_btf_arg a;
	char err[KPT_ERRMSG_MAX] = "";
	int r = kpt_btf_resolve(&fn, expr, ret, &a, err, sizeof(err));

	CHECK(r == 0, "%s: error %d: %s", expr, r, err);
	if (r)
		return;
	CHECK(!strcmp(a.fetch, fetch), "%s: fetch '%s', want '%s'", expr,
	      a.fetch, fetch);
	CHECK(!strcmp(a.type, type), "%s: type '%s', want '%s'", expr,
	      a.type, type);
}

static void bad(const char *expr, bool ret, int code, const char *msg)
{
	struct kpt_btf_arg a;
	char err[KPT_ERRMSG_MAX] = "";
	int r = kpt_btf_resolve(&fn, expr, ret, &a, err, sizeof(err));

	CHECK(r == code, "%s: code %d, want %d (%s)", expr, r, code, err);
	CHECK(strstr(err, msg) != NULL, "%s: message '%s' lacks '%s'", expr,
	      err, msg);
}

static void synthetic(void)
{
	struct btf *b = btf__new_empty();
	struct btf_synth t;
	char buf[32], ct[128], err[KPT_ERRMSG_MAX];
	struct kpt_btf_func g;

	CHECK(btf_build_synthetic(b, &t) == 0, "building the BTF");

	/* C type -> fetch type */
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.ti32, buf, sizeof(buf)), "s32"), "int");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.tu32, buf, sizeof(buf)), "u32"), "unsigned");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.bo, buf, sizeof(buf)), "u8"), "bool");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.u8t, buf, sizeof(buf)), "u8"), "u8");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.ch, buf, sizeof(buf)), "s8"), "char");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.ts16, buf, sizeof(buf)), "s16"), "short");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.tu64, buf, sizeof(buf)), "u64"), "u64");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.pcc, buf, sizeof(buf)), "string"), "const char *");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.pcuch, buf, sizeof(buf)), "string"), "const unsigned char *");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.pu8, buf, sizeof(buf)), "x64"), "u8 * is bytes");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.pouter, buf, sizeof(buf)), "x64"), "struct pointer");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.arr, buf, sizeof(buf)), "string"), "char[16]");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.en, buf, sizeof(buf)), "u32"), "enum");
	CHECK(!strcmp(kpt_btf_fetch_type(b, t.outer, buf, sizeof(buf)), ""), "struct");
	kpt_btf_ctype(b, t.pcc, ct, sizeof(ct));
	CHECK(!strcmp(ct, "const char *"), "ctype '%s'", ct);
	kpt_btf_ctype(b, t.pouter, ct, sizeof(ct));
	CHECK(!strcmp(ct, "struct outer *"), "ctype '%s'", ct);

	CHECK(kpt_btf_find_func(b, "f", &fn, err, sizeof(err)) == 0, "find f");
	CHECK(kpt_btf_find_func(b, "nope", &g, err, sizeof(err)) ==
	      KPT_EXIT_NOFUNC, "unknown function");

	/* parameters */
	ok("dfd", false, "$arg1", "s32");
	ok("fn", false, "+0($arg2)", "string");
	ok("o", false, "$arg3", "x64");
	ok("b", false, "$arg4", "u8");
	ok("s", false, "$arg5", "s16");
	ok("buf", false, "$arg6", "x64");
	ok("ev", false, "$arg7", "u32");
	/* member chains */
	ok("o->x", false, "+0($arg3)", "s64");
	ok("o->y", false, "+56($arg3)", "u64");
	ok("o->in.a", false, "+8($arg3)", "s32");
	ok("o->in.bf1", false, "+12($arg3)", "b3@0/8");
	ok("o->in.bf2", false, "+12($arg3)", "b5@3/8");
	ok("o->in.name", false, "+16($arg3)", "string");
	ok("o->in.name[2]", false, "+18($arg3)", "s8");
	ok("o->in.str", false, "+0(+32($arg3))", "string");
	ok("o->pin->a", false, "+0(+40($arg3))", "s32");
	ok("o->pin->str", false, "+0(+24(+40($arg3)))", "string");
	ok("o->pin[1].a", false, "+32(+40($arg3))", "s32");
	ok("o->u2", false, "+48($arg3)", "s64");
	ok("o->u1", false, "+48($arg3)", "s32");
	ok("$retval", true, "$retval", "s32");
	/* field names: the chain, or its longest tail that fits 32 bytes */
	{
		struct kpt_btf_arg a;

		kpt_btf_resolve(&fn, "o->in.name[2]", false, &a, err,
				sizeof(err));
		CHECK(!strcmp(a.name, "o_in_name_2"), "name '%s'", a.name);
		kpt_btf_resolve(&fn, "o->pin->str", false, &a, err,
				sizeof(err));
		CHECK(!strcmp(a.name, "o_pin_str"), "name '%s'", a.name);
		kpt_btf_resolve(&fn, "o->pin[1].a", false, &a, err,
				sizeof(err));
		CHECK(!strcmp(a.name, "o_pin_1_a"), "name '%s'", a.name);
	}
	/* errors */
	bad("nope", false, KPT_EXIT_NONAME, "parameters: dfd fn o b s buf ev v after");
	bad("o->nope", false, KPT_EXIT_NONAME, "members: x in pin u1 u2 y");
	bad("o->in.nope", false, KPT_EXIT_NONAME, "members: a bf1 bf2 name str");
	bad("dfd->x", false, KPT_EXIT_TYPE, "not a pointer");
	bad("o.x", false, KPT_EXIT_TYPE, "use '->x'");
	bad("o->in->a", false, KPT_EXIT_TYPE, "use '.'");
	bad("o->x.a", false, KPT_EXIT_TYPE, "not a struct or union");
	bad("o->in", false, KPT_EXIT_TYPE, "pick a member");
	bad("v", false, KPT_EXIT_TYPE, "passed by value");
	bad("after", false, KPT_EXIT_TYPE, "register is not known");
	bad("$retval", false, KPT_EXIT_USAGE, "return probe");
	bad("dfd", true, KPT_EXIT_USAGE, "parameters are gone");
	bad("o->", false, KPT_EXIT_USAGE, "expected a member name");
	bad("o->x+1", false, KPT_EXIT_USAGE, "unexpected");
	/* __user (BTF type tag): ustring, +u for what lies in user memory */
	CHECK(kpt_btf_find_func(b, "g", &fn, err, sizeof(err)) == 0, "find g");
	ok("ufn", false, "+0($arg1)", "ustring");
	ok("uo->x", false, "+u0($arg2)", "s64");
	ok("uo->in.bf2", false, "+u12($arg2)", "b5@3/8");
	ok("uo->in.name", false, "+u16($arg2)", "ustring");
	ok("uo->pin->a", false, "+0(+u40($arg2))", "s32");
	btf__free(b);
}

static void host_vmlinux(void)
{
	struct btf *b = btf__parse("/sys/kernel/btf/vmlinux", NULL);
	char err[KPT_ERRMSG_MAX];

	if (!b) {
		printf("no /sys/kernel/btf/vmlinux on this host: skipped\n");
		return;
	}
	if (kpt_btf_find_func(b, "do_sys_openat2", &fn, err, sizeof(err))) {
		printf("host BTF has no do_sys_openat2: skipped\n");
		btf__free(b);
		return;
	}
	/* struct open_how is uapi: flags, mode, resolve, all u64 */
	ok("dfd", false, "$arg1", "s32");
	ok("filename", false, "+0($arg2)", "string");
	ok("how->flags", false, "+0($arg3)", "u64");
	ok("how->mode", false, "+8($arg3)", "u64");
	ok("how->resolve", false, "+16($arg3)", "u64");
	bad("how->flagz", false, KPT_EXIT_NONAME, "members: flags mode resolve");
	if (!kpt_btf_find_func(b, "vfs_read", &fn, err, sizeof(err))) {
		struct kpt_btf_arg a;
		int r = kpt_btf_resolve(&fn, "file->f_path.dentry->d_inode->i_sb->s_id",
					false, &a, err, sizeof(err));

		CHECK(r == 0, "long chain: %s", err);
		CHECK(r || !strcmp(a.name, "f_path_dentry_d_inode_i_sb_s_id"),
		      "long chain name '%s'", a.name);
		CHECK(r || !strcmp(a.type, "string"), "s_id is a char array");
	}
	btf__free(b);
}

int main(void)
{
	synthetic();
	host_vmlinux();
	printf("cmd-btf: %d checks, %d failed\n", checks, failures);
	return failures != 0;
}
