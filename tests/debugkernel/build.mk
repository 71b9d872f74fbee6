# Debug kernel: `make check-debug` builds, once and cached
# in /var/cache/kprobetrace, a linux-source-6.1 kernel with KASAN, lockdep,
# DEBUG_ATOMIC_SLEEP and kmemleak (tests/debugkernel/debug.config on allnoconfig),
# builds our modules against it (in build/debug-src) and runs the rig's
# debug selftest and every guest test on it. Not part of `make check`.
# T=word runs only the guest tests whose names contain word (T=selftest:
# only the selftest).
.PHONY: check-debug debug-kernel
check-debug: setup
	@$(MAKE) -s all test-modules
	@T='$(T)' tests/debugkernel/check-debug

debug-kernel: setup
	@tests/debugkernel/build-kernel
