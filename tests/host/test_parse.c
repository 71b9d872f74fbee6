// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of the probe-definition parser (common/kpt_parse*.c).
 *
 * A table of lines: each either parses (then its listing, its fetch
 * programs and the round trip parse(format(def)) == def are checked) or is
 * refused with an expected error code at an expected caret position, written
 * as a second line with '^' under the offending byte.  Generated cases
 * (129 args, 10,000-deep nesting, NUL bytes, over-long lines) follow, and the
 * test fails if any error code of kpt_errors.h was never produced.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kpt_probe_def.h"

struct tcase {
	const char *line;
	int code;		/* KPT_ERR_NONE: must parse */
	const char *caret;	/* error: '^' under the offending byte */
	const char *listing;	/* ok: expected listing, NULL: same as line */
	const char *prog;	/* ok: expected programs (see dump_args) */
};

#define OK(l, lst, prg) { l, KPT_ERR_NONE, NULL, lst, prg }
#define BAD(l, c, car) { l, KPT_ERR_##c, car, NULL, NULL }

static const struct tcase cases[] = {
	/* --- the seed's documentation and usage examples --- */
	OK("p:myprobe do_sys_open a0 a1 a2 a3",
	   "p:kprobetrace/myprobe do_sys_open+0 a0 a1 a2 a3",
	   "a0=ARG(0) a1=ARG(1) a2=ARG(2) a3=ARG(3)"),
	OK("r:myretprobe do_sys_open rv ra",
	   "r:kprobetrace/myretprobe do_sys_open+0 rv ra", "rv=RETVAL ra=RETADDR"),
	OK("p do_sys_open", "p:kprobetrace/p_do_sys_open_0 do_sys_open+0", ""),
	OK("r do_sys_open", "r:kprobetrace/r_do_sys_open_0 do_sys_open+0", ""),
	OK("r do_sys_open+0", "r:kprobetrace/r_do_sys_open_0 do_sys_open+0", ""),
	OK("p 0xffffffff81234567",
	   "p:kprobetrace/p_0xffffffff81234567 0xffffffff81234567", ""),
	OK("p do_sys_open+16", "p:kprobetrace/p_do_sys_open_16 do_sys_open+16", ""),
	OK("p do_sys_open+0x10", "p:kprobetrace/p_do_sys_open_16 do_sys_open+16", ""),
	OK("p do_sys_open+010", "p:kprobetrace/p_do_sys_open_8 do_sys_open+8", ""),
	OK("p f+0XaB", "p:kprobetrace/p_f_171 f+171", ""),
	OK("p 0XFFFF", "p:kprobetrace/p_0xffff 0xffff", ""),
	OK("p do_sys_open-16", "p:kprobetrace/p_do_sys_open__16 do_sys_open-16", ""),
	OK("p:ev f %ax %bx %cx %dx %si %di %bp %sp",
	   "p:kprobetrace/ev f+0 %ax %bx %cx %dx %si %di %bp %sp",
	   "ax=REG(10) bx=REG(5) cx=REG(11) dx=REG(12) si=REG(13) di=REG(14) "
	   "bp=REG(4) sp=REG(19)"),
	OK("p:ev f %r8 %r9 %r10 %r11 %r12 %r13 %r14 %r15",
	   "p:kprobetrace/ev f+0 %r8 %r9 %r10 %r11 %r12 %r13 %r14 %r15",
	   "r8=REG(9) r9=REG(8) r10=REG(7) r11=REG(6) r12=REG(3) r13=REG(2) "
	   "r14=REG(1) r15=REG(0)"),
	OK("p:ev f %ip %flags %orig_ax %cs %ss",
	   "p:kprobetrace/ev f+0 %ip %flags %orig_ax %cs %ss",
	   "ip=REG(16) flags=REG(18) orig_ax=REG(15) cs=REG(17) ss=REG(20)"),
	OK("p:ev f %rax %rip %rsp %eflags %orig_rax",
	   "p:kprobetrace/ev f+0 %ax %ip %sp %flags %orig_ax",
	   "ax=REG(10) ip=REG(16) sp=REG(19) flags=REG(18) orig_ax=REG(15)"),
	OK("p:ev f s0 s2 sa s2048", "p:kprobetrace/ev f+0 s0 s2 sa s2048",
	   "s0=STACK(0) s2=STACK(2) sa=STACK_ADDR s2048=STACK(2048)"),
	OK("p:ev f a0 a5 a6 a100", "p:kprobetrace/ev f+0 a0 a5 a6 a100",
	   "a0=ARG(0) a5=ARG(5) a6=ARG(6) a100=ARG(100)"),
	OK("p:ev f @0xffffffff81000000 @jiffies @jiffies+8 @jiffies-0x10",
	   "p:kprobetrace/ev f+0 @0xffffffff81000000 @jiffies "
	   "@jiffies+8 @jiffies-16",
	   "IMM(0xffffffff81000000),DEREF(0) SYMBOL(jiffies+0),DEREF(0) "
	   "SYMBOL(jiffies+8),DEREF(0) SYMBOL(jiffies-16),DEREF(0)"),
	OK("p:ev f +8(%di) -8(%sp) +0x10(+0(a0))",
	   "p:kprobetrace/ev f+0 +8(%di) -8(%sp) +16(+0(a0))",
	   "REG(14),DEREF(8) REG(19),DEREF(-8) ARG(0),DEREF(0),DEREF(16)"),
	OK("p:ev f +8(@sym+4) +0(+0(sa)) +0(s1)",
	   "p:kprobetrace/ev f+0 +8(@sym+4) +0(+0(sa)) +0(s1)",
	   "SYMBOL(sym+4),DEREF(0),DEREF(8) STACK_ADDR,DEREF(0),DEREF(0) "
	   "STACK(1),DEREF(0)"),
	OK("r:ev f +8(rv) +0(ra)", "r:kprobetrace/ev f+0 +8(rv) +0(ra)",
	   "RETVAL,DEREF(8) RETADDR,DEREF(0)"),
	OK("p:ev f a0 a0 %ax %rax", "p:kprobetrace/ev f+0 a0 a0 %ax %ax",
	   "a0=ARG(0) ARG(0) ax=REG(10) REG(10)"),
	OK("p:ev do_sys_open.isra.0+4", "p:kprobetrace/ev do_sys_open.isra.0+4", ""),
	OK("p sym.constprop.0", "p:kprobetrace/p_sym_constprop_0_0 sym.constprop.0+0", ""),
	OK("  p:ev\tf\t a0  ", "p:kprobetrace/ev f+0 a0", "a0=ARG(0)"),
	OK("p:ev f a0 # comment a1", "p:kprobetrace/ev f+0 a0", "a0=ARG(0)"),
	OK("p:ev f a0#comment", "p:kprobetrace/ev f+0 a0", "a0=ARG(0)"),
	OK("p:_ev_1 f", "p:kprobetrace/_ev_1 f+0", ""),
	OK("p:ev f -9223372036854775808(%di) +9223372036854775807(%di)",
	   "p:kprobetrace/ev f+0 -9223372036854775808(%di) "
	   "+9223372036854775807(%di)",
	   "REG(14),DEREF(-9223372036854775808) "
	   "REG(14),DEREF(9223372036854775807)"),
	OK("p 18446744073709551615",
	   "p:kprobetrace/p_0xffffffffffffffff 0xffffffffffffffff", ""),
	OK("p:ev f-9223372036854775808", "p:kprobetrace/ev f-9223372036854775808", ""),
	/* blank and comment lines: nothing to do */
	OK("", "", NULL),
	OK("   \t ", "", NULL),
	OK("# p:ev f", "", NULL),

	/* --- today's syntax --- */
	OK("p:grp/ev f $arg1 $arg2 $arg6 $arg7",
	   "p:grp/ev f+0 arg1=$arg1 arg2=$arg2 arg3=$arg6 arg4=$arg7",
	   "arg1=ARG(0) arg2=ARG(1) arg3=ARG(5) arg4=ARG(6)"),
	OK("p:ev f $stack $stack0 $stack3 $comm",
	   "p:kprobetrace/ev f+0 arg1=$stack arg2=$stack0 arg3=$stack3 "
	   "arg4=$comm",
	   "arg1=STACK_ADDR arg2=STACK(0) arg3=STACK(3) arg4=COMM:string"),
	OK("r:ev f $retval", "r:kprobetrace/ev f+0 arg1=$retval", "arg1=RETVAL"),
	OK("p f%return $retval", "r:kprobetrace/r_f_0 f+0 arg1=$retval",
	   "arg1=RETVAL"),
	OK("p:ev f+0%return", "r:kprobetrace/ev f+0", ""),
	OK("r:ev f%return", "r:kprobetrace/ev f+0", ""),
	OK("r16:ev f", "r16:kprobetrace/ev f+0", ""),
	OK("r0:ev f", "r:kprobetrace/ev f+0", ""),
	OK("r0x10 f", "r16:kprobetrace/r_f_0 f+0", ""),
	OK("r4096:ev f", "r4096:kprobetrace/ev f+0", ""),
	OK("p:grp/ f", "p:grp/p_f_0 f+0", ""),
	OK("p mod:f+4", "p:kprobetrace/p_mod_f_4 mod:f+4", ""),
	OK("p:ev my-mod:f", "p:kprobetrace/ev my-mod:f+0", ""),
	OK("-:grp/ev", "-:grp/ev", ""),
	OK("-:ev", "-:ev", ""),
	OK("-:ev f", "-:ev f+0", ""),
	OK("-:g/ev 0x10 %di rv", "-:g/ev 0x10 arg1=%di arg2=$retval",
	   "arg1=REG(14) arg2=RETVAL"),
	OK("p:ev f name=%di", "p:kprobetrace/ev f+0 name=%di", "name=REG(14)"),
	OK("p:ev f arg1=%di arg2=%si", "p:kprobetrace/ev f+0 arg1=%di arg2=%si",
	   "arg1=REG(14) arg2=REG(13)"),
	OK("p:ev f arg2=%di", "p:kprobetrace/ev f+0 arg2=%di", "arg2=REG(14)"),
	OK("p:ev f %di:u8 %di:u16 %di:u32 %di:u64",
	   "p:kprobetrace/ev f+0 arg1=%di:u8 arg2=%di:u16 arg3=%di:u32 "
	   "arg4=%di:u64",
	   "arg1=REG(14):u8 arg2=REG(14):u16 arg3=REG(14):u32 "
	   "arg4=REG(14):u64"),
	OK("p:ev f %di:s8 %di:s16 %di:s32 %di:s64",
	   "p:kprobetrace/ev f+0 arg1=%di:s8 arg2=%di:s16 arg3=%di:s32 "
	   "arg4=%di:s64",
	   "arg1=REG(14):s8 arg2=REG(14):s16 arg3=REG(14):s32 "
	   "arg4=REG(14):s64"),
	OK("p:ev f %di:x8 %di:x16 %di:x32 %di:x64 %di:symbol %di:symstr",
	   "p:kprobetrace/ev f+0 arg1=%di:x8 arg2=%di:x16 arg3=%di:x32 "
	   "arg4=%di:x64 arg5=%di:symbol arg6=%di:symstr",
	   "arg1=REG(14):x8 arg2=REG(14):x16 arg3=REG(14):x32 "
	   "arg4=REG(14):x64 arg5=REG(14):symbol arg6=REG(14):symstr"),
	OK("p:ev f +0(%di):char c=+0(%di):char[4] %si:char",
	   "p:kprobetrace/ev f+0 arg1=+0(%di):char c=+0(%di):char[4] "
	   "arg3=%si:char",
	   "arg1=REG(14),DEREF(0):char c=REG(14),DEREF(0):char[4] "
	   "arg3=REG(13):char"),
	OK("p:ev f +0(%di):string +0(%si):ustring +u0(%si):string",
	   "p:kprobetrace/ev f+0 arg1=+0(%di):string "
	   "arg2=+0(%si):ustring arg3=+u0(%si):string",
	   "arg1=REG(14),DEREF(0):string arg2=REG(13),DEREF(0):ustring "
	   "arg3=REG(13),UDEREF(0):string"),
	OK("p:ev f -u8(+u16(%si)):u32",
	   "p:kprobetrace/ev f+0 arg1=-u8(+u16(%si)):u32",
	   "arg1=REG(13),UDEREF(16),UDEREF(-8):u32"),
	OK("p:ev f +0(%di):b3@4/32 %ax:b1@0/8 %ax:b64@0/64",
	   "p:kprobetrace/ev f+0 arg1=+0(%di):b3@4/32 arg2=%ax:b1@0/8 "
	   "arg3=%ax:b64@0/64",
	   "arg1=REG(14),DEREF(0):b3@4/32 arg2=REG(10):b1@0/8 "
	   "arg3=REG(10):b64@0/64"),
	OK("p:ev f +0(%di):x16[4] +0(%di):string[2] +8($stack):x8[64]",
	   "p:kprobetrace/ev f+0 arg1=+0(%di):x16[4] "
	   "arg2=+0(%di):string[2] arg3=+8($stack):x8[64]",
	   "arg1=REG(14),DEREF(0):x16[4] arg2=REG(14),DEREF(0):string[2] "
	   "arg3=STACK_ADDR,DEREF(8):x8[64]"),
	OK("p:ev f \\1 \\0x10 \\-1 \\+5",
	   "p:kprobetrace/ev f+0 arg1=\\0x1 arg2=\\0x10 "
	   "arg3=\\0xffffffffffffffff arg4=\\0x5",
	   "arg1=IMM(0x1) arg2=IMM(0x10) arg3=IMM(0xffffffffffffffff) "
	   "arg4=IMM(0x5)"),
	OK("p:ev f +0(\\0x1000) +u0(\\0x1000)",
	   "p:kprobetrace/ev f+0 arg1=@0x1000 arg2=+u0(\\0x1000)",
	   "arg1=IMM(0x1000),DEREF(0) arg2=IMM(0x1000),UDEREF(0)"),
	OK("p:ev f $comm:string", "p:kprobetrace/ev f+0 arg1=$comm",
	   "arg1=COMM:string"),
	OK("p:ev f $COMM c=\\\"a\" \\\"\"",
	   "p:kprobetrace/ev f+0 arg1=$comm c=\\\"a\" arg3=\\\"\"",
	   "arg1=COMM:string c=DATA(a):string arg3=DATA():string"),
	OK("p:ev f \\\"str\" \\\"s\"t\":string",
	   "p:kprobetrace/ev f+0 arg1=\\\"str\" arg2=\\\"s\"t\"",
	   "arg1=DATA(str):string arg2=DATA(s\"t):string"),
	OK("p:ev f @sym:string @0x10:symstr",
	   "p:kprobetrace/ev f+0 arg1=@sym:string arg2=@0x10:symstr",
	   "arg1=SYMBOL(sym+0),DEREF(0):string "
	   "arg2=IMM(0x10),DEREF(0):symstr"),
	/* today's syntax (listed as $arg1): the entry's value */
	OK("r:ev f x=a0 y=rv:s32", "r:kprobetrace/ev f+0 x=$arg1 y=$retval:s32",
	   "x=ARG@ENTRY(0) y=RETVAL:s32"),
	OK("r:ev f x=rv:s32 y=ra:symbol",
	   "r:kprobetrace/ev f+0 x=$retval:s32 y=ra:symbol",
	   "x=RETVAL:s32 y=RETADDR:symbol"),
	OK("p:kprobes/testevent _do_fork abcd=\\1 +0(%di):string[2]",
	   "p:kprobes/testevent _do_fork+0 abcd=\\0x1 arg2=+0(%di):string[2]",
	   "abcd=IMM(0x1) arg2=REG(14),DEREF(0):string[2]"),
	OK("p:ev f N_9=%di", "p:kprobetrace/ev f+0 N_9=%di", "N_9=REG(14)"),
	OK("p:ev f a23456789012345678901234567890xy=%di",
	   "p:kprobetrace/ev f+0 a23456789012345678901234567890xy=%di", NULL),

	/* --- refusals: probe type, maxactive, names --- */
	BAD("x:ev f", BAD_PROBE_TYPE, "^"),
	BAD("  P f", BAD_PROBE_TYPE, "  ^"),
	BAD("px f", BAD_PROBE_HEAD, " ^"),
	BAD("r1x:ev f", BAD_MAXACT, " ^"),
	BAD("rx:ev f", BAD_PROBE_HEAD, " ^"),
	BAD("p4:ev f", MAXACT_NO_RETPROBE, " ^"),
	BAD("r4097:ev f", MAXACT_TOO_BIG, " ^"),
	BAD("r99999999999999999999:ev f", BAD_MAXACT, " ^"),
	BAD("-", BAD_PROBE_HEAD, " ^"),
	BAD("-ev", BAD_PROBE_HEAD, " ^"),
	BAD("-:", NO_EVENT_NAME, "  ^"),
	/* -:GRP/ deletes the whole group, as the kernel's; nothing after it */
	OK("-:grp/", "-:grp/", ""),
	BAD("-:grp/ f", NO_EVENT_NAME, "       ^"),
	BAD("-:ev f%return", BAD_ADDR_SUFFIX, "      ^"),
	BAD("-:ev f+", BAD_PROBE_OFFS, "     ^"),
	BAD("-:ev f x=%di x=%si", USED_ARG_NAME, "             ^"),
	BAD("p: f", NO_EVENT_NAME, "  ^"),
	BAD("p:/ev f", NO_GROUP_NAME, "  ^"),
	BAD("p:1ev f", BAD_EVENT_NAME, "  ^"),
	BAD("p:e-v f", BAD_EVENT_NAME, "  ^"),
	BAD("p:e.v f", BAD_EVENT_NAME, "  ^"),
	BAD("p:g/e/v f", BAD_EVENT_NAME, "    ^"),
	BAD("p:../ev f", BAD_GROUP_NAME, "  ^"),
	BAD("p:gr\xc3\xa9/ev f", BAD_GROUP_NAME, "  ^"),
	BAD("p:ev\xff f", BAD_EVENT_NAME, "  ^"),
	BAD("p:a2345678901234567890123456789012345678901234567890123456789012345"
	    " f", EVENT_TOO_LONG, "  ^"),
	BAD("p:a2345678901234567890123456789012345678901234567890123456789012345"
	    "/e f", GROUP_TOO_LONG, "  ^"),
	/* --- probe point --- */
	BAD("p:ev", NO_PROBE_POINT, "    ^"),
	BAD("p:ev   ", NO_PROBE_POINT, "       ^"),
	BAD("p:ev 0xfffffffffffffffff", BAD_ADDR, "     ^"),
	BAD("p:ev 0x12zz", BAD_ADDR, "     ^"),
	BAD("p:ev 12+4", BAD_ADDR, "     ^"),
	BAD("p:ev 0x1234%return", BAD_ADDR_SUFFIX, "           ^"),
	BAD("p:ev f%ret", BAD_ADDR_SUFFIX, "      ^"),
	BAD("p:ev f%returnx", BAD_ADDR_SUFFIX, "      ^"),
	BAD("p:ev f+4%return", RETPROBE_OFFS, "     ^"),
	BAD("r:ev f+4", RETPROBE_OFFS, "     ^"),
	BAD("r:ev f-1", RETPROBE_OFFS, "     ^"),
	BAD("p:ev f+", BAD_PROBE_OFFS, "     ^"),
	BAD("p:ev f+x", BAD_PROBE_OFFS, "     ^"),
	BAD("p:ev f+4+4", BAD_PROBE_OFFS, "     ^"),
	BAD("p:ev f+9223372036854775808", BAD_PROBE_OFFS, "     ^"),
	BAD("p:ev f-9223372036854775809", BAD_PROBE_OFFS, "     ^"),
	BAD("p:ev +4", BAD_SYMBOL, "     ^"),
	BAD("p:ev f/x", BAD_SYMBOL, "      ^"),
	BAD("p:ev f,x", BAD_SYMBOL, "      ^"),
	BAD("p:ev mod:", BAD_SYMBOL, "         ^"),
	BAD("p:ev mod:1f", BAD_SYMBOL, "         ^"),
	BAD("p:ev :f", BAD_MODULE_NAME, "     ^"),
	BAD("p:ev m.d:f", BAD_MODULE_NAME, "      ^"),
	BAD("p:ev a:b:c", BAD_SYMBOL, "        ^"),
	BAD("p:ev m2345678901234567890123456789012345678901234567890123456:f",
	    MODULE_TOO_LONG, "     ^"),
	/* --- fetch args --- */
	BAD("p:ev f %zz", BAD_REG_NAME, "       ^"),
	BAD("p:ev f %", BAD_REG_NAME, "       ^"),
	BAD("p:ev f %eax", BAD_REG_NAME, "       ^"),
	/* words that are no register, variable or seed token: BTF names */
	OK("p:ev f s", "p:kprobetrace/ev f+0 s=s", "s=BTF(s)"),
	OK("p:ev f sx", "p:kprobetrace/ev f+0 sx=sx", "sx=BTF(sx)"),
	OK("f vfs_read file count",
	   "f:fprobes/vfs_read__entry vfs_read file=file count=count",
	   "file=BTF(file) count=BTF(count)"),
	OK("p:g/e vfs_read file->f_path.dentry->d_name.name:string",
	   "p:g/e vfs_read+0 arg1=file->f_path.dentry->d_name.name:string",
	   "arg1=BTF(file->f_path.dentry->d_name.name):string"),
	OK("p:g/e vfs_read+0 n=file->f_path.dentry->d_name.name:string",
	   "p:g/e vfs_read+0 n=file->f_path.dentry->d_name.name:string",
	   "n=BTF(file->f_path.dentry->d_name.name):string"),
	OK("p:e f +8(file->f_inode):u32", "p:kprobetrace/e f+0 arg1=+8(file->f_inode):u32",
	   "arg1=BTF(file->f_inode),DEREF(8):u32"),
	OK("f:e f $arg*", "f:fprobes/e f $arg*", "arg1=BTF($arg*)"),
	OK("f:e f%return $retval->f_mode r=$retval",
	   "f:fprobes/e f%return arg1=$retval->f_mode r=$retval",
	   "arg1=BTF($retval->f_mode) r=RETVAL"),
	OK("p:e f file:%pD d=$arg1:%pd", "p:kprobetrace/e f+0 arg1=file:%pD d=$arg1:%pd",
	   "arg1=BTF(file):string d=ARG(0):string"),
	BAD("f:e f $arg* $arg*", DOUBLE_ARGS, "            ^"),
	/* the carets of 6.12's kprobe_syntax_errors.tc */
	BAD("p vfs_read args=$arg*", BAD_VAR_ARGS, "                ^"),
	BAD("p vfs_read +0($arg*)", BAD_VAR_ARGS, "              ^"),
	BAD("p vfs_read $arg* $arg*", DOUBLE_ARGS, "                 ^"),
	BAD("f:e f $arg*:u8", BAD_VAR_ARGS, "      ^"),
	BAD("p:e f file file", USED_ARG_NAME, "           ^"),
	BAD("p:ev f $retval->x", RETVAL_ON_PROBE, "       ^"),
	BAD("p vfs_read file-x", BAD_HYPHEN, "               ^"),
	BAD("p vfs_read file-", BAD_HYPHEN, "               ^"),
	BAD("p vfs_read file->", BAD_FETCH_ARG, "                 ^"),
	BAD("p vfs_read file->1x", BAD_FETCH_ARG, "                 ^"),
	BAD("p vfs_read file!x", BAD_FETCH_ARG, "               ^"),
	BAD("p vfs_read a[]", BAD_FETCH_ARG, "            ^"),
	BAD("p vfs_read a[1", BAD_FETCH_ARG, "            ^"),
	BAD("f:e f%return $retval-x", BAD_HYPHEN, "                    ^"),
	OK("p:e f a[0x10].b", "p:kprobetrace/e f+0 arg1=a[0x10].b",
	   "arg1=BTF(a[0x10].b)"),
	BAD("p:ev f \\1:%pd", BAD_STRING, "          ^"),
	BAD("p:ev f s2049", BAD_STACK_NUM, "       ^"),
	BAD("p:ev f s99999999999999999999999", BAD_STACK_NUM, "       ^"),
	OK("p:ev f a", "p:kprobetrace/ev f+0 a=a", "a=BTF(a)"),
	BAD("p:ev f a1x", BAD_FETCH_ARG, "       ^"),
	BAD("p:ev f a2049", BAD_ARG_NUM, "       ^"),
	BAD("p:ev f $arg0", BAD_ARG_NUM, "       ^"),
	BAD("p:ev f $arg", BAD_VAR, "       ^"),
	BAD("p:ev f $argx", BAD_VAR, "       ^"),
	BAD("p:ev f $arg0x1", BAD_VAR, "       ^"),
	BAD("p:ev f $stackx", BAD_VAR, "       ^"),
	BAD("p:ev f $stack0+10", BAD_VAR, "       ^"),
	BAD("p:ev f $stack2049", BAD_STACK_NUM, "       ^"),
	BAD("p:ev f $foo", BAD_VAR, "       ^"),
	BAD("p:ev f $", BAD_VAR, "       ^"),
	BAD("p:ev f rv", RETVAL_ON_PROBE, "       ^"),
	BAD("p:ev f $retval", RETVAL_ON_PROBE, "       ^"),
	BAD("p:ev f +0(rv)", RETVAL_ON_PROBE, "          ^"),
	BAD("p:ev f ra", RETADDR_ON_PROBE, "       ^"),
	OK("p:ev f rx", "p:kprobetrace/ev f+0 rx=rx", "rx=BTF(rx)"),
	OK("p:ev f foo", "p:kprobetrace/ev f+0 foo=foo", "foo=BTF(foo)"),
	BAD("p:ev f 12", BAD_FETCH_ARG, "       ^"),
	BAD("p:ev f @", BAD_MEM_ADDR, "       ^"),
	BAD("p:ev f @0x12z", BAD_MEM_ADDR, "       ^"),
	BAD("p:ev f @+4", BAD_MEM_ADDR, "       ^"),
	BAD("p:ev f @s/y", BAD_MEM_ADDR, "       ^"),
	BAD("p:ev f @sym+", BAD_SYM_OFFS, "           ^"),
	BAD("p:ev f @sym+4x", BAD_SYM_OFFS, "           ^"),
	BAD("p:ev f \\", BAD_IMM, "        ^"),
	BAD("p:ev f \\x", BAD_IMM, "        ^"),
	BAD("p:ev f \\-", BAD_IMM, "        ^"),
	BAD("p:ev f \\\"str", IMMSTR_NO_CLOSE, "            ^"),
	BAD("p:ev f \\\"", IMMSTR_NO_CLOSE, "         ^"),
	BAD("p:ev f \\\"ab\":u8", BAD_COMM_TYPE, "             ^"),
	BAD("p:ev f +0(\\\"ab\")", COMM_CANT_DEREF, "          ^"),
	BAD("p:ev f +(%di)", BAD_DEREF_OFFS, "       ^"),
	BAD("p:ev f +x(%di)", BAD_DEREF_OFFS, "       ^"),
	BAD("p:ev f +u(%di)", BAD_DEREF_OFFS, "       ^"),
	BAD("p:ev f +u-4(%di)", BAD_DEREF_OFFS, "       ^"),
	BAD("p:ev f +99999999999999999999(%di)", BAD_DEREF_OFFS, "       ^"),
	BAD("p:ev f +8%di", DEREF_NEED_BRACE, "       ^"),
	BAD("p:ev f +8", DEREF_NEED_BRACE, "       ^"),
	BAD("p:ev f +8(%di", DEREF_OPEN_BRACE, "             ^"),
	BAD("p:ev f +8(+4(%di)", DEREF_OPEN_BRACE, "                ^"),
	BAD("p:ev f +8(+4(+2(%di)", DEREF_OPEN_BRACE,
	    "                   ^"),
	BAD("p:ev f +8(%di))", TRAILING_CHARS, "              ^"),
	BAD("p:ev f +8(%di)x", TRAILING_CHARS, "              ^"),
	BAD("p:ev f %di)", TRAILING_CHARS, "          ^"),
	BAD("p:ev f +8()", BAD_FETCH_ARG, "          ^"),
	BAD("p:ev f ()", BAD_FETCH_ARG, "       ^"),
	BAD("p:ev f +0($comm)", COMM_CANT_DEREF, "          ^"),
	BAD("p:ev f +0(+8($comm))", COMM_CANT_DEREF, "             ^"),
	/* --- names and types --- */
	BAD("p:ev f =%di", NO_ARG_NAME, "       ^"),
	BAD("p:ev f x=", NO_ARG_BODY, "         ^"),
	BAD("p:ev f x=:u8", NO_ARG_BODY, "         ^"),
	BAD("p:ev f :u8", NO_ARG_BODY, "       ^"),
	BAD("p:ev f 1x=%di", BAD_ARG_NAME, "       ^"),
	BAD("p:ev f x-y=%di", BAD_ARG_NAME, "       ^"),
	BAD("p:ev f a23456789012345678901234567890xyz=%di", ARG_NAME_TOO_LONG,
	    "       ^"),
	BAD("p:ev f x=%di x=%si", USED_ARG_NAME, "             ^"),
	BAD("p:ev f arg2=%di %si", USED_ARG_NAME, "                ^"),
	BAD("p:ev f common_pid=%di", RESERVED_ARG_NAME, "       ^"),
	BAD("p:ev f __probe_ip=%di", RESERVED_ARG_NAME, "       ^"),
	BAD("p:ev f %di:", NO_TYPE, "           ^"),
	BAD("p:ev f %di:u128", BAD_TYPE, "           ^"),
	BAD("p:ev f %di:U8", BAD_TYPE, "           ^"),
	BAD("p:ev f %di:u8:u8", BAD_TYPE, "           ^"),
	BAD("p:ev f %di:[2]", BAD_TYPE, "           ^"),
	BAD("p:ev f %di:b", BAD_TYPE, "           ^"),
	BAD("p:ev f %di:b3", BAD_BITFIELD, "           ^"),
	BAD("p:ev f %di:b3@4", BAD_BITFIELD, "           ^"),
	BAD("p:ev f %di:b3@4/24", BAD_BITFIELD, "           ^"),
	BAD("p:ev f %di:b0@0/32", BAD_BITFIELD, "           ^"),
	BAD("p:ev f %di:b30@4/32", BAD_BITFIELD, "           ^"),
	BAD("p:ev f %di:b65@0/64", BAD_BITFIELD, "           ^"),
	BAD("p:ev f %di:b3/4@32", BAD_BITFIELD, "           ^"),
	BAD("p:ev f +0(%di):b3@4/32[2]", BAD_ARRAY_SUFFIX,
	    "                      ^"),
	BAD("p:ev f +0(%di):u8[4", ARRAY_NO_CLOSE, "                   ^"),
	BAD("p:ev f +0(%di):u8[4]x", BAD_ARRAY_SUFFIX,
	    "                    ^"),
	BAD("p:ev f +0(%di):u8[0]", BAD_ARRAY_NUM, "                  ^"),
	BAD("p:ev f +0(%di):u8[]", BAD_ARRAY_NUM, "                  ^"),
	BAD("p:ev f +0(%di):u8[4x]", BAD_ARRAY_NUM, "                  ^"),
	BAD("p:ev f +0(%di):u8[65]", ARRAY_TOO_BIG, "                  ^"),
	BAD("p:ev f +u-8(%di)", BAD_DEREF_OFFS, "       ^"),
	BAD("p:ev f %di:u8[4]", BAD_ARRAY_ARG, "           ^"),
	BAD("p:ev f $stack1:x8[8]", BAD_ARRAY_ARG, "               ^"),
	BAD("p:ev f %di:string", BAD_STRING, "           ^"),
	BAD("p:ev f \\1:string", BAD_STRING, "          ^"),
	BAD("p:ev f %di:ustring", BAD_STRING, "           ^"),
	BAD("p:ev f \\1:symstr", BAD_STRING, "          ^"),
	BAD("p:ev f $comm:char", BAD_COMM_TYPE, "             ^"),
	BAD("p:ev f %di:char[2]", BAD_ARRAY_ARG, "           ^"),
	BAD("p:ev f %di:chars", BAD_TYPE, "           ^"),
	BAD("p:ev f +u0(%di):symstr", BAD_STRING, "                ^"),
	BAD("p:ev f $comm:u32", BAD_COMM_TYPE, "             ^"),
	BAD("p:ev f $comm:ustring", BAD_COMM_TYPE, "             ^"),
	BAD("p:ev f $comm:string[2]", BAD_COMM_TYPE, "             ^"),
	/* --- $duration: return probes only, u64 by default --- */
	OK("r:ev f $duration", "r:kprobetrace/ev f+0 duration=$duration",
	   "duration=DURATION:u64"),
	OK("p:ev f%return d=$duration $retval",
	   "r:kprobetrace/ev f+0 d=$duration arg2=$retval",
	   "d=DURATION:u64 arg2=RETVAL"),
	OK("r:ev f $duration:x32 $arg1",
	   "r:kprobetrace/ev f+0 duration=$duration:x32 arg2=$arg1",
	   "duration=DURATION:x32 arg2=ARG@ENTRY(0)"),
	OK("f:ev vfs_*:exit $duration",
	   "f:fprobes/ev vfs_*%return duration=$duration",
	   "duration=DURATION:u64"),
	OK("f vfs_read%return $duration",
	   "f:fprobes/vfs_read__exit vfs_read%return duration=$duration",
	   "duration=DURATION:u64"),
	BAD("p:ev f $duration", DURATION_ON_PROBE, "       ^"),
	BAD("p:ev f d=$duration", DURATION_ON_PROBE, "         ^"),
	BAD("f:ev vfs_read $duration", DURATION_ON_PROBE, "              ^"),
	BAD("f:ev vfs_*:entry $duration", DURATION_ON_PROBE, "                 ^"),
	BAD("r:ev f rv $duration", DURATION_SEED, "          ^"),
	BAD("r:ev f $duration a0", DURATION_SEED, "       ^"),
	BAD("r:ev f +0($duration)", COMM_CANT_DEREF, "          ^"),
	BAD("r:ev f $duration:string", DURATION_BAD_TYPE, "                 ^"),
	BAD("r:ev f $duration:symbol", DURATION_BAD_TYPE, "                 ^"),
	BAD("r:ev f $duration:u64[2]", DURATION_BAD_TYPE, "                 ^"),
	BAD("r:ev f $duration $duration", USED_ARG_NAME, "                 ^"),
	/* --- e: event probes --- */
	OK("e syscalls.sys_enter_openat",
	   "e:eprobes/sys_enter_openat syscalls.sys_enter_openat", ""),
	OK("e:ev syscalls/sys_enter_openat $filename:ustring fl=$flags:x32",
	   "e:eprobes/ev syscalls.sys_enter_openat "
	   "arg1=$filename:ustring fl=$flags:x32",
	   "arg1=EFIELD(filename):ustring fl=EFIELD(flags):x32"),
	OK("e:g/ sched.sched_switch p=+8($prev):u32 c=$comm n=\\3 "
	   "s=@jiffies:u64 if   prev_pid  ==\t1 ",
	   "e:g/sched_switch sched.sched_switch p=+8($prev):u32 c=$comm "
	   "n=\\0x3 s=@jiffies:u64 if prev_pid == 1",
	   "p=EFIELD(prev),DEREF(8):u32 c=EFIELD(comm) n=IMM(0x3) "
	   "s=SYMBOL(jiffies+0),DEREF(0):u64"),
	OK("e:g/e s.e x=+u0(+8($f)):char[4] y=$f:symstr",
	   "e:g/e s.e x=+u0(+8($f)):char[4] y=$f:symstr",
	   "x=EFIELD(f),DEREF(8),UDEREF(0):char[4] y=EFIELD(f):symstr"),
	OK("-:ev syscalls/sys_enter_openat $filename:ustring",
	   "-:ev syscalls/sys_enter_openat arg1=$filename:ustring",
	   "arg1=EFIELD(filename):ustring"),
	BAD("e a.", NO_EVENT_INFO, "  ^"),
	BAD("e .b", NO_EVENT_INFO, "  ^"),
	BAD("e ab", NO_EVENT_INFO, "  ^"),
	BAD("e", NO_PROBE_POINT, " ^"),
	BAD("e:/bar s/e", NO_GROUP_NAME, "  ^"),
	BAD("e:foo.1/bar s/e", BAD_GROUP_NAME, "  ^"),
	BAD("e: s/e", NO_EVENT_NAME, "  ^"),
	BAD("e:foo/bar.1 s/e", BAD_EVENT_NAME, "      ^"),
	BAD("e s-x.e", BAD_GROUP_NAME, "  ^"),
	BAD("e s.e-x", BAD_EVENT_NAME, "    ^"),
	BAD("e s/e arg=dfd", EP_BAD_ARG, "          ^"),
	BAD("e s/e a0", EP_BAD_ARG, "      ^"),
	BAD("e s/e %di", BAD_FETCH_ARG, "      ^"),
	BAD("e s/e +8(%sp)", BAD_FETCH_ARG, "         ^"),
	BAD("e s/e $1x", BAD_VAR, "      ^"),
	BAD("e s/e $", BAD_VAR, "      ^"),
	BAD("e s/e $a-b", BAD_VAR, "      ^"),
	BAD("e s/e $f:u8[2]", BAD_ARRAY_ARG, "         ^"),
	BAD("e s/e if", NO_EP_FILTER, "         ^"),
	BAD("e s/e if  \t", NO_EP_FILTER, "            ^"),
	BAD("e5:ev s/e", MAXACT_NO_RETPROBE, " ^"),
	BAD("ex:ev s/e", BAD_PROBE_HEAD, " ^"),
	/* --- t: tracepoint probes --- */
	OK("t sched_switch", "t:tracepoints/sched_switch sched_switch", ""),
	OK("t 9p_fid_ref", "t:tracepoints/_9p_fid_ref 9p_fid_ref", ""),
	OK("t:g/e m:tp $arg2 x=+8($arg1):u32 c=$comm",
	   "t:g/e m:tp arg1=$arg2 x=+8($arg1):u32 c=$comm",
	   "arg1=ARG(1) x=ARG(0),DEREF(8):u32 c=COMM:string"),
	OK("t:g/e sched_switch prev->pid a0",
	   "t:g/e sched_switch arg1=prev->pid a0=a0",
	   "arg1=BTF(prev->pid) a0=BTF(a0)"),
	BAD("t sched_switch%return", TP_BAD_SUFFIX, "              ^"),
	BAD("t sched_switch+4", TP_BAD_NAME, "              ^"),
	BAD("t sched.switch", TP_BAD_NAME, "       ^"),
	BAD("t sched_switch $retval", TP_RETVAL, "               ^"),
	BAD("t sched_switch x=+0($retval)", TP_RETVAL, "                    ^"),
	BAD("t3 sched_switch", TP_MAXACT, " ^"),
	BAD("t0 sched_switch", BAD_MAXACT, " ^"),
	BAD("t sched_switch %di", BAD_FETCH_ARG, "               ^"),
	BAD("t:/bar kfree", NO_GROUP_NAME, "  ^"),
	/* --- w: watchpoint probes --- */
	OK("w:wv w@kpt_var:8 v=$value:u64 a=$addr",
	   "w:wprobes/wv w@kpt_var:8 v=$value:u64 a=$addr",
	   "v=WADDR(0),DEREF(0):u64 a=WADDR(0)"),
	OK("w r@jiffies", "w:wprobes/w_jiffies_0 r@jiffies:4", ""),
	OK("w:g/e rw@0xffffffff81000000:1 +8($addr):u32 $comm \\7",
	   "w:g/e rw@0xffffffff81000000:1 arg1=+8($addr):u32 arg2=$comm "
	   "arg3=\\0x7",
	   "arg1=WADDR(0),DEREF(8):u32 arg2=COMM:string arg3=IMM(0x7)"),
	OK("w:e w@mod:sym+16:2 +4($value)",
	   "w:wprobes/e w@mod:sym+16:2 arg1=+4($value)",
	   "arg1=WADDR(0),DEREF(0),DEREF(4)"),
	OK("w:e @mod:sym", "w:wprobes/e rw@mod:sym:4", ""),
	OK("w:e w@-1:8 $addr", "w:wprobes/e w@-1:8 arg1=$addr", "arg1=WADDR(0)"),
	BAD("w:e w@-2:8", BAD_SYMBOL, "      ^"),
	BAD("w:e sym", W_NO_AT, "    ^"),
	BAD("w:e q@sym", W_BAD_ACCESS, "    ^"),
	BAD("w:e w@sym:3", W_BAD_LEN, "          ^"),
	BAD("w:e w@sym:", W_BAD_LEN, "          ^"),
	BAD("w:e w@sym %di", W_BAD_ARG, "          ^"),
	BAD("w:e w@sym $arg1", W_BAD_ARG, "          ^"),
	BAD("w:e w@sym +8(dfd)", W_BAD_ARG, "             ^"),
	BAD("w:e w@", NO_PROBE_POINT, "      ^"),
	BAD("w:e w@sym%return", BAD_ADDR_SUFFIX, "         ^"),
	/* --- f: function events, one function or a set --- */
	OK("f:ev vfs_read $arg1 $arg2",
	   "f:fprobes/ev vfs_read arg1=$arg1 arg2=$arg2",
	   "arg1=ARG(0) arg2=ARG(1)"),
	OK("f vfs_read", "f:fprobes/vfs_read__entry vfs_read", ""),
	OK("f vfs_read%return $retval",
	   "f:fprobes/vfs_read__exit vfs_read%return arg1=$retval",
	   "arg1=RETVAL"),
	OK("f:g/all vfs_*", "f:g/all vfs_*", ""),
	OK("f:g/l a,b*,!c:exit", "f:g/l a,b*,!c%return", ""),
	OK("f:g/l a,b:entry", "f:g/l a,b", ""),
	OK("f:g/l x[a-c]?y,!xby", "f:g/l x[a-c]?y,!xby", ""),
	OK("f3:ev vfs_read%return", "f3:fprobes/ev vfs_read%return", ""),
	/* f: events read no registers (the kernel's BAD_VAR, caret on %) */
	BAD("f:ev m:sym %di", BAD_VAR, "           ^"),
	BAD("f:ev sym x=+8(%sp)", BAD_VAR, "              ^"),
	/* a module's function named entry/exit lists its suffix */
	OK("f m:entry:entry", "f:fprobes/entry__entry m:entry:entry", ""),
	OK("f:ev m:exit", "f:fprobes/ev m%return", ""),
	OK("f:ev m:exit:entry", "f:fprobes/ev m:exit:entry", ""),
	BAD("f:ev vfs_read+4", FPROBE_BAD_POINT, "     ^"),
	BAD("f:ev 0x1234", FPROBE_BAD_POINT, "     ^"),
	BAD("f:ev a,,b", FPROBE_BAD_SET, "       ^"),
	BAD("f:ev !a", FPROBE_BAD_SET, "     ^"),
	BAD("f:ev a,b/c", FPROBE_BAD_SET, "        ^"),
	BAD("f a*,b", FPROBE_SET_NO_EVENT, "^"),
	/* return probes: $argN is the entry's value (r:'s seed aN is not) */
	OK("f:ev f%return $arg1 +0(+8($arg2)):string",
	   "f:fprobes/ev f%return arg1=$arg1 arg2=+0(+8($arg2)):string",
	   "arg1=ARG@ENTRY(0) arg2=ARG@ENTRY(1),DEREF(8),DEREF(0):string"),
	OK("f:ev f:exit a0", "f:fprobes/ev f%return arg1=$arg1",
	   "arg1=ARG@ENTRY(0)"),
	OK("r:ev f $arg1 a1 $arg32",
	   "r:kprobetrace/ev f+0 arg1=$arg1 arg2=$arg2 arg3=$arg32",
	   "arg1=ARG@ENTRY(0) arg2=ARG@ENTRY(1) arg3=ARG@ENTRY(31)"),
	OK("r:ev f a1", "r:kprobetrace/ev f+0 a1", "a1=ARG(1)"),
	OK("p:ev f $arg1", "p:kprobetrace/ev f+0 arg1=$arg1", "arg1=ARG(0)"),
	BAD("f:ev f%return $arg33", RET_ARG_TOO_FAR, "              ^"),
	BAD("r:ev f $arg1 +0($arg40)", RET_ARG_TOO_FAR, "             ^"),
	BAD("f2:ev f", MAXACT_NO_RETPROBE, " ^"),
	BAD("f:ev f%ret", BAD_ADDR_SUFFIX, "      ^"),
};

/*
 * The syntax errors of the kernel's own selftest
 * (tools/testing/selftests/ftrace/test.d/kprobe/kprobe_syntax_errors.tc),
 * caret marked by '^' as there: the guest runs that test against us.
 */
static const struct {
	const char *line;
	int code;
} kernel_cases[] = {
	{ "p^100 vfs_read", KPT_ERR_MAXACT_NO_RETPROBE },
	{ "r^1a111 vfs_read", KPT_ERR_BAD_MAXACT },
	{ "r^100000 vfs_read", KPT_ERR_MAXACT_TOO_BIG },
	{ "p ^hoge-fuga", KPT_ERR_BAD_PROBE_OFFS },
	{ "p ^hoge+1000-1000", KPT_ERR_BAD_PROBE_OFFS },
	{ "r ^vfs_read+10", KPT_ERR_RETPROBE_OFFS },
	{ "p:^/bar vfs_read", KPT_ERR_NO_GROUP_NAME },
	{ "p:^12345678901234567890123456789012345678901234567890123456789012345"
	  "/bar vfs_read", KPT_ERR_GROUP_TOO_LONG },
	{ "p:^foo.1/bar vfs_read", KPT_ERR_BAD_GROUP_NAME },
	{ "p:^ vfs_read", KPT_ERR_NO_EVENT_NAME },
	{ "p:foo/^1234567890123456789012345678901234567890123456789012345678901"
	  "2345 vfs_read", KPT_ERR_EVENT_TOO_LONG },
	{ "p:foo/^bar.1 vfs_read", KPT_ERR_BAD_EVENT_NAME },
	{ "p vfs_read ^$retval", KPT_ERR_RETVAL_ON_PROBE },
	{ "p vfs_read ^$stack10000", KPT_ERR_BAD_STACK_NUM },
	{ "p vfs_read ^$arg10000", KPT_ERR_BAD_ARG_NUM },
	{ "p vfs_read ^$none_var", KPT_ERR_BAD_VAR },
	{ "p vfs_read ^%none_reg", KPT_ERR_BAD_REG_NAME },
	{ "p vfs_read ^@12345678abcde", KPT_ERR_BAD_MEM_ADDR },
	{ "p vfs_read ^@+10", KPT_ERR_BAD_MEM_ADDR },
	{ "p vfs_read arg1=\\^x", KPT_ERR_BAD_IMM },
	{ "p vfs_read arg1=\\\"abcd^", KPT_ERR_IMMSTR_NO_CLOSE },
	{ "p vfs_read ^+0@0)", KPT_ERR_DEREF_NEED_BRACE },
	{ "p vfs_read ^+0ab1(@0)", KPT_ERR_BAD_DEREF_OFFS },
	{ "p vfs_read +0(+0(@0^)", KPT_ERR_DEREF_OPEN_BRACE },
	{ "p vfs_read +0(^$comm)", KPT_ERR_COMM_CANT_DEREF },
	{ "p vfs_read ^&1", KPT_ERR_BAD_FETCH_ARG },
	{ "p vfs_read +0(^+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(@0))))))))))"
	  "))))", KPT_ERR_TOO_DEEP },
	{ "p vfs_read +0(@11):u8[10^", KPT_ERR_ARRAY_NO_CLOSE },
	{ "p vfs_read +0(@11):u8[10]^a", KPT_ERR_BAD_ARRAY_SUFFIX },
	{ "p vfs_read +0(@11):u8[^10a]", KPT_ERR_BAD_ARRAY_NUM },
	{ "p vfs_read +0(@11):u8[^256]", KPT_ERR_ARRAY_TOO_BIG },
	{ "p vfs_read @11:^unknown_type", KPT_ERR_BAD_TYPE },
	{ "p vfs_read $stack0:^string", KPT_ERR_BAD_STRING },
	{ "p vfs_read @11:^b10@a/16", KPT_ERR_BAD_BITFIELD },
	{ "p vfs_read ^arg123456789012345678901234567890=@11",
	  KPT_ERR_ARG_NAME_TOO_LONG },
	{ "p vfs_read ^=@11", KPT_ERR_NO_ARG_NAME },
	{ "p vfs_read ^var.1=@11", KPT_ERR_BAD_ARG_NAME },
	{ "p vfs_read var1=@11 ^var1=@12", KPT_ERR_USED_ARG_NAME },
	{ "p vfs_read ^+1234567(+1234567(+1234567(+1234567(+1234567(+1234567("
	  "@1234))))))", KPT_ERR_ARG_TOO_LONG },
	{ "p vfs_read arg1=^", KPT_ERR_NO_ARG_BODY },
	{ "p vfs_read^%hoge", KPT_ERR_BAD_ADDR_SUFFIX },
	{ "p ^vfs_read+10%return", KPT_ERR_RETPROBE_OFFS },
	/* kretprobe_maxactive.tc */
	{ "^a:myprobeaccept inet_csk_accept", KPT_ERR_BAD_PROBE_TYPE },
	{ "r^10fuzz:myprobeaccept inet_csk_accept", KPT_ERR_BAD_MAXACT },
};

/* "name=OP(v),OP(v):type[N]" per arg, space-separated. */
static void dump_args(const struct kpt_probe_def *d, char *buf, size_t size)
{
	static const char * const names[] = {
		"NONE", "REG", "STACK", "STACK_ADDR", "ARG", "RETVAL",
		"RETADDR", "IMM", "SYMBOL", "COMM", "DATA", "DEREF", "UDEREF",
		"BTF", "DURATION", "EFIELD", "WADDR",
	};
	size_t n = 0;
	unsigned int i, j;

	buf[0] = '\0';
	for (i = 0; i < d->nargs; i++) {
		const struct kpt_probe_arg *a = &d->args[i];

		n += snprintf(buf + n, size - n, "%s%s%s", i ? " " : "",
			      a->name, a->name[0] ? "=" : "");
		for (j = 0; j < a->nops; j++) {
			const struct kpt_fetch_op *o = &a->ops[j];

			n += snprintf(buf + n, size - n, "%s%s%s",
				      j ? "," : "", names[o->op],
				      o->flags & KPT_FOPF_ENTRY ? "@ENTRY" : "");
			if (o->op == KPT_FOP_IMM)
				n += snprintf(buf + n, size - n, "(0x%llx)",
					      (unsigned long long)o->val);
			else if (o->op == KPT_FOP_DATA ||
				 o->op == KPT_FOP_BTF ||
				 o->op == KPT_FOP_EFIELD)
				n += snprintf(buf + n, size - n, "(%s)",
					      kpt_def_str(d, o->sym));
			else if (o->op == KPT_FOP_SYMBOL)
				n += snprintf(buf + n, size - n, "(%s%+lld)",
					      kpt_def_str(d, o->sym),
					      (long long)o->val);
			else if (o->op != KPT_FOP_STACK_ADDR &&
				 o->op != KPT_FOP_RETVAL &&
				 o->op != KPT_FOP_RETADDR &&
				 o->op != KPT_FOP_COMM &&
				 o->op != KPT_FOP_DURATION)
				n += snprintf(buf + n, size - n, "(%lld)",
					      (long long)o->val);
		}
		if (a->type == KPT_T_BITFIELD)
			n += snprintf(buf + n, size - n, ":b%u@%u/%u",
				      a->bf_width, a->bf_offset, a->size * 8);
		else if (a->type != KPT_T_DEFAULT)
			n += snprintf(buf + n, size - n, ":%s",
				      kpt_type_name(a->type));
		if (a->array_len)
			n += snprintf(buf + n, size - n, "[%u]", a->array_len);
	}
}

static struct kpt_probe_def def1, def2;
static char text[KPT_LINE_MAX * 2], line[65536];
static unsigned int seen[KPT_ERR_NR];
static int failures, checks;

#define FAIL(...) do { \
	fprintf(stderr, __VA_ARGS__); \
	fputc('\n', stderr); \
	failures++; \
} while (0)

/* Parses and, if accepted, checks that the listing parses back the same. */
/*
 * What the module keeps: a compact copy, exactly as big as it must be (so
 * that ASan sees any read past it), equal to the original, and listed and
 * matched the same.
 */
static void check_compact(const struct kpt_probe_def *def, const char *listing)
{
	size_t size = kpt_probe_def_compact_size(def);
	struct kpt_probe_def *c = malloc(size);
	static char again[KPT_LINE_MAX * 2];

	if (!c) {
		FAIL("out of memory");
		return;
	}
	kpt_probe_def_compact(c, def);
	if (size > offsetof(struct kpt_probe_def, args) +
		   def->nargs * sizeof(def->args[0]) + KPT_POOL_SIZE)
		FAIL("compact copy of %zu bytes", size);
	kpt_format_probe(c, again, sizeof(again));
	if (!kpt_probe_def_equal(def, c) || !kpt_probe_def_equal(c, def) ||
	    strcmp(again, listing))
		FAIL("compact copy of '%s' differs: '%s'", listing, again);
	if (def->kind == KPT_PROBE_DELETE &&
	    !kpt_probe_def_delete_matches(c, def))
		FAIL("compact copy of deletion '%s' does not match", listing);
	free(c);
}

static int parse(const char *s, size_t len, struct kpt_parse_error *err)
{
	struct kpt_parse_error err2;
	int ret = kpt_parse_probe(s, len, &def1, err);
	size_t n;

	checks++;
	if (ret) {
		if (err->code <= 0 || err->code >= KPT_ERR_NR)
			FAIL("bad error code %d", err->code);
		else
			seen[err->code]++;
		if (ret != kpt_parse_errno(err->code))
			FAIL("errno %d != table's %d", ret,
			     kpt_parse_errno(err->code));
		return ret;
	}
	n = kpt_format_probe(&def1, text, sizeof(text));
	if (n >= sizeof(text) || kpt_parse_probe(text, n, &def2, &err2) ||
	    !kpt_probe_def_equal(&def1, &def2))
		FAIL("round trip failed for listing '%s'", text);
	check_compact(&def1, text);
	return 0;
}

static void run_table(void)
{
	char prog[8192];
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct tcase *c = &cases[i];
		struct kpt_parse_error err;
		int ret = parse(c->line, strlen(c->line), &err);

		if (c->code == KPT_ERR_NONE) {
			if (ret) {
				FAIL("'%s': refused: %s at %zu", c->line,
				     kpt_parse_strerror(err.code), err.pos);
				continue;
			}
			kpt_format_probe(&def1, text, sizeof(text));
			if (strcmp(text, c->listing ? c->listing : c->line))
				FAIL("'%s': listed as '%s'", c->line, text);
			dump_args(&def1, prog, sizeof(prog));
			if (c->prog && strcmp(prog, c->prog))
				FAIL("'%s': programs '%s', want '%s'", c->line,
				     prog, c->prog);
			continue;
		}
		if (!ret) {
			FAIL("'%s': accepted, want %s", c->line,
			     kpt_parse_strerror(c->code));
			continue;
		}
		if (err.code != c->code ||
		    err.pos != (size_t)(strchr(c->caret, '^') - c->caret))
			FAIL("'%s': got '%s' at %zu, want '%s' at %zu", c->line,
			     kpt_parse_strerror(err.code), err.pos,
			     kpt_parse_strerror(c->code),
			     (size_t)(strchr(c->caret, '^') - c->caret));
	}
	printf("table: %u cases\n", i);
}

static void expect(const char *what, size_t len, int code, size_t pos);

static void run_kernel_table(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(kernel_cases) / sizeof(kernel_cases[0]); i++) {
		const char *caret = strchr(kernel_cases[i].line, '^');
		size_t pos = caret - kernel_cases[i].line;

		memcpy(line, kernel_cases[i].line, pos);
		strcpy(line + pos, caret + 1);
		expect(kernel_cases[i].line, strlen(line), kernel_cases[i].code,
		       pos);
	}
	printf("kernel selftest syntax errors: %u cases\n", i);
}

static void expect(const char *what, size_t len, int code, size_t pos)
{
	struct kpt_parse_error err;
	int ret = parse(line, len, &err);

	if (code == KPT_ERR_NONE && ret)
		FAIL("%s: refused: %s at %zu", what,
		     kpt_parse_strerror(err.code), err.pos);
	else if (code != KPT_ERR_NONE &&
		 (!ret || err.code != code || err.pos != pos))
		FAIL("%s: got %d '%s' at %zu, want '%s' at %zu", what, ret,
		     ret ? kpt_parse_strerror(err.code) : "", err.pos,
		     kpt_parse_strerror(code), pos);
}

/* "p:ev f " then depth times "+8(", "%di", depth times ')'. */
static void nest(size_t depth, int code, size_t pos)
{
	size_t n = 7, i;

	memcpy(line, "p:ev f ", 7);
	for (i = 0; i < depth; i++, n += 3)
		memcpy(line + n, "+8(", 3);
	memcpy(line + n, "%di", 3);
	n += 3;
	memset(line + n, ')', depth);
	expect("nesting", n + depth, code, pos);
}

/* Lines too big to write in the table. */
static void run_generated(void)
{
	size_t n, i, pos = 0;

	/* 128 args fit, the 129th is refused at its position */
	n = sprintf(line, "p:ev f");
	for (i = 0; i < 129; i++) {
		if (i == 128)
			pos = n + 1;
		n += sprintf(line + n, " a%zu", i);
	}
	expect("129 args", n, KPT_ERR_TOO_MANY_ARGS, pos);
	expect("128 args", pos - 1, KPT_ERR_NONE, 0);
	if (def1.nargs != 128 || strcmp(def1.args[127].name, "a127"))
		FAIL("128 args: nargs %u", def1.nargs);
	/* today's syntax: default names arg1..arg128 */
	n = sprintf(line, "p:g/ev f");
	for (i = 0; i < 128; i++)
		n += sprintf(line + n, " %%di");
	expect("128 today args", n, KPT_ERR_NONE, 0);
	if (strcmp(def1.args[127].name, "arg128"))
		FAIL("128 today args: last is %s", def1.args[127].name);

	/*
	 * nesting: 14 levels fit; 15 fit in 63 bytes but not in 15 ops (the
	 * outermost finds no slot); deeper ones are too long an expression,
	 * 10,000 levels too long a line: all refused without recursion
	 */
	nest(14, KPT_ERR_NONE, 0);
	if (def1.args[0].nops != 15)
		FAIL("14 derefs: %u ops", def1.args[0].nops);
	nest(15, KPT_ERR_TOO_DEEP, 7 + 3);
	nest(16, KPT_ERR_ARG_TOO_LONG, 7);
	nest(2000, KPT_ERR_ARG_TOO_LONG, 7);
	nest(10000, KPT_ERR_LINE_TOO_LONG, KPT_LINE_MAX);
	/* @SYM takes a DEREF of its own: 13 levels around it */
	n = sprintf(line, "p:ev f ");
	for (i = 0; i < 14; i++)
		n += sprintf(line + n, "+8(");
	n += sprintf(line + n, "@sym");
	for (i = 0; i < 14; i++)
		line[n++] = ')';
	expect("14 derefs around @", n, KPT_ERR_TOO_DEEP, 7 + 3);
	memmove(line + 7, line + 10, n - 11);
	expect("13 derefs around @", n - 4, KPT_ERR_NONE, 0);
	/* 10,000 unbalanced '(' and ')' alone */
	memset(line, '(', 10000);
	expect("10000 (", 7000, KPT_ERR_BAD_PROBE_TYPE, 0);
	memcpy(line, "p:ev f ", 7);
	memset(line + 7, ')', 60);
	expect("60 )", 67, KPT_ERR_BAD_FETCH_ARG, 7);
	expect("7000 )", 7007, KPT_ERR_ARG_TOO_LONG, 7);

	/* NUL bytes anywhere, even in a comment */
	memcpy(line, "p:ev f a0\0a1", 12);
	expect("NUL", 12, KPT_ERR_NUL_BYTE, 9);
	memcpy(line, "p:ev f # \0", 10);
	expect("NUL in comment", 10, KPT_ERR_NUL_BYTE, 9);
	memcpy(line, "\0", 1);
	expect("only NUL", 1, KPT_ERR_NUL_BYTE, 0);

	/* line length: KPT_LINE_MAX bytes fit, one more does not */
	memset(line, ' ', KPT_LINE_MAX + 1);
	memcpy(line, "p:ev f", 6);
	expect("max line", KPT_LINE_MAX, KPT_ERR_NONE, 0);
	expect("long line", KPT_LINE_MAX + 1, KPT_ERR_LINE_TOO_LONG,
	       KPT_LINE_MAX);
	/* a 4 KiB line of 128 maximal seed args lists within the limit */
	n = sprintf(line, "p:g/e f");
	for (i = 0; i < 128; i++)
		n += sprintf(line + n, " +0x1(s%zu)", i + 100);
	while (n < 4096)
		line[n++] = ' ';
	expect("4 KiB line", n, KPT_ERR_NONE, 0);
	/* a line that fits but whose listing would not */
	n = sprintf(line, "p:g/e f");
	for (i = 0; i < 127; i++)
		n += sprintf(line + n, " +0x7fffffffffffffff(+0x7fffffffffffffff("
			     "+0x7ffffffffffff(s0)))");
	expect("long listing", n, KPT_ERR_LISTING_TOO_LONG, 0);

	/* the probe symbol: 511 chars fit, 512 do not */
	n = sprintf(line, "p ");
	memset(line + n, 's', 512);
	expect("long symbol", n + 512, KPT_ERR_SYMBOL_TOO_LONG, 2);
	expect("511-char symbol", n + 511, KPT_ERR_NONE, 0);
	if (strlen(def1.event) != KPT_NAME_MAX)
		FAIL("generated name not cut at %d", KPT_NAME_MAX);
	/* the names pool (4 KiB): 512 + 56 * 63 bytes fit, not 57 * 63 */
	n += 511;
	for (i = 0; i < 57; i++) {
		n += sprintf(line + n, " @");
		memset(line + n, 'a' + i % 26, 62);
		n += 62;
		if (i == 55)
			expect("56 @syms", n, KPT_ERR_NONE, 0);
	}
	expect("57 @syms", n, KPT_ERR_POOL_FULL, n - 62);
}

/* Appending to an event, deleting part of one. */
static void run_matching(void)
{
	static const struct {
		const char *a, *b;
		bool same_fields;	/* may b be appended to a's event */
	} fc[] = {
		{ "p:e f $arg1", "p:e g +u8(%si)", true },
		{ "p:e f %di", "p:e g +8(%si)", false },	/* alias "di" */
		{ "p:e f x=%di:u8", "p:e g x=%si:u8", true },
		{ "p:e f x=%di:u8", "p:e g x=%si:u16", false },
		{ "p:e f x=%di", "p:e g y=%di", false },
		{ "p:e f %di", "p:e g %di %si", false },
		{ "p:e f", "r:e g", false },
	};
	static const struct {
		const char *del, *probe;
		bool match;
	} dc[] = {
		{ "-:e", "p:e f a0", true },
		{ "-:e", "p:g/e f", true },
		{ "-:kprobetrace/e", "p:g/e f", false },
		{ "-:g/e", "p:g/e f", true },
		{ "-:x", "p:e f", false },
		{ "-:e f", "p:e f+0 a0", true },
		{ "-:e f+4", "p:e f a0", false },
		{ "-:e g", "p:e f", false },
		{ "-:e m:f", "p:e f", false },
		{ "-:e m:f", "p:e m:f", true },
		{ "-:e 0x10", "p:e 0x10", true },
		{ "-:e 0x10", "p:e f", false },
		{ "-:e f %di", "p:e f %di %si", true },
		{ "-:e f a0", "p:e f a0", true },
		{ "-:e f arg1=%di:u8", "p:e f x=%di:u8", true },
		{ "-:e f %di:u8", "p:e f %di", false },
		{ "-:e f %si", "p:e f %di %si", false },
		{ "-:e f %di %si", "p:e f %di", false },
		{ "-:e f rv", "r:e f rv", true },
		/* names: as written */
		{ "-:e f file->f_inode", "p:e f x=file->f_inode", true },
		{ "-:e f file->f_mode", "p:e f x=file->f_inode", false },
		{ "-:e f file", "p:e f $arg1", false },
		{ "-:e f $arg1", "p:e f file", false },
		{ "-:e f file:%pD", "p:e f file:%pD", true },
		{ "-:e f file:%pd", "p:e f file:%pD", false },
		{ "-:ev s/e", "e:ev s.e $a", true },
		{ "-:eprobes/ev s/e", "e:ev s.e $a", true },
		{ "-:ev s.e", "e:ev s.e $a", true },
		{ "-:ev s/e $a", "e:ev s.e $a $b", true },
		{ "-:ev s/e $b", "e:ev s.e $a $b", false },
		{ "-:ev s/x", "e:ev s.e", false },
		{ "-:ev t.e", "e:ev s.e", false },
	};
	static struct kpt_probe_def a, b;
	struct kpt_parse_error err;
	unsigned int i;

	for (i = 0; i < sizeof(fc) / sizeof(fc[0]); i++) {
		if (kpt_parse_probe(fc[i].a, strlen(fc[i].a), &a, &err) ||
		    kpt_parse_probe(fc[i].b, strlen(fc[i].b), &b, &err))
			FAIL("'%s' / '%s' refused", fc[i].a, fc[i].b);
		else if (kpt_probe_def_same_fields(&a, &b) != fc[i].same_fields)
			FAIL("'%s' / '%s': same fields != %d", fc[i].a, fc[i].b,
			     fc[i].same_fields);
	}
	for (i = 0; i < sizeof(dc) / sizeof(dc[0]); i++) {
		if (kpt_parse_probe(dc[i].del, strlen(dc[i].del), &a, &err) ||
		    kpt_parse_probe(dc[i].probe, strlen(dc[i].probe), &b, &err))
			FAIL("'%s' / '%s' refused", dc[i].del, dc[i].probe);
		else if (kpt_probe_def_delete_matches(&a, &b) != dc[i].match)
			FAIL("'%s' deletes '%s' != %d", dc[i].del, dc[i].probe,
			     dc[i].match);
	}
	printf("matching: %u cases\n", i + (unsigned int)(sizeof(fc) /
							   sizeof(fc[0])));
}

/* Which syntax a line is in (it picks the output format). */
static void run_syntax(void)
{
	static const struct {
		const char *line;
		int syntax;
	} sc[] = {
		{ "p:ev f", KPT_SYNTAX_EITHER },
		{ "p:ev f %ax @sym +8(%di) @0x10", KPT_SYNTAX_EITHER },
		{ "p:kprobetrace/ev f", KPT_SYNTAX_EITHER },
		{ "r:ev f", KPT_SYNTAX_EITHER },
		{ "p:ev f%return", KPT_SYNTAX_EITHER },
		{ "r0:ev f", KPT_SYNTAX_EITHER },
		{ "p 0x1000", KPT_SYNTAX_EITHER },
		{ "p:ev f a0", KPT_SYNTAX_SEED },
		{ "p:ev f s1", KPT_SYNTAX_SEED },
		{ "p:ev f +8(sa)", KPT_SYNTAX_SEED },
		{ "r:ev f rv", KPT_SYNTAX_SEED },
		{ "r:ev f +0(ra)", KPT_SYNTAX_SEED },
		{ "p:kprobetrace/ev f a0", KPT_SYNTAX_SEED },
		{ "p:ev f $arg1", KPT_SYNTAX_TODAY },
		{ "p:ev f a0 $stack", KPT_SYNTAX_TODAY },
		{ "p:ev f x=%ax", KPT_SYNTAX_TODAY },
		{ "p:ev f %ax:u8", KPT_SYNTAX_TODAY },
		{ "p:ev f \\1", KPT_SYNTAX_TODAY },
		{ "p:ev f +u0(%ax)", KPT_SYNTAX_TODAY },
		{ "p:grp/ev f", KPT_SYNTAX_TODAY },
		{ "r1:ev f", KPT_SYNTAX_TODAY },
		{ "p m:f", KPT_SYNTAX_TODAY },
		{ "-:ev", KPT_SYNTAX_TODAY },
		{ "-:kprobetrace/ev", KPT_SYNTAX_TODAY },
	};
	static struct kpt_probe_def r;
	struct kpt_parse_error err;
	unsigned int i;
	size_t n;

	for (i = 0; i < sizeof(sc) / sizeof(sc[0]); i++) {
		if (parse(sc[i].line, strlen(sc[i].line), &err))
			FAIL("'%s' refused", sc[i].line);
		else if (def1.syntax != sc[i].syntax)
			FAIL("'%s': syntax %d, want %d", sc[i].line, def1.syntax,
			     sc[i].syntax);
		/* listing without our group parses back the same, too */
		n = kpt_format_probe_opts(&def1, KPT_FMT_NO_DEFAULT_GROUP, text,
					  sizeof(text));
		if (kpt_parse_probe(text, n, &def2, &err) ||
		    !kpt_probe_def_equal(&def1, &def2))
			FAIL("'%s': short listing '%s' differs", sc[i].line,
			     text);
		/* and the kernel's form (no +0) */
		n = kpt_format_probe_opts(&def1, KPT_FMT_NO_ZERO_OFFS, text,
					  sizeof(text));
		if (kpt_parse_probe(text, n, &def2, &err) ||
		    !kpt_probe_def_equal(&def1, &def2))
			FAIL("'%s': kernel-form listing '%s' differs",
			     sc[i].line, text);
	}
	if (kpt_parse_probe("p:g/ev vfs_read+0 x=%di", 23, &def1, &err))
		FAIL("kernel form: refused");
	kpt_format_probe_opts(&def1, KPT_FMT_NO_ZERO_OFFS, text, sizeof(text));
	if (strcmp(text, "p:g/ev vfs_read x=%di"))
		FAIL("kernel form listed as '%s'", text);
	kpt_format_probe_opts(&def1, KPT_FMT_NO_ZERO_OFFS |
			      KPT_FMT_NO_DEFAULT_GROUP, text, sizeof(text));
	if (strcmp(text, "p:g/ev vfs_read x=%di"))
		FAIL("kernel form (short) listed as '%s'", text);
	/* kretprobe_return_suffix.tc: r: and %return list the same */
	if (kpt_parse_probe("r:myprobeaccept vfs_read", 24, &r, &err) ||
	    kpt_parse_probe("p:myprobeaccept vfs_read%return", 31, &def1,
			    &err) || !kpt_probe_def_equal(&r, &def1))
		FAIL("%%return differs from r:");
	kpt_format_probe(&def1, text, sizeof(text));
	if (strcmp(text, "r:kprobetrace/myprobeaccept vfs_read+0"))
		FAIL("%%return listed as '%s'", text);
	printf("syntax: %u cases\n", i);
}

/* Structural facts the module relies on. */
static void run_misc(void)
{
	struct kpt_parse_error err;
	char small[8], name[KPT_NAME_MAX + 1];
	unsigned int i;
	int s;

	for (i = 0; i < KPT_REG_NR; i++) {
		const char *r = kpt_reg_name_by_slot(i);

		s = kpt_reg_slot_by_name(r, strlen(r));
		if (!r || s != (int)i)
			FAIL("register slot %u: %s -> %d", i, r, s);
	}
	if (strcmp(kpt_reg_name_by_slot(kpt_arg_reg_slot(0)), "di") ||
	    strcmp(kpt_reg_name_by_slot(kpt_arg_reg_slot(3)), "cx") ||
	    strcmp(kpt_reg_name_by_slot(kpt_arg_reg_slot(5)), "r9") ||
	    kpt_arg_reg_slot(6) != -1)
		FAIL("argument registers");
	if (kpt_reg_name_by_slot(KPT_REG_NR) ||
	    kpt_reg_slot_by_name("ax", 1) != -1 ||
	    kpt_reg_slot_by_name("rip", 3) != KPT_REG_IP)
		FAIL("register lookup bounds");
	for (i = 1; i < KPT_ERR_NR; i++)
		if (!kpt_parse_strerror(i)[0] || kpt_parse_errno(i) >= 0)
			FAIL("error %u has no message or errno", i);
	/* the module's errors and notes share the table */
	for (i = KPT_ERR_NR + 1; i < KPT_ERR_NOTE_FIRST; i++)
		if (!kpt_err_text(i)[0] || kpt_err_errno(i) > 0)
			FAIL("module error %u has no text or a bad errno", i);
	for (i = KPT_ERR_NOTE_FIRST; i < KPT_ERR_ALL; i++)
		if (!kpt_err_text(i)[0] || kpt_err_errno(i))
			FAIL("note %u has no text or an errno", i);
	if (kpt_err_errno(KPT_ERR_UNKNOWN_SYMBOL) != -ENOENT ||
	    strcmp(kpt_err_text(KPT_ERR_BAD_REG_NAME), "Invalid register name") ||
	    strcmp(kpt_err_text(KPT_ERR_ALL), "Unknown error"))
		FAIL("error table lookups");
	if (strcmp(kpt_parse_strerror(KPT_ERR_NR), "Unknown error") ||
	    strcmp(kpt_parse_strerror(-1), "Unknown error"))
		FAIL("strerror out of range");

	/* where the parts start, handed to the module for its carets */
	{
		static const char l[] = "  p:grp/ev  kpt_fn a0  +8(%di):u32";

		if (kpt_parse_probe(l, strlen(l), &def1, &err) ||
		    def1.group_pos != 4 || def1.loc_pos != 12 ||
		    def1.nargs != 2 || def1.args[0].pos != 19 ||
		    def1.args[1].pos != 23)
			FAIL("positions: group %u loc %u args %u %u",
			     def1.group_pos, def1.loc_pos, def1.args[0].pos,
			     def1.args[1].pos);
		if (kpt_parse_probe("p f", 3, &def1, &err) ||
		    def1.group_pos != 0 || def1.loc_pos != 2)
			FAIL("positions without a group");
	}

	/* snprintf-like truncation */
	if (kpt_parse_probe("p:myprobe do_sys_open a0", 24, &def1, &err))
		FAIL("parse for truncation");
	if (kpt_format_probe(&def1, small, sizeof(small)) != 38 ||
	    strcmp(small, "p:kprob"))
		FAIL("truncated listing '%s'", small);
	if (kpt_format_probe(&def1, NULL, 0) != 38 ||
	    kpt_format_probe_opts(&def1, KPT_FMT_NO_DEFAULT_GROUP, NULL, 0) !=
	    26)
		FAIL("length-only listing");
	if (kpt_format_arg(&def1, &def1.args[0], small, sizeof(small)) != 2 ||
	    strcmp(small, "a0"))
		FAIL("format_arg '%s'", small);

	/* generated names are valid identifiers */
	if (kpt_parse_probe("p my-mod:f.isra.0-16", 20, &def1, &err))
		FAIL("parse for name");
	kpt_default_event_name(&def1, name);
	if (strcmp(name, "p_my_mod_f_isra_0__16") ||
	    strcmp(def1.event, name))
		FAIL("generated name '%s'", name);
	if (sizeof(def1) > 48 * 1024)
		FAIL("definition too big: %zu", sizeof(def1));
	if (kpt_parse_probe(NULL, 0, &def1, &err) ||
	    def1.kind != KPT_PROBE_NONE)
		FAIL("empty line");
	/*
	 * A comment line clears the head only, not the 35 KiB of args (a
	 * 1 MiB write of short comments made a soft lockup once), and leaves
	 * a well-formed empty definition.
	 */
	memset(&def1, 0x5a, sizeof(def1));
	if (kpt_parse_probe("  # c", 5, &def1, &err) ||
	    def1.kind != KPT_PROBE_NONE || def1.nargs || def1.compact ||
	    kpt_def_str(&def1, 0)[0] || kpt_format_probe(&def1, text, 8))
		FAIL("comment line");
	if ((unsigned char)def1.args[KPT_MAX_ARGS - 1].name[0] != 0x5a)
		FAIL("a comment line cleared the args");
	if (kpt_parse_probe("p:ev f a0", 9, &def1, &err) ||
	    err.code != KPT_ERR_NONE || err.pos)
		FAIL("error not cleared on success");

	/* an e: filter's caret, from its collapsed text back to the line */
	{
		static const char l[] = "e s/e if  a \t== 1";
		size_t n = sizeof(l) - 1;

		if (kpt_parse_probe(l, n, &def1, &err) || def1.filter_pos != 10 ||
		    strcmp(kpt_def_str(&def1, def1.filter), "a == 1"))
			FAIL("e: filter '%s'", kpt_def_str(&def1, def1.filter));
		if (kpt_eprobe_filter_caret(l, n, 10, 0) != 10 ||
		    kpt_eprobe_filter_caret(l, n, 10, 1) != 11 ||
		    kpt_eprobe_filter_caret(l, n, 10, 2) != 13 ||
		    kpt_eprobe_filter_caret(l, n, 10, 5) != 16 ||
		    kpt_eprobe_filter_caret(l, n, 10, 6) != n ||
		    kpt_eprobe_filter_caret(l, n, 10, 7) != n + 1)
			FAIL("e: filter carets");
	}
}

int main(void)
{
	unsigned int i, missing = 0;

	run_table();
	run_kernel_table();
	run_generated();
	run_syntax();
	run_matching();
	run_misc();
	for (i = 1; i < KPT_ERR_NR; i++) {
		if (!seen[i]) {
			FAIL("error never produced: %s", kpt_parse_strerror(i));
			missing++;
		}
	}
	printf("%d parses checked, %u error codes covered of %d, "
	       "%d failures\n", checks, KPT_ERR_NR - 1 - missing,
	       KPT_ERR_NR - 1, failures);
	return failures ? 1 : 0;
}
