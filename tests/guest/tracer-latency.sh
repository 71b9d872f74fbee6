# The latency file: each return event with a $duration field aggregates
# its durations in the module (per-CPU log-linear histograms: log2
# buckets cut into 8 linear ones, [2^k, 2^(k+1)) exactly), summed when
# read, with the count, max and p50/p90/p99/p99.9 (the lower edge of
# their bucket, within 12.5%).  The histogram equals, bucket for bucket,
# the one made from the same events' records (the same durations), counts
# are exact, a write resets, and reads while the events are hit (and
# reset) are consistent.
# matrix: core
# timeout: 180
. /kpt/lib.sh

E=$KPT/kprobe_events
L=$KPT/latency
T=$TRACEFS/trace
NS=1048576			# 2^20 ns

delay() { echo "$1 $2 $3" > $KPT_TEST/delay || fail "delay $*"; }

# durs EV: EV's durations in the trace, one a line
durs() {
	awk -v ev=" $1: (" 'index($0, ev) {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^duration=/) { sub(/^duration=/, "", $i); print $i }
		}' $T
}

# from_trace EV: EV's latency lines as they must be, made from its records
# (its coverage line too)
from_trace() {
	durs $1 | sort -n | awk -v ev="lat/$1" '
		function lo(v, p) {
			if (v < 8) return v
			for (p = 1; p * 2 <= v; p *= 2) ;
			return p + int((v - p) * 8 / p) * p / 8
		}
		function hi(l, p) {
			if (l < 8) return l + 1
			for (p = 1; p * 2 <= l; p *= 2) ;
			return l + p / 8
		}
		{ d[NR] = $1; b = lo($1); if (!(b in c)) order[++nb] = b; c[b]++ }
		END {
			n = NR
			printf "%s count %d max %.0f", ev, n, n ? d[n] : 0
			split("500 900 990 999", q, " "); split("p50 p90 p99 p99.9", nm, " ")
			for (i = 1; i <= 4; i++) {
				r = int((n * q[i] + 999) / 1000); if (r < 1) r = 1
				printf " %s %.0f", nm[i], n ? lo(d[r]) : 0
			}
			printf "\n"
			for (i = 1; i <= nb; i++)
				printf "%s bucket %.0f %.0f %d\n", ev, order[i], hi(order[i]), c[order[i]]
			# every call recorded returned; none lost
			printf "%s calls %d misses 0 inflight 0\n", ev, n
		}'
}

# same EV: the latency file's lines of EV are those made from its records
same() {
	grep "^lat/$1 " $L > /tmp/got
	from_trace $1 > /tmp/want
	cmp -s /tmp/got /tmp/want || { echo "--- got"; cat /tmp/got; echo "--- want"; cat /tmp/want; fail "$1: latency lines"; }
}

# summary EV FIELD: a field of EV's summary line (count, max, p50 ...)
summary() {
	awk -v ev="lat/$1" -v f="$2" '$1 == ev && $2 == "count" {
		for (i = 2; i < NF; i += 2) if ($i == f) print $(i + 1) }' $L
}

echo "== events with \$duration are listed, others not"
echo > $T
define 'r:lat/rd kpt_test_delay $duration'
define 'f:lat/fx kpt_test_delay%return $duration'
define 'f:lat/rr kpt_test_rdelay%return $duration'
define 'r:lat/plain kpt_test_delay $retval'
cat $L
assert_eq "$(grep -c ' count ' $L)" 3 "one block per event with \$duration"
assert_eq "$(grep -c . $L)" 6 "a count line and a coverage line each"
assert_file_has $L '^lat/rd count 0 max 0 p50 0 p90 0 p99 0 p99.9 0$' "empty rd"
assert_file_has $L '^lat/rd calls 0 misses 0 inflight 0$' "empty rd: coverage"
grep -q '^lat/plain ' $L && fail "an event without \$duration listed"

echo "== known delays: exact counts, buckets as the records say"
delay delay $NS 3
delay delay $((4 * NS)) 2
delay delay $((16 * NS)) 1
delay rdelay $NS 2
cat $L
for ev in rd fx rr; do
	same $ev
done
assert_eq "$(summary rd count)" 6 "rd: count"
assert_eq "$(summary fx count)" 6 "fx: count"
assert_eq "$(summary rr count)" 10 "rr: count (2 x 5 nested calls)"
# each delay at least its bucket: 3 calls at or above 2^20, 2 above 2^22,
# 1 above 2^24; the max at least 2^24
for ev in rd fx; do
	awk -v ev="lat/$ev" '$1 == ev && $2 == "bucket" {
			if ($3 < 1048576) bad = 1
			if ($3 >= 4194304) n4 += $5
			if ($3 >= 16777216) n16 += $5
		}
		END { exit bad || n4 < 3 || n16 < 1 }' $L || fail "$ev: a delay below its bucket"
	[ "$(summary $ev max)" -ge $((16 * NS)) ] || fail "$ev: max below 2^24"
done
# exact edges: every bucket is [lo, hi) with hi - lo = 1/8 of its power of 2
awk '$2 == "bucket" {
		for (p = 1; p * 2 <= $3; p *= 2) ;
		if ($3 >= 8 && $4 - $3 != p / 8) bad = 1
	} END { exit bad }' $L || fail "bucket widths"

echo "== a write resets"
echo 0 > $L || fail "reset"
cat $L
for ev in rd fx rr; do
	assert_file_has $L "^lat/$ev count 0 max 0 p50 0 p90 0 p99 0 p99.9 0\$" "$ev reset"
done
assert_eq "$(grep -c bucket $L)" 0 "no bucket after a reset"
echo > $T
delay delay $((2 * NS)) 4
same rd
same fx
assert_eq "$(summary rd count)" 4 "rd: count after the reset"
assert_eq "$(summary rr count)" 0 "rr: not hit since the reset"

echo "== reads while hit (and reset) are consistent"
echo 0 > $TRACEFS/tracing_on		# hits aggregate, no records
echo 0 > $L
delay delay 0 20000 &
bg=$!
reads=0
while kill -0 $bg 2> /dev/null || [ $reads -lt 3 ]; do
	cat $L > /tmp/snap
	# count = the sum of its buckets, percentiles in order, max at least
	# the highest bucket's lower edge
	awk '$2 == "count" {
			if (($1 in cnt)) bad = 1
			cnt[$1] = $3; mx[$1] = $5
			if (!($7 <= $9 && $9 <= $11 && $11 <= $13 && $13 <= $5)) bad = 1
		}
		$2 == "bucket" { sum[$1] += $5; if ($3 > top[$1]) top[$1] = $3 }
		END {
			for (e in cnt) if (cnt[e] != sum[e] + 0 || (e in top && mx[e] < top[e])) bad = 1
			exit bad
		}' /tmp/snap || { cat /tmp/snap; fail "an inconsistent read"; }
	reads=$((reads + 1))
	# a reset now and then, racing with the hits
	[ $((reads % 7)) -eq 3 ] && kill -0 $bg 2> /dev/null && echo 0 > $L
done
wait $bg || fail "delay calls"
echo "$reads reads"
cat $L | grep count
c=$(summary rd count)
[ "$c" -ge 0 ] && [ "$c" -le 20000 ] || fail "rd: count $c after resets"
echo 0 > $L
delay delay 0 500
assert_eq "$(summary rd count)" 500 "rd: count after a quiet reset"
assert_eq "$(summary fx count)" 500 "fx: count after a quiet reset"
echo 1 > $TRACEFS/tracing_on

echo "== errno tables: a signed \$retval beside \$duration"
define 'r:lat/er kpt_test_errno $retval:s32 $duration'
define 'f:lat/fer kpt_test_errno%return r=$retval:s32 $duration'
define 'r:lat/eu kpt_test_errno $retval:u32 $duration'
# untyped, and the test module has no BTF: the type is unknown, an s32
# errno with upper 32 bits of zero counts; typed x64, it does not
define 'r:lat/eg kpt_test_errno $retval $duration'
define 'r:lat/ex kpt_test_errno $retval:x64 $duration'
# kpt_test_errno(i): -ENOMEM, -EINVAL, 0, 0 for i = 0, 1, 2, 3 (mod 4)
delay errno 0 10
grep '^lat/[ef]' $L
evs="er fer eg"
[ -e /sys/kernel/btf/kprobetrace_test ] && evs="er fer"	# BTF types it
for ev in $evs; do
	assert_eq "$(summary $ev count)" 10 "$ev: count"
	assert_eq "$(grep "^lat/$ev " $L | grep -v ' bucket ' | grep -v ' count ')" \
"lat/$ev failures 6
lat/$ev errno -ENOMEM 3
lat/$ev errno -EINVAL 3
lat/$ev calls 10 misses 0 inflight 0" "$ev: errno table, coverage"
done
assert_eq "$(grep -cE '^lat/eu (failures|errno) ' $L)" 0 "an unsigned \$retval has no errno table"
assert_file_has $L '^lat/ex failures 0$' "ex: an int's errno read as an x64 is not one"
delay errno 0 7
assert_file_has $L '^lat/er failures 10$' "er: failures add up (i = 0..6: 2 -ENOMEM, 2 -EINVAL)"
assert_file_has $L '^lat/er errno -ENOMEM 5$' "er: -ENOMEM"
assert_file_has $L '^lat/er errno -EINVAL 5$' "er: -EINVAL"
echo 0 > $L
assert_file_has $L '^lat/er failures 0$' "er: reset"
assert_eq "$(grep -c '^lat/er errno ' $L)" 0 "er: no errno after a reset"

echo "== a removed event leaves the file"
echo '-:lat/rd' >> $E || fail "removing rd"
grep -q '^lat/rd ' $L && fail "a removed event listed"
echo > $E || fail "clearing"
assert_eq "$(grep -c . $L)" 0 "no event, no line"
echo "latency OK"
