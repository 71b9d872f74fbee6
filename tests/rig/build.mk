# The guest rig's own selftest: it must report failures as failures.
HOST_TESTS += rig-selftest
.PHONY: host-test-rig-selftest
host-test-rig-selftest:
	tests/rig/selftest-check

# What in a guest's kernel log fails a test (tests/rig/bad-kernel-log.sh).
HOST_TESTS += bad-kernel-log
.PHONY: host-test-bad-kernel-log
host-test-bad-kernel-log:
	tests/rig/bad-kernel-log-check
