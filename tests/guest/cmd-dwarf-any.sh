# kprobetrace lines/add/errors from DWARF on the shapes any function has
# (kprobetrace_dwarf.ko's kpt_dwarf_any.c, built with -g): a line whose
# only code is an inlined call is probed and hit; FUNC:0 is the entry;
# a helper inlined in a loop body is one event over its copies, hit on
# every iteration; a function only inlined is probed by name with its
# debug file named; a caller's variable that the inlined callee's of the
# same name hides is NAME@CALLER in vars and add; structs of one member
# by value (kuid_t, a struct of a refcount_t) read as their scalars;
# `errors` on int returns of a module without BTF
# counts each errno (the type from the module's DWARF).
# matrix: series
# modparams: lifecycle=today
# timeout: 60
. /kpt/lib.sh

KO=/kpt/kprobetrace_dwarf.ko
[ -f $KO ] || fail "kprobetrace_dwarf.ko not in the initramfs (make test-modules)"
insmod $KO || fail "insmod kprobetrace_dwarf"
call() { echo "$1 $2" > /sys/kernel/debug/kprobetrace_dwarf/call || fail "call $*"; }
add() {
	kprobetrace add --debuginfo $KO "$@" > /tmp/add.out 2>/tmp/add.err ||
		{ cat /tmp/add.err; fail "add $*"; }
	cat /tmp/add.out /tmp/add.err
}

# a line whose only code is kpt_any_odd's, inlined there (KPT_LINE
# any_callsite, 3 lines after kpt_any_callsite's first): lines shows it,
# add probes it
kprobetrace lines --debuginfo $KO kpt_any_callsite > /tmp/lines || fail "lines"
cat /tmp/lines
grep -Eq '^ +[0-9]+  kpt_any_callsite\+0x[0-9a-f]+ .*KPT_LINE any_callsite|^ +[0-9]+  kpt_any_callsite\+0x[0-9a-f]+ \(kpt_any_odd inline' /tmp/lines ||
	fail "the inlined call's line shown without code"
add -e dcall 'kpt_any_callsite:3'
# FUNC:0: the entry
add -n -e d0 'kpt_any_loop:0'
grep -q '^p:d0 kprobetrace_dwarf:kpt_any_loop+0x0$' /tmp/add.out || fail "kpt_any_loop:0 is not the entry"
# the helper's line in each copy (one before the loop, two in its body):
# one event
add -e dstep 'kpt_any_step:2'
assert_eq "$(grep -c '^p:dstep kprobetrace_dwarf:kpt_any_loop+0x' /tmp/add.out)" 3 "three copies written"
assert_eq "$(grep -c ' dstep ' $KPT/kprobe_profile)" 3 "one event, three probes"
# a function only inlined (no symbol, not in BTF), by its name
add -e donly 'kpt_any_only_inline'
grep -q '^p:donly kprobetrace_dwarf:kpt_any_outer+0x' /tmp/add.out || fail "kpt_any_only_inline's entry"

# at the inlined callee's line, x is its own; the caller's x@kpt_any_shadow
kprobetrace vars --debuginfo $KO kpt_any_shadow_in:4 > /tmp/vars || fail "vars"
cat /tmp/vars
grep -Eq '^    param  long int x  +%[a-z0-9]+$' /tmp/vars || fail "x: the callee's"
grep -Eq '^    param  long int x@kpt_any_shadow  +%[a-z0-9]+  \(kpt_any_shadow.s\)$' /tmp/vars ||
	fail "the caller's x as x@kpt_any_shadow"
add -e dshadow 'kpt_any_shadow_in:4 x caller_x=x@kpt_any_shadow'
add -e done 'kpt_any_one:3 uid r v=uid.val'
for e in dcall dstep donly dshadow done; do
	kprobetrace enable $e || fail "enable $e"	# created disabled
done
trace_bg /tmp/tr -n 12 -t 20
call callsite 5		# 5 > 2: the line runs
call callsite 1		# 1 > 2 is false: it does not
call loop 7		# kpt_any_step: once before the loop, 7 times in it
call outer 4
call shadow 3		# the caller's x 3, the callee's 3 * 7
call one 7		# uid 1007, r's count 14
wait $tpid
cat /tmp/tr
cat $KPT/kprobe_profile
assert_eq "$(grep -c ' dcall: kpt_any_callsite+0x' /tmp/tr)" 1 "the inlined call's line hit once"
assert_eq "$(grep -c ' dstep: kpt_any_loop+0x' /tmp/tr)" 8 "every iteration through one event"
assert_eq "$(grep -c ' donly: kpt_any_outer+0x' /tmp/tr)" 1 "the inlined-only function hit"
grep -Eq ' dshadow: kpt_any_shadow\+0x[0-9a-f]+ x=21 caller_x=3$' /tmp/tr ||
	fail "x (the callee's), x@kpt_any_shadow (the caller's)"
grep -Eq ' done: kpt_any_one\+0x[0-9a-f]+ uid=1007 r=14 v=1007$' /tmp/tr ||
	fail "uid, r (structs of one member) and uid.val"
for e in dcall dstep donly dshadow done; do
	kprobetrace disable $e || fail "disable $e"
done
kprobetrace clear || fail "clear"

# errors: int returns (-ENOENT, -EIO, -EINVAL) of a module without BTF
kprobetrace errors --debuginfo $KO kpt_any_errno > /tmp/e 2> /tmp/e.err &
epid=$! n=0
until grep -q counting /tmp/e.err; do
	sleep 0.1; n=$((n + 1))
	[ $n -lt 150 ] || { cat /tmp/e.err; fail "errors did not start"; }
done
for v in 1 1 2 3 0 0 0 2; do call errno $v; done
kill -INT $epid; wait $epid
cat /tmp/e.err /tmp/e
[ -e /sys/kernel/btf/kprobetrace_dwarf ] ||
	assert_file_has /tmp/e.err 'as s32, the return type the DWARF gives' "the type from DWARF"
assert_file_has /tmp/e '^kpt_any_errno +[-0-9]+ +8 +5 +62\.5% ' "8 returns, 5 failures"
assert_file_has /tmp/e '^  -ENOENT +2 +25\.0%$' "-ENOENT 2"
assert_file_has /tmp/e '^  -EIO +2 +25\.0%$' "-EIO 2"
assert_file_has /tmp/e '^  -EINVAL +1 +12\.5%$' "-EINVAL 1"

kprobetrace clear || fail "clear"
rmmod kprobetrace_dwarf || fail "rmmod kprobetrace_dwarf"
exit 0
