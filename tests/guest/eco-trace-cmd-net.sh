#!/bin/sh
# trace-cmd's network recorder on our events (Debian's trace-cmd): what
# trace-cmd record -N HOST:PORT sends, trace-cmd listen on the other host
# (here the guest's own loopback) writes into a trace.dat that carries
# the events' formats: trace-cmd report on the received file prints our
# events with every field by name, typed and string fields included.
# needs: trace-cmd
# timeout: 90
. /kpt/lib.sh
E=$KPT/kprobe_events
ip link set lo up
# trace-cmd listen names its client (getnameinfo): a hosts file
echo '127.0.0.1 localhost' > /etc/hosts
echo 'hosts: files' > /etc/nsswitch.conf
echo 'p:kprobetrace/tcn kpt_test_six_args first=$arg1 second=$arg2:s16 third=$arg3:x32' > $E
echo 'p:kprobetrace/tcs kpt_test_string s=+0(%di):string comm=$comm' >> $E
echo 'r:kprobetrace/tcr kpt_test_string ret=$retval:x64' >> $E
mkdir -p /tmp/recv
cd /tmp
trace-cmd listen -p 19999 -d /tmp/recv -o recv -l /tmp/listen-msg.log > listen.log 2>&1 &
lpid=$!
n=0	# listening: port 19999 (0x4E1F) in /proc/net/tcp, state 0A
until grep -q ':4E1F [0-9A-F:]* 0A' /proc/net/tcp; do
	n=$((n + 1)); [ $n -lt 100 ] || { cat listen.log; fail "trace-cmd listen did not start"; }
	sleep 0.1
done
trace-cmd record -N 127.0.0.1:19999 -e kprobetrace:tcn -e kprobetrace:tcs -e kprobetrace:tcr \
	sh -c ". /kpt/lib.sh; tc_wait_recorders; echo 'six_args 3' > $KPT_TEST/call; echo 'string 2' > $KPT_TEST/call" \
	> rec.txt 2>&1 || { cat rec.txt listen.log /tmp/listen-msg.log; ls -lR /tmp/recv; fail "trace-cmd record -N"; }
cat rec.txt
n=0	# the listener finishes the file once the recorder hung up
until [ -n "$(ls /tmp/recv/ 2>/dev/null)" ] && ! grep -q 'connected' listen.log 2>/dev/null ||
	[ $n -ge 30 ]; do n=$((n + 1)); sleep 0.1; done
sleep 1
kill $lpid; wait $lpid
cat listen.log
ls -l /tmp/recv
f=$(ls /tmp/recv/* | head -n 1)
[ -n "$f" ] || fail "trace-cmd listen received no file"
trace-cmd report -i "$f" > report.txt 2>&1 || { cat report.txt; fail "trace-cmd report on the received file"; }
cat report.txt
assert_eq "$(grep -Ec ' tcn: +\([0-9a-f]+\) first=(0x11|17) second=34 third=0x33$' report.txt)" 3 "received: typed fields by name"
assert_eq "$(grep -Ec ' tcs: +\([0-9a-f]+\) s="kprobetrace" comm="sh"$' report.txt)" 2 "received: string fields"
assert_eq "$(grep -Ec ' tcr: .*ret=0x[0-9a-f]+$' report.txt)" 2 "received: return records"
trace-cmd report -i "$f" -F 'kprobetrace/tcn: second == 34' > f.txt 2>&1
assert_eq "$(grep -c ' tcn: ' f.txt)" 3 "received: a filter on our field by name"
echo > $E
