#!/bin/sh
# Print the path of the kernel source tree from Debian's linux-source-6.1
# package, unpacking it once into a cache outside the repository. Tests and
# benchmarks *run* files from it (checkpatch, ftrace selftests, the kernel's
# own decoder as a benchmark peer); nothing from it is ever committed.
set -eu
cache=${KSRC_CACHE:-/var/cache/kprobetrace}
tarball=$(ls /usr/src/linux-source-6.1.tar.* 2>/dev/null | head -n 1)
if [ -z "$tarball" ]; then
	echo "ksrc.sh: linux-source-6.1 is not installed (scripts/setup.sh)" >&2
	exit 1
fi
tree=$cache/linux-source-6.1
stamp=$tree/.kprobetrace-unpacked
if [ ! -e "$stamp" ] || [ "$tarball" -nt "$stamp" ]; then
	mkdir -p "$cache"
	rm -rf "$tree"
	tar -C "$cache" -xf "$tarball"
	touch "$stamp"
fi
echo "$tree"
