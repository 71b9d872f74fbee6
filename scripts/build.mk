# Kernel coding style of everything compiled into the modules.
HOST_TESTS += checkpatch
.PHONY: host-test-checkpatch
host-test-checkpatch:
	scripts/checkpatch-all

# Packaging: the modules build through DKMS (build only, never loaded here).
HOST_TESTS += dkms-build
.PHONY: host-test-dkms-build
host-test-dkms-build:
	scripts/check-dkms
