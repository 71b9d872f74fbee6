# matrix: core
# Entry probes where the kernel's own tracer puts them, on every kernel: on
# IBT kernels (CONFIG_X86_KERNEL_IBT, 6.12) functions begin with endbr64 (or
# its sealed form) and SYM/SYM+0 probe after it, at +4; elsewhere at +0.
# Compared, in one boot, with the kernel's kprobe_events on the same
# functions: the address in the kprobes list, the address each prints, SYM+N
# (the same address for the same N, refused where the kernel refuses), the
# boundary check and `kprobetrace where` naming the endbr64, and the seed's
# aN/sN reading the entry's arguments and stack as the kernel's $argN and
# $stackN do.
. /kpt/lib.sh

E=$KPT/kprobe_events
K=$TRACEFS/kprobe_events
T=$TRACEFS/trace
L=/sys/kernel/debug/kprobes/list
F=kpt_test_six_args
echo > $T

# kprobes/list: "ADDR  k  SYM+0xN  MOD [flags]"; the kernel's and ours
listed() { grep " $1+0x" $L | awk '{ print $1, $3 }' | sort -u; }

ibt=0
grep -q ' ibt_selftest_noendbr$' /proc/kallsyms && ibt=1
echo "IBT kernel: $ibt"

# 1. SYM: the kernel's tracer first, alone: where it places the probe
echo "p:kprobes/kent $F arg1=\$arg1 arg6=\$arg6 st0=\$stack0" > $K || fail "kernel's probe"
kern=$(listed $F)
echo "kernel's tracer: $kern"
[ -n "$kern" ] && [ "$(echo "$kern" | wc -l)" = 1 ] || { cat $L; fail "kernel's probe not listed once"; }
koff=${kern#* $F+}
if [ $ibt = 1 ]; then
	assert_eq "$koff" 0x4 "IBT: the kernel probes after the endbr64"
else
	assert_eq "$koff" 0x0 "no IBT: the kernel probes at +0"
fi
# ours on the same function: the same address (one line once both are in)
echo "p:ent $F a0 a5 s0 %ip" > $E || fail "our probe"
both=$(listed $F)
echo "both: $both"
assert_eq "$both" "$kern" "our probe sits where the kernel's does"

# 2. what each prints, and what aN/sN read there
echo 1 > $TRACEFS/events/kprobes/kent/enable
echo "six_args 1" > $KPT_TEST/call
cat $T | grep -v '^#'
kl=$(grep ' kent: ' $T | tail -n 1)
ol=$(grep " $F+0x[0-9a-f]*/0x[0-9a-f]* \[kprobetrace_test\]: " $T | tail -n 1)
kip=$(echo "$kl" | sed -n "s/.*($F+\(0x[0-9a-f]*\)\/.*/\1/p")
oip=$(echo "$ol" | sed -n "s/.* $F+\(0x[0-9a-f]*\)\/.*/\1/p")
assert_eq "$oip" "$kip" "the address ours prints is the kernel's"
assert_eq "$oip" "$koff" "and that of the kprobes list"
set -- $(echo "$ol" | sed 's/.*: //')
assert_eq "$1 $2" "0x11 0x66" "a0 a5 at the entry"
kst0=$(echo "$kl" | sed -n 's/.* st0=\(0x[0-9a-f]*\).*/\1/p')
assert_eq "$3" "$kst0" "s0 (the return address) as the kernel's \$stack0"
addr=$(awk -v s=$F '$3 == s { print $1; exit }' /proc/kallsyms)
assert_eq "$4" "0x${addr%????}$(printf '%04x' $((0x${addr#????????????} + koff + 1)))" "%ip just past the entry's int3"
echo 0 > $TRACEFS/events/kprobes/kent/enable
echo > $K
echo > $E

# 3. SYM+N: the same address as the kernel's for N = 0, the entry, and the
# first instruction after the __fentry__ site; refused inside instructions
# by both (the kernel: EILSEQ from register_kprobe)
first=$(printf '0x%x' $((koff + 5)))
for n in 0 $koff $first; do
	echo "p:kprobes/kn $F+$n" > $K || fail "kernel's $F+$n"
	kern=$(listed $F)
	echo "p:on $F+$n" > $E || fail "our $F+$n"
	assert_eq "$(listed $F)" "$kern" "$F+$n: the same address"
	echo > $K
	echo > $E
done
for n in 1 $(printf '0x%x' $((koff + 2))); do
	echo "p:kprobes/kn $F+$n" > $K 2>/dev/null && { echo > $K; fail "kernel accepted $F+$n"; }
	kpt-write -t $KPT/error_log "" > /dev/null
	r=$(kpt-write -a $E "p:on $F+$n\n")
	assert_eq "$r" "write: EILSEQ" "ours refuses $F+$n"
done
# the boundary check names the endbr64 on IBT kernels
kpt-write -t $KPT/error_log "" > /dev/null
kpt-write -a $E "p:on $F+1\n" > /dev/null
cat $KPT/error_log
if [ $ibt = 1 ]; then
	assert_file_has $KPT/error_log 'inside the 4-byte instruction at \+0x0 \((f3 0f 1e fa: endbr64|66 0f 1f 00: sealed endbr64)\)' "boundary check names the endbr64"
else
	grep -q endbr $KPT/error_log && fail "endbr64 named on a kernel without IBT"
fi

# 4. kprobetrace where: the endbr64 at +0, the entry marked
kprobetrace where $F > /tmp/w || fail "where"
head -n 5 /tmp/w
if [ $ibt = 1 ]; then
	grep -Eq '^ +\+0 +4 +(f3 0f 1e fa|66 0f 1f 00) +endbr64 +ok +(sealed )?endbr64 \(IBT\): a probe at kpt_test_six_args or kpt_test_six_args\+0 goes after it, at \+4, as the kernel' /tmp/w ||
		fail "where: endbr64 at +0"
	grep -Eq '^ +\+4 +5 .* ftrace +__fentry__ site' /tmp/w || fail "where: the entry (__fentry__ site) at +4"
else
	grep -q endbr /tmp/w && fail "where: endbr64 on a kernel without IBT"
	grep -Eq '^ +\+0 +5 .* ftrace +__fentry__ site' /tmp/w || fail "where: the entry at +0"
fi

# 5. a return probe on SYM: accepted by both, ours reads the return value
echo "r:kprobes/kr $F ret=\$retval" > $K || fail "kernel's return probe"
echo "r:rp $F rv ra" > $E || fail "our return probe"
echo "six_args 1" > $KPT_TEST/call
grep -q " <- $F \[kprobetrace_test\]: 0x165 " $T || { cat $T; fail "our return record"; }
echo > $K
echo > $E
echo "IBT placement OK (entry at +$koff)"
