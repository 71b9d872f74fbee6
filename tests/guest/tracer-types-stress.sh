# Concurrency with today's types: writers defining typed events with
# strings (new descriptions, so output types are created, reused and
# evicted past the spare bound) while callers hit them, a perf-less reader
# prints the trace, and clearing happens while they fire; then trace_pipe
# hands over the records of a fresh definition. Every record read must be
# a whole, well-formed line. (trace_pipe is read with no caller running:
# a consuming reader racing sustained writers loses records and can make
# the kernel warn in rb_get_reader_page(); tests/kernel/rb-reader.)
# timeout: 200
. /kpt/lib.sh
E=$KPT/kprobe_events
T=$TRACEFS/trace
echo > $T
echo 40 > $TRACEFS/buffer_size_kb
rm -f /tmp/writers-done.*
for w in 1 2; do
	(i=0; while [ $i -lt 60 ]; do
		echo "p:s${w}_$((i % 7)) kpt_test_types n$i=+0(+24(%di)):string a$w=+56(%di):u32[2] c=\$comm" >> $E
		echo "r:r${w}_$((i % 5)) kpt_test_types v$i=\$retval:s32" >> $E
		[ $((i % 10)) = 9 ] && echo "-:s${w}_$((i % 7))" >> $E
		i=$((i + 1)); done; touch /tmp/writers-done.$w) &
done
# callers until both writers are done
(while [ ! -f /tmp/writers-done.1 ] || [ ! -f /tmp/writers-done.2 ]; do
	echo "types 10" > $KPT_TEST/call; echo "string 10" > $KPT_TEST/call; done) &
(i=0; while [ $i -lt 40 ]; do cat $T > /tmp/t.$i; i=$((i + 1)); done) &
(i=0; while [ $i -lt 8 ]; do sleep 1; echo > $E; i=$((i + 1)); done) &
wait
cat $T > /tmp/final
# trace_pipe, no writer running: typed records of a fresh definition alone
echo > $E
echo > $T
echo "p:s1_0 kpt_test_types n0=+0(+24(%di)):string a1=+56(%di):u32[2] c=\$comm" >> $E
echo "r:r1_0 kpt_test_types v0=\$retval:s32" >> $E
echo "types 50" > $KPT_TEST/call
timeout 10 cat $TRACEFS/trace_pipe > /tmp/pipe
assert_eq "$(grep -c ' s1_0: (kpt_test_types' /tmp/pipe)" 50 "typed entry records from trace_pipe"
# trace_pipe hands a line longer than the rest of a read() over in two
# reads: the reader killed between them leaves a cut last line
[ -n "$(tail -c 1 /tmp/pipe)" ] && { echo "cut last line: $(tail -n 1 /tmp/pipe)"; sed -i '$d' /tmp/pipe; }
n=$(grep -c ' s[12]_[0-9]: (kpt_test_types' /tmp/final /tmp/pipe | awk -F: '{ s += $2 } END { print s }')
echo "typed entry records seen: $n"; wc -l /tmp/final /tmp/pipe; head -n 5 /tmp/pipe
[ "$n" -gt 0 ] || fail "no typed records"
# every typed line is whole: its string and array print complete
cat /tmp/final /tmp/pipe | grep ' s[12]_[0-9]: ' | grep -Ev ' n[0-9]+="types-name" a[12]=\{1,2\} c="sh"$' > /tmp/bad-s
cat /tmp/final /tmp/pipe | grep ' r[12]_[0-9]: ' | grep -Ev ' v[0-9]+=-70000$' > /tmp/bad-r
head -n 5 /tmp/bad-s /tmp/bad-r
assert_eq "$(grep -c . /tmp/bad-s)" 0 "malformed typed entry lines"
assert_eq "$(grep -c . /tmp/bad-r)" 0 "malformed typed return lines"
cat /tmp/final /tmp/pipe | grep "Unknown type\|short record\|bad record" | head -n 5
# 240 descriptions: fewer than the spare types kept (256), none evicted
assert_eq "$(cat /tmp/final /tmp/pipe | grep -c 'Unknown type\|short record\|bad record')" 0 "broken records"
echo > $E
echo "types stress OK"
