# f: events in today's lifecycle: defined disarmed, armed by enabling (one
# ftrace update for the whole set), disarmed by disabling; filters,
# triggers and trace instances as for p: events; a probe appended to an
# enabled f: event is armed at once; kprobe_profile hits and misses.
# modparams: lifecycle=today
# timeout: 180
. /kpt/lib.sh
# where each function's entry records say they hit (+0x4 after an IBT
# kernel's endbr64): read now, since defining the kernel's probe that
# tells it would empty the trace later
O_kpt_test_obj_walk=$(kpt_entry_off kpt_test_obj_walk)
O_kpt_test_ret=$(kpt_entry_off kpt_test_ret)
O_kpt_test_six_args=$(kpt_entry_off kpt_test_six_args)

E=$KPT/kprobe_events
P=$KPT/kprobe_profile
LOG=$KPT/error_log
T=$TRACEFS/trace
EF=/sys/kernel/debug/tracing/enabled_functions
misses() { awk -v e="$1" '$1 == e { s += $3 } END { print s + 0 }' $P; }

echo 'f:ft kpt_test_six_args a=$arg1' > $E || { cat $LOG; fail "define ft"; }
echo 'f:grp/set kpt_test_*,!kpt_test_warn,!kpt_test_sleep' >> $E || { cat $LOG; fail "define set"; }
cat $E
n=$(sed -n 's/^f:grp\/set .* # \([0-9]*\) functions$/\1/p' $E)
[ "$n" -ge 5 ] || fail "set too small: $n"
assert_eq "$(armed_any)" 0 "nothing armed at definition"

echo "== enabling the set arms all its functions"
echo 1 > $TRACEFS/events/grp/set/enable || fail "enable set"
assert_eq "$(armed_any)" "$n" "armed after enable"
echo "ret 3" > $KPT_TEST/call
assert_eq "$(hits set)" 3 "set hits"
echo 0 > $TRACEFS/events/grp/set/enable || fail "disable set"
assert_eq "$(armed_any)" 0 "disarmed after disable"
echo "ret 3" > $KPT_TEST/call
assert_eq "$(hits set)" 3 "no hits while disabled"

echo "== one ftrace update to arm, one to disarm, for hundreds of functions"
# fprobe_ftrace_updates counts our register/unregister_ftrace_function()
# calls: the ftrace updates that patch code
updates() { cat $KPT/fprobe_ftrace_updates; }
echo 'f:grp/many vfs_*,ext4_*,proc_*,seq_*' >> $E || { cat $LOG; fail "define many"; }
m=$(sed -n 's/^f:grp\/many .* # \([0-9]*\) functions$/\1/p' $E)
echo "many: $m functions"
[ "$m" -ge 200 ] || fail "many: only $m functions"
u0=$(updates)
echo 1 > $TRACEFS/events/grp/many/enable || fail "enable many"
u1=$(updates)
assert_eq "$(armed_any)" "$m" "many armed"
echo 0 > $TRACEFS/events/grp/many/enable || fail "disable many"
u2=$(updates)
echo '-:grp/many' >> $E || fail "remove many"
u3=$(updates)
echo "ftrace updates: enable $((u1 - u0)), disable $((u2 - u1)), remove $((u3 - u2))"
assert_eq "$((u1 - u0))" 1 "one update to enable $m functions"
assert_eq "$((u2 - u1))" 1 "one update to disable them"
assert_eq "$((u3 - u2))" 0 "no update to remove a disabled event"
assert_eq "$(armed_any)" 0 "nothing armed"

echo "== a filter drops records, not hits"
echo > $T
echo 'a == 0x11' > $TRACEFS/events/fprobes/ft/filter || fail "filter"
echo 1 > $TRACEFS/events/fprobes/ft/enable || fail "enable ft"
echo "six_args 4" > $KPT_TEST/call
assert_eq "$(grep -c 'ft: (kpt_test_six_args+'"$O_kpt_test_six_args"'/.*) a=0x11$' $T)" 4 "filtered in"
echo 'a == 0x12' > $TRACEFS/events/fprobes/ft/filter || fail "filter 2"
echo "six_args 4" > $KPT_TEST/call
assert_eq "$(grep -c 'ft: ' $T)" 4 "filtered out"
assert_eq "$(hits ft)" 8 "hits count filtered records"
echo 0 > $TRACEFS/events/fprobes/ft/filter

echo "== a trigger"
echo 'traceoff' > $TRACEFS/events/fprobes/ft/trigger || fail "trigger"
echo "six_args 1" > $KPT_TEST/call
assert_eq "$(cat $TRACEFS/tracing_on)" 0 "traceoff trigger fired"
echo '!traceoff' > $TRACEFS/events/fprobes/ft/trigger
echo 1 > $TRACEFS/tracing_on

echo "== a probe appended to the enabled event is armed at once"
echo 'f:ft kpt_test_ret a=$arg1' >> $E || { cat $LOG; fail "append"; }
cat $E
echo "ret 2" > $KPT_TEST/call
assert_eq "$(grep -c 'ft: (kpt_test_ret+'"$O_kpt_test_ret"'/' $T)" 2 "appended probe records"

echo "== a second trace instance"
mkdir $TRACEFS/instances/fp || fail "instance"
echo 1 > $TRACEFS/instances/fp/events/grp/set/enable || fail "enable in instance"
echo "obj_walk 2" > $KPT_TEST/call
assert_eq "$(grep -c 'set: (kpt_test_obj_walk+'"$O_kpt_test_obj_walk"'/' $TRACEFS/instances/fp/trace)" 2 "instance records"
echo 0 > $TRACEFS/instances/fp/events/grp/set/enable
rmdir $TRACEFS/instances/fp || fail "rmdir instance"

echo 0 > $TRACEFS/events/fprobes/ft/enable

echo "== perf alone arms an f: event (entry set, exit)"
echo 'f:grp/px kpt_test_six_args%return r=$retval' >> $E || { cat $LOG; fail "define px"; }
got=$(kpt-perf $(cat $TRACEFS/events/grp/set/id) sh -c "echo 'six_args 7' > $KPT_TEST/call")
assert_eq "$got" "count=7" "perf counts the set's entries"
got=$(kpt-perf $(cat $TRACEFS/events/grp/px/id) sh -c "echo 'six_args 3' > $KPT_TEST/call")
assert_eq "$got" "count=3" "perf counts the exits"
assert_eq "$(armed_any)" 0 "disarmed once perf is gone"
cat $P
assert_eq "$(misses ft)" 0 "misses"
assert_eq "$(misses set)" 0 "set misses"
assert_eq "$(misses px)" 0 "exit misses"
echo > $E || { cat $LOG; fail "clear"; }
assert_eq "$(armed_any)" 0 "nothing armed at the end"
echo "fprobe today OK"
