# kprobetrace latency and errors on the test module's delay and errno
# targets: exact counts, the delays in their log2 row, one histogram per
# function (-F) over a glob, -i intervals adding up, the errno table of
# errors, a void function among others, both lifecycles, and nothing left
# in kprobe_events (nor records in the trace) after Ctrl-C, SIGTERM, a -d
# timeout or an error.
# timeout: 120
. /kpt/lib.sh

E=$KPT/kprobe_events
T=$TRACEFS/trace
NS=1048576			# 2^20 ns: the [1M, 2M) row

delay() { echo "$1 $2 $3" > $KPT_TEST/delay || fail "delay $*"; }

# lat_bg OUT ARGS...: `kprobetrace ARGS` in the background (stdout in
# OUT, stderr in OUT.err), once it says its events are armed; pid in $lpid
lat_bg() {
	_o=$1; shift
	: > $_o; : > $_o.err	# no earlier run's lines to wait on
	kprobetrace "$@" > $_o 2> $_o.err &
	lpid=$! _n=0
	until grep -qE 'measuring|counting' $_o.err; do
		kill -0 $lpid 2> /dev/null || { cat $_o.err; fail "kprobetrace $* ended"; }
		sleep 0.1; _n=$((_n + 1))
		[ $_n -lt 150 ] || { cat $_o.err; fail "kprobetrace $* did not start"; }
	done
}

# stop SIG: signal the command, wait for it, exit 0, nothing left
stop() {
	kill -$1 $lpid
	wait $lpid; _rc=$?
	cat $_o $_o.err
	assert_eq $_rc 0 "exit status after SIG$1"
	left
}

# from_1m OUT: the calls in rows from [1M, 2M) up
from_1m() {
	awk -F'[][,:]+' '/^ *\[/ {
			lo = $2; m = 1
			if (lo ~ /K$/) m = 1024; if (lo ~ /M$/) m = 1048576; if (lo ~ /G$/) m = 1073741824
			sub(/[KMG]$/, "", lo)
			if (lo * m >= 1048576) n += $4
		} END { print n + 0 }' $1
}

# left: no definition left behind, no record of the test module's calls
# in the trace (a busy function may leave a few: the module's seed
# lifecycle arms an event before the command can filter its records)
left() {
	assert_eq "$(grep -c kptlat $E)" 0 "definitions left in kprobe_events"
	assert_eq "$(grep kptlat $T | grep -c kpt_test_)" 0 "records in the trace"
}

echo > $T
echo "== latency: Ctrl-C prints the calls of the session, exactly"
lat_bg /tmp/l1 latency kpt_test_delay
grep -q kptlat $E || fail "no definition while measuring"
delay delay $NS 5
delay delay 0 3
stop INT
assert_file_has /tmp/l1 '^count 8  p50 ' "count 8"
# a delay of 2^20 ns lasts at least that: rows from [1M, 2M) up hold 5
# (or more: a call without delay can be preempted for that long)
assert_eq "$(from_1m /tmp/l1)" 5 "five 1 ms calls from [1M, 2M) up"
assert_file_has /tmp/l1 '^coverage: calls 8, missed 0' "coverage"
assert_file_has /tmp/l1 'up to 12\.5% above' "the percentiles' bound"

echo "== -d: a timeout, no call: count 0, nothing left"
kprobetrace latency -d 1 -u kpt_test_delay > /tmp/l2 2> /tmp/l2.err
assert_eq $? 0 "-d 1 exit"
cat /tmp/l2
assert_file_has /tmp/l2 '^count 0 ' "count 0"
left

echo "== -i: the intervals add up to every call (no read loses any)"
lat_bg /tmp/li latency -i 0.2 kpt_test_delay
delay delay 65536 100
# an interval printed, then more calls
n=0
until grep -q '^count ' /tmp/li; do
	sleep 0.1; n=$((n + 1))
	[ $n -lt 100 ] || fail "-i 0.2: no interval printed"
done
delay delay 65536 100
stop INT
assert_eq "$(awk '/^count / { n += $2 } END { print n }' /tmp/li)" 200 "calls over the intervals"
[ "$(grep -c '^count ' /tmp/li)" -ge 2 ] || fail "-i 0.2: fewer than 2 intervals"

echo "== -F over a glob: a histogram per function"
lat_bg /tmp/l3 latency -F 'kpt_test_*delay'
delay delay 0 3
delay rdelay 0 2		# 2 x 5 nested calls
stop TERM
awk '/^kpt_test_(r?delay)$/ { f = $1 } /^count / { print f, $2 }' /tmp/l3 > /tmp/l3c
assert_eq "$(sort /tmp/l3c)" "kpt_test_delay 3
kpt_test_rdelay 10" "per-function counts"

echo "== errors: the errno table"
lat_bg /tmp/e1 errors --ret s32 kpt_test_errno
delay errno 0 10	# i = 0..9: -ENOMEM for i % 4 == 0, -EINVAL for 1
stop INT
assert_file_has /tmp/e1 '^kpt_test_errno +[-0-9]+ +10 +6 +60\.0% ' "10 returns, 6 failures"
assert_file_has /tmp/e1 '^  -ENOMEM +3 +30\.0%$' "-ENOMEM 3"
assert_file_has /tmp/e1 '^  -EINVAL +3 +30\.0%$' "-EINVAL 3"
# no --ret: where the test module has neither BTF (6.1's) nor debug info
# in the guest, the type is unknown: its int errnos (upper 32 bits zero)
# still count
lat_bg /tmp/e2 errors kpt_test_errno
delay errno 0 10
stop INT
[ -e /sys/kernel/btf/kprobetrace_test ] ||	# else BTF types it (6.12)
	assert_file_has /tmp/e2.err "type is unknown: read as a long, and a value whose upper 32 bits are zero" "the rule stated"
assert_file_has /tmp/e2 '^kpt_test_errno +[-0-9]+ +10 +6 +60\.0% ' "unknown type: 10 returns, 6 failures"
assert_file_has /tmp/e2 '^  -ENOMEM +3 +30\.0%$' "unknown type: -ENOMEM 3"
assert_file_has /tmp/e2 '^  -EINVAL +3 +30\.0%$' "unknown type: -EINVAL 3"
lat_bg /tmp/l4 latency --ret s32 kpt_test_errno
delay errno 0 7
stop INT
assert_file_has /tmp/l4 '^failures 4 of 7 \(57\.1%\): -ENOMEM 2, -EINVAL 2$' "latency's failures line"

echo "== a void function: its event has no \$retval, the others keep theirs"
if [ -e /sys/kernel/btf/vmlinux ] && [ ! -e $KPT/aggregate ]; then
	kprobetrace errors -d 1 vfs_read kfree > /tmp/v 2> /tmp/v.err || { cat /tmp/v.err; fail "errors on vfs_read, kfree"; }
	cat /tmp/v
	assert_file_has /tmp/v '^vfs_read +[0-9]+ +[0-9]+ +0 +0\.0% ' "vfs_read: failures counted"
	assert_file_has /tmp/v '^kfree +[0-9]+ +[0-9]+ +- +- ' "kfree: void, no failures column"
	left
fi

echo "== errors: clear exits, nothing left"
kprobetrace latency -d 1 kpt_no_such_function 2> /tmp/x.err
assert_eq $? 3 "unknown function"
assert_file_has /tmp/x.err "unknown function 'kpt_no_such_function'" "unknown function message"
kprobetrace errors -d 1 'kpt_no_match_*' 2> /tmp/x.err
assert_eq $? 3 "a glob matching nothing"
assert_file_has /tmp/x.err 'no traceable function matches kpt_no_match_\*' "no match message"
left
if [ ! -e $KPT/aggregate ]; then
	kprobetrace latency -d 1 -p 1 kpt_test_delay 2> /tmp/x.err
	assert_eq $? 6 "-p without the aggregate file"
	left
fi
echo "== lifecycle=today: created disabled, removed only once disabled"
LC=/sys/module/kprobetrace/parameters/lifecycle
echo today > $LC || fail "lifecycle=today"
lat_bg /tmp/lt latency kpt_test_delay
delay delay 0 4
stop INT
echo seed > $LC || fail "back to lifecycle=seed"
assert_file_has /tmp/lt '^count 4 ' "lifecycle=today: count"
echo "cmd-latency OK"
