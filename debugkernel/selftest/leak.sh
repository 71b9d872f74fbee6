# modules: none
# Must FAIL on the debug kernel: a deliberate leak bug (debugkernel/selftest-check).
. /kpt/lib.sh
insmod /kpt/kpt_debugcheck.ko || fail "insmod kpt_debugcheck.ko"
echo 1 > /sys/kernel/debug/kpt_debugcheck/leak
rmmod kpt_debugcheck || fail "rmmod kpt_debugcheck"
exit 0
