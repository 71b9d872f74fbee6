# kprobetrace: userspace part of the build (the kernel part is ./Kbuild).
#
#   make            modules (kprobetrace.ko, kprobetrace_test.ko) + tools
#   make check      host unit tests + guest tests on every installed kernel
#                   of the matrix; ends "N passed, N failed"
#   make KVER=X, make check KVER=X   one kernel only
#   make check-kernels   the whole guest suite on every kernel
#   make demo       boot a guest, run the seed's usage example, show the trace
#   make shell      interactive guest shell with the modules loaded
#   make bench      benchmarks (not part of check)
#   make clean
#
# Every component adds itself through a fragment */build.mk (or
# tests/*/build.mk), appending to:
#   ALL_TARGETS   files `make` builds
#   HOST_TESTS    names N, each with a target host-test-N that exits non-zero
#                 on failure (run by tests/run-all)
#   BENCHES       targets `make bench` runs
#   CLEAN_FILES   extra files `make clean` removes
.DEFAULT_GOAL := all

include mk/config.mk

ALL_TARGETS :=
HOST_TESTS :=
BENCHES :=
CLEAN_FILES :=

include $(sort $(wildcard */build.mk tests/*/build.mk))

MODULES := kprobetrace.ko kprobetrace_test.ko kprobetrace_modtest.ko

.PHONY: all setup modules modules-all check check-host check-guest \
	check-kernels demo shell bench clean list-host-tests

all: modules $(ALL_TARGETS)

# Installs missing Debian packages; a no-op (well under a second) otherwise.
setup:
	@scripts/setup.sh

# Each kernel's modules in their own folder, build/kernels/KVER/ (the guest
# of that kernel loads them from there); the root gets a copy of the last
# kernel's. Without KVER=, the default kernel (scripts/kver.sh), and `make`
# says so.
modules: setup
	@$(if $(KVER_GIVEN),,echo "make: kernel $(KVER) (the default; others: $(filter-out $(KVER),$(KVERS)); make KVER=X for one of them)")
	@KERNELDIR=$(KERNELDIR) scripts/build-modules $(KVER)
	@cp build/kernels/$(KVER)/*.ko .

# The modules for every kernel of the matrix (make check builds them all).
modules-all: setup
	@set -e; for k in $(KVERS); do scripts/build-modules $$k; done

list-host-tests:
	@echo $(HOST_TESTS)

# T=pattern runs only the tests whose names contain the pattern. KVER=X: the
# guest tests on kernel X only; without it, on every kernel of the matrix
# (scripts/kvers.sh): the whole suite on the default kernel, the tests
# marked "# matrix: core" on the others (check-kernels: all everywhere).
CHECK_KERNELS = --kernels '$(if $(KVER_GIVEN),$(KVER),$(KVERS))'

check: setup
	@$(MAKE) -s all $(if $(KVER_GIVEN),,modules-all)
	@tests/run-all $(CHECK_KERNELS) $(if $(T),--only '$(T)')

check-host: setup
	@$(MAKE) -s all
	@tests/run-all --host-only $(if $(T),--only '$(T)')

check-guest: setup
	@$(MAKE) -s all $(if $(KVER_GIVEN),,modules-all)
	@tests/run-all --guest-only $(CHECK_KERNELS) $(if $(T),--only '$(T)')

check-kernels: setup
	@$(MAKE) -s all $(if $(KVER_GIVEN),,modules-all)
	@tests/run-all --guest-only --full $(CHECK_KERNELS) $(if $(T),--only '$(T)')

demo: setup
	@$(MAKE) -s all
	@tests/rig/run-guest --demo

shell: setup
	@$(MAKE) -s all
	@tests/rig/run-guest --shell

bench: setup
	@$(MAKE) -s all
	@set -e; for b in $(BENCHES); do $(MAKE) -s $$b; done

clean:
	-$(MAKE) -C $(KERNELDIR) M=$(CURDIR) clean >/dev/null 2>&1
	rm -rf $(BUILD) $(CLEAN_FILES) ./*.ko
