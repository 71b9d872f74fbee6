#!/bin/sh
# Extract the BTF of Debian's installed kernel KVER for the host test
# test_btf: DIR/vmlinux.btf (the .BTF section of the decompressed
# /boot/vmlinuz-KVER) and DIR/crc8.btf (split BTF of lib/crc8.ko[.xz]).
# Cached in DIR (outside the repository); exits 77 when the kernel image
# is not installed (the test skips it), 1 on a failure.
#
#   test_btf_extract.sh KVER DIR
set -e
kver=$1
dir=$2
img=/boot/vmlinuz-$kver
[ -r "$img" ] || { echo "$img: not installed" >&2; exit 77; }
if [ -s "$dir/vmlinux.btf" ] && [ -s "$dir/crc8.btf" ]; then
	exit 0
fi
mkdir -p "$dir"
ksrc=
for s in /var/cache/kprobetrace/linux-source-6.12 \
	 /var/cache/kprobetrace/linux-source-6.1; do
	[ -x "$s/scripts/extract-vmlinux" ] && { ksrc=$s; break; }
done
[ -n "$ksrc" ] || ksrc=$(scripts/ksrc.sh)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kpt-btf.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$ksrc/scripts/extract-vmlinux" "$img" > "$tmp/vmlinux"
objcopy -O binary --only-section=.BTF "$tmp/vmlinux" "$tmp/vmlinux.btf"
[ -s "$tmp/vmlinux.btf" ] || { echo "$img: no .BTF section" >&2; exit 1; }
ko=/lib/modules/$kver/kernel/lib/crc8.ko
if [ -r "$ko.xz" ]; then
	xz -dc "$ko.xz" > "$tmp/crc8.ko"
elif [ -r "$ko" ]; then
	cp "$ko" "$tmp/crc8.ko"
else
	echo "$ko: missing" >&2
	exit 1
fi
# not an allocated section in a .ko: -O binary would write nothing
objcopy --dump-section .BTF="$tmp/crc8.btf" "$tmp/crc8.ko" "$tmp/crc8.o"
[ -s "$tmp/crc8.btf" ] || { echo "$ko: no .BTF section" >&2; exit 1; }
mv "$tmp/vmlinux.btf" "$tmp/crc8.btf" "$dir/"
