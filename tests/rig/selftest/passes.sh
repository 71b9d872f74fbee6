# Rig selftest: must be reported as passing.
. /kpt/lib.sh
echo "six_args 3" > "$KPT_TEST/call" || fail "call"
echo "all good"
# The extra archives of "# needs:" are only in the boots of tests needing them.
[ ! -e /kpt/needs/selftest ] || fail "/kpt/needs/selftest is in a boot that does not need it"
