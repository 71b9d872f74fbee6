# $duration on return events (r:, %return, f: exits, an exit set): the
# nanoseconds since the call's own entry, kept with the entry values, so
# that each of 5 nested calls gets its own; a u64 field in the format
# file that filters and hist triggers (duration.log2) use; refused on
# entry probes and beside the seed's tokens.  The test module's
# kpt_test_delay(NS) busy-waits NS ns of the same clock on one CPU, so a
# duration is at least NS, exactly (upper bounds are loose: the guest's
# vCPUs share the host).  An exhausted kretprobe or rethook pool makes
# misses, never a wrong duration.
# In the core subset: the kretprobe and rethook paths differ (compat/).
# matrix: core
# timeout: 120
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
D=$TRACEFS/events
NS=1048576			# 2^20 ns, about 1 ms
MAXNS=2000000000		# a loose upper bound: 2 s

delay() { echo "$1 $2 $3" > $KPT_TEST/delay || fail "delay $*"; }

# durs EV [FUNC]: EV's durations in the trace, one a line (the field
# named duration or d)
durs() {
	awk -v ev=" $1: (" -v fn="<- ${2:-kpt_test_delay})" '
		index($0, ev) && index($0, fn) {
			for (i = 1; i <= NF; i++)
				if ($i ~ /^(duration|d)=/) { sub(/^[a-z]*=/, "", $i); print $i }
		}' $T
}

# check_range EV N LO [FUNC]: EV has N records (of FUNC's returns,
# default kpt_test_delay), each duration in [LO, MAXNS)
check_range() {
	_got=$(durs $1 $4 | wc -l)
	assert_eq "$_got" "$2" "$1: records"
	for _d in $(durs $1 $4); do
		[ "$_d" -ge "$3" ] && [ "$_d" -lt $MAXNS ] ||
			{ grep " $1: " $T; fail "$1: duration $_d not in [$3, $MAXNS)"; }
	done
}

echo "== definitions: r:, %return, f: exit, an exit set"
echo > $T
define 'r:dur/rd kpt_test_delay ns=$arg1:u64 $duration'
define 'p:dur/pr kpt_test_delay%return d=$duration'
define 'f:dur/fx kpt_test_delay%return $duration'
define 'f:dur/set kpt_test_delay,kpt_test_rdelay:exit $duration'
cat $E
grep -q 'r:dur/rd kpt_test_delay ns=$arg1:u64 duration=$duration$' $E ||
	fail "listing of rd"
for ev in rd fx set; do
	fmt_has $D/dur/$ev u64 duration
done
fmt_has $D/dur/pr u64 d

echo "== durations of known delays"
delay delay $NS 4
grep -v '^#' $T | head -8
check_range rd 4 $NS
check_range pr 4 $NS
check_range fx 4 $NS
check_range set 4 $NS
assert_eq "$(grep -c " rd: .* ns=$NS duration=" $T)" 4 "rd: entry value beside the duration"
# a zero delay: durations of the call alone, far below 2^20 ns here
# unless the host stalls the guest: only the lower bound is exact
echo > $T
delay delay 0 3
check_range rd 3 0
check_range set 3 0

echo "== 5 nested calls: each its own duration"
echo > $T
define 'r:dur/rr kpt_test_rdelay depth=$arg1:s64 $duration'
define 'f:dur/fr kpt_test_rdelay%return depth=$arg1:s64 $duration'
delay rdelay $NS 3
grep -v '^#' $T | head -12
for ev in rr fr set; do
	awk -v ev=" $ev: (" '
		index($0, ev) && index($0, "<- kpt_test_rdelay)") {
			for (i = 1; i <= NF; i++) {
				if ($i ~ /^depth=/) { sub(/^depth=/, "", $i); dp = $i }
				if ($i ~ /^duration=/) { sub(/^duration=/, "", $i); du = $i }
			}
			print dp, du
		}' $T > /tmp/nest
	if [ $ev = set ]; then
		# the set has no depth field: its records come in the same order
		durs set kpt_test_rdelay | awk '{ print (NR - 1) % 5, $1 }' > /tmp/nest
	fi
	assert_eq "$(wc -l < /tmp/nest)" 15 "$ev: records of 3 x 5 nested calls"
	# innermost first (depth 0 returns first); each call waits NS itself,
	# so depth k lasts at least (k + 1) NS and at least NS more than the
	# call it made
	awk -v ns=$NS -v max=$MAXNS -v ev=$ev '
		{
			i = (NR - 1) % 5
			if ($1 != i) { print ev ": record " NR " has depth " $1 ", want " i; bad = 1 }
			if ($2 < (i + 1) * ns || $2 >= max) { print ev ": depth " i " lasted " $2; bad = 1 }
			if (i > 0 && $2 < prev + ns) { print ev ": depth " i " lasted " $2 ", inner " prev; bad = 1 }
			prev = $2
		}
		END { exit bad }' /tmp/nest || { cat /tmp/nest; fail "$ev: nested durations"; }
done
echo '-:dur/rr' >> $E
echo '-:dur/fr' >> $E

echo "== \$duration on an entry, or with the seed's tokens: refused"
bad() {
	_got=$(kpt-write -a $E "$2\n")
	[ "$_got" = "write: $1" ] || { cat $LOG; fail "'$2': got '$_got', want write: $1"; }
}
bad EINVAL 'p:dur/bad kpt_test_delay $duration'
cat $LOG
assert_file_has $LOG 'duration is only available on return probes' "error_log: entry"
assert_file_has $LOG '^  Command: p:dur/bad kpt_test_delay \$duration$' "error_log: the command"
bad EINVAL 'f:dur/bad kpt_test_delay $duration'
bad EINVAL 'f:dur/bad kpt_test_delay,kpt_test_rdelay:entry $duration'
bad EINVAL 'r:dur/bad kpt_test_delay rv $duration'
assert_file_has $LOG "not in a line with the seed's" "error_log: seed"
bad EINVAL 'r:dur/bad kpt_test_delay $duration:string'
[ -d $D/dur/bad ] && fail "a refused event exists"

echo "== a filter on the duration"
echo > $T
echo "duration >= $((2 * NS))" > $D/dur/rd/filter || fail "filter on duration"
echo "d < $((2 * NS))" > $D/dur/pr/filter || fail "filter on d"
delay delay $((2 * NS)) 3
check_range rd 3 $((2 * NS))
check_range pr 0 0
check_range fx 3 $((2 * NS))
echo 0 > $D/dur/rd/filter
echo 0 > $D/dur/pr/filter

echo "== a hist trigger keyed on duration.log2"
echo 'hist:keys=duration.log2' > $D/dur/fx/trigger || fail "hist trigger on duration.log2"
delay delay $NS 5
cat $D/dur/fx/hist > /tmp/hist
cat /tmp/hist
assert_file_has /tmp/hist '^    Hits: 5$' "hist: every call"
# every key at least 2^20 (the delay), with hitcounts summing to 5
awk '/duration: +~ 2\^/ { k = $0; sub(/.*2\^/, "", k); sub(/[^0-9].*/, "", k);
		if (k + 0 < 20) bad = 1; n += $NF }
	END { exit bad || n != 5 }' /tmp/hist || fail "hist: keys below 2^20 or hits lost"
echo '!hist:keys=duration.log2' > $D/dur/fx/trigger

echo "== an exhausted pool: misses, never a wrong duration"
echo > $T
# one kretprobe instance, one rethook node: of 5 nested calls only the
# outermost (depth 4) is timed, the 4 inner ones are misses
define 'r1:dur/r1 kpt_test_rdelay depth=$arg1:s64 $duration'
define 'f1:dur/f1 kpt_test_rdelay%return depth=$arg1:s64 $duration'
delay rdelay $NS 2
cat $KPT/kprobe_profile
for ev in r1 f1; do
	assert_eq "$(grep -c " $ev: (.* depth=4 duration=" $T)" 2 "$ev: the outer calls' records"
	assert_eq "$(grep -c " $ev: " $T)" 2 "$ev: no other record"
	check_range $ev 2 $((5 * NS)) kpt_test_rdelay
	assert_eq "$(misses $ev)" 8 "$ev: misses"
	assert_file_has $KPT/latency "^dur/$ev count 2 " "$ev: latency counts the timed calls only"
done
echo '-:dur/r1' >> $E
echo '-:dur/f1' >> $E

echo "== beside BTF names"
needs_debian_btf "BTF names"
echo > $T
define 'f:dur/vr vfs_read%return count $duration'
define 'r:dur/vrr vfs_read count ret=$retval $duration'
cat /proc/version > /dev/null
grep -v '^#' $T | grep ' vr' | head -4
assert_file_has $T ' vr: \(.* <- vfs_read\) count=[0-9]+ duration=[0-9]+$' "f: exit with a BTF name"
assert_file_has $T ' vrr: \(.* <- vfs_read\) count=[0-9]+ ret=-?[0-9]+ duration=[0-9]+$' "r: with BTF names"
echo '-:dur/vr' >> $E
echo '-:dur/vrr' >> $E

echo > $E || fail "clearing"
echo "duration OK"
