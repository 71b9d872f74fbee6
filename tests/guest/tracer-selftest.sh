# matrix: core
# The load-time selftest (module parameter selftest, on by default; it
# defines, hits and deletes its probes through the write transaction)
# passed when the rig loaded the module; it passes again on reload, and
# selftest=0 skips it.
. /kpt/lib.sh

dmesg | grep -q 'kprobetrace: selftest passed' || { dmesg | grep kprobetrace; fail "no selftest at load"; }
assert_eq "$(cat /sys/module/kprobetrace/parameters/selftest)" Y "selftest parameter"
rmmod kprobetrace || fail "rmmod"
dmesg -c > /dev/null
insmod /kpt/kprobetrace.ko selftest=1 || fail "reload with the selftest"
dmesg | grep -q 'kprobetrace: selftest passed' || fail "selftest on reload"
# the selftest leaves nothing behind
assert_eq "$(cat $KPT/kprobe_events)" "" "no probes left"
[ -d $TRACEFS/events/kprobetrace ] && fail "selftest left events"
grep -q kpt_selftest /sys/kernel/debug/kprobes/list && fail "selftest left kprobes"
rmmod kprobetrace || fail "rmmod"
dmesg -c > /dev/null
insmod /kpt/kprobetrace.ko selftest=0 || fail "reload without the selftest"
dmesg | grep -q 'selftest passed' && fail "selftest ran with selftest=0"
echo "selftest OK"
