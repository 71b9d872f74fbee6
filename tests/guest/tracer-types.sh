# matrix: series
# Today's types: u8..u64, s8..s64, x8..x64, bitfields, the default (x64),
# symbol, symstr, char: their format-file fields and printed values, in today's
# output format "EVENT: (SYM+off/size) NAME=VAL". Target kpt_test_types(t,
# ustr, -1, 7), t at fixed offsets (tests/modules/kpt_testmod.c).
. /kpt/lib.sh

E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace
echo > $T

echo 'p:tnum kpt_test_types s8=+14(%di):s8 s16=+12(%di):s16 s32=+8(%di):s32 s64=+0(%di):s64 u8=+15(%di):u8 u16=+20(%di):u16 u32=+16(%di):u32 u64=+0(%di):u64 x8=+15(%di):x8 x16=+20(%di):x16 x32=+16(%di):x32 x64=+0(%di):x64 bf=+16(%di):b4@4/32 neg=$arg3:s32 def=+16(%di) small=$arg4:u8' > $E ||
	{ cat $KPT/error_log; fail "numeric types refused"; }
cat $E
cat $D/tnum/format
# the kernel's layout: __probe_ip, then the args packed
field tnum "unsigned long" __probe_ip 0 8 0
field tnum s8 s8 8 1 1
field tnum s16 s16 9 2 1
field tnum s32 s32 11 4 1
field tnum s64 s64 15 8 1
field tnum u8 u8 23 1 0
field tnum u16 u16 24 2 0
field tnum u32 u32 26 4 0
field tnum u64 u64 30 8 0
field tnum u8 x8 38 1 0
field tnum u16 x16 39 2 0
field tnum u32 x32 41 4 0
field tnum u64 x64 45 8 0
field tnum u32 bf 53 4 0
field tnum s32 neg 57 4 1
field tnum u64 def 61 8 0
field tnum u8 small 69 1 0
grep -q 'print fmt: "(%lx) s8=%d s16=%d s32=%d s64=%lld u8=%u u16=%u u32=%u u64=%llu x8=0x%x x16=0x%x x32=0x%x x64=0x%llx bf=%u neg=%d def=0x%llx small=%u", REC->__probe_ip, REC->s8, ' $D/tnum/format ||
	fail "tnum print fmt"
echo "types 2" > $KPT_TEST/call
grep tnum $T
assert_match "$(grep ' tnum: (' $T | tail -n 1)" ' tnum: \(kpt_test_types\+'"$E0"'/0x[0-9a-f]+ \[kprobetrace_test\]\) s8=' "today's output format"
assert_eq "$(vals tnum)" "s8=-5 s16=-300 s32=-70000 s64=-5000000000 u8=200 u16=60000 u32=3735928559 u64=18446744068709551616 x8=0xc8 x16=0xea60 x32=0xdeadbeef x64=0xfffffffed5fa0e00 bf=14 neg=-1 def=0xea60deadbeef small=7" "numeric values"

# symbol (printed %pS) and symstr (a string made at hit time); the
# default type prints 0x%Lx; a u64 of a register
echo 'p:tsym kpt_test_types fn=+72(%di):symbol fs=+72(%di):symstr ip=%ip:symbol raw=+72(%di) s2=%di:symstr' > $E ||
	{ cat $KPT/error_log; fail "symbol types refused"; }
cat $D/tsym/format
field tsym u64 fn 8 8 0
field tsym "__data_loc char[]" fs 16 4 1
field tsym u64 ip 20 8 0
field tsym u64 raw 28 8 0
field tsym "__data_loc char[]" s2 36 4 1
grep -q 'print fmt: "(%lx) fn=%pS fs=\\"%s\\" ip=%pS raw=0x%llx s2=\\"%s\\"", REC->__probe_ip, REC->fn, __get_str(fs), REC->ip, REC->raw, __get_str(s2)$' $D/tsym/format ||
	fail "tsym print fmt"
echo "types 1" > $KPT_TEST/call
v=$(vals tsym)
echo "$v"
ret=$(awk '$3 == "kpt_test_ret" { print $1; exit }' /proc/kallsyms)
assert_match "$v" '^fn=kpt_test_ret\+0x0/0x[0-9a-f]+ \[kprobetrace_test\] fs="kpt_test_ret\+0x0/0x[0-9a-f]+ \[kprobetrace_test\]" ip=kpt_test_types\+'"$(printf '0x%x' $((E0 + 1)))"'/0x[0-9a-f]+ \[kprobetrace_test\] raw=0x'"$ret"' s2="kpt_test_types_obj\+0x0/0x[0-9a-f]+ \[kprobetrace_test\]"$' "symbol values"

# char (format type u8, printed '%c'), alone, as an array, from user memory
printf '%s\n' 'p:tchr kpt_test_types c=+0(+24(%di)):char cs=+0(+24(%di)):char[5] u=+u0($arg2):char[3] r=\65:char' > $E ||
	{ cat $KPT/error_log; fail "char types refused"; }
cat $D/tchr/format
field tchr u8 c 8 1 0
field tchr u8 "cs[5]" 9 5 0
field tchr u8 "u[3]" 14 3 0
field tchr u8 r 17 1 0
grep -q "print fmt: \"(%lx) c='%c' cs={'%c','%c','%c','%c','%c'} u={'%c','%c','%c'} r='%c'\", REC->__probe_ip, REC->c, REC->cs\[0\], REC->cs\[1\], REC->cs\[2\], REC->cs\[3\], REC->cs\[4\], REC->u\[0\], REC->u\[1\], REC->u\[2\], REC->r$" $D/tchr/format ||
	fail "tchr print fmt"
printf 'types 1\000Zq!\000' > $KPT_TEST/call
assert_eq "$(vals tchr)" "c='t' cs={'t','y','p','e','s'} u={'Z','q','!'} r='A'" "char values"

# a return probe in today's format: (CALLER+off/size <- SYM)
echo 'r:tret kpt_test_types ret=$retval:s32 rx=$retval:x16' > $E || fail "return probe"
cat $D/tret/format
field tret "unsigned long" __probe_func 0 8 0
field tret "unsigned long" __probe_ret_ip 8 8 0
field tret s32 ret 16 4 1
field tret u16 rx 20 2 0
grep -q 'print fmt: "(%lx <- %lx) ret=%d rx=0x%x", REC->__probe_func, REC->__probe_ret_ip, REC->ret, REC->rx$' $D/tret/format ||
	fail "tret print fmt"
echo "types 1" > $KPT_TEST/call
grep ' tret: ' $T
assert_match "$(grep ' tret: ' $T | tail -n 1)" ' tret: \(call_types\+0x[0-9a-f]+/0x[0-9a-f]+ \[kprobetrace_test\] <- kpt_test_types\) ret=-70000 rx=0xee90$' "return output"

# type errors are still refused (the parser's) with a readable error_log
echo > $KPT/error_log
echo 'p:bad kpt_test_types x=%di:u7' > $E 2>/dev/null && fail "u7 accepted"
grep -q "Command: p:bad" $KPT/error_log || fail "no error_log entry"
echo 'p:bad kpt_test_types x=+0(%di):symstr[2]' > $E 2>/dev/null && fail "symstr array accepted"
cat $KPT/error_log
echo > $E
exit 0
