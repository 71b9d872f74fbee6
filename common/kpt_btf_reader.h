/* SPDX-License-Identifier: GPL-2.0 */
/*
 * BTF, read from the raw blob: the format of /sys/kernel/btf/vmlinux and of
 * a module's .BTF section (split BTF on top of vmlinux's: its type ids and
 * string offsets continue the base's).  Shared by kprobetrace.ko and the
 * userspace tools; includes only kpt_compat.h, allocates nothing, and
 * trusts nothing in the blob: every offset, length and type id is checked
 * (fuzzed by tests/fuzz/fuzz_btf.c), chains of typedefs and anonymous members are
 * followed a bounded number of times, and a member's lookup reads a bounded
 * number of members (anonymous ones may share a type at every level).
 *
 *   kpt_btf_raw.c    the blob: header, type records, strings, type lookup
 *                    (linear, or through an index in the caller's memory),
 *                    classification of a type (what can be printed)
 *   kpt_btf_path.c   functions and their parameters; an expression
 *                    PARAM[->m|.m|[i]]... or $retval[...] -> a fetch path
 *                    (or a member chain from a struct in memory)
 *
 * A fetch path is what the module's offset syntax says: a source ($argN,
 * or $retval) and steps; step i adds off to the value and, if deref, loads
 * the 8-byte word there (from user memory if user).  +16(+8($arg2)):u32 is
 * $arg2, {8, deref}, {16, deref} with a 4-byte unsigned final load; a
 * string's last step is the address of its first character (deref false):
 * +0(+8($arg2)):string is {8, deref}, {0, address}.
 *
 * The module (module/kpt_btf_mod.c): on a definition's write, not on a
 * hit, it takes the vmlinux blob from __start_BTF..__stop_BTF (through its
 * symbol room) and indexes it once (kpt_btf_set_index(),
 * kpt_btf_set_func_index(), kvmalloc'ed, kept for the module's life); a
 * module's blob is read from /sys/kernel/btf/MOD for the write that needs
 * it (struct module's btf_data is gone once the module's init has run)
 * and used unindexed with vmlinux's as base.  kpt_btf_func_find() and
 * kpt_btf_path_resolve() then give each argument's path, which becomes
 * its fetch ops; the hit path never reads BTF.  Error codes (enum
 * kpt_btf_err) are a contiguous block of the one error table
 * (common/kpt_errors_table.h), KPT_ERR_BTF_FIRST + code.
 */
#ifndef KPT_BTF_READER_H
#define KPT_BTF_READER_H

#include "kpt_compat.h"

#define KPT_BTF_MAGIC		0xeB9F
#define KPT_BTF_MAX_STEPS	16	/* dereferences in one expression */
#define KPT_BTF_MAX_HOPS	32	/* typedef/const/... in a row */
#define KPT_BTF_MAX_NEST	16	/* anonymous struct in struct ... */
#define KPT_BTF_MAX_VISITS	65536	/* members read in one name lookup */
#define KPT_BTF_MAX_NAME	256	/* parameter/member names, bytes */

/* Kinds (the numbers of the BTF format). */
enum kpt_btf_kind {
	KPT_BTF_K_UNKN, KPT_BTF_K_INT, KPT_BTF_K_PTR, KPT_BTF_K_ARRAY,
	KPT_BTF_K_STRUCT, KPT_BTF_K_UNION, KPT_BTF_K_ENUM, KPT_BTF_K_FWD,
	KPT_BTF_K_TYPEDEF, KPT_BTF_K_VOLATILE, KPT_BTF_K_CONST,
	KPT_BTF_K_RESTRICT, KPT_BTF_K_FUNC, KPT_BTF_K_FUNC_PROTO,
	KPT_BTF_K_VAR, KPT_BTF_K_DATASEC, KPT_BTF_K_FLOAT,
	KPT_BTF_K_DECL_TAG, KPT_BTF_K_TYPE_TAG, KPT_BTF_K_ENUM64,
	KPT_BTF_K_NR
};

#define KPT_BTF_INT_SIGNED	1
#define KPT_BTF_INT_CHAR	2
#define KPT_BTF_INT_BOOL	4

/*
 * Errors.  A contiguous block, to join the project's one error table as
 * KPT_ERR_BTF_FIRST + code; kpt_btf_strerror() has a message for each.
 */
enum kpt_btf_err {
	KPT_BTF_OK,
	KPT_BTF_E_NO_BTF,		/* no blob (kernel/module without BTF) */
	KPT_BTF_E_BAD_BTF,		/* malformed blob, or a type loop */
	KPT_BTF_E_BAD_ID,		/* a type id not in the blob */
	KPT_BTF_E_INDEX_SIZE,		/* index memory too small */
	KPT_BTF_E_NO_FUNC,		/* no FUNC of that name */
	KPT_BTF_E_EXPECT_PARAM,		/* syntax: a parameter name first */
	KPT_BTF_E_EXPECT_MEMBER,	/* syntax: a name after -> or . */
	KPT_BTF_E_EXPECT_INDEX,		/* syntax: [INDEX] */
	KPT_BTF_E_UNEXPECTED,		/* syntax: not ->, . or [ */
	KPT_BTF_E_NO_PARAM,		/* not a parameter's name */
	KPT_BTF_E_PARAM_ON_RETURN,	/* a parameter in a return probe */
	KPT_BTF_E_RETVAL_ON_ENTRY,	/* $retval at an entry */
	KPT_BTF_E_VOID_RETVAL,		/* $retval of a void function */
	KPT_BTF_E_PARAM_BY_VALUE,	/* struct/int128 in 2 regs or memory */
	KPT_BTF_E_PARAM_REG_UNKNOWN,	/* after a float or memory param */
	KPT_BTF_E_ARROW_NON_PTR,	/* -> on a non-pointer */
	KPT_BTF_E_DOT_ON_PTR,		/* . on a pointer */
	KPT_BTF_E_NOT_STRUCT,		/* member of a non-struct/union */
	KPT_BTF_E_STRUCT_BY_VALUE,	/* member of a by-value parameter */
	KPT_BTF_E_NO_MEMBER,		/* the struct has no such member */
	KPT_BTF_E_BITFIELD_MEMBER,	/* a step after a bitfield */
	KPT_BTF_E_NOT_INDEXABLE,	/* [i] on neither array nor pointer */
	KPT_BTF_E_NOT_IN_MEMORY,	/* [i] on an array in a register */
	KPT_BTF_E_ELEM_SIZE,		/* elements of unknown size */
	KPT_BTF_E_OFFSET_RANGE,		/* an offset beyond 32 bits */
	KPT_BTF_E_NOT_PRINTABLE,	/* struct, void, float ... at the end */
	KPT_BTF_E_TOO_DEEP,		/* more than KPT_BTF_MAX_STEPS */
	KPT_BTF_E_NR
};

const char *kpt_btf_strerror(int code);

/* One blob.  Filled by kpt_btf_init(); read only afterwards. */
struct kpt_btf {
	const u8 *types;		/* the type section */
	const char *strs;		/* the string section */
	u32 types_len, strs_len;
	u32 start_id;			/* first type id (1, or base's end) */
	u32 nr_types;			/* records in this blob */
	u32 start_str;			/* first string offset (base's end) */
	const struct kpt_btf *base;	/* vmlinux's, for a split blob */
	const u32 *index;		/* record offsets, or NULL (linear) */
	const u32 *funcs;		/* FUNC ids sorted by name, or NULL */
	u32 nr_funcs;
};

/* A type record, decoded (type 0 is void: kind UNKN). */
struct kpt_btf_type {
	u32 id, name_off, kind, vlen, size_type;
	bool kflag;
	const struct kpt_btf *btf;	/* the blob holding the record */
	u32 pos;			/* its offset in btf->types */
};

struct kpt_btf_member {
	u32 name_off, type, bit_off, bf_size;	/* bf_size 0: no bitfield */
};

/*
 * Check the blob (size bytes at data, which must stay alive and unchanged)
 * and fill b.  base: vmlinux's for a module's split blob, else NULL.
 * Returns KPT_BTF_OK, KPT_BTF_E_NO_BTF (size 0) or KPT_BTF_E_BAD_BTF.
 */
int kpt_btf_init(struct kpt_btf *b, const void *data, size_t size,
		 const struct kpt_btf *base);
static inline u32 kpt_btf_nr_types(const struct kpt_btf *b)
{
	return b->nr_types;
}

/* One past the last type id of b (ids of a split blob follow its base's). */
static inline u32 kpt_btf_end_id(const struct kpt_btf *b)
{
	return b->start_id + b->nr_types;
}

/*
 * Index the records for constant-time lookup: idx has room for cap >=
 * kpt_btf_nr_types(b) entries and stays alive with b.
 */
int kpt_btf_set_index(struct kpt_btf *b, u32 *idx, u32 cap);

/*
 * Index the FUNC records by name, for kpt_btf_func_find() in O(log n):
 * ids has room for cap >= kpt_btf_nr_funcs(b) entries and stays alive with
 * b.  Sorting looks types up: call kpt_btf_set_index() first.
 */
u32 kpt_btf_nr_funcs(const struct kpt_btf *b);
int kpt_btf_set_func_index(struct kpt_btf *b, u32 *ids, u32 cap);

/* Type id of b or of its base; KPT_BTF_E_BAD_ID if there is none. */
int kpt_btf_type(const struct kpt_btf *b, u32 id, struct kpt_btf_type *t);
/* The string at offset off (of b or its base); "" if off is out of range. */
const char *kpt_btf_name(const struct kpt_btf *b, u32 off);
/*
 * The first record of b itself (not its base) of kind KPT_BTF_K_* named
 * name, in one pass over the records (no index needed); KPT_BTF_E_BAD_ID
 * if there is none.
 */
int kpt_btf_find(const struct kpt_btf *b, u32 kind, const char *name,
		 struct kpt_btf_type *t);
/* The value of enumerator name of an ENUM/ENUM64; KPT_BTF_E_NO_MEMBER. */
int kpt_btf_enum_value(const struct kpt_btf_type *t, const char *name,
		       s64 *val);
/* Member i of a STRUCT/UNION, param i of a FUNC_PROTO (bit_off 0). */
int kpt_btf_member(const struct kpt_btf_type *t, u32 i,
		   struct kpt_btf_member *m);
/* ARRAY: element type and count. */
int kpt_btf_array(const struct kpt_btf_type *t, u32 *elem, u32 *nelems);
/* INT: encoding (KPT_BTF_INT_*) and bits; 0 for other kinds. */
u32 kpt_btf_int_encoding(const struct kpt_btf_type *t);

/* Skip typedef, const, volatile, restrict, type tags. */
int kpt_btf_skip_mods(const struct kpt_btf *b, u32 id, u32 *out);
/* Size in bytes of type id (arrays: elements * size); 0 if it has none. */
int kpt_btf_size(const struct kpt_btf *b, u32 id, u32 *size);

/* What a type is, for printing it. */
enum kpt_btf_class {
	KPT_BTF_C_VOID,
	KPT_BTF_C_INT,		/* size 1, 2, 4, 8: printable */
	KPT_BTF_C_BIG_INT,	/* other sizes (__int128) */
	KPT_BTF_C_BOOL,
	KPT_BTF_C_ENUM,		/* size 1, 2, 4, 8; else BIG_INT */
	KPT_BTF_C_PTR,		/* a pointer (printed as hex) */
	KPT_BTF_C_STR_PTR,	/* pointer to char: a string */
	KPT_BTF_C_STR_ARRAY,	/* array of char: a string */
	KPT_BTF_C_ARRAY,
	KPT_BTF_C_STRUCT,
	KPT_BTF_C_UNION,
	KPT_BTF_C_FLOAT,
	KPT_BTF_C_FUNC,		/* a function (proto), not a pointer */
	KPT_BTF_C_FWD,		/* declared, not defined */
	KPT_BTF_C_OTHER
};

struct kpt_btf_class_info {
	enum kpt_btf_class cls;
	u32 id;			/* the type past typedef/const/volatile */
	u32 size;		/* bytes (pointers 8) */
	bool is_signed;
	bool user;		/* pointer to a __user ("user" type tag) */
	u32 elem;		/* pointer target, array element */
	u32 nelems;
};

int kpt_btf_classify(const struct kpt_btf *b, u32 id,
		     struct kpt_btf_class_info *c);
static inline bool kpt_btf_printable(enum kpt_btf_class c)
{
	return c == KPT_BTF_C_INT || c == KPT_BTF_C_BOOL ||
	       c == KPT_BTF_C_ENUM || c == KPT_BTF_C_PTR ||
	       c == KPT_BTF_C_STR_PTR || c == KPT_BTF_C_STR_ARRAY;
}

/* ---- functions (kpt_btf_func.c) ------------------------------------- */

struct kpt_btf_fn {
	u32 func_id, proto_id;
	u32 nparams;		/* from parameter first on */
	u32 first;		/* parameters hidden before (a tracepoint's data) */
	u32 ret_type;		/* 0: void */
	const char *name;
};

/* The FUNC named name[0..len) in b (and its base). */
int kpt_btf_func_find(const struct kpt_btf *b, const char *name, size_t len,
		      struct kpt_btf_fn *f);
/* Parameter i: its name ("" for the ... of a variadic function) and type. */
int kpt_btf_param(const struct kpt_btf *b, const struct kpt_btf_fn *f,
		  u32 i, const char **name, u32 *type);
/* Is the NUL-terminated s equal to name[0..n)?  (name may hold a NUL) */
bool kpt_btf_name_eq(const char *s, const char *name, size_t n);

/* ---- expressions (kpt_btf_path.c) ----------------------------------- */

/* The value a path starts from; MEM: the caller's memory address. */
enum kpt_btf_src { KPT_BTF_SRC_ARG, KPT_BTF_SRC_RETVAL, KPT_BTF_SRC_MEM };
enum kpt_btf_fetch {
	KPT_BTF_F_INT,		/* size, is_signed */
	KPT_BTF_F_PTR,		/* 8 bytes, printed as hex */
	KPT_BTF_F_STRING,	/* user: in user memory */
	KPT_BTF_F_BITFIELD	/* bf_* in a size-byte container */
};

struct kpt_btf_step {
	s32 off;
	u8 deref;		/* load the word at value + off */
	u8 user;		/* from user memory */
};

/* Flags of kpt_btf_path_resolve(). */
#define KPT_BTF_RETURN		1	/* a return probe: $retval is there */
#define KPT_BTF_ENTRY_ARGS	2	/* ... and so are the entry's params */

struct kpt_btf_path {
	u8 src;			/* enum kpt_btf_src */
	u8 cls;			/* enum kpt_btf_class of the value */
	u16 argno;		/* $argN: the register slot, from 1 */
	u8 nsteps;
	u8 fetch;		/* enum kpt_btf_fetch */
	u8 size;		/* bytes of the final load */
	u8 is_signed;
	u8 user;		/* a string in user memory */
	u8 bf_size, bf_shift;	/* bitfield: bits, bit offset in container */
	u32 type;		/* C type of the value (typedefs kept) */
	struct kpt_btf_step step[KPT_BTF_MAX_STEPS];
	/* on error: where, and what */
	u32 err_step;		/* byte in expr where the failing step starts */
	u32 err_pos;		/* byte in expr where the culprit starts */
	u32 err_len;		/* the culprit's length (a name) */
	u32 err_type;		/* type of the value the step applied to */
	u32 err_struct;		/* the struct/union searched (NO_MEMBER) */
	s32 err_detail;		/* PARAM_BY_VALUE: registers it needs, -1 */
};

/*
 * Resolve expr[0..len): PARAM or $retval, then ->m, .m, [i] steps.
 * Returns KPT_BTF_OK with p filled, or an error with p's err_* fields set.
 */
int kpt_btf_path_resolve(const struct kpt_btf *b, const struct kpt_btf_fn *f,
			 const char *expr, size_t len, unsigned int flags,
			 struct kpt_btf_path *p);

/*
 * Resolve a member chain from a type instead of a parameter: a struct or
 * union of type id type lies in memory at the caller's address + off;
 * expr[pos..len) is one of its members' names, then ->m, .m, [i] steps.
 * The path's first step loads at address + off + the member's offset
 * (src KPT_BTF_SRC_MEM); error positions count from expr.  For a
 * type that a caller's other source of names (DWARF) only declares.
 */
int kpt_btf_path_member(const struct kpt_btf *b, u32 type, s32 off,
			const char *expr, size_t pos, size_t len,
			struct kpt_btf_path *p);

#endif /* KPT_BTF_READER_H */
