# kprobetrace: userspace part of the build (the kernel part is ./Kbuild).
#
#   make            kprobetrace.ko (repository root) + tools (build/); when a
#                   build dependency is missing, names it and `make setup`
#   make setup      install every Debian package the build, tests, demo and
#                   benchmarks need (scripts/packages.txt; root)
#   make check      host unit tests + guest tests; ends
#                   "N passed, N failed, N skipped"
#   make demo       boot a guest, run the seed's usage example, show the trace
#   make shell      interactive guest shell with the modules loaded
#   make bench      benchmarks (not part of check)
#   make deb        Debian packages kprobetrace-dkms and kprobetrace (build/deb/)
#   make clean
#
# The modules only tests and benchmarks load have their own Kbuild and
# targets: test-modules (tests/modules/: kprobetrace_test.ko,
# kprobetrace_modtest.ko, trace-printk.ko) and bench-modules (bench/module/:
# kprobetrace_bench.ko). check, demo, shell and bench build them.
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

# What plain `make` needs (the kernel headers of $(KVER) besides): checked,
# never installed, by `deps`; `make setup` installs everything.
BUILD_PACKAGES := make gcc libc6-dev libelf-dev libbpf-dev zlib1g-dev gawk \
	binutils kmod bc

.PHONY: all setup deps modules test-modules bench-modules check check-host \
	check-guest demo shell bench deb clean list-host-tests

all: modules $(ALL_TARGETS)

# Installs missing Debian packages; a no-op (well under a second) otherwise.
setup:
	@scripts/setup.sh

# Asks dpkg only: names what is missing and `make setup`, runs no apt-get.
deps:
	@$(if $(KPT_NO_DEPS_CHECK),:,scripts/check-deps '$(KVER)' $(BUILD_PACKAGES))

$(ALL_TARGETS): | deps

modules: deps
	$(MAKE) -C $(KERNELDIR) M=$(CURDIR) modules

test-modules: deps
	$(MAKE) -C $(KERNELDIR) M=$(CURDIR)/tests/modules modules

bench-modules: deps
	$(MAKE) -C $(KERNELDIR) M=$(CURDIR)/bench/module modules

list-host-tests:
	@echo $(HOST_TESTS)

# T=pattern runs only the tests whose names contain the pattern.
check: setup
	@$(MAKE) -s all test-modules
	@tests/run-all $(if $(T),--only '$(T)')

check-host: setup
	@$(MAKE) -s all test-modules
	@tests/run-all --host-only $(if $(T),--only '$(T)')

check-guest: setup
	@$(MAKE) -s all test-modules
	@tests/run-all --guest-only $(if $(T),--only '$(T)')

demo: setup
	@$(MAKE) -s all test-modules
	@tests/rig/run-guest --demo

shell: setup
	@$(MAKE) -s all test-modules
	@tests/rig/run-guest --shell

bench: setup
	@$(MAKE) -s all test-modules bench-modules
	@set -e; for b in $(BENCHES); do $(MAKE) -s $$b; done

# Debian packages kprobetrace-dkms and kprobetrace in $(BUILD)/deb/, built
# from a copy of the sources and checked with lintian (no error allowed).
deb: setup
	@scripts/make-deb

clean:
	-$(MAKE) -C $(KERNELDIR) M=$(CURDIR) clean >/dev/null 2>&1
	-$(MAKE) -C $(KERNELDIR) M=$(CURDIR)/tests/modules clean >/dev/null 2>&1
	-$(MAKE) -C $(KERNELDIR) M=$(CURDIR)/bench/module clean >/dev/null 2>&1
	rm -rf $(BUILD) $(CLEAN_FILES)
