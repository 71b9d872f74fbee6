# kprobetrace where/add and the code the kernel patches at run time: every
# jump label and static call `where` marks is refused by the kernel's own
# kprobe tracer, offsets it marks ok are taken; a source line whose code
# starts on a jump label (kprobetrace_dwarf.ko's static key) is marked by
# lines and refused by add before anything is written; an alternative is
# noted; a plain FUNC+OFF on a jump label, refused, is explained; BUG/WARN
# sites are named with their file and line.
# matrix: core
# timeout: 90
. /kpt/lib.sh

EV=$TRACEFS/kprobe_events
KO=/kpt/kprobetrace_dwarf.ko

# kernel_takes FUNC+OFF: does the kernel's kprobe tracer take a probe
# there?  (removed at once)
kernel_takes() {
	echo "p:kpt_chk/x $1" >> $EV 2>/dev/null || return 1
	echo "-:kpt_chk/x" >> $EV || fail "cannot remove kpt_chk/x"
}

# patched_offsets: the offsets of /tmp/w marked as KIND (a regex)
patched_offsets() {
	awk -v k="$1" '$1 ~ /^\+[0-9]+$/ && $0 ~ (" no +.*" k ".*kprobes refuses it") { print substr($1, 2) }' /tmp/w
}

# check FUNC MIN-JUMP-LABELS [N]: the jump labels and static calls of
# FUNC, refused; its first N (4) ok offsets, taken
check() {
	kprobetrace where "$1" > /tmp/w || fail "where $1"
	grep -E 'jump label|static call|alternative|not checked' /tmp/w
	jl=$(patched_offsets 'jump label' | wc -l)
	sc=$(patched_offsets 'static call' | wc -l)
	echo "$1: $jl jump label, $sc static call offsets"
	[ "$jl" -ge "$2" ] || fail "$1: $jl jump labels marked, want at least $2"
	for off in $(patched_offsets '(jump label|static call)'); do
		kernel_takes "$1+$off" && fail "$1+$off is marked patched, the kernel takes it"
	done
	# (not +0, which goes through ftrace)
	n=0
	for off in $(awk '$1 ~ /^\+[1-9][0-9]*$/ && $0 ~ / ok( |$)/ { print substr($1, 2) }' /tmp/w |
		     head -n "${3:-4}"); do
		kernel_takes "$1+$off" || { tail -n 3 $TRACEFS/error_log; fail "$1+$off is marked ok, the kernel refuses it"; }
		n=$((n + 1))
	done
	[ $n -gt 0 ] || fail "$1: no offset marked ok"
	[ "$2" = 0 ] || grep -q '^jump labels and static calls are patched at run time' /tmp/w ||
		fail "$1: the footer on patched code"
}

# tracepoints are jump labels (and their calls static calls); 40 ok
# offsets of kfree are taken
check kfree 1 40
# a plain FUNC+OFF there: the module refuses it (register_kprobe() does),
# and a note says why
jl=$(patched_offsets 'jump label' | head -n 1)
kprobetrace add -e jl "kfree+$jl" > /dev/null 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 6 "add at kfree's jump label"
assert_file_has /tmp/err "^kprobetrace: note: kfree\+$jl is in a jump label \([25] bytes at kfree\+0x[0-9a-f]+, patched at run time\)" "refusal explained"
check kmem_cache_free 1

# a module's jump label: its __jump_table read at the address
# /sys/module/MOD/sections gives
[ -f $KO ] || fail "kprobetrace_dwarf.ko not in the initramfs (make test-modules)"
insmod $KO || fail "insmod kprobetrace_dwarf"
F=kpt_dwarf_keyed
check kprobetrace_dwarf:$F 1 1000
cat /tmp/w
jl=$(patched_offsets 'jump label' | head -n 1)
# the static key's line starts on the jump label: add refuses it (exit 3,
# as for code that is not the debug file's) and writes nothing
kprobetrace lines --debuginfo $KO $F > /tmp/l || fail "lines $F"
cat /tmp/l
line=$(awk -v s="$F+$(printf '0x%x' "$jl")" '$2 == s { print $1; exit }' /tmp/l)
[ -n "$line" ] || fail "no line of $F starts on its jump label (+$jl)"
grep -Eq "^ +$line  $F\+0x[0-9a-f]+ .*\(refused: live code in a jump label\)" /tmp/l ||
	fail "lines: line $line not marked"
grep -c 'refused: live code' /tmp/l | grep -qx 1 || fail "lines: other lines marked"
kprobetrace add --debuginfo $KO "kpt_dwarf.c:$line" > /tmp/out 2>/tmp/err; rc=$?
cat /tmp/out /tmp/err
assert_eq $rc 3 "a line on a jump label"
assert_file_has /tmp/err "^kprobetrace: kprobetrace_dwarf:$F\+0x[0-9a-f]+ is in a jump label of the live code \(2 bytes at $F\+0x[0-9a-f]+ \[kprobetrace_dwarf\], patched at run time\): the kernel refuses a probe there" "refusal explained"
kprobetrace list > /tmp/list
grep -q "$F" /tmp/list && { cat /tmp/list; fail "a refused line was written"; }
# the line before it is taken
kprobetrace add --debuginfo $KO "kpt_dwarf.c:$((line - 1))" > /tmp/out || fail "the line before the jump label"
kprobetrace clear

# BUG/WARN sites, from the bug tables (vmlinux's between
# __start___bug_table and __stop___bug_table, kprobetrace_test's
# __bug_table section): named with their file and line, refused by the
# kernel (find_bug(); 6.12 refuses every ud2 too)
kprobetrace where refcount_warn_saturate > /tmp/w || fail "where refcount_warn_saturate"
grep -q 'not checked: BUG/WARN' /tmp/w && { cat /tmp/w; fail "BUG/WARN sites not checked"; }
n=$(grep -cE '^ +\+[0-9]+ +2 +0f 0b +ud2 +no +WARN at lib/refcount\.c:[0-9]+ \(the kernel.s bug table\): kprobes refuses it$' /tmp/w)
echo "refcount_warn_saturate: $n WARN sites"
[ "$n" -ge 2 ] || { cat /tmp/w; fail "refcount_warn_saturate's WARNs not named"; }
kprobetrace where kprobetrace_test:kpt_test_warn > /tmp/w || fail "where kpt_test_warn"
cat /tmp/w
off=$(awk '/ud2 +no +WARN at .*kpt_testmod\.c:[0-9]+ \(the kernel.s bug table\): kprobes refuses it$/ { print substr($1, 2); exit }' /tmp/w)
[ -n "$off" ] || fail "kpt_test_warn's WARN_ON not named"
kernel_takes "kprobetrace_test:kpt_test_warn+$off" && fail "the kernel takes the WARN site +$off"

# a module's alternative (a CPU feature test; struct alt_instr's layout
# from the kernel's BTF): noted, and probed as it is live
check kprobetrace_dwarf:kpt_dwarf_feature 0 1000
cat /tmp/w
assert_file_has /tmp/w '^ +\+[0-9]+ .* ok +alternative \([0-9]+ bytes, patched at load\)$' "alternative noted"
grep -q '^not checked' /tmp/w && fail "module alternatives not checked"
rmmod kprobetrace_dwarf || fail "rmmod kprobetrace_dwarf"
