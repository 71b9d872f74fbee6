# kprobetrace where: live bytes from /proc/kcore, decoded; offsets, lengths,
# branch and RIP-relative targets; the offsets it marks ok are accepted,
# others refused.
# timeout: 90
. /kpt/lib.sh

F=do_sys_openat2
kprobetrace where $F > /tmp/w || fail "where $F"
head -n 4 /tmp/w
addr=$(awk -v s=$F '$3 == s { print $1; exit }' /proc/kallsyms)
assert_match "$(sed -n 1p /tmp/w)" "^$F at 0x$addr, [0-9]+ bytes\$" "header"
size=$(sed -n "1s/.*, \([0-9]*\) bytes/\1/p" /tmp/w)
assert_match "$(sed -n 2p /tmp/w)" '^OFFSET +LEN +BYTES +INSN +PROBE +NOTE$' "columns"
assert_match "$(sed -n 3p /tmp/w)" '^ +\+0 +5 +0f 1f 44 00 00 +nop +ftrace +__fentry__ site \(nop\): \+1\.\.\+4 refused$' "fentry site"
# the instructions tile the function: each starts where the last ended
awk -v size=$size 'NR > 2 && $1 ~ /^\+/ {
	off = substr($1, 2) + 0
	if (off != next_off) { print "gap at " off; bad = 1 }
	next_off = off + $2
} END { if (next_off != size) { print "ends at " next_off; bad = 1 }; exit bad }' /tmp/w ||
	fail "offsets and lengths do not tile the function"
# bytes really are the kernel's: the length column matches the byte count
awk 'NR > 2 && $1 ~ /^\+/ { n = 0; for (i = 3; $i ~ /^[0-9a-f][0-9a-f]$/; i++) n++; if (n != $2) exit 1 }' /tmp/w ||
	fail "byte count differs from length"
grep -Eq 'call +ok +-> do_filp_open\+0x0$' /tmp/w || fail "call target resolved"
grep -Eq 'jcc +ok +-> \+[0-9]+ \(do_sys_openat2\+0x[0-9a-f]+\)$' /tmp/w || fail "jump target inside"

# the first ok instruction longer than a byte: at it ok, inside it refused
set -- $(awk 'NR > 3 && $0 ~ / ok( |$)/ && $2 > 1 { print substr($1, 2), $2; exit }' /tmp/w)
off=$1
echo "probing $F+$off (length $2) and $F+$((off + 1))"
kprobetrace add -e mid "$F+$off %ax" || fail "probe at a marked offset"
kprobetrace add -e mid2 "$F+$((off + 1)) %ax" 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 6 "inside an instruction: refused"
assert_file_has /tmp/err 'error_log says' "error_log shown"
kprobetrace add -e fen "$F+2" 2>/dev/null; assert_eq $? 6 "inside the __fentry__ call: refused"

# a probe at +0 goes through ftrace: the nop becomes a call; the mid
# probe's int3 shows as a live kprobe
kprobetrace add -e entry "$F" > /dev/null || fail "probe at +0"
kprobetrace where $F > /tmp/w2
head -n 3 /tmp/w2
assert_match "$(sed -n 3p /tmp/w2)" '^ +\+0 +5 +e8 .* +ftrace +__fentry__ site \(call .*\): \+1\.\.\+4 refused$' "fentry patched"
# (an int3, or a jmp once kprobes has optimized it)
grep -E "^ +\+$off " /tmp/w2
grep -Eq "^ +\+$off +(1 +cc +int3|5 +e9 .* +jmp) +ok +(int3|jmp) of a live (optimized )?kprobe" /tmp/w2 ||
	fail "live kprobe"
kprobetrace clear

# RIP-relative operand: get_max_files() returns files_stat.max_files (+16)
kprobetrace where get_max_files | tee /tmp/w3
grep -Eq ' mov +ok +rip-relative: files_stat\+0x10$' /tmp/w3 || fail "rip-relative target"

# a module's function, and a blacklisted one
kprobetrace where kpt_test_six_args > /tmp/w4 || fail "where in a module"
assert_match "$(sed -n 1p /tmp/w4)" '^kpt_test_six_args \[kprobetrace_test\] at 0x[0-9a-f]+, [0-9]+ bytes$' "module header"
# (after a 4-byte endbr64 on IBT kernels)
grep -Eq "^ +\+$((21 + E0)) +1 +c3 +ret +ok" /tmp/w4 || { cat /tmp/w4; fail "module function body"; }
if [ "$E0" = 0x4 ]; then
	grep -Eq '^ +\+0 +4 +(f3 0f 1e fa|66 0f 1f 00) +endbr64 +ok +(sealed )?endbr64 \(IBT\): a probe at kpt_test_six_args or kpt_test_six_args\+0 goes after it, at \+4' /tmp/w4 ||
		fail "endbr64 shown"
fi
kprobetrace where do_int3 > /tmp/w5 || fail "where do_int3"
tail -n 1 /tmp/w5
assert_file_has /tmp/w5 'in the kprobes blacklist' "blacklisted"
grep -Eq '^ +\+[0-9]+ .* ok ' /tmp/w5 && fail "blacklisted offsets marked ok"

kprobetrace where no_such_function 2>/dev/null; assert_eq $? 3 "unknown function"
exit 0
