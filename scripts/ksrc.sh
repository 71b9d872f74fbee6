#!/bin/sh
# Print the path of the kernel source tree of one series from Debian's
# linux-source-SERIES package (SERIES: 6.1, the default, or 6.12), unpacking
# it once into a cache outside the repository. Tests and benchmarks *run*
# files from it (checkpatch, ftrace selftests, the kernel's own decoder as a
# benchmark peer); nothing from it is ever committed.
#
#   scripts/ksrc.sh [SERIES]      e.g. scripts/ksrc.sh 6.12
#   scripts/ksrc.sh --kver KVER   the series of a kernel release
set -eu
series=${1:-6.1}
if [ "$series" = --kver ]; then
	series=$(echo "${2:?ksrc.sh: --kver needs a release}" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
fi
case "$series" in
[0-9]*.[0-9]*) ;;
*) echo "ksrc.sh: bad series '$series' (e.g. 6.1, 6.12)" >&2; exit 2 ;;
esac
cache=${KSRC_CACHE:-/var/cache/kprobetrace}
tarball=$(ls /usr/src/linux-source-"$series".tar.* 2>/dev/null | head -n 1)
if [ -z "$tarball" ]; then
	echo "ksrc.sh: linux-source-$series is not installed (scripts/setup.sh)" >&2
	exit 1
fi
tree=$cache/linux-source-$series
stamp=$tree/.kprobetrace-unpacked
if [ ! -e "$stamp" ] || [ "$tarball" -nt "$stamp" ]; then
	mkdir -p "$cache"
	# unpack beside, then rename: a reader never sees a half tree
	tmp=$(mktemp -d "$cache/.unpack-$series.XXXXXX")
	tar -C "$tmp" -xf "$tarball"
	touch "$tmp/linux-source-$series/.kprobetrace-unpacked"
	rm -rf "$tree"
	mv "$tmp/linux-source-$series" "$tree"
	rmdir "$tmp"
fi
echo "$tree"
