# f: events on a module's functions: MOD:SYM before the module loads (a
# note; armed when it comes; an init function refused then, as its text is
# freed after init and its address reused), a set matched again when the
# module comes back (its init text left out), nothing armed once it goes.
# kprobetrace_modtest's init calls kpt_modtest_init_target 3 times and
# kpt_modtest_core(0x100) once; its debugfs "call" calls kpt_modtest_core.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
P=$KPT/kprobe_profile
EF=/sys/kernel/debug/tracing/enabled_functions
M=kprobetrace_modtest
hits() { awk -v n="$1" '$1 == n { print $2 }' $P; }

kpt-write -t $LOG '' > /dev/null
echo "f:fm $M:kpt_modtest_core v=\$arg1" > $E || { cat $LOG; fail "f: on a module not loaded"; }
echo "f:fi $M:kpt_modtest_init_target" >> $E || { cat $LOG; fail "f: on init code"; }
assert_file_has $LOG "note: module $M is not loaded" "note"
assert_eq "$(kpt-write -a $E "f:ms kpt_modtest_*")" "write: ENOENT" "a set over a module not loaded"
assert_eq "$(armed_any)" 0 "nothing armed yet"

kpt-write -t $LOG '' > /dev/null
insmod /kpt/$M.ko calls=3 || fail "insmod"
cat $LOG
cat $P
assert_eq "$(hits fm)" 1 "core hit from init"
assert_eq "$(hits fi)" 0 "init functions are refused"
assert_file_has $LOG "cannot arm event fprobes/fi in module $M: .*init text" "init: error_log"
echo 0x42 > /sys/kernel/debug/kprobetrace_modtest/call
assert_eq "$(hits fm)" 2 "core hit after init"
grep -q 'fm: (kpt_modtest_core+'"$(kpt_entry_off kpt_modtest_core)"'/[^)]*) v=0x42$' $TRACEFS/trace || { cat $TRACEFS/trace; fail "record"; }

assert_eq "$(kpt-write -a $E "f:m2 kpt_modtest_*,kpt_test_ret")" "write: EINVAL" "a set over two modules"
assert_file_has $LOG "a set takes functions of vmlinux and at most one module" "two modules: error_log"
echo "f:ms kpt_modtest_*,vfs_fsync_range" >> $E || { cat $LOG; fail "set with module functions"; }
cat $E
assert_file_has $E '^f:fprobes/ms kpt_modtest_\*,vfs_fsync_range # 2 functions$' "set without init text"
rmmod $M || fail "rmmod"
cat $E
assert_file_has $E '^f:fprobes/ms kpt_modtest_\*,vfs_fsync_range # 0 functions$' "the set went with the module"
assert_eq "$(hits ms)" 0 "no hits while the module is away"
assert_eq "$(armed_any)" 0 "nothing armed after the module went"
insmod /kpt/$M.ko calls=2 || fail "insmod again"
cat $E
assert_file_has $E '^f:fprobes/ms kpt_modtest_\*,vfs_fsync_range # 2 functions$' "matched again"
assert_eq "$(hits fi)" 0 "init functions refused again"
echo 1 > /sys/kernel/debug/kprobetrace_modtest/call
assert_eq "$(hits ms)" 2 "set hits: core from init, then core"
rmmod $M || fail "rmmod again"
echo > $E || fail "clear"
assert_eq "$(armed_any)" 0 "nothing armed at the end"
echo "fprobe module OK"
