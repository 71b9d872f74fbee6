# Shared build settings for every userspace fragment (*/build.mk).
#
# KVER is the kernel release whose image *and* headers are installed; it is
# never `uname -r`, which names the host's kernel, not the guest's.
# Without KVER=, the default kernel (Debian 12's own, scripts/kver.sh);
# KVERS: every installed kernel of the supported matrix, default first.
KVER_GIVEN := $(filter command line environment,$(origin KVER))
KVER      ?= $(shell scripts/kver.sh)
KVERS     := $(shell scripts/kvers.sh)
KERNELDIR ?= /lib/modules/$(KVER)/build
VMLINUZ   ?= /boot/vmlinuz-$(KVER)
BUILD     ?= build
# Kernel sources from the linux-source-SERIES packages (6.1, 6.12), unpacked
# at test time outside the repository (scripts/ksrc.sh SERIES).
KSRC_CACHE ?= /var/cache/kprobetrace

CC        ?= cc
CFLAGS_HOST := -std=c11 -O2 -g -Wall -Wextra -Werror -D_DEFAULT_SOURCE
AWK       ?= gawk
