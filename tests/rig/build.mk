# The guest rig's own selftest: it must report failures as failures.
HOST_TESTS += rig-selftest
.PHONY: host-test-rig-selftest
host-test-rig-selftest:
	tests/rig/selftest-check
