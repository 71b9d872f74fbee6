# Rig selftest: skips after triggering a WARN_ON in the kernel: a skip does
# not hide a bad kernel log, so it must be reported as failing.
. /kpt/lib.sh
echo "warn 1" > "$KPT_TEST/call"
skip "deliberate skip after a warning"
