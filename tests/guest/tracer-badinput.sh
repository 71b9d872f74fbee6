# matrix: core
# Table-driven bad input: every row below is a malformed
# or hostile kprobe_events write (or another control-file operation) that
# must be refused with the given errno and leave the given text in
# error_log, and after which the probe list, the events directory, the
# profile and the kernel's kprobe list are exactly what they were.
# tracer-errors.sh checks carets and candidates of a few errors; this one
# covers breadth.  Prints "bad inputs tried: N".
# timeout: 240
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
D=$TRACEFS/events/kprobetrace
IN=/tmp/badinput.in

# Table: WANT | OPTS | LOG | INPUT
#   WANT   what kpt-write prints: "write: ENAME", "open: ENAME"
#   OPTS   "-" or words: kpt-write options (-s N: N bytes per write(2)),
#          gen=NAME (the input is made by gen_NAME, INPUT unused),
#          file=NAME (write to $KPT/NAME or $D/NAME instead of kprobe_events)
#   LOG    a fixed string the new error_log entry must contain; "-": the
#          operation must not add any error_log entry
#   INPUT  kpt-write escapes: \n \t \\ \xHH; {own} is the address of one of
#          kprobetrace's own functions, {data} of a data object,
#          {A65} 65 'a's, {A600} 600 'a's, {A200} 200 'a's.
# Rows are separated by '|' with optional blanks around it; '#' lines and
# blank lines are skipped.
TABLE='
# --- the probe head: type, group, event name --------------------------------
write: EINVAL  | - | Probe type must be           | x:e1 kpt_test_ret\n
write: EINVAL  | - | Probe type must be           | :e1 kpt_test_ret\n
write: EINVAL  | - | Probe type must be           | \x20\x20P:e1 kpt_test_ret\n
write: EINVAL  | - | Expected                     | pp:e1 kpt_test_ret\n
write: EINVAL  | - | Probe point                  | p\n
write: EINVAL  | - | Probe point                  | p:e1\n
write: EINVAL  | - | Event name is not specified  | p: kpt_test_ret\n
write: EINVAL  | - | Group name is not specified  | p:/e1 kpt_test_ret\n
write: EINVAL  | - | Event name is not specified  | -:kprobetrace/ f\n
write: EINVAL  | - | Event name must follow       | p:a/b/c kpt_test_ret\n
write: EINVAL  | - | Group name must follow       | p:../e1 kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:kprobetrace/.. kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:e1/.. kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:e.x kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:1e kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:\xc3\xa9v\xc3\xa9nement kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:e\x01x kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:e\xffx kpt_test_ret\n
write: EINVAL  | - | Event name must follow       | p:e-x kpt_test_ret\n
write: E2BIG   | - | Event name is too long       | p:{A65} kpt_test_ret\n
write: E2BIG   | - | Group name is too long       | p:{A65}/e1 kpt_test_ret\n
write: EINVAL  | - | group                        | p:kprobes/e1 kpt_test_ret\n
write: EINVAL  | - | group                        | p:ftrace/e1 kpt_test_ret\n
write: EINVAL  | - | Maxactive is only for return probes | p5:e1 kpt_test_ret\n
write: EINVAL  | - | Maxactive is too big         | r4097:e1 kpt_test_ret\n
write: EINVAL  | - | Invalid maxactive number     | r99999999999999999999999:e1 kpt_test_ret\n
write: EINVAL  | - | Invalid maxactive number     | r1x:e1 kpt_test_ret\n
write: EINVAL  | - | Expected                     | r-1:e1 kpt_test_ret\n
# --- NUL bytes -----------------------------------------------------------------
write: EINVAL  | - | NUL byte in the line         | p:e1\x00 kpt_test_ret\n
write: EINVAL  | - | NUL byte in the line         | p:e1 kpt_test_ret\x00 a0\n
write: EINVAL  | - | NUL byte in the line         | \x00\n
write: EINVAL  | - | NUL byte in the line         | p:e1 kpt_test_six_args %di\x00\n
write: EINVAL  | - | NUL byte in the line         | p:e1 kpt_test_ret # comment \x00 hidden\n
write: EINVAL  | -s 4 | Probe point               | p:e1 kpt_test_ret\x00\n
# --- BTF names (vmlinux BTF: vfs_read(file, buf, count, pos)) -------------------
write: ENOENT  | - | This variable is not found at this probe point | p:e1 vfs_read no_such_param\n
write: ENOENT  | - | This variable is not found at this probe point | f:grp/e1 vfs_read file count nope\n
write: EINVAL  | - | This is not a pointer to union/structure. | p:e1 vfs_read count->x\n
write: EINVAL  | - | This is a pointer: use       | p:e1 vfs_read file.f_path\n
write: ENOENT  | - | This field is not found.     | p:e1 vfs_read file->no_such_field\n
write: ENOENT  | - | This field is not found.     | p:e1 vfs_read file->f_path.nope->x\n
write: EINVAL  | - | This type cannot be printed  | p:e1 vfs_read file->f_path\n
write: EINVAL  | - | Failed to parse single hyphen | p:e1 vfs_read file-f_path\n
write: EINVAL  | - | This type does not fit for string | p:e1 vfs_read count:string\n
write: E2BIG   | - | Argument expression is too long | p:e1 vfs_read file->f_path.dentry->d_parent->d_parent->d_parent->d_parent->d_name.name\n
write: E2BIG   | - | Dereference is too much nested | p:e1 wake_up_process +0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(p->mm))))))))))))))\n
write: E2BIG   | - | out of range                 | p:e1 vfs_read file->f_path.dentry->d_iname[99999999999]\n
write: E2BIG   | - | Argument expression is too long | p:e1 vfs_read {A200}\n
write: E2BIG   | - | Argument name is too long    | p:e1 vfs_read {A200}=file\n
write: EINVAL  | - | $arg* can be used only once  | f:grp/e1 vfs_read $arg* $arg*\n
write: EINVAL  | - | $arg* must be an independent | f:grp/e1 vfs_read a=$arg*\n
write: EINVAL  | - | This argument name is already used | f:grp/e1 vfs_read $arg* file\n
write: EOPNOTSUPP | - | names need a function     | p:e1 vfs_read+4 file\n
write: EOPNOTSUPP | - | $arg* can be used only on function entry | p:e1 vfs_read+4 $arg*\n
write: EOPNOTSUPP | - | names need a function     | p:e1 {own} file\n
write: EINVAL  | - | kfree: no parameter file     | f:grp/e1 vfs_read,kfree file\n
write: EINVAL  | - | file is $arg                 | f:grp/e1 vfs_read,rw_verify_area file\n
write: EINVAL  | - | other parameters             | f:grp/e1 vfs_*,!vfs_read $arg*\n
write: ENOENT  | - | This field is not found      | f:grp/e1 vfs_read,vfs_write file->nofield\n
write: ENOENT  | - | This function returns        | r:e1 kfree $retval\n
write: ENOENT  | - | module no_such_mod_kpt is not loaded | p:e1 no_such_mod_kpt:fn x\n
write: ENOENT  | - | This variable is not found at this probe point | p:e1 vfs_read file\np:e2 vfs_read nope\n
write: ENOENT  | - | unknown symbol               | p:e1 no_such_fn_kpt file\n
write: EINVAL  | - | Array needs a memory reference | p:e1 vfs_read count:u8[2]\n
# --- e: event probes: the syntax of the line, then the refusal of the module ------
write: EINVAL  | - | This requires both group and event name | e sched.\n
write: EINVAL  | - | This requires both group and event name | e .sched_switch\n
write: EINVAL  | - | This requires both group and event name | e sched_switch\n
write: EINVAL  | - | Group name is not specified  | e:/ev sched/sched_switch\n
write: EINVAL  | - | Group name must follow       | e:g.1/ev sched/sched_switch\n
write: EINVAL  | - | Event name must follow       | e:g/ev.1 sched/sched_switch\n
write: EINVAL  | - | Event name must follow       | e sched.sched-switch\n
write: EINVAL  | - | An event probe reads the attached event | e sched/sched_switch pid=prev_pid\n
write: EINVAL  | - | An event probe reads the attached event | e sched/sched_switch a0\n
write: EINVAL  | - | Invalid fetch argument       | e sched/sched_switch %di\n
write: EINVAL  | - | Invalid $-variable           | e sched/sched_switch $1\n
write: EINVAL  | - | Array needs a memory reference | e sched/sched_switch $prev_pid:u8[2]\n
write: EINVAL  | - | No filter rule after         | e sched/sched_switch $prev_pid if\n
write: EINVAL  | - | Maxactive is only for return | e3:ev sched/sched_switch\n
write: ENODEV  | - | Attached event does not exist | e sched/no_such_event_kpt\n
write: ENODEV  | - | Attached event does not exist | p:e1 kpt_test_ret\ne:g/ev kprobetrace/no_such_event_kpt\n
write: EINVAL  | - | Field not found              | p:e1 kpt_test_ret\ne:g/ev sched.sched_switch p=$prev_pid:s32 if no_field_kpt > 0\n
write: EINVAL  | - | Missing matching quote       | e sched.sched_switch if prev_comm == "sh\n
write: EINVAL  | - | Expecting string field       | e sched.sched_switch if prev_comm == 1 && next_pid > 0\n
write: EINVAL  | - | Meaningless filter           | p:e1 kpt_test_ret\ne sched.sched_switch if (prev_pid == 1) ||\n
write: EINVAL  | - | Too few                      | e sched.sched_switch if prev_pid == 1)\n
write: ENOENT  | - | no event                     | -:ev sched/sched_switch\n
# --- symbols and modules --------------------------------------------------------
write: EINVAL  | - | Invalid symbol name          | p:e1 kpt_test_ret/x\n
write: EINVAL  | - | Invalid symbol name          | p:e1 ../kpt_test_ret\n
write: EINVAL  | - | Invalid symbol name          | p:e1 kpt_test_r\xc3\xa9t\n
write: E2BIG   | - | Symbol name is too long      | p:e1 {A600}\n
write: ENOENT  | - | unknown symbol vmlinux:kpt_test_ret   | p:e1 vmlinux:kpt_test_ret\n
write: ENOENT  | - | unknown symbol kprobetrace_test:schedule | p:e1 kprobetrace_test:schedule\n
write: EINVAL  | - | Invalid module name          | p:e1 a/b:kpt_test_ret\n
write: E2BIG   | - | Module name is too long      | p:e1 {A65}:kpt_test_ret\n
write: ENOENT  | - | unknown symbol               | p:e1 kpt_test_ret\t%di\n\x20p:e2 no_such_fn_kpt\n
# --- offsets ------------------------------------------------------------------
write: EINVAL  | - | past the end of kpt_test_ret | p:e1 kpt_test_ret+0x10000\n
write: EINVAL  | - | past the end of kpt_test_ret | p:e1 kpt_test_ret+0x7fffffffffffffff\n
write: EINVAL  | - | Invalid probe offset         | p:e1 kpt_test_ret+0x10000000000000000\n
write: EINVAL  | - | Invalid probe offset         | p:e1 kpt_test_ret+99999999999999999999\n
write: EINVAL  | - | Invalid probe offset         | p:e1 kpt_test_ret+\n
write: EINVAL  | - | Invalid probe offset         | p:e1 kpt_test_ret+0xg\n
write: EINVAL  | - | Invalid probe offset         | p:e1 kpt_test_ret++4\n
write: EINVAL  | - | Invalid probe offset         | p:e1 kpt_test_ret-\n
write: EINVAL  | - | is not kernel text           | p:e1 kpt_test_ret-0x7fffffffffffffff\n
write: EINVAL  | - | Invalid probe address: a negative offset | p:grp/e1 kpt_test_six_args-0x10\n
write: EILSEQ  | - | inside                       | p:e1 kpt_test_ret+1\n
write: EINVAL  | - | Return probe must be used without offset | r:e1 kpt_test_ret+8\n
write: EINVAL  | - | Return probe must be used without offset | p:e1 kpt_test_ret+4%return\n
write: EINVAL  | - | Invalid probe point suffix   | p:e1 kpt_test_ret%entry\n
# --- addresses: NULL, user space, not mapped, not canonical, data -----------------
write: EINVAL  | - | is not kernel text           | p:e1 0x0\n
write: EINVAL  | - | is not kernel text           | p:e1 0x1000\n
write: EINVAL  | - | is not kernel text           | p:e1 0x7fff00001000\n
write: EINVAL  | - | is not kernel text           | p:e1 0x8000000000000000\n
write: EINVAL  | - | is not kernel text           | p:e1 0xffff800000000000\n
write: EINVAL  | - | is not kernel text           | p:e1 0xffffffff00000000\n
write: EINVAL  | - | is not kernel text           | p:e1 0xfffffffffffff000\n
write: EINVAL  | - | is not kernel text           | p:e1 {data}\n
write: EINVAL  | - | Invalid probe address        | p:e1 0x10000000000000000\n
write: EINVAL  | - | Invalid probe address        | p:e1 0xffffffffzz\n
# --- data symbols as probe points ---------------------------------------------------
write: EINVAL  | - | is not kernel text           | p:e1 kpt_test_data\n
write: EINVAL  | - | is not kernel text           | p:e1 jiffies_64\n
write: EINVAL  | - | is not kernel text           | p:e1 init_task\n
write: EINVAL  | - | is not kernel text           | r:e1 kpt_test_data\n
# --- blacklisted (NOKPROBE, noinstr, kprobes itself) -------------------------------
write: EINVAL  | - | blacklisted                  | p:e1 kprobe_int3_handler\n
write: EINVAL  | - | blacklisted                  | p:e1 notify_die\n
write: EINVAL  | - | blacklisted                  | p:e1 exc_page_fault\n
write: EINVAL  | - | blacklisted                  | r:e1 exc_int3\n
write: EINVAL  | - | blacklisted                  | p:e1 atomic_notifier_call_chain\n
# --- kprobetrace itself -------------------------------------------------------
write: EINVAL  | - | kprobetrace cannot probe itself | p:e1 kpt_control_apply\n
write: EINVAL  | - | kprobetrace cannot probe itself | r:e1 kpt_control_apply\n
write: EINVAL  | - | kprobetrace cannot probe itself | p:e1 kprobetrace:kpt_probe_create\n
write: EINVAL  | - | kprobetrace cannot probe itself | p:e1 kpt_kprobe_handler\n
write: EINVAL  | - | kprobetrace cannot probe itself | p:e1 kpt_kretprobe_handler\n
write: EINVAL  | - | kprobetrace cannot probe itself | p:e1 {own}\n
# --- fetch arguments ------------------------------------------------------------
write: EINVAL  | - | Invalid register name        | p:e1 kpt_test_ret %\n
write: EINVAL  | - | Invalid register name        | p:e1 kpt_test_ret %di%si\n
write: EINVAL  | - | Failed to parse single hyphen | p:e1 kpt_test_ret s-1\n
write: EINVAL  | - | Invalid stack number         | p:e1 kpt_test_ret s99999999999999999999\n
write: EINVAL  | - | Invalid stack number         | p:e1 kpt_test_ret s2049\n
write: EINVAL  | - | Failed to parse single hyphen | p:e1 kpt_test_ret a-1\n
write: EINVAL  | - | Invalid argument number      | p:e1 kpt_test_ret a99999999999999999999\n
write: EINVAL  | - | Invalid argument number      | p:e1 kpt_test_ret $arg0\n
write: EINVAL  | - | Invalid stack number         | p:e1 kpt_test_ret $stack99999\n
write: EINVAL  | - | Invalid $-variable           | p:e1 kpt_test_ret $foo\n
write: EINVAL  | - | Return value is only available on return probes | p:e1 kpt_test_ret $retval\n
write: EINVAL  | - | Invalid memory address       | p:e1 kpt_test_ret @\n
write: EINVAL  | - | Invalid memory address       | p:e1 kpt_test_ret @0xzz\n
write: ENOENT  | - | unknown symbol no_such_sym_kpt | p:e1 kpt_test_ret @no_such_sym_kpt\n
write: EINVAL  | - | Invalid symbol offset        | p:e1 kpt_test_ret @kpt_test_data+0x10000000000000000\n
write: EINVAL  | - | Invalid dereference offset   | p:e1 kpt_test_ret +(%di)\n
write: EINVAL  | - | Invalid dereference offset   | p:e1 kpt_test_ret +0x10000000000000000(%di)\n
write: EINVAL  | - | Invalid fetch argument       | p:e1 kpt_test_ret 0(%di)\n
write: EINVAL  | - | Dereference brace is not closed | p:e1 kpt_test_ret +0(+0(%di)\n
write: EINVAL  | - | Unexpected characters after the fetch argument | p:e1 kpt_test_ret +0(%di))\n
write: EINVAL  | - | Dereference needs a brace    | p:e1 kpt_test_ret +0%di)\n
write: EINVAL  | - | Invalid fetch argument       | p:e1 kpt_test_ret +0()\n
write: EINVAL  | - | Invalid fetch argument       | p:e1 kpt_test_ret ((%di))\n
write: EINVAL  | - | Unexpected characters after the fetch argument | p:e1 kpt_test_ret +0(%di)(%si)\n
write: E2BIG   | gen=deep15    | Dereference is nested too deeply |
write: E2BIG   | gen=deep2000  | Argument expression is too long  |
write: E2BIG   | gen=deep10000 | Line is too long                    |
write: E2BIG   | gen=args129 | Too many arguments            |
write: EINVAL  | - | Unknown type is specified    | p:e1 kpt_test_ret %di:u128\n
write: EINVAL  | - | Type is not specified        | p:e1 kpt_test_ret %di:\n
write: EINVAL  | - | Invalid bitfield             | p:e1 kpt_test_ret %di:b65@0/64\n
write: EINVAL  | - | Invalid bitfield             | p:e1 kpt_test_ret %di:b0@0/64\n
write: E2BIG   | - | Array size is too big        | p:e1 kpt_test_ret +0(%di):u8[65]\n
write: EINVAL  | - | Invalid array size           | p:e1 kpt_test_ret +0(%di):u8[0]\n
write: EINVAL  | - | Array is not closed          | p:e1 kpt_test_ret +0(%di):u8[1\n
write: EINVAL  | - | No argument expression       | p:e1 kpt_test_ret x=\n
write: EINVAL  | - | Argument name is not specified | p:e1 kpt_test_ret =%di\n
write: EINVAL  | - | Argument name must follow    | p:e1 kpt_test_ret 1x=%di\n
write: EINVAL  | - | Argument name must follow    | p:e1 kpt_test_ret x/y=%di\n
write: EINVAL  | - | This argument name is already used | p:e1 kpt_test_ret x=%di x=%si\n
write: EINVAL  | - | This argument name is reserved | p:e1 kpt_test_ret common_pid=%di\n
write: E2BIG   | - | Argument name is too long    | p:e1 kpt_test_ret {A65}=%di\n
write: EINVAL  | - | String is not closed         | p:e1 kpt_test_ret \\"abc\n
write: EINVAL  | - | Invalid immediate value      | p:e1 kpt_test_ret \\zz\n
write: EINVAL  | - | Invalid immediate value      | p:e1 kpt_test_ret \\99999999999999999999\n
write: EINVAL  | - | $comm and immediate strings accept only the string type | p:e1 kpt_test_ret $comm:u32\n
write: EINVAL  | - | $comm can not be dereferenced | p:e1 kpt_test_ret +0($comm)\n
# --- redefining or deleting: a failing write leaves the old definitions alone ---
write: EINVAL  | - | Invalid register name        | p:keep1 kpt_test_ret %zz\n
write: ENOENT  | - | line 2: error: unknown symbol | p:keep1 kpt_test_ret\np:zz no_such_fn_kpt\n
write: ENOENT  | - | line 3: error: no event nosuch_kpt to delete | -:keep2\np:keep1 kpt_test_ret\n-:nosuch_kpt\n
write: ENOENT  | - | no event kprobes/keep1 to delete | -:kprobes/keep1\n
write: ENOENT  | - | line 2: error: no event keep1 to delete | -:keep1\n-:keep1\n
write: ENOENT  | - | line 3: error: no event keep1 with such a probe | -:keep1\n-:keep2\n-:keep1 kpt_test_six_args\n
write: ENOENT  | - | no event keep1 with such a probe to delete | -:keep1 kpt_test_ret\n
write: ENOENT  | - | no event keep1 with such a probe to delete | -:keep1 kpt_test_six_args a1\n
write: ENOENT  | - | no event keep1 with such a probe to delete | -:keep1 kpt_test_six_args+4\n
write: EINVAL  | - | Event name is not specified  | -:\n
write: EINVAL  | - | Group name must follow       | -:../keep1\n
write: ENOENT  | gen=many | line 201: error: unknown symbol |
# --- lines split across writes, lines without newline, huge writes ---------------
write: EINVAL  | -s 3 | Probe point                     | p:e1 no_such_fn_split a0\n
write: ENOENT  | -    | unknown symbol no_such_fn_nonl  | p:e2 no_such_fn_nonl
write: EINVAL  | -    | Invalid register name           | p:e1 kpt_test_ret %zz
write: E2BIG   | gen=long9000 | line too long   |
write: ENOENT  | gen=mib       | line 524281: error: unknown symbol no_such_mib |
write: E2BIG   | gen=mibplus1  | at most 1048576 per write |
write: E2BIG   | gen=mibline   | line too long   |
# --- other control files --------------------------------------------------------
write: EINVAL  | file=kprobe_profile | - | p:e1 kpt_test_ret\n
write: EINVAL  | file=keep1/enable   | - | 2\n
'

# The generators build long inputs without a loop per character or line
# (busybox awk appends to a string in quadratic time: 10,000 levels took
# half a minute under TCG).
gen_deep() {
	awk -v n=$1 'BEGIN { o = sprintf("%" n "s", ""); c = o;
		gsub(/ /, "+0(", o); gsub(/ /, ")", c);
		print "p:e1 kpt_test_six_args " o "%di" c }' > $IN
}
gen_deep15() { gen_deep 15; }
gen_deep2000() { gen_deep 2000; }
gen_deep10000() { gen_deep 10000; }
gen_args129() {
	awk 'BEGIN { s = "p:e1 kpt_test_six_args";
		for (i = 0; i < 129; i++) s = s " +" i "(%si)"; print s }' > $IN
}
gen_long9000() { head -c 9000 /dev/zero | tr '\0' 'x' > $IN; }
# exactly 1 MiB: comment lines, the last line bad (line 524281, 16 bytes);
# the 524,280 comment lines made once, by doubling
gen_mib() {
	if [ ! -s /tmp/badinput.comments ]; then
		printf '#\n#\n#\n#\n#\n#\n#\n#\n' > /tmp/badinput.c
		for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
			cat /tmp/badinput.c /tmp/badinput.c > /tmp/badinput.c2
			mv /tmp/badinput.c2 /tmp/badinput.c
		done
		head -c 1048560 /tmp/badinput.c > /tmp/badinput.comments
		rm -f /tmp/badinput.c
	fi
	{ cat /tmp/badinput.comments; echo 'p:e no_such_mib'; } > $IN
	assert_eq "$(wc -c < $IN)" 1048576 "1 MiB input"
	assert_eq "$(wc -l < $IN)" 524281 "1 MiB input's lines"
}
gen_mibplus1() { gen_mib; echo >> $IN; }
gen_mibline() { head -c 1048576 /dev/zero | tr '\0' 'y' > $IN; }
# 200 good definitions, then a bad one: none applied
gen_many() {
	awk 'BEGIN { for (i = 0; i < 200; i++) print "p:many" i " kpt_test_ret";
		print "p:many200 no_such_fn_kpt" }' > $IN
}

# The state the rows must not change. Read with the shell's builtins only:
# the loops below take it after every row, and each process a test starts
# costs milliseconds in the guest.
# dump FILE: FILE's lines
dump() {
	while IFS= read -r _l || [ -n "$_l" ]; do
		printf '%s\n' "$_l"
	done < "$1"
}
state() {
	echo "== kprobe_events"; dump $E
	echo "== events"; for _f in $D/*; do echo "${_f##*/}"; done
	echo "== profile"; dump $KPT/kprobe_profile
	echo "== kprobes"; dump /sys/kernel/debug/kprobes/list
	echo "== filters"; dump $D/keep1/filter; dump $D/keep2/filter
	echo "== enable"; dump $D/keep1/enable; dump $D/keep2/enable
}

# read_log: error_log's text into $log, its first error line (without its
# time stamp, at most 160 bytes) into $logerr
read_log() {
	log= logerr=
	while IFS= read -r _l || [ -n "$_l" ]; do
		log="$log$_l
"
		case "$_l" in
		*' error: '*) [ -n "$logerr" ] || logerr=${_l#*\] kprobetrace: } ;;
		esac
	done < $LOG
	logerr=${logerr:0:160}
}

# trim VAR TEXT: TEXT without its leading and trailing blanks, into VAR;
# no subshell: the two loops below trim every row's fields, and each process
# a test starts costs milliseconds in the guest
trim() {
	_t=$2
	_t=${_t#"${_t%%[! 	]*}"}
	_t=${_t%"${_t##*[! 	]}"}
	eval "$1=\$_t"
}

# subst VAR: the placeholders of VAR's value replaced (sed only where a row
# has one)
subst() {
	eval "_t=\$$1"
	case "$_t" in *'{'*) ;; *) return 0 ;; esac
	_t=$(printf '%s' "$_t" | sed -e "s/{own}/$own/g" -e "s/{data}/$data/g" \
		-e "s/{A65}/$A65/g" -e "s/{A600}/$A600/g" -e "s/{A200}/$A200/g")
	eval "$1=\$_t"
}

# mismatch TEXT: report the current row (shown as its first 100 bytes)
mismatch() {
	[ -n "$shown" ] || shown="$(printf '%s' "$input" | cut -c 1-100)$wopts"
	echo "MISMATCH row $tried [$shown]: $*"
	ok=0
}

# the places the table refers to
own=$(awk '$3 == "kpt_control_apply" { print "0x" $1 }' /proc/kallsyms)
data=$(awk '$3 == "kpt_test_data" { print "0x" $1 }' /proc/kallsyms)
[ -n "$own" ] && [ -n "$data" ] || fail "kallsyms: own=$own data=$data"
A65=$(head -c 65 /dev/zero | tr '\0' a)
A600=$(head -c 600 /dev/zero | tr '\0' a)
A200=$(head -c 200 /dev/zero | tr '\0' a)
# the blacklist rows are only meaningful if the kernel says so
for f in kprobe_int3_handler notify_die exc_page_fault exc_int3 atomic_notifier_call_chain; do
	grep -q " $f\$" /sys/kernel/debug/kprobes/blacklist ||
		grep -Eq "^0x[0-9a-f]+-0x[0-9a-f]+[[:blank:]]+$f\$" /sys/kernel/debug/kprobes/blacklist ||
		echo "note: $f is not listed in kprobes/blacklist"
done

# a known state the rows must not change: two probes, one enabled
echo 'p:keep1 kpt_test_six_args a0 a1' > $E || fail "keep1"
echo 'r:keep2 kpt_test_ret rv' >> $E || fail "keep2"
echo 0 > $D/keep2/enable
echo 'a0 == 0x11' > $D/keep1/filter
state > /tmp/state.before
cat /tmp/state.before

tried=0 bad=0
printf "%s\n" "$TABLE" | while IFS='|' read -r want opts logtxt input; do
	trim want "$want"
	case "$want" in ''|'#'*) continue ;; esac
	trim opts "$opts"; trim logtxt "$logtxt"; trim input "$input"
	subst input
	tried=$((tried + 1))
	target=$E wopts= gen= shown=
	for o in $opts; do
		case "$o" in
		-) ;;
		gen=*) gen=${o#gen=} ;;
		file=*) f=${o#file=}; target=$KPT/$f; [ -e "$target" ] || target=$D/$f ;;
		*) wopts="$wopts $o" ;;
		esac
	done
	: > $LOG
	if [ -n "$gen" ]; then
		gen_$gen
		got=$(kpt-write -a $wopts -f $IN $target)
		shown="gen=$gen$wopts"
	else
		got=$(kpt-write -a $wopts $target "$input")
	fi
	ok=1
	[ "$got" = "$want" ] || mismatch "got '$got', want '$want'"
	read_log
	if [ "$logtxt" = - ]; then
		[ -z "$log" ] || mismatch "error_log should be empty:"
	else
		case "$log" in
		*"$logtxt"*) [ -n "$logerr" ] || mismatch "error_log has no error line:" ;;
		*) mismatch "error_log lacks '$logtxt':" ;;
		esac
	fi
	[ $ok = 1 ] || cut -c 1-200 $LOG
	echo "row $tried: $got: $logerr"
	state > /tmp/state.after
	if ! cmp -s /tmp/state.before /tmp/state.after; then
		mismatch "state changed:"
		diff /tmp/state.before /tmp/state.after
		# back to the known state for the next rows
		echo > $E
		echo 'p:keep1 kpt_test_six_args a0 a1' > $E
		echo 'r:keep2 kpt_test_ret rv' >> $E
		echo 0 > $D/keep2/enable
		echo 'a0 == 0x11' > $D/keep1/filter
		state > /tmp/state.before
	fi
	[ $ok = 1 ] || bad=$((bad + 1))
	echo "$tried $bad" > /tmp/badinput.count
done
read tried bad < /tmp/badinput.count
echo "bad inputs tried: $tried, mismatches: $bad"
# the loop runs in a subshell: a fail there (in a gen_ function) ends it
rows=$(printf '%s\n' "$TABLE" | grep -c '^[a-z]*: ')
[ "$tried" = "$rows" ] || fail "only $tried of $rows rows ran"
[ "$bad" = 0 ] || fail "$bad of $tried rows did not behave"

# The same hostile lines as a shell writes them with printf, without the
# newline: the line belongs to its write, which fails with the row's errno
# (a line is never kept for a later write or close()).
rm -f /tmp/badinput.nonl /tmp/badinput.nonl.tried
printf "%s\n" "$TABLE" | while IFS='|' read -r want opts logtxt input; do
	trim want "$want"; trim opts "$opts"; trim input "$input"
	case "$want" in write:*) ;; *) continue ;; esac
	[ "$opts" = - ] || continue
	case "$input" in *'\n') ;; *) continue ;; esac
	input=${input%'\n'}
	[ -n "$input" ] || continue
	case "$input" in *'\n'*) continue ;; esac
	subst input
	: > $LOG
	# the shell's own printf where the line has no escapes
	case "$input" in
	*'\'*) ;;
	*)	if (printf '%s' "$input" >> $E) 2> /dev/null; then
			echo "MISMATCH printf '$input' (no newline): write succeeded, want $want"
			echo x >> /tmp/badinput.nonl
			continue
		fi
		read_log
		[ -n "$logerr" ] || { echo "MISMATCH printf '$input': no error_log entry"; echo x >> /tmp/badinput.nonl; }
		: > $LOG ;;
	esac
	# the errno of that one write(2)
	got=$(kpt-write -a $E "$input")
	if [ "$got" != "$want" ]; then
		echo "MISMATCH printf '$input' (no newline): got '$got', want '$want'"
		echo x >> /tmp/badinput.nonl
	fi
	read_log
	[ -n "$logerr" ] || { echo "MISMATCH '$input' (no newline): no error_log entry"; echo x >> /tmp/badinput.nonl; }
	echo y >> /tmp/badinput.nonl.tried
done
state > /tmp/state.after
cmp -s /tmp/state.before /tmp/state.after || { diff /tmp/state.before /tmp/state.after; fail "no-newline writes changed the state"; }
echo "no-newline writes: $(wc -l < /tmp/badinput.nonl.tried) tried"
[ "$(wc -l < /tmp/badinput.nonl.tried)" -ge 20 ] || fail "too few no-newline rows"
[ -e /tmp/badinput.nonl ] && fail "$(wc -l < /tmp/badinput.nonl) no-newline writes did not fail as listed"

# a bad filter: EINVAL; the kernel's filter core (not ours) then shows the
# error in the filter file and drops the old filter, as for any event
assert_eq "$(kpt-write $D/keep1/filter 'nosuchfield_kpt == 1\n')" "write: EINVAL" "bad filter"
assert_file_has $D/keep1/filter 'parse_error' "the filter file shows the error"
echo 'a0 == 0x11' > $D/keep1/filter

# a deletion naming the right probe point and first argument deletes
assert_eq "$(kpt-write -a $E '-:keep1 kpt_test_six_args a0\n')" OK "matching deletion"
assert_eq "$(cat $E)" "r:keep2 kpt_test_ret+0 rv" "keep1 deleted"
echo 'p:keep1 kpt_test_six_args a0 a1' >> $E
echo 'a0 == 0x11' > $D/keep1/filter

# the probes still work after all that
echo "six_args 3" > $KPT_TEST/call
echo "ret 2" > $KPT_TEST/call
assert_file_has $KPT/kprobe_profile '^  keep1 +3 +0$' "keep1 hits"
assert_file_has $KPT/kprobe_profile '^  keep2 +0 +0$' "keep2 (disabled) hits"
echo "badinput OK"
