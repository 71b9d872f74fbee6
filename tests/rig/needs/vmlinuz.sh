#!/bin/sh
# The guest kernel's own image, /boot/vmlinuz-KVER (a bzImage, 8-12 MB),
# for tests/guest/cmd-patched-vmlinux.sh: kprobetrace reads vmlinux's
# alternatives table, freed after boot, from it.
set -eu
KVER=${KVER:-$(scripts/kver.sh)}
mkdir -p "$1/boot"
cp "/boot/vmlinuz-$KVER" "$1/boot/"
