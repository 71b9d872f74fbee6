# Kernel coding style of everything compiled into the modules.
HOST_TESTS += checkpatch
.PHONY: host-test-checkpatch
host-test-checkpatch:
	scripts/checkpatch-all

# Packaging: the kprobetrace-dkms package (make deb), installed here, has
# DKMS build kprobetrace.ko for the installed generic and cloud kernels of
# the matrix (check-dkms: every one, PREEMPT_RT too; build only, never
# installed into /lib/modules, never loaded; KPT_DKMS_KERNELS picks
# kernels), each signed with DKMS's MOK key (DKMS makes the key on its
# first build when there is none). The package is purged afterwards.
HOST_TESTS += dkms-build
.PHONY: host-test-dkms-build check-dkms
host-test-dkms-build:
	scripts/check-dkms

check-dkms: setup
	@scripts/check-dkms --all
