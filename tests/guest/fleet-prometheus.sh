#!/bin/sh
# The fleet: kprobetrace serve (libmicrohttpd) and kprobetrace metrics
# --textfile read by Debian's node exporter, both scraped by Debian's
# Prometheus server on the host through QEMU's user network (ports
# forwarded from the host's 127.0.0.1: tests/rig/needs/metrics.hostfwd).
# The host side (fleet-prometheus.host) checks both outputs with promtool
# check metrics and asks Prometheus's HTTP API for the values the test
# module's known calls imply (counts exact, quantiles inside the bucket):
# it sends its verdict back on a forwarded port. Then, here: a broken
# SIGHUP (the running set stays), a reload refused by the module (no
# ftrace update) and a good one (one ftrace update a set; removed series
# gone, the start time of a changed event moved), a glob that matches
# nothing, a port in use, an unwritable textfile directory, the
# aggregation reset (the start time moves), the textfile writer's end
# (its file gone) and kprobetrace.ko unloaded and loaded again under the
# service (up 0, then the events defined again, counters from 0), and
# nothing left behind.
# needs: metrics
# matrix: core
# timeout: 150
. /kpt/lib.sh
[ -e /kpt/needs/metrics ] || skip "no metrics archive"
E=$KPT/kprobe_events
SERVE=/usr/local/bin/kprobetrace-dyn
TF=/var/lib/prometheus/node-exporter
C=/etc/kprobetrace/metrics.conf
delay() { echo "$1 $2 $3" > $KPT_TEST/delay || fail "delay $*"; }
# get: the service's /metrics from inside the guest
get() { wget -q -O - http://10.0.2.15:9452/metrics; }
# hup TEXT: SIGHUP to serve, until its log says TEXT once more
hup() {
	n0=$(grep -cF "$1" /tmp/serve.log) i=0
	kill -HUP $spid
	until [ "$(grep -cF "$1" /tmp/serve.log)" -gt "$n0" ] || [ $i -ge 100 ]; do
		i=$((i + 1)); sleep 0.1
	done
}

# the guest's network: virtio-net, 10.0.2.15 (QEMU's user network)
for m in $(cat /kpt/net/order); do
	insmod /kpt/net/$m.ko || echo "insmod $m: $?"	# or loaded already (EEXIST)
done
ip link set lo up
ifc=$(ls /sys/class/net | grep -v '^lo$' | head -n 1)
[ -n "$ifc" ] || { grep virtio /proc/modules; cat /sys/bus/pci/devices/*/vendor /sys/bus/pci/devices/*/device; dmesg | tail -n 20; fail "no network interface"; }
ip addr add 10.0.2.15/24 dev $ifc
ip link set $ifc up

mkdir -p /etc/kprobetrace $TF
cat > $C <<X
# NAME FUNCTIONS [durations] [errors] [pid=PID] [comm=COMM]
er   kpt_test_errno                errors ret=s32
dl   kpt_test_delay                durations
set  kpt_test_m0*,kpt_test_m1*
X
$SERVE serve --listen 10.0.2.15:9452 > /tmp/serve.log 2>&1 &
spid=$!
kprobetrace metrics --textfile $TF -i 1 > /tmp/tf.log 2>&1 &
tpid=$!
prometheus-node-exporter --collector.disable-defaults --collector.textfile \
	--collector.textfile.directory=$TF --web.listen-address=:9100 > /tmp/ne.log 2>&1 &
npid=$!
n=0
until get 2>/dev/null | grep -q 'kprobetrace_event_armed{event="set"} 1' &&
	grep -q 'event_armed{event="set"} 1' $TF/kprobetrace.prom 2>/dev/null; do
	n=$((n + 1)); [ $n -lt 200 ] || { cat /tmp/serve.log /tmp/tf.log; fail "the services did not start"; }
	sleep 0.2
done
# the known calls: 40 of kpt_test_errno (10 -ENOMEM, 10 -EINVAL, 20 0),
# 20 of kpt_test_delay(1 ms), 2 of each kpt_test_m00..m15
delay errno 0 40
delay delay 1048576 20
delay members 0 32
# this guest's own view, for the quantile's bucket: serve's own event
# (the textfile writer defines its own, kptmPID_..., with other durations;
# the host's quantile is of job="kpt", serve's)
grep -E "^kptlat/kptm${spid}_0_dl (count|bucket)" $KPT/latency | grep -v ':' > /tmp/dl.txt
[ "$(grep -c ' count ' /tmp/dl.txt)" = 1 ] || fail "serve's dl event (kptm${spid}_0_dl) not in the latency file"
cat /tmp/dl.txt

echo "== the host's Prometheus scrapes both (verdict on port 9999)"
echo got | timeout 100 nc -l -p 9999 > /tmp/host.txt
cat /tmp/host.txt
grep -q '^done' /tmp/host.txt || fail "no verdict from the host side"
! grep -q '^bad' /tmp/host.txt || fail "the host side: $(grep '^bad' /tmp/host.txt | head -n 3)"
q=$(sed -n 's/^q99 //p' /tmp/host.txt)
[ -n "$q" ] || fail "no quantile from the host"
# the module's p99 bucket [LO, HI): Prometheus's estimate must be inside
awk -v q="$q" '$2 == "count" { c = $3; want = c * 0.99 }
	$2 == "bucket" { cum += $5; if (!done && cum >= want) { lo = $3; hi = $4; done = 1 } }
	END { ns = q * 1e9; ok = ns >= lo - 1 && ns <= hi + 1
	      printf "p99 bucket [%d, %d) ns, Prometheus %.0f ns\n", lo, hi, ns; exit !ok }' /tmp/dl.txt ||
	fail "histogram_quantile(0.99) outside the module's p99 bucket"

echo "== SIGHUP with a broken file: the running set stays"
cp $C /tmp/good.conf
echo "wr kpt_test_delay sometimes" >> $C
hup "unknown word"
assert_file_has /tmp/serve.log "metrics.conf:5: unknown word 'sometimes'" "broken reload named with its line"
assert_eq "$(get | grep -c 'event_armed{event="\(er\|dl\|set\)"} 1')" 3 "the running set after a broken reload"
cp /tmp/good.conf $C

echo "== SIGHUP: what changed, in one transaction"
start_of() { echo "$1" | sed -n "s/^kprobetrace_event_start_time_seconds{event=\"$2\"} //p"; }
upd() { cat $KPT/fprobe_ftrace_updates; }
m0=$(get); u0=$(upd); ev0=$(cat $E)
# set changed and a new line, one of them matching nothing: the module
# refuses the one write, so nothing was ever armed (no ftrace update)
printf 'er kpt_test_errno errors ret=s32\nset kpt_test_m0*\nnf kpt_test_nothing_matches_*\n' > $C
hup "running events stay as they are"
assert_file_has /tmp/serve.log "no traceable function matches kpt_test_nothing_matches_*" "a refused reload names its glob"
assert_eq "$(upd)" "$u0" "a refused reload: no ftrace update"
assert_eq "$(cat $E)" "$ev0" "a refused reload: the running set untouched"
# set changed, m1 new, dl gone: 2 f: sets armed, 2 disarmed, one
# ftrace update each; er kept with its counters and start time
printf 'er kpt_test_errno errors ret=s32\nset kpt_test_m0*\nm1 kpt_test_m1*\n' > $C
hup "reloaded $C"
assert_file_has /tmp/serve.log "reloaded $C: 3 events, 2 defined and 2 removed in one change" "a good reload"
assert_eq "$(( $(upd) - u0 ))" 4 "a good reload: one ftrace update a set armed or disarmed"
m1=$(get)
assert_eq "$(echo "$m1" | grep -c 'event="dl"')" 0 "a removed event: none of its series left"
[ "$(echo "$m1" | grep -c '{event="set",function="kpt_test_m1')" = 0 ] || fail "set still exports kpt_test_m1*"
assert_eq "$(start_of "$m1" er)" "$(start_of "$m0" er)" "a kept event's start time"
[ "$(start_of "$m1" set)" != "$(start_of "$m0" set)" ] || fail "a changed event's start time did not move"

echo "== bad input at the start: nothing defined"
before=$(cat $E)
printf 'nf kpt_test_nothing_matches_*\n' > /tmp/nf.conf
$SERVE serve -C /tmp/nf.conf --listen 127.0.0.1:9453 > /tmp/nf.log 2>&1
assert_eq $? 6 "a glob that matches nothing: exit"
assert_file_has /tmp/nf.log "no traceable function matches" "a glob that matches nothing"
$SERVE serve --listen 10.0.2.15:9452 > /tmp/inuse.log 2>&1
assert_eq $? 1 "port in use: exit"
assert_file_has /tmp/inuse.log "Address already in use" "port in use"
mkdir -p /tmp/ro && mount -t tmpfs -o ro tmpfs /tmp/ro
kprobetrace metrics --textfile /tmp/ro --once > /tmp/ro.log 2>&1
assert_eq $? 1 "read-only textfile directory: exit"
assert_file_has /tmp/ro.log "cannot write there" "read-only textfile directory"
umount /tmp/ro
assert_eq "$(cat $E)" "$before" "refusals defined nothing"

echo "== the aggregation reset: counters go down to 0, same series"
st=$(start_of "$(get)" er)
echo > $KPT/latency
delay errno 0 4
out=$(get)
assert_eq "$(echo "$out" | grep '^kprobetrace_function_calls_total{event="er"' | sed 's/.* //')" 4 "calls after a reset"
[ "$(start_of "$out" er)" != "$st" ] || fail "the reset did not move er's start time"

echo "== kprobetrace.ko unloaded and loaded again under the service"
kill $tpid; wait $tpid
[ ! -e $TF/kprobetrace.prom ] || fail "the textfile writer's file stays after it stopped"
rmmod kprobetrace_test
rmmod kprobetrace || fail "rmmod kprobetrace under the service"
out=$(get) || fail "serve died with the module"
echo "$out" | grep -q '^kprobetrace_up 0' || fail "no kprobetrace_up 0 without the module"
echo "$out" | grep -q 'kprobetrace_event_armed{event="er"} 0' || fail "er still armed without the module"
insmod /kpt/kprobetrace.ko || fail "insmod kprobetrace"
insmod /kpt/kprobetrace_test.ko || fail "insmod kprobetrace_test"
# a reload before the next scrape: the events the unload took are not
# disarmed again (they are gone), the changed ones defined
cp /tmp/good.conf $C
hup "reloaded $C"
assert_file_has /tmp/serve.log "reloaded $C: 3 events, 2 defined and 2 removed in one change" "a reload after the module came back"
get > /dev/null	# defines the kept one (er) again
delay errno 0 8
out=$(get)
echo "$out" | grep -q '^kprobetrace_up 1' || fail "not up again"
assert_eq "$(echo "$out" | grep '^kprobetrace_function_calls_total{event="er"' | sed 's/.* //')" 8 "calls from 0 after the reload"
assert_eq "$(echo "$out" | grep -c '^kprobetrace_function_calls_total{event="er"')" 1 "one series, not two"

kill $spid $npid; wait $spid; rc=$?
assert_eq $rc 0 "serve's exit status"
cat /tmp/serve.log
assert_eq "$(grep -c kptm $E)" 0 "the services' events removed"
