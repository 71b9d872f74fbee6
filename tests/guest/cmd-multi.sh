# kprobetrace with lifecycle=today: several probes on one event; trace names
# the probe each hit came from, list shows every probe.
# modparams: lifecycle=today
# timeout: 60
. /kpt/lib.sh

kprobetrace add -e multi 'kpt_test_six_args x=%di:x64' > /dev/null || fail "first probe"
kprobetrace add -e multi 'kpt_test_ret x=%di:x64' > /dev/null || fail "second probe"
kprobetrace enable multi || fail "enable"	# created disabled
kprobetrace list | tee /tmp/l
assert_eq "$(grep -c '^multi ' /tmp/l)" 2 "two probes listed"
trace_bg /tmp/t -n 2 -t 20 multi
echo "six_args 1" > $KPT_TEST/call
echo "ret 1" > $KPT_TEST/call
wait $tpid
cat /tmp/t
kprobetrace list | tee /tmp/l
assert_match "$(grep '^multi .*kpt_test_six_args' /tmp/l)" ' yes +1 ' "hits of the first probe"
assert_match "$(grep '^multi .*kpt_test_ret' /tmp/l)" ' yes +1 ' "hits of the second probe"
grep -Eq ' multi: kpt_test_six_args\+'"$E0"' \[kprobetrace_test\] x=0x11$' /tmp/t || fail "hit of the first probe"
grep -Eq ' multi: kpt_test_ret\+'"$E0"' \[kprobetrace_test\] x=0x[0-9a-f]+$' /tmp/t || fail "hit of the second probe"
kprobetrace disable multi
kprobetrace clear || fail "clear"
exit 0
