# The aggregate file: events armed for the latency file only (no record
# in the trace file, none for perf), alone or beside an enable or perf;
# pid= and comm= filters; bad writes (errno and error_log line, nothing
# applied); an armed event is in use (no delete, no clear, no replace).
# Per-member blocks: an f: set over the test module's 16 functions, over
# ~1000 kernel functions (members sum to the event), an event made of
# several probes; the coverage line (calls, misses of an exhausted pool,
# a call under way); NULL and ERR_PTR returns; reads and resets while
# hit and while the test module goes; the unload disarms.
# matrix: core
# timeout: 240
. /kpt/lib.sh

E=$KPT/kprobe_events
L=$KPT/latency
A=$KPT/aggregate
LOG=$KPT/error_log
T=$TRACEFS/trace
D=$TRACEFS/events

delay() { echo "$1 $2 $3" > $KPT_TEST/delay || fail "delay $*"; }
arm() { echo "$1" > $A || { cat $LOG; fail "arm $1"; }; }
# cnt LABEL [FIELD]: a field of LABEL's count line (count, max, p50 ...)
cnt() { awk -v l="$1" -v f="${2:-count}" '$1 == l && $2 == "count" {
		for (i = 2; i < NF; i += 2) if ($i == f) print $(i + 1) }' $L; }
# cov LABEL: "calls N misses M inflight K"
cov() { awk -v l="$1" '$1 == l && $2 == "calls"' $L | cut -d' ' -f2-; }
# bad ERRNO TEXT LINE: writing LINE to the aggregate file fails with
# ERRNO and error_log says TEXT
bad() {
	_got=$(kpt-write $A "$3")
	[ "$_got" = "write: $1" ] || { cat $LOG; fail "'$3': got '$_got', want write: $1"; }
	grep -qF -- "$2" $LOG || { cat $LOG; fail "'$3': error_log has no '$2'"; }
}
# consistent FILE: in every block of the latency file, count = the sum of
# its buckets, the percentiles in order, and a coverage line.  (Blocks,
# not labels: two functions of a set may have one name.)
consistent() {
	awk 'function end() { if (nb && (c != s || !cov)) bad = 1 }
		$2 == "count" {
			end(); nb++; c = $3; s = 0; cov = 0; l = $1
			if (!($7 <= $9 && $9 <= $11 && $11 <= $13 && $13 <= $5)) bad = 1
		}
		$2 == "bucket" { if ($1 != l) bad = 1; s += $5 }
		$2 == "calls" { if ($1 != l) bad = 1; cov = 1 }
		END { end(); if (bad) print "block " nb " (" l ")"; exit bad }' "$1"
}

assert_file_has $KPT/README '^  aggregate' "README names the aggregate file"

echo "== arm only: counts, no record"
echo > $T
define 'f:agg/d kpt_test_delay%return $duration'
echo 0 > $D/agg/d/enable
arm agg/d
assert_eq "$(cat $A)" "agg/d" "aggregate lists agg/d"
delay delay 0 7
cat $L
assert_eq "$(cnt agg/d)" 7 "arm only: count"
assert_eq "$(cov agg/d)" "calls 7 misses 0 inflight 0" "arm only: coverage"
assert_eq "$(grep -c ' d: ' $T)" 0 "arm only: no record"
assert_eq "$(rbsum entries)" 0 "arm only: nothing in the ring buffer"

echo "== arm and enable: both; either one alone keeps working"
echo 1 > $D/agg/d/enable
delay delay 0 5
assert_eq "$(cnt agg/d)" 12 "armed + enabled: count"
assert_eq "$(grep -c ' d: ' $T)" 5 "armed + enabled: records"
echo 0 > $D/agg/d/enable
delay delay 0 3
assert_eq "$(cnt agg/d)" 15 "enable off, still armed: count"
assert_eq "$(grep -c ' d: ' $T)" 5 "enable off: no new record"
echo 1 > $D/agg/d/enable
echo '!agg/d' > $A || fail "disarm"
assert_eq "$(cat $A)" "" "nothing armed"
delay delay 0 2
assert_eq "$(cnt agg/d)" 17 "disarmed, enabled: aggregated as before"
assert_eq "$(grep -c ' d: ' $T)" 7 "disarmed, enabled: records"
echo 0 > $D/agg/d/enable
delay delay 0 2
assert_eq "$(cnt agg/d)" 17 "neither: the probe is disarmed"
echo "== armed, and perf: perf counts, the file too"
arm agg/d
got=$(kpt-perf $(cat $D/agg/d/id) sh -c "echo 'delay 0 3' > $KPT_TEST/delay")
assert_eq "$got" "count=3" "perf counts beside the arming"
delay delay 0 1
assert_eq "$(cnt agg/d)" 21 "armed, perf gone: still counting"
assert_eq "$(grep -c ' d: ' $T)" 7 "perf: no trace record"
echo '!agg/d' > $A

echo "== filters: pid= and comm=, exact"
echo 0 > $L
sh -c "echo \"agg/d pid=\$\$\" > $A && echo 'delay 0 4' > $KPT_TEST/delay" || fail "pid= arm"
grep -qE '^agg/d pid=[0-9]+$' $A || { cat $A; fail "aggregate lists the pid filter"; }
delay delay 0 3
assert_eq "$(cnt agg/d)" 4 "pid=: only that process's calls"
assert_eq "$(cov agg/d)" "calls 7 misses 0 inflight 0" "pid=: coverage counts every call"
echo '!agg/d' > $A
echo 0 > $L
arm 'agg/d comm=kpt-write'
assert_eq "$(cat $A)" "agg/d comm=kpt-write" "aggregate lists the comm filter"
delay delay 0 3
assert_eq "$(kpt-write $KPT_TEST/delay 'delay 0 5')" OK "kpt-write's calls"
assert_eq "$(cnt agg/d)" 5 "comm=: only kpt-write's calls"
echo '!agg/d' > $A
sh -c "echo \"agg/d pid=\$\$ comm=kpt-write\" > $A" || fail "both filters"
grep -qE '^agg/d pid=[0-9]+ comm=kpt-write$' $A || { cat $A; fail "both filters listed"; }
echo '!agg/d' > $A

echo "== bad writes: errno, error_log, nothing applied"
define 'f:agg/plain kpt_test_delay%return $retval'
define 'f:agg/e kpt_test_errno%return $duration'
echo 0 > $D/agg/plain/enable
echo 0 > $D/agg/e/enable
bad ENOENT 'no event agg/nope' 'agg/nope'
assert_file_has $LOG '^  Command: agg/nope$' "error_log: the command"
bad EINVAL 'event agg/plain has no $duration field' 'agg/plain'
bad EINVAL 'bad filter' 'agg/d pid=x'
bad EINVAL 'bad filter' 'agg/d pid=-3'
bad EINVAL 'bad filter' 'agg/d comm='
bad EINVAL 'bad filter' 'agg/d comm=0123456789abcdefg'
bad EINVAL 'bad filter' 'agg/d pid=1 pid=2'
bad EINVAL 'bad filter' 'agg/d foo=1'
bad EINVAL 'expected [!]GROUP/EVENT' '/d'
bad EINVAL 'expected [!]GROUP/EVENT' '!agg/d pid=1'
bad ENOENT 'event agg/d is not armed' '!agg/d'
arm agg/d
bad EBUSY 'event agg/d is already armed' 'agg/d'
bad EINVAL 'named twice' 'agg/e\nagg/e'
# a bad line fails its write: the good one before it is not applied
bad ENOENT 'no event agg/nope' 'agg/e\nagg/nope'
bad ENOENT 'event agg/e is not armed' '!agg/d\n!agg/e'
assert_eq "$(cat $A)" "agg/d" "nothing of a failed write applied"
assert_eq "$(kpt-write $A 'agg/e\n# a comment\n\n!agg/d\n')" OK "two lines"
assert_eq "$(cat $A)" "agg/e" "both lines applied"
echo '!agg/e' > $A

echo "== an armed event is in use"
arm agg/d
echo > $T
assert_eq "$(kpt-write -a $E '-:agg/d\n')" "write: EBUSY" "deleting an armed event"
assert_file_has $LOG 'event agg/d cannot be replaced or deleted: it is armed for aggregation' "error_log: delete"
assert_eq "$(kpt-write -a $E 'f:agg/d kpt_test_delay%return $duration\n')" "write: EBUSY" "replacing an armed event"
assert_eq "$(kpt-write -a $E '-:agg/plain\n-:agg/d\n')" "write: EBUSY" "a write deleting an armed event"
grep -q '^f:agg/plain ' $E || fail "a failed write deleted agg/plain"
assert_eq "$(kpt-write -t $E '')" "open: EBUSY" "clearing with an armed event"
grep -q '^f:agg/d ' $E || fail "agg/d deleted"
echo 0 > $L
delay delay 0 2
assert_eq "$(cnt agg/d)" 2 "still armed after the refusals"
echo '!agg/d' > $A
echo '-:agg/d' >> $E || fail "deleting once disarmed"
echo '-:agg/plain' >> $E

echo "== per-member blocks: the test module's 16 functions"
define 'f:agg/m kpt_test_m0*,kpt_test_m1*:exit $duration'
echo 0 > $D/agg/m/enable
assert_eq "$(grep -c '^agg/m ' $KPT/fprobe_functions)" 16 "16 members"
assert_eq "$(grep -c '^agg/m:' $L)" 0 "no member block before arming"
arm agg/m
echo 0 > $L
delay members 0 40
grep -v bucket $L | grep '^agg/m'
assert_eq "$(cnt agg/m)" 40 "the event's count"
assert_eq "$(cov agg/m)" "calls 40 misses 0 inflight 0" "the event's coverage"
i=0
while [ $i -lt 16 ]; do
	f=$(printf 'kpt_test_m%02d' $i)
	n=2; [ $i -lt 8 ] && n=3
	assert_eq "$(cnt agg/m:$f)" $n "$f: count"
	assert_eq "$(cov agg/m:$f)" "calls $n misses 0 inflight 0" "$f: coverage"
	i=$((i + 1))
done
assert_eq "$(grep -c '^agg/m:.* count ' $L)" 16 "16 member blocks"
consistent $L || { cat $L; fail "member blocks inconsistent"; }
# member buckets: 4 per power of 2
awk '$1 ~ /^agg\/m:/ && $2 == "bucket" && $3 >= 4 {
		for (p = 1; p * 2 <= $3; p *= 2) ;
		if ($4 - $3 != p / 4) bad = 1
	} END { exit bad }' $L || fail "member bucket widths"
echo 0 > $L
delay members 0 4
assert_eq "$(grep -c '^agg/m:.* count ' $L)" 4 "only the members hit have a block"

echo "== reads and resets while hit; the test module goes and comes"
echo 0 > $TRACEFS/tracing_on
delay members 0 20000 &
bg=$!
reads=0
while kill -0 $bg 2> /dev/null || [ $reads -lt 3 ]; do
	cat $L > /tmp/snap
	consistent /tmp/snap || { cat /tmp/snap; fail "an inconsistent read"; }
	reads=$((reads + 1))
	[ $((reads % 5)) -eq 2 ] && echo 0 > $L
done
wait $bg || fail "members calls"
echo "$reads reads"
# the module goes while the files are read
( while [ ! -e /tmp/stop ]; do cat $L $A > /dev/null; done ) &
rd=$!
rmmod kprobetrace_test || fail "rmmod kprobetrace_test while armed"
cat $L > /dev/null
insmod /kpt/kprobetrace_test.ko || fail "reloading kprobetrace_test"
touch /tmp/stop
wait $rd
echo 1 > $TRACEFS/tracing_on
assert_eq "$(cat $A)" "agg/m" "still armed after the module came back"
echo 0 > $L
delay members 0 16
assert_eq "$(cnt agg/m)" 16 "after the reload: the event's count"
assert_eq "$(grep -c '^agg/m:.* count 1 ' $L)" 16 "after the reload: 16 member blocks"
echo '!agg/m' > $A
assert_eq "$(grep -c '^agg/m:' $L)" 0 "disarmed: no member block"

echo "== ~1000 kernel functions: the members sum to the event"
define 'f:agg/big proc_*,seq_*,*_read*:exit $duration'
echo 0 > $D/agg/big/enable
nf=$(grep -c '^agg/big ' $KPT/fprobe_functions)
echo "$nf functions"
[ "$nf" -ge 900 ] || fail "agg/big: $nf functions"
echo 0 > $L
# only this shell's returns (its builtins read /proc), so that reading
# the file changes nothing
sh -c "echo \"agg/big pid=\$\$\" > $A
	for i in 1 2 3; do
		while read l; do :; done < /proc/self/status
		while read l; do :; done < /proc/meminfo
	done" || fail "arming agg/big"
cat $L > /tmp/big
grep -v bucket /tmp/big | grep '^agg/big' | head -20
ev=$(awk '$1 == "agg/big" && $2 == "count" { print $3 }' /tmp/big)
sum=$(awk '$1 ~ /^agg\/big:/ && $2 == "count" { s += $3 } END { print s + 0 }' /tmp/big)
nm=$(grep -c '^agg/big:.* count ' /tmp/big)
echo "event $ev, members $sum in $nm blocks"
[ "$ev" -gt 0 ] && [ "$nm" -ge 3 ] || fail "agg/big: too few hits"
assert_eq "$sum" "$ev" "the members' counts sum to the event's"
consistent /tmp/big || fail "agg/big: inconsistent"
echo '!agg/big' > $A
echo '-:agg/big' >> $E

echo "== coverage: an exhausted pool (misses), a call under way"
define 'r1:agg/r1 kpt_test_rdelay $duration'
define 'f1:agg/f1 kpt_test_rdelay%return $duration'
for ev in r1 f1; do
	echo 0 > $D/agg/$ev/enable
	arm agg/$ev
done
echo 0 > $L
delay rdelay 0 2
for ev in r1 f1; do
	assert_eq "$(cnt agg/$ev)" 2 "$ev: the outer calls timed"
	assert_eq "$(cov agg/$ev)" "calls 10 misses 8 inflight 0" "$ev: coverage"
done
define 'r:agg/b kpt_test_block $duration'
define 'f:agg/fb kpt_test_block%return $duration'
for ev in b fb; do
	echo 0 > $D/agg/$ev/enable
	arm agg/$ev
done
echo wait > $KPT_TEST/block &
bl=$!
n=0
until [ "$(cov agg/b)" = "calls 1 misses 0 inflight 1" ]; do
	n=$((n + 1))
	[ $n -lt 100 ] || { cat $L; fail "the blocked call never showed"; }
	sleep 0.1
done
assert_eq "$(cov agg/fb)" "calls 1 misses 0 inflight 1" "fb: a call under way"
assert_eq "$(cnt agg/b)" 0 "b: not returned yet"
echo release > $KPT_TEST/block
wait $bl || fail "the blocked call"
for ev in b fb; do
	assert_eq "$(cov agg/$ev)" "calls 1 misses 0 inflight 0" "$ev: returned"
	assert_eq "$(cnt agg/$ev)" 1 "$ev: count"
done

echo "== pointer returns: NULL and ERR_PTR"
define 'r:agg/p kpt_test_retptr $retval $duration'
define 'f:agg/fp kpt_test_retptr%return $retval $duration'
for ev in p fp; do
	echo 0 > $D/agg/$ev/enable
	arm agg/$ev
done
# kpt_test_retptr(i): NULL, ERR_PTR(-ENOENT), &obj, &obj (i mod 4)
delay ptr 0 10
grep '^agg/f\?p ' $L | grep -v bucket
for ev in p fp; do
	assert_eq "$(cnt agg/$ev)" 10 "$ev: count"
	assert_file_has $L "^agg/$ev failures 3\$" "$ev: failures"
	assert_file_has $L "^agg/$ev errno -ENOENT 3\$" "$ev: -ENOENT"
	if [ -e /sys/kernel/btf/kprobetrace_test ]; then
		assert_file_has $L "^agg/$ev null 3\$" "$ev: NULL returns (BTF: a pointer)"
	else
		# no BTF: the return value is a long, its NULLs not told apart
		grep -q "^agg/$ev null " $L && fail "$ev: null without BTF"
	fi
done

echo "== several probes of one event (lifecycle=today): a block each"
for a in $(cat $A); do echo "!$a" > $A; done
echo > $E || fail "clearing"
echo today > /sys/module/kprobetrace/parameters/lifecycle || fail "lifecycle=today"
define 'r:agg/two kpt_test_delay $duration'
define 'r:agg/two kpt_test_errno $duration'
arm agg/two
delay delay 0 3
delay errno 0 5
grep -v bucket $L
assert_eq "$(cnt agg/two)" 8 "the event's count"
assert_eq "$(cnt agg/two:kpt_test_delay)" 3 "kpt_test_delay's block"
assert_eq "$(cnt agg/two:kpt_test_errno)" 5 "kpt_test_errno's block"
assert_eq "$(cov agg/two:kpt_test_errno)" "calls 5 misses 0 inflight 0" "a probe's coverage"
# a probe appended to an armed event gets its block
define 'r:agg/two kpt_test_six_args $duration'
echo 'six_args 2' > $KPT_TEST/call
assert_eq "$(cnt agg/two:kpt_test_six_args)" 2 "an appended probe's block"
assert_eq "$(kpt-write -t $E '')" "open: EBUSY" "today: clearing an armed event"

echo "== the unload disarms"
rmmod kprobetrace || fail "rmmod with an armed event"
insmod /kpt/kprobetrace.ko || fail "reloading"
assert_eq "$(cat $A)" "" "nothing armed after the reload"
echo "aggregate OK"
