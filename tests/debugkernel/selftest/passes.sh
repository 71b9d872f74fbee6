# modules: none
# Must PASS on the debug kernel: the check module loads and unloads cleanly.
. /kpt/lib.sh
grep -q "^kpt_debugcheck " /proc/modules || insmod /kpt/kpt_debugcheck.ko || fail "insmod kpt_debugcheck.ko"
rmmod kpt_debugcheck || fail "rmmod kpt_debugcheck"
