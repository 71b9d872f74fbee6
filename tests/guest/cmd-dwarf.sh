# kprobetrace lines/vars/add from DWARF: probes at source lines of
# kprobetrace_dwarf.ko (built with -g) fetch its locals (stack, registers,
# a constant, struct members, members through a pointer, array elements,
# a global, an inlined helper's three copies: under the seed's lifecycle
# refused on one event, or --per-copy) with the values the module
# computed; its debug file is matched to the loaded module by build-id,
# and a missing or mismatched one is refused clearly.
# matrix: series
# timeout: 90
. /kpt/lib.sh

KO=/kpt/kprobetrace_dwarf.ko
DW=/sys/kernel/debug/kprobetrace_dwarf
[ -f $KO ] || fail "kprobetrace_dwarf.ko not in the initramfs (make test-modules)"
insmod $KO || fail "insmod kprobetrace_dwarf"

# no debug info where Debian's -dbg package would put it: exit 9, the
# package named
kprobetrace lines -m kprobetrace_dwarf kpt_dwarf_stack 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 9 "no debug info"
grep -qF "install the package linux-image-$(uname -r)-dbg" /tmp/err || fail "package not named"
# another module's file: its build-id is not the loaded module's
kprobetrace lines -m kprobetrace_dwarf --debuginfo /kpt/kprobetrace_test.ko \
	kpt_dwarf_stack 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 9 "build-id mismatch"
assert_file_has /tmp/err "the module kprobetrace_dwarf wants" "mismatch explained"

# lines: numbers only (no source here), the call's line probe-able
kprobetrace lines --debuginfo $KO kpt_dwarf_stack > /tmp/lines || fail "lines"
cat /tmp/lines
grep -Eq '^ +54  kpt_dwarf_stack\+0x[0-9a-f]+' /tmp/lines || fail "line 54 not probe-able"
grep -Eq '^ +53 *$' /tmp/lines || fail "line 53 (blank) shown as probe-able"
kprobetrace vars --debuginfo $KO kpt_dwarf_stack:4 > /tmp/vars || fail "vars"
cat /tmp/vars
grep -Eq 'local +int onstack +[+-][0-9]+\(%sp\)$' /tmp/vars || fail "onstack on the stack"

add() {
	kprobetrace add --debuginfo $KO "$@" > /tmp/add.out 2>/tmp/add.err ||
		{ cat /tmp/add.err; fail "add $*"; }
	cat /tmp/add.out
}
# after the calls to the sinks: what they were given is in memory by then
add -e dstack 'kpt_dwarf_stack:5 onstack seen=kpt_dwarf_seen'
add -e dreg 'kpt_dwarf_reg:5 prod mix'
add -e dconst 'kpt_dwarf_const:5 scale scaled'
add -e dstruct 'kpt_dwarf_struct:5 pair.first pair.second'
add -e dpair 'kpt_dwarf_sink_pair:2 p->first p->second'
add -e darr 'kpt_dwarf_array:5 arr[0] arr[2] arr[3]'
add -e dsarr 'kpt_dwarf_sink_arr:2 a[1] a[3]'
# a struct split over two registers (DW_OP_piece): a field per member
add -e dpieces 'kpt_dwarf_pieces:5 two'
# a pointer to a struct that kpt_dwarf.c only declares (kpt_dwarf_opaque.c
# defines it)
add -e dopaque 'kpt_dwarf_opaque:4 h->secret h->first h->lo h->flag h->mode h->level'
# a kernel struct that no unit of the module defines (kpt_dwarf_kernel.c
# declares it): its members from the running kernel's BTF
add -e dkern 'kpt_dwarf_kernel_ns:2 ns->uid_map.nr_extents ns->uid_map.extent[0].count ns->level'
# a pointer into a stack array (its value: %sp plus an offset)
add -e dlea 'kpt_dwarf_kernel_lea:6 p[1] p[3]'
# lifecycle=seed (the default): a second definition of an event replaces
# the first, so three copies on one event are refused, both ways out said
kprobetrace add --debuginfo $KO -e dsq 'kpt_dwarf_square:4 sq x' 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 6 "seed: several copies on one event refused"
assert_file_has /tmp/err 'has 3 copies \(inlined\), but the module.s lifecycle is seed' "seed: why"
assert_file_has /tmp/err 'lifecycle=today for one event over every copy, or add --per-copy' "seed: the ways out"
grep -q dsq $KPT/kprobe_events && fail "seed: a refused copy written"
# --per-copy: one event per copy, dsq, dsq_1, dsq_2
add --per-copy -e dsq 'kpt_dwarf_square:4 sq x'
assert_eq "$(grep -c . /tmp/add.out)" 3 "one probe per inlined copy"
assert_eq "$(grep -Ec '^p:(kprobetrace/)?dsq(_[12])? kprobetrace_dwarf:kpt_dwarf_inline\+' $KPT/kprobe_events)" \
	3 "dsq, dsq_1, dsq_2 written"

trace_bg /tmp/tr -n 14 -t 20
echo "stack 5" > $DW/call || fail "call stack"
assert_eq "$(cat $DW/seen)" 15 "stack: module's value"
echo "reg 6" > $DW/call || fail "call reg"
assert_eq "$(cat $DW/seen)" 39 "reg: module's value"
echo "const 4" > $DW/call || fail "call const"
echo "struct 10" > $DW/call || fail "call struct"
assert_eq "$(cat $DW/seen)" 31 "struct: module's value"
echo "inline 3" > $DW/call || fail "call inline"
assert_eq "$(cat $DW/seen)" 26 "inline: module's last value"
echo "array 7" > $DW/call || fail "call array"
assert_eq "$(cat $DW/seen)" 35 "array: module's value"
echo "pieces 7" > $DW/call || fail "call pieces"
assert_eq "$(cat $DW/seen)" 107 "pieces: module's value"
echo "opaque 5" > $DW/call || fail "call opaque"
assert_eq "$(cat $DW/seen)" 15 "opaque: module's value"
echo "kernel 9" > $DW/call || fail "call kernel"
assert_eq "$(cat $DW/seen)" 9 "kernel: module's value"
echo "lea 5" > $DW/call || fail "call lea"
assert_eq "$(cat $DW/seen)" 50 "lea: module's value"
wait $tpid
cat /tmp/tr
# the hits and the ring buffer's counts, to tell a probe that did not fire
# from a record that was not read
cat $KPT/kprobe_profile
grep -H . $TRACEFS/per_cpu/cpu*/stats | grep -E 'entries|overrun|dropped|read events'
grep -Eq ' dstack: kpt_dwarf_stack\+0x[0-9a-f]+ onstack=15 seen=15$' /tmp/tr ||
	fail "onstack, the global kpt_dwarf_seen"
grep -Eq ' dreg: kpt_dwarf_reg\+0x[0-9a-f]+ prod=42 mix=39$' /tmp/tr || fail "prod, mix"
grep -Eq ' dconst: kpt_dwarf_const\+0x[0-9a-f]+ scale=5 scaled=20$' /tmp/tr || fail "scale, scaled"
grep -Eq ' dstruct: kpt_dwarf_struct\+0x[0-9a-f]+ pair_first=11 pair_second=20$' /tmp/tr ||
	fail "pair.first, pair.second"
grep -Eq ' darr: kpt_dwarf_array\+0x[0-9a-f]+ arr_0=7 arr_2=21 arr_3=28$' /tmp/tr ||
	fail "arr[0], arr[2], arr[3]"
grep -Eq ' dsarr: kpt_dwarf_sink_arr\+0x[0-9a-f]+ a_1=14 a_3=28$' /tmp/tr ||
	fail "a[1], a[3]"
grep -Eq ' dpieces: kpt_dwarf_pieces\+0x[0-9a-f]+ two_lo=21 two_hi=107$' /tmp/tr ||
	fail "two (in pieces): two.lo, two.hi"
grep -Eq ' dopaque: kpt_dwarf_opaque\+0x[0-9a-f]+ h_secret=15 h_first=7 h_lo=17 h_flag=1 h_mode=5 h_level=1234$' /tmp/tr ||
	fail "h->secret, h->first, h->lo and bitfields (a struct declared only)"
# init_user_ns maps every uid in one extent
grep -Eq ' dkern: kpt_dwarf_kernel_ns\+0x[0-9a-f]+ ns_uid_map_nr_extents=1 ns_uid_map_extent_0_count=4294967295 ns_level=0$' /tmp/tr ||
	fail "ns->uid_map (a kernel struct, from BTF)"
grep -Eq ' dlea: kpt_dwarf_kernel_lea\+0x[0-9a-f]+ p_1=20 p_3=30$' /tmp/tr ||
	fail "p[1], p[3] (p = &arr[2] on the stack)"
grep -Eq ' dpair: kpt_dwarf_sink_pair\+0x[0-9a-f]+ p_first=11 p_second=20$' /tmp/tr ||
	fail "p->first, p->second"
assert_eq "$(sed -n 's/.* dsq\(_[12]\)*: kpt_dwarf_inline+0x[0-9a-f]* sq=//p' /tmp/tr | tr '\n' ' ')" \
	"10 x=3 17 x=3 26 x=3 " "sq, and the caller's x, at the three inlined copies"

# a struct that neither the module nor the kernel's BTF defines
kprobetrace add -n --debuginfo $KO 'kpt_dwarf_kernel_nowhere:2 p->x' 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 5 "a struct defined nowhere"
assert_file_has /tmp/err "struct kpt_dwarf_nowhere is only declared in $KO, and neither another unit of it nor the kernel's BTF defines it" \
	"a struct defined nowhere, said"

# a variable that is not there, and a line without code
kprobetrace add -n --debuginfo $KO 'kpt_dwarf_stack:4 nosuch' 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 4 "unknown variable"
assert_file_has /tmp/err "no variable 'nosuch'" "unknown variable named"
kprobetrace add -n --debuginfo $KO 'kpt_dwarf_stack:3' 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 10 "line without code"
assert_file_has /tmp/err "has no code" "no code explained"

kprobetrace clear || fail "clear"
rmmod kprobetrace_dwarf || fail "rmmod kprobetrace_dwarf"
exit 0
