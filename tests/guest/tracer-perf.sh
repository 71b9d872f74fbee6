# perf on our events: counting works (perf alone arms the probe), and while
# perf holds an event it cannot be removed and the module cannot unload.
. /kpt/lib.sh

E=$KPT/kprobe_events
echo 'p:pf kpt_test_six_args a0' > $E
echo 'r:pfr kpt_test_six_args rv' >> $E
D=$TRACEFS/events/kprobetrace
echo 0 > $D/pf/enable
echo 0 > $D/pfr/enable

got=$(kpt-perf $(cat $D/pf/id) sh -c "echo 'six_args 7' > $KPT_TEST/call")
assert_eq "$got" "count=7" "perf counts the entry event"
got=$(kpt-perf $(cat $D/pfr/id) sh -c "echo 'six_args 3' > $KPT_TEST/call")
assert_eq "$got" "count=3" "perf counts the return event"
# once perf is gone, the probe is disarmed again
echo "six_args 5" > $KPT_TEST/call
assert_file_has $KPT/kprobe_profile '^  pf +7 +0$' "disarmed after perf"

# perf holds the event: no removal, no unload
kpt-perf $(cat $D/pf/id) sleep 3 > /tmp/perf.out &
sleep 1
assert_eq "$(kpt-write -t $E '')" "open: EBUSY" "clearing while perf holds an event"
assert_file_has $KPT/error_log 'event pf is in use \(by perf' "error_log"
rmmod kprobetrace 2>/dev/null && fail "unloaded while perf holds an event"
wait
cat /tmp/perf.out
echo > $E || fail "clearing after perf let go"
echo "perf OK"
