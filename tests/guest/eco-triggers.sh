# ftrace event triggers on our events: traceoff, traceon (with and without a
# filter), stacktrace, and hist triggers (keys, values, sums, return probes,
# a string key, typed u8/s16 fields).
. /kpt/lib.sh
E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
echo 'p:trg kpt_test_six_args a0 a1 a2' > $E
echo 'r:trgr kpt_test_six_args rv' >> $E
call() { echo "six_args $1" > $KPT_TEST/call || fail "call six_args $1"; }

: traceoff
echo 1 > $TRACEFS/tracing_on
echo traceoff > $D/trg/trigger || fail "setting a traceoff trigger"
assert_file_has $D/trg/trigger '^traceoff:unlimited' "trigger file lists traceoff"
call 1
assert_eq "$(cat $TRACEFS/tracing_on)" 0 "traceoff trigger turned tracing off"
echo '!traceoff' > $D/trg/trigger || fail "removing the traceoff trigger"

: traceon
echo traceon > $D/trg/trigger || fail "setting a traceon trigger"
call 1
assert_eq "$(cat $TRACEFS/tracing_on)" 1 "traceon trigger turned tracing on"
echo '!traceon' > $D/trg/trigger

: a trigger with a filter on our field names: only matching hits fire
echo 'traceoff if a0 == 0x12' > $D/trg/trigger || fail "traceoff with a filter"
call 3
assert_eq "$(cat $TRACEFS/tracing_on)" 1 "non-matching filter: tracing stays on"
echo '!traceoff' > $D/trg/trigger
echo 'traceoff:1 if a1 == 0x22' > $D/trg/trigger || fail "counted traceoff with a filter"
call 1
assert_eq "$(cat $TRACEFS/tracing_on)" 0 "matching filter: tracing off"
assert_file_has $D/trg/trigger '^traceoff:count=0 if a1 == 0x22' "count used up"
echo '!traceoff' > $D/trg/trigger
echo 1 > $TRACEFS/tracing_on

: stacktrace
echo > $TRACEFS/trace
echo stacktrace > $D/trg/trigger || fail "setting a stacktrace trigger"
call 1
echo '!stacktrace' > $D/trg/trigger
cat $TRACEFS/trace > /tmp/trace
assert_file_has /tmp/trace '<stack trace>' "stacktrace trigger wrote a stack trace"
assert_file_has /tmp/trace '=> kpt_test_six_args$' "stack shows the probed function"
assert_file_has /tmp/trace 'kpt_test_six_args\+'"$E0"'/0x[0-9a-f]+ \[kprobetrace_test\]: 0x11 0x22 0x33' "the event itself is traced"

: hist: keys, values
echo 'hist:keys=a0:vals=a1,arg2' > $D/trg/trigger || fail "setting a hist trigger"
echo 'hist:keys=rv.hex:vals=hitcount' > $D/trgr/trigger || fail "hist trigger on a return probe"
call 100
cat $D/trg/hist > /tmp/hist
cat /tmp/hist
assert_file_has /tmp/hist '^\{ a0: +17 \} hitcount: +100 +a1: +3400 +arg2: +5100$' "hist: key a0, sums of a1 and arg2"
assert_file_has /tmp/hist '^    Hits: 100$' "hist: total hits"
cat $D/trgr/hist > /tmp/histr
cat /tmp/histr
assert_file_has /tmp/histr '^\{ rv: +(0x)?0*165 \} hitcount: +100$' "hist on the return value"
echo '!hist:keys=a0:vals=a1,arg2' > $D/trg/trigger || fail "removing the hist trigger"
echo '!hist:keys=rv.hex:vals=hitcount' > $D/trgr/trigger || fail "removing the return hist trigger"
[ -z "$(grep -v '^#' $D/trg/trigger)" ] || fail "triggers left: $(cat $D/trg/trigger)"

: hist on typed and string fields of the current syntax
echo 'p:kprobetrace/hstr kpt_test_string s=+0(%di):string comm=$comm' >> $E
echo 'p:kprobetrace/htyp kpt_test_six_args x=$arg1:u8 y=$arg2:s16' >> $E
# (one string key: two would pass the kernel's compound key size limit)
echo 'hist:keys=s:vals=hitcount if comm == "sh"' > $D/hstr/trigger || fail "hist keyed on a string"
echo 'hist:keys=x:vals=y' > $D/htyp/trigger || fail "hist on typed fields"
echo "string 7" > $KPT_TEST/call
call 5
cat $D/hstr/hist $D/htyp/hist > /tmp/hist2
cat /tmp/hist2
assert_file_has /tmp/hist2 '^\{ s: kprobetrace +\} hitcount: +7$' "hist keyed on a string field"
assert_file_has /tmp/hist2 '^\{ x: +17 \} hitcount: +5 +y: +170$' "hist on u8/s16 fields"
echo '!hist:keys=s:vals=hitcount if comm == "sh"' > $D/hstr/trigger || fail "removing the string hist"
echo '!hist:keys=x:vals=y' > $D/htyp/trigger

: a field that does not exist is refused
echo 'hist:keys=nosuchfield' > $D/trg/trigger 2>/dev/null && fail "hist on a missing field accepted"
echo > $E || fail "clearing"
echo "triggers OK"
