# Concurrency: writers defining and toggling probes, callers hitting them,
# readers of the listing and the trace, all at once; clearing while
# probes fire. Also: add-then-delete and delete-then-add in one write.
# timeout: 200
. /kpt/lib.sh
E=$KPT/kprobe_events
assert_eq "$(kpt-write $E 'p:a kpt_test_ret\n-:a\n')" OK "add then delete"
assert_eq "$(cat $E)" "" "nothing"
echo 'p:a kpt_test_ret' > $E
assert_eq "$(kpt-write -a $E '-:a\np:a kpt_test_six_args a0\n')" OK "delete then add"
assert_eq "$(cat $E)" "p:a kpt_test_six_args+0 a0" "replaced"
echo > $E
# concurrent writers, enablers and readers
for w in 1 2 3; do
	(i=0; while [ $i -lt 30 ]; do
		echo "p:w${w}_$i kpt_test_six_args a0" >> $E
		echo "r:r${w}_$i kpt_test_ret rv" >> $E
		echo 0 > $TRACEFS/events/kprobetrace/w${w}_$i/enable
		echo 1 > $TRACEFS/events/kprobetrace/w${w}_$i/enable
		i=$((i + 1)); done) &
done
(i=0; while [ $i -lt 50 ]; do echo "six_args 20" > $KPT_TEST/call; echo "ret 20" > $KPT_TEST/call; cat $TRACEFS/trace > /dev/null; i=$((i + 1)); done) &
(i=0; while [ $i -lt 20 ]; do cat $E $KPT/kprobe_profile > /dev/null; i=$((i + 1)); done) &
wait
n=$(wc -l < $E)
echo "probes: $n"
assert_eq "$n" 180 "all defined"
(echo > $E) &
(echo "six_args 100" > $KPT_TEST/call) &
wait
assert_eq "$(cat $E)" "" "cleared"
grep -c . $TRACEFS/trace
echo "stress OK"
