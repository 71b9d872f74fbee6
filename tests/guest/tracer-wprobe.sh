# matrix: core
# w: watchpoint probes (hardware breakpoints) on kprobetrace_wtest's data
# (tests/modules/kpt_wtest.c): writes and reads counted and their values
# recorded; the CPU's four debug registers a clear error at the write that
# asks for a fifth; bad places refused by their write, nothing applied; the
# module's unload removes its watchpoints (their debug registers free
# again), its reload arms them anew; set_wprobe on a function's argument
# moves a watchpoint to the object handed (writes to it seen, to its
# neighbour not), clear_wprobe parks it; a CPU that goes and comes, or
# comes after the write, watched; left enabled, with a trigger, for
# kprobetrace's unload.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
EV=$TRACEFS/events/wprobes
M=kprobetrace_wtest
CALL=/sys/kernel/debug/$M/call

insmod /kpt/$M.ko || fail "loading $M"
addr=$(awk '$3 == "kpt_wtest_var" { print $1 }' /proc/kallsyms)
[ -n "$addr" ] || fail "kpt_wtest_var not in kallsyms"

# writes: one hit each, after the write (the new value), at the writer
echo 'w:wv w@kpt_wtest_var:8 v=$value:u64 a=$addr' > $E || { cat $LOG; fail "w: on a module's variable"; }
assert_eq "$(cat $E)" 'w:wprobes/wv w@kpt_wtest_var:8 v=$value:u64 a=$addr' "listing"
echo 1 > $EV/wv/enable
echo "write 5" > $CALL
echo "read 3" > $CALL
grep -m1 ' wv: ' $T
assert_eq "$(hits wv)" 5 "hits of 5 writes and 3 reads, watching writes"
assert_eq "$(grep -c ' wv: (kpt_wtest_run+' $T)" 5 "records at the writer"
assert_eq "$(grep ' wv: ' $T | sed 's/.* v=\([0-9]*\) .*/\1/' | tr '\n' ' ')" "1 2 3 4 5 " "the new values, in order"
assert_eq "$(grep -c " a=0x$addr\$" $T)" 5 "\$addr is the variable's"

# the command: add -w, list's kind
assert_eq "$(kprobetrace add -w -e wcmd 'w@kpt_wtest_sink:8 $value:u64')" \
	'w:wcmd w@kpt_wtest_sink:8 $value:u64' "kprobetrace add -w"
kprobetrace list | grep -q '^wprobes/wcmd  *watch  *w@kpt_wtest_sink:8 ' ||
	{ kprobetrace list; fail "list: the kind watch"; }
echo '-:wprobes/wcmd' >> $E

# reads and writes (rw): 3 reads, 2 writes
echo 'w:wrw rw@kpt_wtest_var:8 $value' >> $E || fail "rw watchpoint"
echo 0 > $EV/wv/enable
echo 1 > $EV/wrw/enable
echo > $T
echo "read 3" > $CALL
echo "write 2" > $CALL
assert_eq "$(hits wrw)" 5 "hits of 3 reads and 2 writes"
assert_eq "$(grep ' wrw: ' $T | sed 's/.* arg1=//' | tr '\n' ' ')" "0x5 0x5 0x5 0x1 0x2 " "values seen"
assert_eq "$(hits wv)" 5 "disabled: no more hits"

# four debug registers: two more take them all; a fifth is refused at its
# write, and a write whose second line is refused applies nothing
echo 'w:w3 w@kpt_wtest_sink:8' >> $E || fail "third watchpoint"
echo 'w:w4 w@kpt_wtest_objs:8' >> $E || fail "fourth watchpoint"
kpt-write -t $LOG '' > /dev/null
assert_eq "$(kpt-write -a $E 'w:w5 w@kpt_wtest_objs+8:8\n')" "write: ENOSPC" "a fifth watchpoint"
assert_file_has $LOG "no free hardware breakpoint for wprobes/w5: the CPU has 4 debug registers" "error_log says why"
[ -d $EV/w5 ] && fail "w5 half-applied"
assert_eq "$(kpt-write -a $E '-:wprobes/w4\nw:w6 w@kpt_wtest_objs+8:8\nw:w7 w@kpt_wtest_objs+16:8\n')" "write: ENOSPC" "two for one"
[ -d $EV/w4 ] || fail "w4 deleted by a failed write"
[ -d $EV/w6 ] && fail "w6 half-applied"
assert_eq "$(grep -c '^w:' $E)" 4 "four watchpoints listed"

# bad places and arguments: refused, with their reason
bad() {
	assert_eq "$(kpt-write -a $E "$1\n")" "write: $2" "$1"
	assert_file_has $LOG "$3" "error_log for $1"
}
echo '-:wprobes/w4' >> $E
bad 'w:b1 w@kpt_wtest_var+1:4' EINVAL "is not aligned to the watchpoint's length 4"
bad 'w:b2 r@kpt_wtest_var:8' EOPNOTSUPP "not reads alone"
bad 'w:b3 w@0x1000:8' EINVAL "is not a kernel data address"
bad 'w:b4 w@kpt_wtest_var:3' EINVAL "Watchpoint length must be 1, 2, 4 or 8"
bad 'w:b5 w@kpt_wtest_var:8 $arg1' EINVAL "A watchpoint probe reads"
bad 'w:b6 w@no_such_var_kpt:8' ENOENT "unknown symbol no_such_var_kpt"
bad 'w:b7 kpt_wtest_var' EINVAL "no '@'"
assert_eq "$(grep -c '^w:' $E)" 3 "nothing of them applied"

# set_wprobe: the watchpoint follows the object kpt_wtest_hand() is handed
TR=$KPT/wprobe_triggers
obj0=$(awk '$3 == "kpt_wtest_objs" { print $1 }' /proc/kallsyms)
obj1=$(printf '%x' $((0x$obj0 + 16)))
echo 'w:watch w@-1:8 a=$addr v=$value:u64' >> $E || fail "watch, nowhere yet"
assert_eq "$(grep watch $E)" 'w:wprobes/watch w@-1:8 a=$addr v=$value:u64' "listing of @-1"
echo 'p:hand kpt_wtest_hand o=$arg1' >> $E || fail "hand"
echo 'f:drop kpt_wtest_drop o=$arg1' >> $E || fail "drop"
echo 'kprobetrace/hand set_wprobe:watch:o' > $TR || fail "set_wprobe"
echo 'fprobes/drop clear_wprobe:wprobes/watch:o' > $TR || fail "clear_wprobe"
assert_eq "$(grep -v '^#' $TR)" "kprobetrace/hand set_wprobe:wprobes/watch:o
fprobes/drop clear_wprobe:wprobes/watch:o" "triggers listed"
for ev in $EV/watch $TRACEFS/events/kprobetrace/hand $TRACEFS/events/fprobes/drop; do
	echo 1 > $ev/enable
done
# the move is done in a work after the hit: wait until the file says so
watching() {
	i=0
	until grep -q "^# wprobes/watch watches 0x$1\$" $TR; do
		i=$((i + 1))
		[ $i -lt 100 ] || { cat $TR; fail "watch never moved to $1"; }
		sleep 0.05
	done
}
echo > $T
echo "hand 0" > $CALL
watching $obj0
echo "objw 3" > $CALL
grep -m1 ' watch: ' $T; cat $TR
assert_eq "$(hits watch)" 3 "writes to the object handed, not to its neighbour"
assert_eq "$(grep ' watch: ' $T | sed 's/.* a=\(0x[0-9a-f]*\) v=\([0-9]*\)$/\1 \2/' | tr '\n' ' ')" \
	"0x$obj0 1 0x$obj0 2 0x$obj0 3 " "addresses and values"
echo "hand 1" > $CALL
watching $obj1
echo "objw 2" > $CALL
assert_eq "$(hits watch)" 5 "moved to the next object handed"
assert_eq "$(grep ' watch: ' $T | tail -n 2 | sed 's/.* v=//' | tr '\n' ' ')" "101 102 " "its values"
# clear_wprobe with a field: only when it watches that object
echo "drop 0" > $CALL
echo "drop 1" > $CALL
watching "$obj1 (parked)"
echo "objw 2" > $CALL
assert_eq "$(hits watch)" 5 "parked: no hits"
# both ends of a trigger are busy; bad triggers refused
assert_eq "$(kpt-write -a $E '-:kprobetrace/hand\n')" "write: EBUSY" "deleting a trigger's event"
assert_eq "$(kpt-write -a $E '-:wprobes/watch\n')" "write: EBUSY" "deleting a trigger's watchpoint"
assert_file_has $LOG "named by a wprobe trigger" "why busy"
assert_eq "$(kpt-write -t $TR 'kprobetrace/hand set_wprobe:watch:o\n')" "write: EBUSY" "a second trigger"
assert_eq "$(kpt-write -t $TR 'kprobetrace/nohand set_wprobe:watch:o\n')" "write: ENOENT" "no such event"
assert_eq "$(kpt-write -t $TR 'wprobes/wv set_wprobe:watch:a\n')" "write: EINVAL" "a watchpoint's own trigger"
assert_file_has $LOG "a watchpoint's own hits trigger nothing" "why not"
assert_eq "$(kpt-write -t $TR 'fprobes/drop set_wprobe:wv:nofield\n')" "write: EBUSY" "drop has one"
assert_eq "$(kpt-write -t $TR '!fprobes/drop\n')" "OK" "removing a trigger"
assert_eq "$(kpt-write -t $TR 'fprobes/drop set_wprobe:watch:nofield\n')" "write: ENOENT" "no such field"
assert_eq "$(kpt-write -t $TR 'fprobes/drop set_wprobe:kprobetrace/hand:o\n')" "write: EINVAL" "not a watchpoint"
assert_eq "$(kpt-write -t $TR 'fprobes/drop set_wprobe:watch\n')" "write: EINVAL" "set_wprobe without a field"
assert_eq "$(kpt-write -t $TR 'fprobes/drop set_wprobe:watch:o\nfprobes/drop clear_wprobe:watch\n')" "write: EINVAL" "two in a write"
assert_eq "$(grep -vc '^#' $TR)" 1 "nothing of them applied"
echo '-:fprobes/drop' >> $E || fail "deleting an event whose trigger is gone"

# the module goes: its watchpoints with it (all four registers free again)
echo 1 > $EV/wv/enable
rmmod $M || fail "unloading $M under enabled watchpoints"
assert_eq "$(grep -c '^w:' $E)" 4 "still listed"
for i in 1 2 3 4; do
	echo "w:j$i w@jiffies:8" >> $E || { cat $LOG; fail "debug register $i not free after the unload"; }
done
# a watchpoint hit in the timer interrupt
echo 1 > $EV/j1/enable
sleep 0.2
echo 0 > $EV/j1/enable
[ "$(hits j1)" -gt 0 ] || fail "no hit of jiffies' writes (hardirq)"
grep -q ' j1: (' $T || fail "no record of jiffies' writes"
for i in 1 2 3 4; do echo "-:wprobes/j$i" >> $E; done
# and comes back: armed anew at its new address
kpt-write -t $LOG '' > /dev/null
insmod /kpt/$M.ko || fail "reloading $M"
cat $LOG
echo > $T
echo "write 2" > $CALL
assert_eq "$(hits wv)" 7 "re-armed after the reload"
assert_eq "$(grep ' wv: ' $T | sed 's/.* v=\([0-9]*\) .*/\1/' | tr '\n' ' ')" "1 2 " "values after the reload"
# CPUs that come later (suspend takes every CPU but the first down and
# up): wv, enabled while CPU 1 goes and comes, and written while CPU 1 is
# offline, watches on CPU 1 once it is back (its breakpoint is made by a
# work: within 3 s)
C1=/sys/devices/system/cpu/cpu1/online
on_cpu1() {
	echo > $T
	for i in $(seq 30); do
		taskset -c 1 sh -c "echo 'write 1' > $CALL"
		grep -q "\[001\].* $1: " $T && return 0
		sleep 0.1
	done
	cat $T
	fail "$2"
}
# (wrw off: QEMU reports one of two breakpoints on one address, the
# first it was given; the x86 CPUs report both)
echo 0 > $EV/wrw/enable
if [ -w $C1 ]; then
	echo 0 > $C1 && echo 1 > $C1 || fail "CPU 1 offline and online"
	on_cpu1 wv "no hit on CPU 1 after it went and came"
	echo 0 > $EV/wv/enable
	echo '-:wprobes/wv' >> $E || fail "-:wprobes/wv"
	echo 0 > $C1 || fail "CPU 1 offline"
	echo 'w:wv w@kpt_wtest_var:8 v=$value:u64 a=$addr' >> $E || fail "w: with CPU 1 offline"
	echo 1 > $EV/wv/enable
	echo 1 > $C1 || fail "CPU 1 online"
	on_cpu1 wv "no hit on CPU 1, online after the write"
else
	echo "note: CPU 1 cannot go offline here: the hotplug case is not run"
fi
# kprobetrace unloads (the rig) with wv enabled on a loaded module
