# Lockdown: once the kernel is locked down (raised at run time after the
# module loaded), defining probes is refused, and an existing probe's
# memory fetches record the fault value instead of kernel memory.  This
# test locks the kernel for the rest of the boot, so it must run last
# (hence its name; repeated, each run gets a boot that it ends, "# boot:
# last"); the rig's unload afterwards still works.
# boot: last
. /kpt/lib.sh

L=/sys/kernel/security/lockdown
[ -w $L ] || skip "no lockdown LSM on this kernel ($L)"
cat $L
last=$(tail -n 1 /kpt/run-list)
[ "$last" = "${KPT_RUN:-zz-tracer-lockdown}" ] ||
	skip "runs only as the last test of a boot (last is $last)"

E=$KPT/kprobe_events
FAULT=0xfffffffffffffff2
echo > $TRACEFS/trace
echo 'p:lk kpt_test_six_args a0 @kpt_test_data +8(@kpt_test_data)' > $E || fail "defining"
# today's types: a string read through memory faults too; $comm and an
# immediate string are no memory fetch
echo 'p:lks kpt_test_string s=+0(%di):string c=$comm l=\"lit" v=+0(%di):u8' >> $E || fail "defining lks"
# files opened before the lockdown stay usable: that is how we look
exec 3< $TRACEFS/trace_pipe
exec 4>> $E
exec 5> $KPT_TEST/call
echo "six_args 1" >&5
echo "string 1" >&5

echo confidentiality > $L || fail "raising lockdown"
cat $L
echo "six_args 1" >&5
echo "string 1" >&5
exec 5>&-

# defining probes is refused: by debugfs at open, by us at write
assert_eq "$(kpt-write -a $E 'p:lk2 kpt_test_ret\n')" "open: EPERM" "opening kprobe_events"
if echo 'p:lk3 kpt_test_ret' >&4 2>/dev/null; then
	fail "defined a probe through a file opened before the lockdown"
fi
exec 4>&-

# kprobe_profile (read only) stays readable
cat $KPT/kprobe_profile
assert_file_has $KPT/kprobe_profile '^  lk +2 +0$' "two hits"

timeout 3 cat <&3 > /tmp/pipe
exec 3<&-
cat /tmp/pipe
n=$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x11 0x123456789abcdef 0x[0-9a-f]*$' /tmp/pipe)
assert_eq "$n" 1 "memory read before the lockdown"
n=$(grep -c "kpt_test_six_args+$E0/0x[0-9a-f]* \[kprobetrace_test\]: 0x11 $FAULT $FAULT\$" /tmp/pipe)
assert_eq "$n" 1 "memory refused after the lockdown"
n=$(grep -c ' lks: (kpt_test_string+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]) s="kprobetrace" c="sh" l="lit" v=107$' /tmp/pipe)
assert_eq "$n" 1 "typed: string read before the lockdown"
n=$(grep -c ' lks: (kpt_test_string+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]) s=(fault) c="sh" l="lit" v=242$' /tmp/pipe)
assert_eq "$n" 1 "typed: string refused after the lockdown"
echo "lockdown OK"
