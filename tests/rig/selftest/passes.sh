# Rig selftest: must be reported as passing. It runs after fails-warn,
# whose warning ends that boot: here the kernel has never warned (taint
# flag W, bit 9), so it is a fresh boot.
. /kpt/lib.sh
echo "six_args 3" > "$KPT_TEST/call" || fail "call"
echo "all good"
# The extra archives of "# needs:" are only in the boots of tests needing them.
[ ! -e /kpt/needs/selftest ] || fail "/kpt/needs/selftest is in a boot that does not need it"
[ $(( $(cat /proc/sys/kernel/tainted) & 512 )) = 0 ] || fail "a kernel that has warned: the rig did not boot afresh after fails-warn"
