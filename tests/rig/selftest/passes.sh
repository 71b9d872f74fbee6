# Rig selftest: must be reported as passing.
. /kpt/lib.sh
echo "six_args 3" > "$KPT_TEST/call" || fail "call"
echo "all good"
