# timeout: 3
# Rig selftest: hangs; must be reported as failing by the timeout.
sleep 30
