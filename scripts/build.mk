# Kernel coding style of everything compiled into the modules.
HOST_TESTS += checkpatch
.PHONY: host-test-checkpatch
host-test-checkpatch:
	scripts/checkpatch-all
