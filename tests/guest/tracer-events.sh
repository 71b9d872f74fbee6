# Event names (given, generated from SYMBOL+offs or MEMADDR, replaced on
# redefinition) and the per-event files: id, enable (disarms/arms the
# probe), format, filter (field names and aliases) and trigger.
. /kpt/lib.sh

E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace
hits() { awk -v e="$1" '$1 == e { print $2 }' $KPT/kprobe_profile; }

# generated names: p_SYM_OFFS, r_SYM_OFFS, p_0xADDR
six=$(awk '$3 == "kpt_test_six_args" { print $1; exit }' /proc/kallsyms)
echo "p kpt_test_six_args a0" > $E
echo "r kpt_test_six_args rv" >> $E
echo "p 0x$six a1" >> $E
cat $E
assert_file_has $E '^p:p_kpt_test_six_args_0 kpt_test_six_args\+0 a0$' "generated entry name"
assert_file_has $E '^r:r_kpt_test_six_args_0 kpt_test_six_args\+0 rv$' "generated return name"
assert_file_has $E "^p:p_0x$six 0x$six a1\$" "generated address name"
for ev in p_kpt_test_six_args_0 r_kpt_test_six_args_0 p_0x$six; do
	[ -d $D/$ev ] || fail "no event $ev"
done
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(hits p_0x$six)" 2 "address probe hits"
assert_eq "$(grep -c "kpt_test_six_args+$E0/0x[0-9a-f]* \[kprobetrace_test\]: 0x22$" $T)" 2 "address probe records"

# redefining an existing event replaces it (new definition, new counts)
echo "p:p_kpt_test_six_args_0 kpt_test_ret" >> $E
assert_file_has $E '^p:p_kpt_test_six_args_0 kpt_test_ret\+0$' "replaced"
assert_eq "$(grep -c p_kpt_test_six_args_0 $E)" 1 "one definition"
assert_eq "$(hits p_kpt_test_six_args_0)" 0 "fresh counters"

# id: the type of the records
echo > $E
echo > $T
echo "p:ev kpt_test_six_args a0 a1 %ip" > $E
id=$(cat $D/ev/id)
assert_match "$id" '^[0-9]+$' "id"
grep -q "^ID: $id\$" $D/ev/format || fail "format shows another ID"

# enable: 0 disarms, 1 arms
assert_eq "$(cat $D/ev/enable)" 1 "enabled at once"
echo 0 > $D/ev/enable
echo "six_args 5" > $KPT_TEST/call
assert_eq "$(hits ev)" 0 "no hits while disabled"
echo 1 > $D/ev/enable
echo "six_args 5" > $KPT_TEST/call
assert_eq "$(hits ev)" 5 "hits once enabled"
assert_eq "$(grep -c ' ev: \|kpt_test_six_args+'"$E0"'/' $T)" 5 "5 records"

# filter: by field name and by alias
echo > $T
echo 'arg0 == 0x11' > $D/ev/filter || fail "filter by field name"
echo "six_args 3" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/' $T)" 3 "filter arg0 == 0x11 passes"
echo 'a1 != 0x22' > $D/ev/filter || fail "filter by alias"
echo "six_args 3" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/' $T)" 3 "filter a1 != 0x22 drops all"
echo 'a0 == 0x11 && nargs == 3' > $D/ev/filter || fail "filter on nargs"
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(grep -c 'kpt_test_six_args+'"$E0"'/' $T)" 5 "filter a0 && nargs"
echo 0 > $D/ev/filter
assert_eq "$(cat $D/ev/filter)" none "filter cleared"

# trigger: traceoff when the event fires with a0 == 0x11
echo 'traceoff if a0 == 0x11' > $D/ev/trigger || fail "trigger"
cat $D/ev/trigger
assert_eq "$(cat $TRACEFS/tracing_on)" 1 "tracing on"
echo "six_args 1" > $KPT_TEST/call
assert_eq "$(cat $TRACEFS/tracing_on)" 0 "traceoff trigger fired"
echo '!traceoff if a0 == 0x11' > $D/ev/trigger || fail "removing the trigger"
echo 1 > $TRACEFS/tracing_on
# a stacktrace trigger
echo 'stacktrace' > $D/ev/trigger || fail "stacktrace trigger"
echo > $T
echo "six_args 1" > $KPT_TEST/call
grep -q '<stack trace>' $T || { cat $T; fail "no stack trace"; }
echo '!stacktrace' > $D/ev/trigger
echo > $E
[ -d $D/ev ] && fail "ev not removed"
echo "events OK"
