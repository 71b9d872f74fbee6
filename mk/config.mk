# Shared build settings for every userspace fragment (*/build.mk).
#
# KVER is the kernel release whose image *and* headers are installed; it is
# never `uname -r`, which names the host's kernel, not the guest's.
KVER      ?= $(shell scripts/kver.sh)
KERNELDIR ?= /lib/modules/$(KVER)/build
VMLINUZ   ?= /boot/vmlinuz-$(KVER)
BUILD     ?= build
# Kernel sources from the linux-source-6.1 package, unpacked at test time
# outside the repository (scripts/ksrc.sh).
KSRC_CACHE ?= /var/cache/kprobetrace

CC        ?= cc
CFLAGS_HOST := -std=c11 -O2 -g -Wall -Wextra -Werror -D_DEFAULT_SOURCE
AWK       ?= gawk
