# kprobetrace: userspace part of the build (the kernel part is ./Kbuild).
#
#   make            modules (kprobetrace.ko, kprobetrace_test.ko) + tools
#   make check      host unit tests + guest tests; ends "N passed, N failed"
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

.PHONY: all setup modules check check-host check-guest demo shell bench \
	clean list-host-tests

all: modules $(ALL_TARGETS)

# Installs missing Debian packages; a no-op (well under a second) otherwise.
setup:
	@scripts/setup.sh

modules: setup
	$(MAKE) -C $(KERNELDIR) M=$(CURDIR) modules

list-host-tests:
	@echo $(HOST_TESTS)

# T=pattern runs only the tests whose names contain the pattern.
check: setup
	@$(MAKE) -s all
	@tests/run-all $(if $(T),--only '$(T)')

check-host: setup
	@$(MAKE) -s all
	@tests/run-all --host-only $(if $(T),--only '$(T)')

check-guest: setup
	@$(MAKE) -s all
	@tests/run-all --guest-only $(if $(T),--only '$(T)')

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
	rm -rf $(BUILD) $(CLEAN_FILES)
