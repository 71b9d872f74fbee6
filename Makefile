# kprobetrace: userspace part of the build (the kernel part is ./Kbuild).
#
#   make            kprobetrace.ko for the default kernel (build/kernels/KVER/,
#                   copied to the repository root) + tools (build/); when a
#                   build dependency is missing, names it and `make setup`
#   make KVER=X     the same for kernel X
#   make setup      install every Debian package the build, tests, demo and
#                   benchmarks need (scripts/packages.txt; root)
#   make check      host unit tests + guest tests on every installed kernel
#                   of the matrix; ends "N passed, N failed, N skipped"
#   make check KVER=X    the guest tests on kernel X only
#   make check-kernels   the whole guest suite on every kernel
#   make check-dkms      the DKMS package's signed build on every kernel
#                   (make check: the generic and cloud kernels)
#   make check-repeat T=pattern[,pattern]|matrix N=20 [KVER=X] [LOAD=1]
#                   hunt flakes: those guest tests N times on each kernel of
#                   the matrix (or X), the host's CPUs loaded with LOAD=1;
#                   a summary per test and kernel (tests/repeat)
#   make demo       boot a guest, run the seed's usage example, show the trace
#   make shell      interactive guest shell with the modules loaded
#   make bench      benchmarks (not part of check): the per-hit table and
#                   arm-many (one event over N functions) on the default
#                   kernel and 6.12 generic, the rest on the default; about
#                   30 min on a shared 2-CPU host (bench/RESULTS.md)
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
#   CHECK_PREBUILD  what several host tests share, built before make
#                 check's jobs start
.DEFAULT_GOAL := all

include mk/config.mk

ALL_TARGETS :=
HOST_TESTS :=
BENCHES :=
CLEAN_FILES :=
CHECK_PREBUILD :=

include $(sort $(wildcard */build.mk tests/*/build.mk))

# What plain `make` needs (the kernel headers of $(KVER) besides): checked,
# never installed, by `deps`; `make setup` installs everything.
BUILD_PACKAGES := make gcc libc6-dev libelf-dev libbpf-dev zlib1g-dev libdw-dev \
	liblzma-dev libbz2-dev libzstd-dev liblz4-dev gawk \
	binutils kmod bc

.PHONY: all setup deps modules test-modules bench-modules modules-all \
	check check-host check-guest check-kernels check-repeat demo shell bench bench-build deb clean \
	list-host-tests

all: modules $(ALL_TARGETS)

# Installs missing Debian packages; a no-op (well under a second) otherwise.
setup:
	@scripts/setup.sh

# Asks dpkg only: names what is missing and `make setup`, runs no apt-get.
deps:
	@$(if $(KPT_NO_DEPS_CHECK),:,scripts/check-deps '$(KVER)' $(BUILD_PACKAGES))

$(ALL_TARGETS): | deps

# Each kernel's modules in their own folder, build/kernels/KVER/ (the guest
# of that kernel loads them from there): kprobetrace.ko (./Kbuild), copied
# to the repository root; the modules only tests load (tests/modules/Kbuild)
# and the benchmarks' floor module (bench/module/Kbuild) on demand. Without
# KVER=, the default kernel (scripts/kver.sh), and `make` says so.
modules: deps
	@$(if $(KVER_GIVEN),,echo "make: kernel $(KVER) (the default; others: $(or $(filter-out $(KVER),$(KVERS)),none); make KVER=X for one of them)")
	@KERNELDIR=$(KERNELDIR) scripts/build-modules $(KVER) product
	@cp build/kernels/$(KVER)/kprobetrace.ko .

test-modules: deps
	@KERNELDIR=$(KERNELDIR) scripts/build-modules $(KVER) tests

bench-modules: deps
	@KERNELDIR=$(KERNELDIR) scripts/build-modules $(KVER) bench

# The tracer and the test modules for every kernel of the matrix and the
# default one (make check builds them all), the kernels beside each other:
# one kernel's build keeps two CPUs busy only about half its time (its
# serial steps: modpost, the links, the feature checks), so a sub-make
# shares the job slots (one a CPU, unless an outer make -j gives its own)
# among all the kernels' builds.
MODULES_EACH := $(addprefix modules-for-,$(KVERS) $(filter-out $(KVERS),$(KVER)))
modules-all: deps
	@$(MAKE) --no-print-directory -O $(if $(filter -j%,$(MAKEFLAGS)),,-j$(shell nproc)) $(MODULES_EACH)

.PHONY: $(MODULES_EACH)
$(MODULES_EACH): modules-for-%:
	@KERNELDIR=/lib/modules/$*/build scripts/build-modules $* product tests

list-host-tests:
	@echo $(HOST_TESTS)

# T=pattern runs only the tests whose names contain the pattern. KVER=X: the
# guest tests on kernel X only; without it, on every kernel of the matrix
# (scripts/kvers.sh): the whole suite on the default kernel, the tests
# marked "# matrix: core" or "series" on 6.12 generic, those marked core on
# PREEMPT_RT, the smoke subset (tests/matrix-smoke.txt) on the cloud
# kernels (scripts/kvers.sh --scopes; check-kernels: all everywhere).
# Without KVER=, tests/run-all and tests/repeat ask scripts/kvers.sh when
# they start: KVERS was read when make started, before `setup` installed
# the kernels on a fresh machine (so does the sub-make of CHECK_BUILD).
CHECK_KERNELS = $(if $(KVER_GIVEN),--kernels '$(KVER)')
# The build before the tests: every kernel's modules (without KVER=) and
# the userspace side by side in one make's job slots, one a CPU
# (check-build: all and test-modules of every kernel). The userspace alone
# keeps one CPU busy, a kernel's build about half of two. With KVER=,
# `all test-modules` after it build that kernel's modules.
# $(call CHECK_BUILD,check-prebuild) also builds CHECK_PREBUILD, what
# several host tests share (each would build it in its own make, two at
# once when two of them run side by side); make check does, unless T=
# picks a few tests.
CHECK_BUILD = $(MAKE) -s --no-print-directory -O -j$(shell nproc) check-build $(1) \
	$(if $(KVER_GIVEN),&& $(MAKE) -s all test-modules)
.PHONY: check-build check-prebuild
check-build: $(if $(KVER_GIVEN),,$(MODULES_EACH)) $(ALL_TARGETS)
	$(if $(KVER_GIVEN),,@cp build/kernels/$(KVER)/kprobetrace.ko .)
check-prebuild: $(CHECK_PREBUILD)

check: setup
	@$(call CHECK_BUILD,$(if $(T),,check-prebuild))
	@tests/run-all $(CHECK_KERNELS) $(if $(T),--only '$(T)')

check-host: setup
	@$(MAKE) -s all test-modules
	@$(MAKE) -s --no-print-directory -j$(shell nproc) check-prebuild
	@tests/run-all --host-only $(if $(T),--only '$(T)')

check-guest: setup
	@$(CHECK_BUILD)
	@tests/run-all --guest-only $(CHECK_KERNELS) $(if $(T),--only '$(T)')

check-kernels: setup
	@$(CHECK_BUILD)
	@tests/run-all --guest-only --full $(CHECK_KERNELS) $(if $(T),--only '$(T)')

check-repeat: setup
	@$(CHECK_BUILD)
	@tests/repeat --only '$(T)' --times '$(or $(N),10)' $(CHECK_KERNELS) $(if $(filter 1,$(LOAD)),--load)

demo: setup
	@$(MAKE) -s all test-modules
	@tests/rig/run-guest --demo

shell: setup
	@$(MAKE) -s all test-modules
	@tests/rig/run-guest --shell

# The kernels of the per-hit table (bench/kvers): KVER when given, else the
# default kernel and 6.12 generic when installed; every other section runs
# on the first of them only.
BENCH_KVER_LIST = $(shell KVER='$(if $(KVER_GIVEN),$(KVER))' bench/kvers)

bench-build: setup
	@$(MAKE) -s all test-modules bench-modules
	@set -e; for k in $(filter-out $(KVER),$(BENCH_KVER_LIST)); do \
		KERNELDIR=/lib/modules/$$k/build scripts/build-modules $$k product tests bench; done

bench: bench-build
	@set -e; for b in $(BENCHES); do $(MAKE) -s $$b; done

# Debian packages kprobetrace-dkms and kprobetrace in $(BUILD)/deb/, built
# from a copy of the sources and checked with lintian (no error allowed).
deb: setup
	@scripts/make-deb

clean:
	rm -rf $(BUILD) $(CLEAN_FILES) kprobetrace.ko
