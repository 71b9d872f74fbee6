/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The parsed form of one kprobe_events line, shared by kprobetrace.ko and
 * the userspace tools/tests.  The parser (kpt_parse.c) does every check that
 * needs only the text; what needs the running kernel (does the symbol exist,
 * is the offset inside the function and on an instruction boundary, resolving
 * @SYM and aN) is the module's job.
 *
 * Accepted syntax (seed = the 2009 series, today = kprobetrace.rst of 6.1):
 *
 *   p[:[GRP/]EVENT] [MOD:]SYM[+offs|-offs]|MEMADDR [FETCHARGS]
 *   r[MAXACTIVE][:[GRP/]EVENT] [MOD:]SYM[+0] [FETCHARGS]
 *   p[:[GRP/]EVENT] [MOD:]SYM[+0]%return [FETCHARGS]
 *   f[MAXACTIVE][:[GRP/]EVENT] SYMS[%return|:entry|:exit] [FETCHARGS]
 *     (function entry or exit; SYMS is [MOD:]SYM or a set: PAT[,PAT...],
 *     PAT a name or glob, !PAT excluding; a set needs EVENT; the default
 *     group is "fprobes", the default event SYM__entry / SYM__exit)
 *   t[:[GRP/][EVENT]] [MOD:]TRACEPOINT [FETCHARGS]
 *     (a tracepoint probe: a record made in the tracepoint's callback from
 *     its arguments, $argN, BTF names of its prototype, $arg*; no
 *     $retval; the default group is "tracepoints", the default event the
 *     tracepoint's name; MOD: is ours, as f: and p: take it)
 *   e[:[GRP/][EVENT]] SYSTEM.EVENT [FETCHARGS] [if FILTER]
 *     (an event probe: a record made from another event's record, SYSTEM
 *     and EVENT C names, '.' or '/' between them; the default group is
 *     "eprobes", the default event the attached one's name; FETCHARGS read
 *     its fields, $FIELD, and memory through them, +OFFS($FIELD), @, \IMM,
 *     no registers nor BTF names; FILTER, the rest of the line, is a filter
 *     on the attached event's fields that the module checks)
 *   w[:[GRP/][EVENT]] [r|w|rw]@ADDR|[MOD:]SYM[+|-OFFS][:LEN] [FETCHARGS]
 *     (a watchpoint probe: a hardware breakpoint on LEN bytes (1, 2, 4,
 *     8; default 4) at the address, hit after the access (r, w, or rw,
 *     the default); the default group is "wprobes", the default event
 *     w_SYM_OFFS or w_0xADDR; @-1: nowhere until a set_wprobe trigger
 *     moves it; FETCHARGS: $addr (the watched address),
 *     $value (+0($addr)), $comm, @, \IMM, \"str", +OFFS() of them)
 *   -:[GRP/]EVENT [[MOD:]SYM[+offs]|MEMADDR|SYSTEM/EVENT [FETCHARGS]]
 *     (deletes the event, or only its probes at that point whose first
 *     args are these: kpt_probe_def_delete_matches())
 *
 *   FETCHARG (seed):  %REG sN sa aN(N>=0) rv ra @ADDR @SYM[+|-offs]
 *                     +|-offs(FETCHARG)
 *   FETCHARG (today): %REG $stackN $stack $argN(N>=1) $retval $comm
 *                     $duration (return probes, not with seed tokens)
 *                     @ADDR @SYM[+|-offs] +|-[u]offs(FETCHARG) \IMM
 *                     \"STRING" (no spaces, as lines split at spaces)
 *   each optionally NAME=FETCHARG and/or FETCHARG:TYPE, TYPE being
 *   u8..u64 s8..s64 x8..x64 string ustring symbol symstr
 *   b<width>@<offset>/<container bits>, optionally followed by [N];
 *   or %pd (a struct dentry *'s name) / %pD (a struct file *'s name).
 *   FETCHARG (names, resolved by the module through BTF at a function's
 *   entry or exit): PARAM[->m|.m|[i]]...  $retval->m...  $arg* (all
 *   parameters, alone: no NAME=, no :TYPE, once a line); unnamed, a bare
 *   PARAM names its field after itself.
 *   %REG takes pt_regs names (%ax %di %r8 %ip %sp %flags %orig_ax ...) and
 *   the 64-bit aliases %rax %rdi %rip %rsp %eflags ... (see kpt_regs_table.c).
 *   Numbers are read like kstrtoul(..., 0): 0x.. hex, 0.. octal, else decimal.
 *   A '#' starts a comment up to the end of the line.
 *
 * A line uses today's syntax (def->syntax == KPT_SYNTAX_TODAY) as soon as it
 * uses anything only today's syntax has ($-vars, NAME=, :TYPE, a group other
 * than ours, r<N> with N > 0, MOD:, \IMM, +u, -:); else the seed's if it
 * uses a token only the seed has (aN sN sa rv ra); else it is valid in both
 * (KPT_SYNTAX_EITHER, e.g. "p:ev f %ax" or "r:ev f"), and the module picks
 * the output format.  SYM%return and "kprobetrace/" mark nothing, because
 * the kernel lists "p:ev f%return" exactly as "r:ev f" (and so do we).
 * Seed tokens (aN, rv, ...) are accepted in today's lines too.
 */
#ifndef KPT_PROBE_DEF_H
#define KPT_PROBE_DEF_H

#include "kpt_compat.h"
#include "kpt_errors.h"
#include "kpt_regs_table.h"

/*
 * A line is accepted if it and its canonical listing (kpt_format_probe) both
 * fit in KPT_LINE_MAX bytes, so that every listing parses back.  A listing
 * is at most ~2 KiB longer than its line (128 args, each at most ~14 bytes
 * longer), so every valid line of up to 4 KiB is accepted.
 */
#define KPT_LINE_MAX		8192	/* bytes per line, newline excluded */
#define KPT_NAME_MAX		64	/* event / group name, NUL excluded */
#define KPT_ARG_NAME_MAX	32	/* argument name / alias, NUL excluded */
#define KPT_SYM_MAX		511	/* KSYM_NAME_LEN - 1 */
#define KPT_MOD_NAME_MAX	55	/* MODULE_NAME_LEN - 1 */
#define KPT_MAX_ARGS		128
/*
 * Limits of one argument, as in today's kernel (so that its selftests see
 * the same refusals): the expression after NAME= is at most KPT_ARG_LEN_MAX
 * bytes, its program at most KPT_MAX_OPS ops.  A program is one value op
 * (two for @ADDR and @SYM) followed by DEREF ops, so +o(+o(...%di...))
 * nests up to 14 levels (13 around @).  Deeper nesting is refused with
 * KPT_ERR_TOO_DEEP (or ARG_TOO_LONG first); the parser never recurses.
 */
#define KPT_ARG_LEN_MAX		63
#define KPT_MAX_OPS		15
#define KPT_MAX_ARRAY		64	/* TYPE[N]: 1 <= N <= 64 */
#define KPT_MAX_STACK_NTH	2048	/* sN / $stackN / aN upper bound */
#define KPT_MAX_MAXACTIVE	4096	/* KRETPROBE_MAXACTIVE_MAX */
#define KPT_POOL_SIZE		4096	/* names of one line; else E2BIG */
#define KPT_DEFAULT_GROUP	"kprobetrace"

enum kpt_probe_kind {
	KPT_PROBE_NONE,		/* blank or comment-only line: nothing to do */
	KPT_PROBE_ENTRY,	/* p */
	KPT_PROBE_RETURN,	/* r, or p with SYM%return */
	KPT_PROBE_DELETE,	/* -:[GRP/]EVENT [probe point [args]] */
};

enum kpt_syntax {
	KPT_SYNTAX_SEED,	/* used aN, sN, sa, rv or ra, nothing of today's */
	KPT_SYNTAX_TODAY,	/* used something only today's syntax has */
	KPT_SYNTAX_EITHER,	/* valid in both (p:ev f %ax): the module picks */
};

enum kpt_loc_kind {
	KPT_LOC_NONE,		/* NONE, and DELETE of a whole event */
	KPT_LOC_SYMBOL,		/* [MOD:]SYM+offset */
	KPT_LOC_ADDR,		/* MEMADDR */
	KPT_LOC_EVENT,		/* SYSTEM.EVENT (e:) */
};

/* def->flags */
#define KPT_DEF_ANY_GROUP	0x01	/* DELETE without GRP/: match any group */
#define KPT_DEF_WHOLE_GROUP	0x10	/* DELETE -:GRP/: every event of GRP */
/*
 * f: a function event, armed through an ftrace_ops (entry) or a kretprobe
 * per function (exit).  Its symbol may be a set: a comma-separated list of
 * names and globs (* ? [...]), a leading '!' excluding what it matches.
 */
#define KPT_DEF_FPROBE		0x02
#define KPT_DEF_FSET		0x04	/* f: over a set (glob or list) */
#define KPT_FPROBE_GROUP	"fprobes"
/*
 * e: an event probe (loc KPT_LOC_EVENT: module = the attached event's
 * system, symbol = its name; filter = FILTER after "if", or 0).
 */
#define KPT_DEF_EPROBE		0x08
#define KPT_EPROBE_GROUP	"eprobes"
/*
 * t: a tracepoint probe (loc KPT_LOC_SYMBOL: symbol = the tracepoint's
 * name, module = MOD of MOD:TP or 0), kind ENTRY.
 */
#define KPT_DEF_TPROBE		0x40
#define KPT_TPROBE_GROUP	"tracepoints"
/*
 * w: a watchpoint probe (loc KPT_LOC_SYMBOL or KPT_LOC_ADDR; waccess and
 * wlen say what it watches).
 */
#define KPT_DEF_WPROBE		0x80
#define KPT_WPROBE_GROUP	"wprobes"
#define KPT_WACCESS_R		1
#define KPT_WACCESS_W		2
#define KPT_WACCESS_RW		3
/* @-1 (loc ADDR): no place until a set_wprobe trigger moves it there */
#define KPT_WPROBE_UNSET	(~0ULL)

/*
 * Fetch ops.  A program is exactly one value op (ops[0]) followed by zero or
 * more DEREF/UDEREF ops, evaluated left to right on one unsigned long:
 *   +8(+16(%di))  ->  REG(di) DEREF(16) DEREF(8)
 *   @0x1234       ->  IMM(0x1234) DEREF(0)
 *   @jiffies+8    ->  SYMBOL("jiffies", 8) DEREF(0)
 *   \0x1234       ->  IMM(0x1234)
 * so the module evaluates it with a loop, no recursion and no parsing.
 */
enum kpt_fetch_op_kind {
	KPT_FOP_NONE,
	KPT_FOP_REG,		/* val = pt_regs slot (kpt_regs_table.h) */
	KPT_FOP_STACK,		/* val = N: Nth entry of the kernel stack */
	KPT_FOP_STACK_ADDR,	/* the stack address (sa, $stack) */
	/* val = N, 0-based (aN, $arg(N+1)): the module turns it into REG or
	 * STACK by the x86-64 SysV convention: kpt_arg_reg_slot()
	 */
	KPT_FOP_ARG,
	KPT_FOP_RETVAL,		/* rv, $retval: return probes only */
	KPT_FOP_RETADDR,	/* ra: return probes only */
	KPT_FOP_IMM,		/* val = the value itself (as u64 bits) */
	/* address of pool[sym] + val: the module resolves it to IMM at
	 * definition time
	 */
	KPT_FOP_SYMBOL,
	KPT_FOP_COMM,		/* address of current->comm ($comm) */
	KPT_FOP_DATA,		/* address of the string pool[sym] (\"str") */
	KPT_FOP_DEREF,		/* v = *(unsigned long *)(v + val), kernel */
	KPT_FOP_UDEREF,		/* the same from user memory (+uOFFS) */
	/*
	 * A name resolved through BTF: pool[sym] is the expression (PARAM,
	 * PARAM->m.m[i]..., $retval->m..., or $arg*).  Only the parser makes
	 * it, always as ops[0]; the module replaces it (module/kpt_btf_mod.c)
	 * by ARG or RETVAL and DEREF ops before the probe is compiled.
	 */
	KPT_FOP_BTF,
	/*
	 * $duration: nanoseconds since this call's own entry (return probes
	 * only; the module keeps the entry's time with the entry values).
	 * Type u64 unless given.
	 */
	KPT_FOP_DURATION,
	/*
	 * $FIELD of an e: line: the attached event's field named pool[sym]
	 * ($comm: the field "comm" if it has one, else the task's comm, as
	 * the kernel's); the module resolves it against the event's fields.
	 * val: where "$FIELD" starts in the line (for carets; not compared).
	 */
	KPT_FOP_EFIELD,
	/*
	 * $addr of a w: line: the watched address (KPT_FOPF_WVALUE: written
	 * $value, the WADDR DEREF(0) that follows it lists as $value)
	 */
	KPT_FOP_WADDR,
};

/*
 * ARG in a return probe ($argN of r:, any argument of an f: exit): the
 * value the argument had at the function's entry, kept there for the
 * return (the kernel's semantics since 6.10); DEREFs after it read
 * memory at the return.  Without it, ARG reads the register (or stack
 * slot) where the probe is hit: the seed's aN in r: reads it at the return.
 */
#define KPT_FOPF_ENTRY		0x01
#define KPT_MAX_ENTRY_ARGS	32	/* $argN kept for a return: N at most */
#define KPT_FOPF_WVALUE		0x80	/* WADDR: written $value */

struct kpt_fetch_op {
	u8 op;			/* enum kpt_fetch_op_kind */
	u8 flags;		/* KPT_FOPF_* */
	u16 sym;		/* SYMBOL, DATA: offset of the text in pool */
	u32 reserved2;
	s64 val;		/* see the op; IMM keeps the u64 bit pattern */
};

/*
 * Types.  KPT_T_DEFAULT means no :TYPE was given (x64 in practice).
 * Numeric types load `size` bytes in the final DEREF of a memory argument.
 * string/ustring: the last op of the program must be DEREF/UDEREF (or the
 * program is COMM or DATA); the string is read AT that address, i.e. the
 * final dereference is not performed: +0(%di):string reads the string at di.
 * string[N]: N pointers are read at that address, a string at each.
 * symstr: any value but IMM, UDEREF and the stack address.
 * $comm and \"str" are strings (type DEFAULT is turned into STRING).
 */
enum kpt_type {
	KPT_T_DEFAULT,
	KPT_T_U8, KPT_T_U16, KPT_T_U32, KPT_T_U64,
	KPT_T_S8, KPT_T_S16, KPT_T_S32, KPT_T_S64,
	KPT_T_X8, KPT_T_X16, KPT_T_X32, KPT_T_X64,
	KPT_T_STRING,
	KPT_T_USTRING,
	KPT_T_SYMBOL,		/* 8-byte value shown as sym+off */
	KPT_T_SYMSTR,		/* string "sym+off/size" made at hit time */
	KPT_T_CHAR,		/* one byte shown as 'c' (format type u8) */
	KPT_T_BITFIELD,		/* (v >> bf_offset) & mask(bf_width) */
	KPT_T_NR
};

struct kpt_probe_arg {
	/*
	 * Today's syntax: NAME, or "argN" (N = 1-based position) when omitted.
	 * Seed (and EITHER) syntax: the alias shown in the format file, if
	 * any (fields are arg0..argN there).  Where the arg's
	 * text is an identifier (a0, s2, sa, rv, ra) that text is the alias;
	 * %REG gets the canonical register name (%rax -> "ax"); any other
	 * arg (memory, dereference) has no alias: name[0] == '\0'.  An alias
	 * already used by an earlier arg of the same line is dropped too.
	 */
	char name[KPT_ARG_NAME_MAX + 1];
	u8 type;		/* enum kpt_type */
	u8 size;		/* bytes of one element: 1 2 4 8 (strings: 0) */
	u8 bf_width;		/* BITFIELD: 1..size*8 */
	u8 bf_offset;		/* BITFIELD: bf_offset + bf_width <= size*8 */
	u8 array_len;		/* TYPE[N]: N (1..64); 0: not an array */
	u8 nops;		/* 1..KPT_MAX_OPS */
	u16 pos;		/* where the arg starts in its line (carets) */
	/*
	 * BTF names or %pd/%pD: pool offset of FETCHARG[:TYPE] as written,
	 * which the listing shows (as the kernel's does); 0: none.
	 */
	u16 expr;
	u8 aflags;		/* KPT_ARG_* */
	struct kpt_fetch_op ops[KPT_MAX_OPS];
};

/* arg->aflags */
#define KPT_ARG_PD		0x01	/* :%pd: a dentry's name (type STRING) */
#define KPT_ARG_PDD		0x02	/* :%pD: a file's name (type STRING) */
#define KPT_ARG_TYPE_BTF	0x04	/* type taken from BTF, not written */
#define KPT_ARG_RET_PTR		0x08	/* $retval: BTF says a pointer */

/*
 * About 40 KiB (280 bytes per arg + 4.2 KiB): one heap object (kvzalloc in
 * the module).  A probe keeps a compact copy of it (kpt_probe_def_compact()):
 * the args it has, then the part of the pool it uses.
 */
struct kpt_probe_def {
	u8 kind;		/* enum kpt_probe_kind */
	u8 syntax;		/* enum kpt_syntax */
	u8 loc;			/* enum kpt_loc_kind */
	u8 flags;		/* KPT_DEF_* */
	u16 maxactive;		/* r<N>; 0 = default */
	u16 nargs;
	char group[KPT_NAME_MAX + 1];	/* KPT_DEFAULT_GROUP unless GRP/ */
	char event[KPT_NAME_MAX + 1];	/* given, or kpt_default_event_name() */
	u16 module;		/* LOC_SYMBOL: pool offset of MOD, 0 = none */
	u16 symbol;		/* LOC_SYMBOL: pool offset of SYM */
	u16 pool_used;
	u16 group_pos;		/* where GRP/ starts in the line, or 0 */
	u16 loc_pos;		/* where the probe point starts in the line */
	u16 filter;		/* e: pool offset of FILTER, 0 = none */
	u16 filter_pos;		/* where FILTER starts in the line */
	bool compact;		/* the pool follows args[nargs - 1] */
	u8 waccess;		/* w: KPT_WACCESS_* */
	u8 wlen;		/* w: bytes watched, 1 2 4 8 */
	s64 offset;		/* LOC_SYMBOL: +offs / -offs */
	u64 addr;		/* LOC_ADDR */
	struct kpt_probe_arg args[KPT_MAX_ARGS];
	/*
	 * NUL-terminated texts (probe symbol, module, @SYM, \"str") referenced by
	 * offset; pool[0] is always '\0' so offset 0 is "no string".  Read it
	 * with kpt_def_str(): in a compact copy it is elsewhere.
	 */
	char pool[KPT_POOL_SIZE];
};

static inline const char *kpt_def_str(const struct kpt_probe_def *def, u16 off)
{
	const char *pool = def->compact ? (const char *)&def->args[def->nargs] :
					  def->pool;

	return pool + off;
}

/* Bytes of a compact copy of def: its args and the used part of its pool */
static inline size_t kpt_probe_def_compact_size(const struct kpt_probe_def *def)
{
	return offsetof(struct kpt_probe_def, args) +
	       (size_t)def->nargs * sizeof(struct kpt_probe_arg) +
	       def->pool_used;
}

/* Copies s[0, n) into def's pool; returns its offset or 0 when full. */
u16 kpt_def_pool_add(struct kpt_probe_def *def, const char *s, size_t n);

/* Copy def into dst, which has kpt_probe_def_compact_size(def) bytes. */
void kpt_probe_def_compact(struct kpt_probe_def *dst,
			   const struct kpt_probe_def *def);

/*
 * Errors: kpt_errors.h (a code's text and errno: kpt_parse_strerror(),
 * kpt_parse_errno()).  kpt_parse_error.pos is a byte offset into the line,
 * or one past its end: where a missing word would start (the kernel's).
 */
struct kpt_parse_error {
	int code;		/* enum kpt_parse_err_code, KPT_ERR_NONE: none */
	size_t pos;		/* where the caret goes */
};

/*
 * Parse one line (no newline needed; len bytes, NUL bytes inside refused).
 * Returns 0 and fills *def, or a negative errno and fills *err (also cleared
 * to KPT_ERR_NONE/0 on success).  def may be partially written on failure.
 */
int kpt_parse_probe(const char *line, size_t len, struct kpt_probe_def *def,
		    struct kpt_parse_error *err);

/*
 * An e: filter's caret: off bytes into the filter as def->filter keeps it
 * (its blanks collapsed), mapped to a byte of line[0..len) (the filter
 * starts at filter_pos there); past the line's end as far as past the
 * filter's (the kernel's caret may be one past it).
 */
size_t kpt_eprobe_filter_caret(const char *line, size_t len,
			       size_t filter_pos, size_t off);

/*
 * Canonical text of a definition, writable back: parse(format(d)) == d.
 * Names the group and event (p:kprobetrace/ev ..., as the kernel lists
 * them); today's syntax also names every argument (arg1=$stack).  Writes at
 * most size bytes including the NUL; returns the length the full text needs
 * (excluding the NUL), like snprintf.
 */
size_t kpt_format_probe(const struct kpt_probe_def *def, char *buf,
			size_t size);
/* The same with options: */
/* "p:ev", not "p:kprobetrace/ev" (deletions keep it: no group is any) */
#define KPT_FMT_NO_DEFAULT_GROUP 0x1
/* "SYM", not "SYM+0", as the kernel's tracer lists a probe at an entry */
#define KPT_FMT_NO_ZERO_OFFS	0x2
size_t kpt_format_probe_opts(const struct kpt_probe_def *def,
			     unsigned int opts, char *buf, size_t size);
/* "argN" (n is 1-based): today's name of an argument given no NAME=. */
void kpt_default_arg_name(char buf[KPT_ARG_NAME_MAX + 1], unsigned int n);
/* The text of one fetch argument (no NAME=, with :TYPE if given). */
size_t kpt_format_arg(const struct kpt_probe_def *def,
		      const struct kpt_probe_arg *arg, char *buf, size_t size);

/*
 * Default event name, as seed patch 009: p_SYM_OFFS / r_SYM_OFFS (MOD:SYM
 * gives MOD_SYM; the offset in decimal, -16 giving "__16" as in the
 * kernel), or p_0xADDR.  Every byte that is not [A-Za-z0-9_] becomes '_', so
 * the name is always a valid tracefs name and filter identifier; it is cut
 * at KPT_NAME_MAX.  buf must hold KPT_NAME_MAX + 1 bytes.
 */
void kpt_default_event_name(const struct kpt_probe_def *def,
			    char buf[KPT_NAME_MAX + 1]);

/* Field-by-field equality (what the round-trip property compares). */
bool kpt_probe_def_equal(const struct kpt_probe_def *a,
			 const struct kpt_probe_def *b);
/*
 * May probe b be appended to the event of probe a?  Same kind and the same
 * fields: number, names, types (the programs may differ).
 */
bool kpt_probe_def_same_fields(const struct kpt_probe_def *a,
			       const struct kpt_probe_def *b);
/*
 * Does deletion del select probe?  Same event (and group unless
 * KPT_DEF_ANY_GROUP); if del names a probe point, the same point as written
 * (symbol text and offset, or address); and its args, if any, equal the
 * probe's first args in program and type (names are not compared: a seed
 * probe's "a0" is the deletion's "arg1").
 */
bool kpt_probe_def_delete_matches(const struct kpt_probe_def *del,
				  const struct kpt_probe_def *probe);

/* Type name ("u32", "string", ...; "" for DEFAULT; bitfield: "b"). */
const char *kpt_type_name(unsigned int type);
/* Its size in bytes (DEFAULT: 8; strings and bitfields: 0). */
u8 kpt_type_size(unsigned int type);

#endif /* KPT_PROBE_DEF_H */
