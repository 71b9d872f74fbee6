# matrix: core
# BTF names on a module's function: the module's own BTF
# (/sys/kernel/btf/MOD, split on vmlinux's) gives the parameters by name:
# Debian's crc8.ko on every kernel (definition, field types), and
# kprobetrace_test.ko where it carries BTF (a hit's values); a module
# without BTF (the test module where it has none) gives the error naming
# it, never an offset.
# timeout: 120
. /kpt/lib.sh
needs_debian_btf "argument names"

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
vals() { grep " $1: (" $T | grep -- "${2:-.}" | tail -n 1 | sed 's/^[^)]*) //'; }

echo "== a module's function, through its BTF"
if [ -e /sys/kernel/btf/kprobetrace_test ]; then
	echo > $T
	define 'f:grp/m kpt_test_six_args a b f'
	fmt_has $TRACEFS/events/grp/m s64 a
	echo 1 > $TRACEFS/events/grp/m/enable
	echo "six_args 2" > $KPT_TEST/call
	assert_eq "$(vals m)" 'a=17 b=34 f=102' "module function's parameters by name"
	echo > $E
else
	echo 'f:grp/m kpt_test_six_args a' >> $E 2>/dev/null && fail "accepted without module BTF"
	grep -q 'module kprobetrace_test has no BTF' $LOG || { cat $LOG; fail "no module BTF: error"; }
	echo "kprobetrace_test.ko carries no .BTF here: the error above is the check"
fi

echo "== Debian's crc8.ko: types from its module BTF"
if [ -f /kpt/bin/crc8.ko.absent ]; then
	skip_part "$(cat /kpt/bin/crc8.ko.absent)"
	exit 0
fi
[ -f /kpt/bin/crc8.ko ] || fail "crc8.ko not in the initramfs (make)"
insmod /kpt/bin/crc8.ko || fail "insmod crc8"
trap 'echo > $E; rmmod crc8' EXIT
[ -r /sys/kernel/btf/crc8 ] || fail "no /sys/kernel/btf/crc8"
define 'p:grp/cp crc8:crc8_populate_msb polynomial'
# (Debian builds lib/crc8.c without ftrace records: kprobes, not f:)
echo 'f:grp/cf crc8:crc8_populate_lsb table' >> $E 2>/dev/null && fail "f: without an ftrace record"
grep -q 'cannot be traced by ftrace' $LOG || { cat $LOG; fail "f: refusal's reason"; }
define 'p:grp/cl crc8:crc8_populate_lsb table polynomial'
assert_file_has $E '^p:grp/cl crc8:crc8_populate_lsb table=table polynomial=polynomial$' "crc8 listing"
fmt_has $TRACEFS/events/grp/cp u8 polynomial
fmt_has $TRACEFS/events/grp/cl u64 table
fmt_has $TRACEFS/events/grp/cl u8 polynomial
echo 'p:grp/bad crc8:crc8_populate_lsb len' >> $E 2>/dev/null && fail "accepted a name crc8_populate_lsb lacks"
grep -q 'This variable is not found at this probe point' $LOG || { cat $LOG; fail "unknown name's error"; }
echo > $E
trap - EXIT
rmmod crc8 || fail "rmmod crc8"

exit 0
