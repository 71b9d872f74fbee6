# matrix: core
# Faults: fetches (numbers and strings) through NULL,
# user-space, unmapped, non-canonical and just-freed pointers and across
# page boundaries record the fault value, (fault), or the bytes, and never
# oops; kretprobe instances
# exhausted are counted as misses; a full ring buffer (overwrite off) counts
# what it drops, exactly; the probed module unloaded while its probes are
# enabled and being hit; `rmmod kprobetrace` while its events are enabled
# and being hit (and refused while a control file is open).
# timeout: 240
. /kpt/lib.sh
# (readers print the trace rather than consume it: trace_printer)

E=$KPT/kprobe_events
T=$TRACEFS/trace
P=$KPT/kprobe_profile
X=$KPT_TEST/call_ext
FAULT=0xfffffffffffffff2

# --- 1. fetches through bad pointers -------------------------------------------
echo > $T
# seed syntax: tag, *p, **p, *(p + 8); today's: tag, user *p, 4 bytes at p
echo 'p:fp kpt_test_ptr a1 +0(%di) +0(+0(%di)) +8(%di)' > $E || fail "fp"
echo 'p:fu kpt_test_ptr tag=%si u=+u0(%di):x64 w=+0(%di):x32' >> $E || fail "fu"
echo 'p:fs kpt_test_ptr tag=%si s=+0(%di):string' >> $E || fail "fs"
for c in ptr_null ptr_user ptr_unmapped ptr_freed ptr_noncanon ptr_cross ptr_edge \
	str_cross str_edge; do
	echo "$c 1" > $X || fail "calling $c"
done
grep kpt_test_ptr $T
# the values of each kpt_test_ptr record (seed "...]: V V" or today's
# "...]) NAME=V NAME=V" format); fp: the 4 values of fp's record of tag N;
# fu N K: the Kth value (1 tag, 2 u, 3 w) of fu's record of tag N
values() {
	grep -F 'kpt_test_ptr+'"$E0"'/' $T |
		sed -e 's/.*\]: //' -e 's/.*\]) //' -e 's/[A-Za-z_][A-Za-z_0-9]*=//g'
}
fp() { values | awk -v t=$1 'NF == 4 && $1 == t' | tail -n 1; }
fu() { values | awk -v t=$1 -v k=$2 'NF == 3 && $1 == t { v = $k } END { print v }'; }
fs() { values | awk -v t=$1 'NF == 2 && $1 == t { v = $2 } END { print v }'; }
assert_eq "$(fp 0x1)" "0x1 $FAULT $FAULT $FAULT" "NULL"
assert_eq "$(fp 0x2)" "0x2 $FAULT $FAULT $FAULT" "user pointer read as kernel memory"
assert_eq "$(fu 0x2 2)" 0x726573755f727470 "user pointer read as user memory ('ptr_user')"
assert_eq "$(fp 0x3)" "0x3 $FAULT $FAULT $FAULT" "vmalloc guard page"
assert_eq "$(fp 0x5)" "0x5 $FAULT $FAULT $FAULT" "non-canonical"
assert_eq "$(fp 0x6 | cut -d' ' -f1,2,4)" "0x6 0x1122334455667788 0x727465626f72706b" "8 bytes across a page boundary"
assert_eq "$(fp 0x7)" "0x7 $FAULT $FAULT $FAULT" "8 bytes running into the guard page"
assert_eq "$(fu 0x7 3)" 0x41414141 "the last 4 bytes of the page"
assert_eq "$(fu 0x1 2)" "$FAULT" "NULL as user memory"
# strings: across a page boundary, running into the guard page, at NULL,
# user-space, unmapped and non-canonical addresses
assert_eq "$(fs 0x8)" '"kprobetrace-cross-page"' "string across a page boundary"
assert_eq "$(fs 0x9)" '(fault)' "string running into the guard page"
for t in 0x1 0x2 0x3 0x5; do
	assert_eq "$(fs $t)" '(fault)' "string at bad pointer (tag $t)"
done
# freed slab memory: whatever it holds now (no KASAN report on debug kernels)
freed=$(fp 0x4)
echo "just-freed object: $freed"
assert_match "$freed" '^0x4 0x[0-9a-f]+ 0x[0-9a-f]+ 0x[0-9a-f]+$' "freed object read"
assert_eq "$(hits fp) $(hits fu) $(hits fs)" "9 9 9" "every call recorded"
echo > $E
echo "bad pointers OK"

# --- 2. kretprobe instances exhausted -----------------------------------------
# r1: one instance; kpt_test_recurse(4) nests 5 calls: the outermost gets
# the instance, the 4 inner ones are missed, exactly
echo 'r1:rr kpt_test_recurse rv' > $E || fail "r1 rr"
echo "recurse 10" > $X
cat $P
assert_eq "$(hits rr) $(misses rr)" "10 40" "recursion: hits and misses"
# 4 writers sleeping concurrently in a function with one instance
echo 'r1:rs kpt_test_sleep' >> $E || fail "r1 rs"
for i in 1 2 3 4; do echo "sleep 5" > $X & done
wait
cat $P
h=$(hits rs) m=$(misses rs)
assert_eq "$((h + m))" 20 "concurrent sleepers: hits + misses"
[ "$m" -ge 1 ] || fail "no kretprobe miss with 4 concurrent sleepers and maxactive 1"
echo > $E
echo "kretprobe misses OK"

# --- 3. the ring buffer full, overwrite off ----------------------------------
size=$(sed "s/.*expanded: //; s/[^0-9].*//" $TRACEFS/buffer_size_kb)
echo 0 > $TRACEFS/options/overwrite
echo 8 > $TRACEFS/buffer_size_kb
echo 'p:rb kpt_test_seq a0' > $E || fail "rb"
echo > $T
echo "seq 20000" > $X
entries=$(rbsum entries) dropped=$(rbsum "dropped events") lines=$(grep -c 'kpt_test_seq+'"$E0"'/' $T)
echo "hits $(hits rb), in the buffer $entries (trace shows $lines), dropped $dropped"
assert_eq "$(hits rb)" 20000 "hits"
assert_eq "$lines" "$entries" "trace lines = buffer entries"
assert_eq "$((entries + dropped))" 20000 "recorded + dropped = hits"
[ "$dropped" -gt 0 ] || fail "nothing dropped from an 8 KiB buffer"
# the oldest records are kept (overwrite off): a0 counts up from 0
assert_match "$(grep -m 1 'kpt_test_seq+'"$E0"'/' $T)" ': 0x0$' "first record kept"
echo > $E
echo 1 > $TRACEFS/options/overwrite
echo "$size" > $TRACEFS/buffer_size_kb
echo > $T
echo "ring buffer full OK"

# --- 4. the probed module goes away while its probes are enabled and hit --------
echo 'p:m1 kpt_test_six_args a0' > $E
echo 'r:m2 kpt_test_seq rv' >> $E
echo 'p:m3 kpt_test_ptr +0(%di)' >> $E
# kernel threads of the module hit all three until its exit stops them:
# rmmod needs no retry, and no process opens the module's debugfs files
# while it goes (6.1 warns about such an open)
echo "spin 2" > $X || fail "starting the module's spinners"
rm -f /tmp/tstop
trace_printer /tmp/tstop &
sleep 2
before=$(hits m1)
[ "$before" -gt 0 ] || fail "the spinners hit nothing"
rmmod kprobetrace_test || fail "rmmod kprobetrace_test while hit"
echo "kprobetrace_test unloaded after $before hits of m1"
touch /tmp/tstop
wait
cat $E; cat $P
cat $T > /dev/null || fail "reading the trace"
# the events of the gone probes can be toggled and deleted
echo 0 > $TRACEFS/events/kprobetrace/m1/enable
echo 1 > $TRACEFS/events/kprobetrace/m1/enable 2>/dev/null
echo 0 > $TRACEFS/events/kprobetrace/m1/enable
echo '-:m2' >> $E || fail "deleting a probe of the gone module"
insmod /kpt/kprobetrace_test.ko || fail "reloading kprobetrace_test"
echo > $E || fail "clearing the probes of the gone module"
echo 'p:m4 kpt_test_six_args a0' > $E || fail "probing the reloaded module"
echo "six_args 3" > $KPT_TEST/call
assert_eq "$(hits m4)" 3 "probe on the reloaded module"
echo > $E
echo "module gone under probes OK"

# --- 5. rmmod kprobetrace while its events are enabled and hit -------------------
# refused while a control file is open (the open file pins the module)
echo 'p:h0 kpt_test_ret' > $E
exec 3< $P
rmmod kprobetrace 2>/dev/null && fail "unloaded with kprobe_profile open"
exec 3<&-
for round in 1 2 3; do
	rm -f /tmp/stop
	grep -q '^kprobetrace ' /proc/modules || insmod /kpt/kprobetrace.ko || fail "insmod round $round"
	echo 'p:h1 kpt_test_six_args a0 a1 +0(%si)' > $E || fail "h1"
	echo 'r:h2 kpt_test_six_args rv ra' >> $E
	echo 'p:h3 kpt_test_seq a0' >> $E
	echo 'r4:h4 kpt_test_sleep' >> $E
	echo 'a0 > 10' > $TRACEFS/events/kprobetrace/h3/filter
	for i in 1 2; do
		(while [ ! -e /tmp/stop ]; do
			echo "six_args 100" > $KPT_TEST/call
			echo "seq 100" > $X
		done) 2>/dev/null &
	done
	(while [ ! -e /tmp/stop ]; do echo "sleep 2" > $X; done) 2>/dev/null &
	rm -f /tmp/tstop
	trace_printer /tmp/tstop &
	sleep 2
	rmmod kprobetrace || fail "rmmod kprobetrace while hit (round $round)"
	[ -d $TRACEFS/events/kprobetrace ] && fail "events/kprobetrace left behind"
	grep -q 'kpt_test' /sys/kernel/debug/kprobes/list && fail "kprobes left behind"
	sleep 1
	touch /tmp/stop /tmp/tstop
	sleep 1
	cat $T > /dev/null || fail "reading the trace after the unload"
	wait
done
insmod /kpt/kprobetrace.ko || fail "final insmod"
echo "rmmod under fire OK"
