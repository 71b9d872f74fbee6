# Rig selftest: runs in a boot of its own with the archive needs/selftest.sh
# builds, and must be reported as passing.
# needs: selftest
. /kpt/lib.sh
[ -e /kpt/needs/selftest ] || fail "no /kpt/needs/selftest marker"
assert_eq "$(cat /kpt/selftest-need.txt)" "built by tests/rig/needs/selftest.sh" "extra archive content"
echo "six_args 3" > "$KPT_TEST/call" || fail "call"
echo "needs: good"
