# matrix: core
# The instruction-boundary check (seed patch 004) with our decoder: an
# address inside an instruction is refused with EILSEQ and error_log names
# the instruction and the nearest boundaries; bytes replaced by kprobes
# (ours and the kernel tracer's, int3 or optimised jump) decode as the
# original instructions.  SYM+size (the next function's entry) is accepted,
# one byte more refused.
#
# kpt_test_six_args:  +0 call __fentry__ (5)  +5 add %r9,%r8 (3)
#                     +8 add %rcx,%r8 (3)     +0xb add %rdx,%r8 (3) ...
# kpt_test_obj_walk:  ... +0xc mov 0x8(%rdi),%eax (3)  +0xf add (%rdi),%rax (3)
#                     +0x12 mov 0x18(%rdi),%rdi (4) ...
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
clear_log() { kpt-write -t $LOG "" > /dev/null; }
ok() { r=$(kpt-write -a $E "$1\n"); [ "$r" = OK ] || { cat $LOG; fail "'$1': $r"; }; }
bad() {
	clear_log
	r=$(kpt-write -a $E "$1\n")
	cat $LOG
	[ "$r" = "write: EILSEQ" ] || fail "'$1': got '$r', want write: EILSEQ"
	assert_file_has $LOG "$2" "error_log for '$1'"
}

# On IBT kernels (6.12) every function here begins with a 4-byte endbr64
# (or its sealed form) and the rest follows 4 bytes later: S is that shift
# (E0, from the kernel's own placement of an entry probe), o N prints N+S
# in hex. The check names the endbr64.
S=$((E0))
o() { printf '0x%x' $(($1 + S)); }
if [ $S -gt 0 ]; then
	bad 'p:b1 kpt_test_six_args+1' 'inside the 4-byte instruction at \+0x0 \((f3 0f 1e fa: endbr64|66 0f 1f 00: sealed endbr64)\); nearest boundaries: \+0x0 and \+0x4'
fi
bad "p:b1 kpt_test_six_args+$(o 1)" "inside the 5-byte instruction at \\+$(o 0) \\([0-9a-f ]+\\); nearest boundaries: \\+$(o 0) and \\+$(o 5)"
bad "p:b1 kpt_test_six_args+$(o 4)" "nearest boundaries: \\+$(o 0) and \\+$(o 5)"
bad "p:b1 kpt_test_six_args+$(o 6)" "inside the 3-byte instruction at \\+$(o 5) \\(4d 01 c8\\); nearest boundaries: \\+$(o 5) and \\+$(o 8)"
ok "p:b5 kpt_test_six_args+$(o 5) %r8"
ok "p:b8 kpt_test_six_args+$(o 8)"
ok "p:bb kpt_test_six_args+$(o 0xb)"
echo "six_args 2" > $KPT_TEST/call
assert_file_has $KPT/kprobe_profile '^  b5 +2 +0$' "probe at +5 hits"
assert_file_has $KPT/kprobe_profile '^  bb +2 +0$' "probe at +0xb hits"

# our probes' bytes: int3 at +5, or an optimised jump over +5..+9 once the
# optimiser ran (it runs after a short delay)
sleep 1
grep kpt_test_six_args /sys/kernel/debug/kprobes/list
echo > $E
ok "p:b5 kpt_test_six_args+$(o 5)"
sleep 1
grep kpt_test_six_args /sys/kernel/debug/kprobes/list
ok "p:b8 kpt_test_six_args+$(o 8)"
bad "p:b9 kpt_test_six_args+$(o 9)" "nearest boundaries: \\+$(o 8) and \\+$(o 0xb)"
bad "p:b9 kpt_test_six_args+$(o 0xc)" "nearest boundaries: \\+$(o 0xb) and \\+$(o 0xe)"

# the kernel tracer's probe in the middle of kpt_test_obj_walk
# (KASAN instruments kpt_test_obj_walk's loads with calls: the offsets
# below are those of Debian's kernel, so on check-debug's kernel this part
# has nothing to probe at them)
if kasan_kernel; then
	skip_part "KASAN kernel: kpt_test_obj_walk's layout differs, no in-kernel probe at Debian's offsets"
else
	echo "p:kprobes/kmid kpt_test_obj_walk+$(o 0xc)" > $TRACEFS/kprobe_events || fail "in-kernel probe"
	echo 1 > $TRACEFS/events/kprobes/kmid/enable
	sleep 1
	grep kpt_test_obj_walk /sys/kernel/debug/kprobes/list
	ok "p:w15 kpt_test_obj_walk+$(o 0xf) +0(%di)"
	bad "p:w13 kpt_test_obj_walk+$(o 0xd)" "inside the 3-byte instruction at \\+$(o 0xc) \\(8b 47 08\\); nearest boundaries: \\+$(o 0xc) and \\+$(o 0xf)"
	bad "p:w13 kpt_test_obj_walk+$(o 0x13)" "nearest boundaries: \\+$(o 0x12) and \\+$(o 0x16)"
	echo "obj_walk 1" > $KPT_TEST/call
	assert_file_has $KPT/kprobe_profile '^  w15 +2 +0$' "probe after the kernel's hits (twice: two objects)"
	echo 0 > $TRACEFS/events/kprobes/kmid/enable
	echo > $TRACEFS/kprobe_events
fi

# a MEMADDR inside an instruction
six=$(awk '$3 == "kpt_test_six_args" { print $1; exit }' /proc/kallsyms)
a=${six%?}$(printf '%x' $((0x${six#???????????????} + 6 + S)))
echo "address: $a"
bad "p 0x$a" "nearest boundaries: \\+$(o 5) and \\+$(o 8)"

echo > $E

# SYM+size is the next function's entry: accepted, as by the kernel's
# tracer (its probepoint.tc); one byte more is past the end
# (6.12's __pfx_ symbols, the padding before each function, are not
# functions: as in probepoint.tc, they are skipped)
set -- $(awk '$4 == "[kprobetrace_test]" && ($2 == "t" || $2 == "T") && $3 !~ /^__pfx_/ {
	a[$3] = $1 } END { s = a["kpt_test_six_args"]; n = ""
	for (k in a) if (a[k] > s && (n == "" || a[k] < a[n])) n = k
	print s, a[n], n }' /proc/kallsyms)
size=$((0x${2#????????} - 0x${1#????????}))
echo "kpt_test_six_args size $size, next: $3"
[ $size -gt 0 ] || fail "no function after kpt_test_six_args"
ok "p:bnext kpt_test_six_args+$size"
n0=$(kpt_entry_off $3)
grep -q "$3+$n0 " /sys/kernel/debug/kprobes/list || fail "probe not at $3+$n0"
echo "six_args 2" > $KPT_TEST/call
[ $3 != call_six_args ] ||
	assert_file_has $KPT/kprobe_profile '^  bnext +2 +0$' "probe at the next function's entry hits"
clear_log
assert_eq "$(kpt-write -a $E "p:bpast kpt_test_six_args+$((size + 1))\n")" "write: EINVAL" "SYM+size+1"
assert_file_has $LOG 'past the end of kpt_test_six_args' "error_log for SYM+size+1"

echo > $E
echo "boundary OK"
