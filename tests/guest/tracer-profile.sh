# kprobe_profile: event name, hits, misses; exact under concurrency
# (per-CPU counters); misses include kretprobe misses (maxactive exhausted).
# timeout: 120
. /kpt/lib.sh

E=$KPT/kprobe_events
P=$KPT/kprobe_profile

echo "p:pe kpt_test_six_args a0" > $E
echo "r:pr kpt_test_six_args rv" >> $E
cat $P
assert_file_has $P '^  pe +0 +0$' "profile line format"

# four concurrent callers on two CPUs
for i in 1 2 3 4; do
	(echo "six_args 2500" > $KPT_TEST/call) &
done
wait
cat $P
assert_eq "$(hits pe)" 10000 "entry hits"
assert_eq "$(hits pr)" 10000 "return hits"
assert_eq "$(misses pe)" 0 "entry misses"
assert_eq "$(misses pr)" 0 "return misses"

# a return probe with room for one instance, on a function that sleeps:
# three sleepers at once, so at least two of them miss (the rig's own
# `timeout` process sleeps in it too, once a second: hence no exact count)
fn=
for f in hrtimer_nanosleep do_nanosleep common_nsleep; do
	if awk -v s=$f '$3 == s { found = 1 } END { exit !found }' /proc/kallsyms; then
		fn=$f
		break
	fi
done
echo "sleeping function: $fn"
[ -n "$fn" ] || fail "no nanosleep function in kallsyms"
echo > $E
echo "r1:rmiss $fn rv" > $E || { cat $KPT/error_log; fail "r1 probe"; }
cat $E
sleep 2 & sleep 2 & sleep 2 &
wait
cat $P
[ "$(hits rmiss)" -ge 1 ] || fail "no return recorded"
[ "$(misses rmiss)" -ge 2 ] || fail "fewer than two kretprobe misses"
echo > $E
echo "profile OK"
