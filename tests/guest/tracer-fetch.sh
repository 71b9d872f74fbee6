# matrix: core
# Fetch arguments exactly as documented: %REG (every pt_regs name), sN,
# sa, @ADDR, @SYM[+|-offs], aN, rv, ra, +|-offs(FETCHARG) nested, 128
# args; a faulting memory fetch records 0xfffffffffffffff2 (-EFAULT).
. /kpt/lib.sh

E=$KPT/kprobe_events
T=$TRACEFS/trace
FAULT=0xfffffffffffffff2
echo > $T

addr() { awk -v s="$1" '$3 == s { print $1; exit }' /proc/kallsyms; }
six=$(addr kpt_test_six_args)
data=$(addr kpt_test_data)
echo "kpt_test_six_args at $six, kpt_test_data at $data"

# last trace line of event EV, just the values
vals() { grep -F "$1" $T | tail -n 1 | sed "s/.*: //"; }
lastline() { grep "$1" $T | tail -n 1; }
# the same for a line in today's format ("EV: (SYM+off/size) arg1=..")
tvals() { grep " $1: (" $T | tail -n 1 | sed 's/^[^)]*) //'; }

# every register
regs="%r15 %r14 %r13 %r12 %bp %bx %r11 %r10 %r9 %r8 %ax %cx %dx %si %di %orig_ax %ip %cs %flags %sp %ss"
echo "p:fregs kpt_test_six_args $regs %rdi %rsi %rip %rsp %eflags" > $E || fail "registers"
cat $TRACEFS/events/kprobetrace/fregs/format | grep field
echo "six_args 1" > $KPT_TEST/call
line=$(lastline 'kpt_test_six_args+'"$E0"'/')
echo "$line"
set -- $(echo "$line" | sed 's/.*: //')
assert_eq $# 26 "26 register values"
assert_eq "$9 ${10}" "0x66 0x55" "r9 r8"
assert_eq "${13} ${14} ${15}" "0x33 0x22 0x11" "dx si di"
assert_eq "${22} ${23}" "0x11 0x22" "rdi rsi aliases"
[ "${17}" = "${24}" ] || fail "%ip and %rip differ"
# %ip is just past the int3 (the ftrace path emulates that too), at the
# entry (after the endbr64 on IBT kernels: E0)
assert_eq "${17}" "0x${six%????}$(printf '%04x' $((0x${six#????????????} + E0 + 1)))" "%ip at the probe point"
assert_eq "${18}" 0x10 "%cs is the kernel code segment"

# sN, sa, and ra: s0 at the entry is the return address (one probe at a
# time: a kretprobe at the same address replaces s0 with its trampoline)
echo "p:fstack kpt_test_six_args s0 s1 sa" > $E
echo "six_args 1" > $KPT_TEST/call
set -- $(vals 'kpt_test_six_args+'"$E0"'/')
s0=$1 sa=$3
echo "r:fret kpt_test_six_args ra rv" > $E
echo "six_args 1" > $KPT_TEST/call
set -- $(vals '<- kpt_test_six_args [kprobetrace_test]')
assert_eq "$s0" "$1" "s0 at the entry == ra"
assert_eq "$2" 0x165 "rv"
assert_match "$sa" '^0xff[0-9a-f]{14}$' "sa is a kernel stack address"

# @ADDR, @SYM, @SYM+offs, @SYM-offs
echo "p:fmem kpt_test_six_args @0x$data @kpt_test_data @kpt_test_data+4:u32 @kpt_test_data-0 @0x0" > $E || { cat $KPT/error_log; fail "memory args"; }
cat $E
echo "six_args 1" > $KPT_TEST/call
# (:u32 is today's syntax: the line prints in today's format, u32 in decimal)
assert_eq "$(tvals fmem)" \
	"arg1=0x123456789abcdef arg2=0x123456789abcdef arg3=19088743 arg4=0x123456789abcdef arg5=$FAULT" "memory values"

# vmlinux data symbols: "Linux ve" of linux_banner, and jiffies
echo "p:fvm kpt_test_six_args @linux_banner @jiffies" > $E || { cat $KPT/error_log; fail "vmlinux data symbols"; }
echo "six_args 1" > $KPT_TEST/call
set -- $(vals 'kpt_test_six_args+'"$E0"'/')
assert_eq "$1" 0x65762078756e694c "@linux_banner"
[ "$2" != "$FAULT" ] || fail "@jiffies faulted"

# nested dereferences: kpt_test_obj_walk(&obj_a), obj_a.next = &obj_b
echo "p:fobj kpt_test_obj_walk +0(%di) +8(%di):u32 +0(+24(%di)) +8(+24(a0)):u32 +24(+24(%di)) +0(+24(+24(%di))) +16(%di)" > $E || fail "nested"
echo "obj_walk 1" > $KPT_TEST/call
set -- $(tvals fobj)
assert_eq "$1 $2 $3 $4 $5 $6" "arg1=0xa1 arg2=162 arg3=0xb1 arg4=178 arg5=0x0 arg6=$FAULT" "nested values"

# nested as deep as the parser allows (14 levels around a register)
deep="%sp"
i=0
while [ $i -lt 14 ]; do deep="+0($deep)"; i=$((i + 1)); done
echo "p:fdeep kpt_test_six_args $deep" > $E || fail "deep nesting"
echo "six_args 1" > $KPT_TEST/call
assert_match "$(vals 'kpt_test_six_args+'"$E0"'/')" '^0x[0-9a-f]+$' "deep value"

# aN: registers, then the stack (a6 = s1)
echo "p:fargs kpt_test_six_args a0 a1 a2 a3 a4 a5 a6 s1" > $E
echo "six_args 1" > $KPT_TEST/call
set -- $(vals 'kpt_test_six_args+'"$E0"'/')
assert_eq "$1 $2 $3 $4 $5 $6" "0x11 0x22 0x33 0x44 0x55 0x66" "a0..a5"
assert_eq "$7" "$8" "a6 is s1"

# 128 arguments recorded
args=
i=0
while [ $i -lt 128 ]; do args="$args a$((i % 6))"; i=$((i + 1)); done
echo "p:f128 kpt_test_six_args$args" > $E || fail "128 args"
echo "six_args 1" > $KPT_TEST/call
set -- $(vals 'kpt_test_six_args+'"$E0"'/')
assert_eq $# 128 "128 values"
assert_eq "${127} ${128}" "0x11 0x22" "last values (a0 a1)"

# faulting fetches never oops: user and bogus addresses
echo "p:ffault kpt_test_six_args +0(%ax) +0(%r15) +8(@0x10) -8(%di) +0(+0(+0(%di)))" > $E || fail "faulting args"
echo "six_args 5" > $KPT_TEST/call
assert_match "$(vals 'kpt_test_six_args+'"$E0"'/')" "^0x[0-9a-f]+ 0x[0-9a-f]+ $FAULT $FAULT $FAULT\$" "fault values"
echo > $E
echo "fetch OK"
