# matrix: core
# MOD:SYM on a module that is not loaded yet: accepted, armed when the
# module comes (before its init function runs: init code is probed, with
# hit counts in kprobe_profile), disarmed when it goes, armed again when it
# comes back; the event stays defined all along.  A probe on a loaded
# module's function neither pins nor breaks unloading it.
# kprobetrace_modtest's init calls kpt_modtest_init_target(0..calls-1) and
# kpt_modtest_core(0x100) once (tests/modules/kpt_modtest.c).
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
EV=$TRACEFS/events/kprobetrace
M=kprobetrace_modtest
PROF=$KPT/kprobe_profile

hits() { awk -v n="$1" '$1 == n { print $2 }' $PROF; }

kpt-write -t $LOG '' > /dev/null
echo "p:mi $M:kpt_modtest_init_target \$arg1" > $E || { cat $LOG; fail "probe on a module not loaded"; }
echo "r:mr $M:kpt_modtest_init_target \$retval" >> $E || fail "return probe on a module not loaded"
echo "p:mc $M:kpt_modtest_core \$arg1" >> $E || fail "core probe"
echo "p:bad $M:no_such_function_kpt" >> $E || fail "unknown symbol of a module not loaded"
cat $E
cat $LOG
assert_file_has $LOG "note: module $M is not loaded: the probe is armed when it loads" "note in error_log"
assert_eq "$(grep -c "$M:" $E)" 4 "listed"
for ev in mi mr mc bad; do [ -d $EV/$ev ] || fail "no event $ev"; done
assert_eq "$(cat $EV/mi/enable)" 1 "enabled before the module is there"
assert_eq "$(hits mi)" 0 "no hits yet"

echo > $T
kpt-write -t $LOG '' > /dev/null
insmod /kpt/$M.ko calls=3 || fail "loading $M"
cat $PROF
assert_eq "$(hits mi)" 3 "init-time entry hits"
assert_eq "$(hits mr)" 3 "init-time return hits"
assert_eq "$(hits mc)" 1 "core hits from init"
assert_eq "$(hits bad)" 0 "bad: not armed"
assert_file_has $LOG "cannot arm event kprobetrace/bad in module $M: unknown symbol" "error_log for bad"
tail -n 8 $T
assert_eq "$(grep -Ec 'kpt_modtest_init_target\+'"$E0"'/0x[0-9a-f]+ \[kprobetrace_modtest\].*[ =]0x2$' $T)" 1 "init-time record of the third call"
assert_eq "$(grep -Ec '<- kpt_modtest_init_target.*[ =]0x5$' $T)" 1 "init-time return record"
echo 7 > /sys/kernel/debug/$M/call
assert_eq "$(hits mc)" 2 "core hit after init"
# now loaded: MOD:SYM is resolved at once, unknown symbols refused
assert_eq "$(kpt-write -a $E "p:bad2 $M:no_such_function_kpt\n")" "write: ENOENT" "unknown symbol of a loaded module"

# the module unloads under enabled probes: not pinned, nothing breaks
rmmod $M || fail "unloading $M under our probes"
for ev in mi mr mc bad; do [ -d $EV/$ev ] || fail "event $ev gone with the module"; done
assert_eq "$(grep -c "$M:" $E)" 4 "still listed"
cat $T > /dev/null || fail "reading the trace"
cat $PROF > /dev/null
# and comes back: armed again, before init
insmod /kpt/$M.ko calls=2 || fail "reloading $M"
cat $PROF
assert_eq "$(hits mi)" 5 "re-armed: init hits"
assert_eq "$(hits mr)" 5 "re-armed: return hits"
assert_eq "$(hits mc)" 3 "re-armed: core"
echo 1 > /sys/kernel/debug/$M/call
assert_eq "$(hits mc)" 4 "core after reload"
# the init probe's text is freed after init: disabling and enabling works
echo 0 > $EV/mi/enable || fail "disabling mi"
echo 1 > $EV/mi/enable || fail "enabling mi after its init text was freed"
# a disabled event's probe is registered disarmed on reload
echo 0 > $EV/mc/enable
rmmod $M
insmod /kpt/$M.ko calls=1 || fail "reloading $M (3)"
assert_eq "$(hits mc)" 4 "disabled: no hits"
echo 1 > $EV/mc/enable
echo 1 > /sys/kernel/debug/$M/call
assert_eq "$(hits mc)" 5 "enabled after the load"
assert_eq "$(hits mi)" 6 "mi once more"
# deleting probes of an absent module, and clearing
rmmod $M
assert_eq "$(kpt-write -a $E '-:mc\n')" OK "deleting mc while the module is absent"
[ -d $EV/mc ] && fail "mc not removed"
insmod /kpt/$M.ko || fail "reloading $M (4)"
echo > $E || fail "clearing"
rmmod $M || fail "unloading $M at the end"

# today's lifecycle: an event enabled before the module loads records its init
echo > $E
rmmod kprobetrace || fail "unloading kprobetrace"
insmod /kpt/kprobetrace.ko lifecycle=today || fail "loading with lifecycle=today"
echo "p:ti $M:kpt_modtest_init_target \$arg1" > $E || fail "today: probe"
assert_eq "$(cat $EV/ti/enable)" 0 "today: created disabled"
insmod /kpt/$M.ko || fail "today: loading $M"
assert_eq "$(hits ti)" 0 "today: disabled: no init hits"
rmmod $M
echo 1 > $EV/ti/enable
insmod /kpt/$M.ko calls=4 || fail "today: loading $M"
assert_eq "$(hits ti)" 4 "today: enabled: init hits"
rmmod $M
echo 0 > $EV/ti/enable
echo > $E

# the scenario of the kernel's own selftest kprobe_module.tc, on our module
F=kpt_modtest_core
insmod /kpt/$M.ko || fail "kprobe_module: loading $M"
echo "p $M:$F" > $E || fail "kprobe_module: unnamed"
[ -d $EV/p_${M}_${F}_0 ] || fail "kprobe_module: default event name"
echo "p:event1 $M:$F" > $E || fail "kprobe_module: named"
[ -d $EV/event1 ] || fail "kprobe_module: event1"
echo "p:kprobes1/event1 $M:$F" > $E || fail "kprobe_module: group"
[ -d $TRACEFS/events/kprobes1/event1 ] || fail "kprobe_module: kprobes1/event1"
rmmod $M || fail "kprobe_module: unloading"
[ -d $TRACEFS/events/kprobes1/event1 ] || fail "kprobe_module: event gone with the module"
echo "p:event2 $M:$F" >> $E || fail "kprobe_module: defining on an unloaded module"
echo 1 > $TRACEFS/events/kprobes1/event1/enable || fail "kprobe_module: enabling"
echo > $T
insmod /kpt/$M.ko || fail "kprobe_module: reloading"
grep "event1:" $T || { cat $T; fail "kprobe_module: event1 not recorded"; }
rmmod $M || fail "kprobe_module: unloading again"
echo 0 > $TRACEFS/events/kprobes1/event1/enable
echo "-:kprobes1/event1" >> $E || fail "kprobe_module: deleting"
echo > $E
rmmod kprobetrace || fail "unloading kprobetrace"
insmod /kpt/kprobetrace.ko || fail "reloading kprobetrace"

# a probe on a loaded module's function (plain SYM): unloading works, and
# the probe is armed again when the module comes back
echo 'p:pl kpt_test_six_args a0' > $E
echo "six_args 2" > $KPT_TEST/call
rmmod kprobetrace_test || fail "unloading kprobetrace_test under a probe"
assert_file_has $E '^p:pl kpt_test_six_args\+0 a0$' "pl still listed"
insmod /kpt/kprobetrace_test.ko || fail "reloading kprobetrace_test"
echo "six_args 3" > $KPT_TEST/call
assert_eq "$(hits pl)" 5 "plain SYM probe re-armed on reload"
echo > $E
echo "modload OK"
