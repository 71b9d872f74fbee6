# matrix: core
# The rig has loaded kprobetrace.ko and kprobetrace_test.ko before this test
# (and unloads them after it: an unload failure fails the test).
. /kpt/lib.sh

grep -q '^kprobetrace ' /proc/modules || fail "kprobetrace is not loaded"
grep -q '^kprobetrace_test ' /proc/modules || fail "kprobetrace_test is not loaded"
[ -d "$KPT" ] || fail "$KPT does not exist"
# the files' old place, debugfs, is a link to the same directory
A=/sys/kernel/debug/kprobetrace
[ -L $A ] || fail "$A is not a symbolic link"
echo 'p:viaalias kpt_test_six_args a0' > $A/kprobe_events || fail "writing through $A"
grep -q '^p:viaalias ' $KPT/kprobe_events || fail "$A is not $KPT"
echo > $KPT/kprobe_events
[ -w "$KPT_TEST/call" ] || fail "$KPT_TEST/call does not exist"

# The test module's targets run the number of times asked for.
echo "six_args 10" > "$KPT_TEST/call" || fail "calling six_args failed"
if echo "no_such_target 1" > "$KPT_TEST/call" 2>/dev/null; then
	fail "an unknown target was accepted"
fi
grep -q ' kpt_test_six_args' /proc/kallsyms || fail "kpt_test_six_args not in kallsyms"
echo "both modules loaded; their directories present"
