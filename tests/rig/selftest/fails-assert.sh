# Rig selftest: must be reported as failing (its own assertion).
. /kpt/lib.sh
assert_eq 1 2 "deliberate mismatch"
