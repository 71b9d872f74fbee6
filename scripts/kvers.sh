#!/bin/sh
# Print the kernels of the supported matrix that are installed (image in
# /boot and headers), one release a line, the default kernel first
# (scripts/kver.sh). The matrix is what Debian 12's meta packages pull in:
#
#   linux-image-amd64          6.1 generic (Debian 12's own kernel: the default)
#   linux-image-rt-amd64       6.1 PREEMPT_RT
#   linux-image-6.12-amd64     6.12 generic
#   linux-image-6.12-rt-amd64  6.12 PREEMPT_RT
#
# (scripts/setup.sh installs them.) Where none of them is installed (not a
# Debian system), every kernel with image and headers.
set -eu
cd "$(dirname "$0")/.."
ok() { [ -e "/boot/vmlinuz-$1" ] && [ -d "/lib/modules/$1/build" ]; }
meta="linux-image-amd64 linux-image-rt-amd64 linux-image-6.12-amd64 linux-image-6.12-rt-amd64"
all=
for m in $meta; do
	dep=$(dpkg-query -W -f='${Status}|${Depends}' "$m" 2>/dev/null || true)
	case "$dep" in
	*"ok installed|"*) ;;
	*) continue ;;
	esac
	v=$(echo "${dep#*|}" | tr ',' '\n' | sed -n 's/^ *linux-image-\([^ ]*\).*/\1/p' | head -n 1)
	[ -n "$v" ] && ok "$v" && all="$all $v"
done
if [ -z "$all" ]; then
	for img in /boot/vmlinuz-*; do
		[ -e "$img" ] || continue
		v=${img#/boot/vmlinuz-}
		ok "$v" && all="$all $v"
	done
fi
def=$(scripts/kver.sh)
echo "$def"
for v in $all; do [ "$v" = "$def" ] || echo "$v"; done | awk '!seen[$0]++'
