# Rig selftest: exits 0 with a background loop still opening the test
# module's file: the rig kills it before unloading the modules, says so in
# the test's log, and reports the test as passing.
. /kpt/lib.sh
(while :; do echo "six_args 1" > "$KPT_TEST/call"; done) 2>/dev/null &
sleep 1
echo "left a loop running"
