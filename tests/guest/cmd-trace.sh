# matrix: core
# kprobetrace trace: one line per hit, only the events asked for, values by
# type, bounded by -n and -t. The probe point as the kernel prints it (the
# symbol and offset of the probe address: SYM+$E0, after an IBT kernel's
# endbr64), the same for a single probe, a probe of several and an f: event
# over one function or a set.
# timeout: 60
. /kpt/lib.sh

kprobetrace add -e six 'kpt_test_six_args a0 s16=%si:s16 dx=%dx:u8 %cx:x16' > /dev/null || fail "add six"
kprobetrace add -e ret 'kpt_test_ret%return $retval:x32' > /dev/null || fail "add ret"
kprobetrace add -e data 'kpt_test_six_args @kpt_test_data:x64 bad=+0(%ax):u64' > /dev/null || fail "add data"

# -n: exactly COUNT lines, only the named event
trace_bg /tmp/t1 -n 3 -t 20 six
echo "six_args 5" > $KPT_TEST/call
echo "ret 2" > $KPT_TEST/call
wait $tpid
cat /tmp/t1
assert_eq "$(grep -c . /tmp/t1)" 3 "-n 3 lines"
assert_eq "$(grep -vc ' six: ' /tmp/t1)" 0 "only six"
assert_match "$(sed -n 1p /tmp/t1)" '^ *[0-9]+\.[0-9]{6} (sh|<\.\.\.>)-[0-9]+ \[[0-9]{3}\] six: kpt_test_six_args\+'"$E0"' arg1=0x11 s16=34 dx=51 arg4=0x44$' "six line"

# every event, -t; return probes name the caller
trace_bg /tmp/t2 -t 3
echo "ret 1" > $KPT_TEST/call
echo "six_args 1" > $KPT_TEST/call
wait $tpid
cat /tmp/t2
assert_match "$(grep ' ret: ' /tmp/t2)" ' ret: kpt_test_ret <- [a-z_]+\+0x[0-9a-f]+ \[kprobetrace_test\] (arg1|ret)=0x1234abcd$' "return line"
assert_match "$(grep ' data: ' /tmp/t2)" ' data: kpt_test_six_args\+'"$E0"' arg1=0x123456789abcdef bad=(\(fault\)|[0-9]+)$' "data line"
assert_eq "$(grep -c ' six: ' /tmp/t2)" 1 "one six hit"

# the seed's layout (ip, nargs, arg0.. as unsigned longs) too
kprobetrace add -e seed 'kpt_test_six_args a0 a5 +8(%sp)' > /dev/null || fail "add seed"
trace_bg /tmp/t4 -n 1 -t 20 seed
echo "six_args 1" > $KPT_TEST/call
wait $tpid
cat /tmp/t4
assert_match "$(cat /tmp/t4)" ' seed: kpt_test_six_args\+'"$E0"' a0=0x11 a5=0x66 arg3=0x[0-9a-f]+$' "seed layout"

# today's typed fields: strings, string arrays, $comm, faults, arrays,
# symbols, chars (kpt_test_types' object, see tests/modules/)
kprobetrace add -e tstr 'kpt_test_types name=+0(+24(%di)):string names=+32(%di):string[3] comm=$comm bad=+0(%cx):string us=+0(%si):ustring arr=+56(%di):u32[4] xa=+56(%di):x16[3] fns=+72(%di):symbol[1] cs=+0(+24(%di)):char[5]' > /dev/null ||
	fail "add tstr"
trace_bg /tmp/t5 -n 1 -t 20 tstr
printf 'types 1\000user-str\000' > $KPT_TEST/call
wait $tpid
cat /tmp/t5
assert_match "$(cat /tmp/t5)" ' tstr: kpt_test_types\+'"$(kpt_entry_off kpt_test_types)"' name="types-name" names=\{"one","two","three"\} comm="sh" bad=\(fault\) us="user-str" arr=\{1,2,3,4\} xa=\{0x1,0x0,0x2\} fns=\{kpt_test_ret\+0x0 \[kprobetrace_test\]\} cs=\{'"'t','y','p','e','s'"'\}$' "typed fields"

# f: events: one function and a set, entry and exit; the entry's offset is
# the ftrace site's, which the kernel's own f: events print too
echo 'f:fone kpt_test_six_args a=$arg1' >> $KPT/kprobe_events || fail "add fone"
echo 'f:fset kpt_test_six_args,kpt_test_ret a=$arg1' >> $KPT/kprobe_events || fail "add fset"
echo 'f:fexit kpt_test_six_args%return' >> $KPT/kprobe_events || fail "add fexit"
for ev in fone fset fexit; do echo 1 > $TRACEFS/events/fprobes/$ev/enable; done
trace_bg /tmp/t6 -n 3 -t 20 fone fset fexit
echo "six_args 1" > $KPT_TEST/call
wait $tpid
cat /tmp/t6
assert_match "$(grep ' fprobes/fone: ' /tmp/t6)" ' fprobes/fone: kpt_test_six_args\+'"$E0"' a=0x11$' "f: on one function"
assert_match "$(grep ' fprobes/fset: ' /tmp/t6)" ' fprobes/fset: kpt_test_six_args\+'"$E0"' \[kprobetrace_test\] a=0x11$' "f: over a set"
assert_match "$(grep ' fprobes/fexit: ' /tmp/t6)" ' fprobes/fexit: kpt_test_six_args <- [a-z_]+\+0x[0-9a-f]+ \[kprobetrace_test\]$' "f: exit"

# a signal stops it cleanly
kprobetrace trace > /tmp/t3 2>&1 &
tpid=$!
sleep 1
kill -INT $tpid
wait $tpid; assert_eq $? 0 "Ctrl-C exit status"

kprobetrace trace nosuch 2>/tmp/err; assert_eq $? 8 "unknown event: exit 8"
kprobetrace trace -n 2>/dev/null; assert_eq $? 2 "usage: exit 2"
kprobetrace clear
exit 0
