/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kprobetrace(1): BTF resolution.  A function's parameters, their C types,
 * and member chains (how->flags, file->f_path.dentry->d_name.name,
 * $retval->x, p->arr[2]) become fetch arguments of the module's syntax:
 * $argN for a parameter, +OFFS(...) for each pointer dereference, and a
 * :TYPE that follows the C type.  The BTF is read by the shared reader
 * (common/kpt_btf_reader.h, also in the module) from raw blobs that kpt_btf_load()
 * reads; the functions below take no other kernel input.
 */
#ifndef KPT_BTF_FETCH_H
#define KPT_BTF_FETCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/types.h>

struct btf;	/* one loaded blob (and its base) */

#define KPT_FETCH_MAX 256
#define KPT_ERRMSG_MAX 2048

struct kpt_btf_func {
	struct btf *btf;	/* vmlinux, or a module's split BTF */
	__u32 func_id;		/* BTF_KIND_FUNC */
	__u32 proto_id;		/* BTF_KIND_FUNC_PROTO */
	const char *name;
};

/* One resolved argument. */
struct kpt_btf_arg {
	char name[33];			/* field name made from the expression */
	/* room for +uOFFS( ) around an expression of KPT_FETCH_MAX bytes */
	char fetch[KPT_FETCH_MAX + 32];	/* fetch argument, no NAME=, no :TYPE */
	char value[KPT_FETCH_MAX + 32];	/* the value itself (a string's pointer) */
	char type[32];			/* s32, u64, x64, string, b3@5/8 ... */
	char ctype[128];		/* C type of the value, for display */
};

/*
 * Fetch type of a C type: "s32", "u8" (bool, unsigned char), "x64"
 * (pointers), "string" (char pointers and char arrays; "ustring" for a
 * pointer BTF tags __user), "" when there is no scalar to fetch (struct,
 * union, void, float, other arrays).  buf holds at least 32 bytes.
 */
const char *kpt_btf_fetch_type(const struct btf *btf, __u32 id, char *buf,
			       size_t size);
/* C declaration-ish text of a type ("const char *", "struct file *"). */
void kpt_btf_ctype(const struct btf *btf, __u32 id, char *buf, size_t size);

/*
 * Find FUNC in btf (kind FUNC).  Returns KPT_EXIT_OK or KPT_EXIT_NOFUNC
 * with a message naming similar functions in err.
 */
int kpt_btf_find_func(struct btf *btf, const char *name,
		      struct kpt_btf_func *f, char *err, size_t errlen);

/*
 * Resolve EXPR (PARAM, PARAM->m.n, PARAM[i], $retval...) of function f.
 * is_return: a return probe (parameters are gone, $retval is there).
 * Returns KPT_EXIT_OK, KPT_EXIT_NONAME (unknown parameter or member; err
 * lists the candidates) or KPT_EXIT_TYPE (-> on a non-pointer, . on a
 * non-struct, struct value at the end, by-value struct parameter...).
 */
int kpt_btf_resolve(const struct kpt_btf_func *f, const char *expr,
		    bool is_return, struct kpt_btf_arg *out, char *err,
		    size_t errlen);

/*
 * Load raw BTF from path (/sys/kernel/btf/vmlinux, a module's
 * /sys/kernel/btf/MOD on base, or an ELF file's .BTF section).  NULL with
 * errno set (EINVAL: not BTF, or malformed).
 */
struct btf *kpt_btf_load(const char *path, struct btf *base);
void kpt_btf_free(struct btf *btf);
/*
 * The shared reader's view of a loaded blob (and of its base), for
 * reading it with common/kpt_btf_reader.h.
 */
struct kpt_btf;
const struct kpt_btf *kpt_btf_blob(const struct btf *btf);

/* Every parameter's name, or $retval (is_return): default arguments. */
int kpt_btf_default_args(const struct kpt_btf_func *f, bool is_return,
			 char names[][KPT_FETCH_MAX], int max);

/*
 * The field name of an expression (how->flags gives how_flags; the longest
 * tail of whole steps that fits size), the same for names from BTF and
 * from DWARF.
 */
void kpt_arg_field_name(const char *expr, char *out, size_t size);

/*
 * The memory at base + off as a fetch argument: +OFF(BASE), or @SYM+OFF
 * when base is "@SYM" (memory at a global's address).
 */
int kpt_fetch_mem(char *buf, size_t size, const char *base, int64_t off);

/*
 * The struct (or union) named name in btf and its base: how many there
 * are (0: none; more than 1: distinct types of one name), *id the last;
 * -1 on malformed BTF.
 */
int kpt_btf_find_struct(const struct btf *btf, bool is_union,
			const char *name, __u32 *id);

/*
 * A member chain on a struct or union of type id type in memory at base +
 * off (kpt_fetch_mem()): expr + pos is the member's name, then ->m, .m,
 * [i] steps.  For a type that DWARF only declares: its fetch argument,
 * types and field name come out as kpt_btf_resolve()'s.  KPT_EXIT_OK, or
 * an exit code with err.
 */
int kpt_btf_resolve_member(const struct btf *btf, __u32 type,
			   const char *base, int64_t off, const char *expr,
			   size_t pos, struct kpt_btf_arg *out, char *err,
			   size_t errlen);

/* Is expr for kpt_btf_resolve (an identifier or $retval first)? */
bool kpt_btf_is_symbolic(const char *expr);

#endif /* KPT_BTF_FETCH_H */
