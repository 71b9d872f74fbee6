# modules: none
# Must FAIL on the debug kernel: a deliberate leak bug (tests/debugkernel/check-debug).
. /kpt/lib.sh
# a bug that kills the writer can leave the module loaded for the next test
grep -q '^kpt_debugcheck ' /proc/modules || insmod /kpt/kpt_debugcheck.ko ||
	fail "insmod kpt_debugcheck.ko"
echo 1 > /sys/kernel/debug/kpt_debugcheck/leak
rmmod kpt_debugcheck || fail "rmmod kpt_debugcheck"
exit 0
