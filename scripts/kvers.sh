#!/bin/sh
# Print the kernels of the supported matrix that are installed (image in
# /boot and headers), one release a line, the default kernel first
# (scripts/kver.sh). The matrix is what Debian 12's meta packages pull in,
# each with the scope of the guest suite `make check` runs on it:
#
#   meta package                  kernel                         scope
#   linux-image-amd64             6.1 generic (Debian 12's own)  all (the default)
#   linux-image-rt-amd64          6.1 PREEMPT_RT                 core
#   linux-image-6.12-amd64        6.12 generic                   series
#   linux-image-6.12-rt-amd64     6.12 PREEMPT_RT                core
#   linux-image-cloud-amd64       6.1 cloud                      smoke
#   linux-image-6.12-cloud-amd64  6.12 cloud                     smoke
#
# all: every guest test; series: the tests marked "# matrix: core" or
# "# matrix: series" (what depends on the kernel's version: its own
# ftracetest cases, BTF and DWARF answers, record layouts; the generic
# kernel of each series runs them); core: the tests marked "# matrix:
# core" (what depends on the flavour too: preemption, locking, contexts,
# lockdown, load and unload); smoke: those tests/matrix-smoke.txt names (the
# cloud flavour is the generic kernel's source with fewer drivers, for
# virtual machines).
#
#   kvers.sh            the releases, one a line
#   kvers.sh --scopes   "RELEASE SCOPE" a line: the default kernel's scope
#                       is all, whichever package it comes from
#
# (scripts/setup.sh installs them.) Where none of them is installed (not a
# Debian system), every kernel with image and headers, scope core.
set -eu
cd "$(dirname "$0")/.."
scopes=0
[ "${1:-}" != --scopes ] || scopes=1
ok() { [ -e "/boot/vmlinuz-$1" ] && [ -d "/lib/modules/$1/build" ]; }
meta="linux-image-amd64:core linux-image-rt-amd64:core
	linux-image-6.12-amd64:series linux-image-6.12-rt-amd64:core
	linux-image-cloud-amd64:smoke linux-image-6.12-cloud-amd64:smoke"
all=
for ms in $meta; do
	m=${ms%:*}
	dep=$(dpkg-query -W -f='${Status}|${Depends}' "$m" 2>/dev/null || true)
	case "$dep" in
	*"ok installed|"*) ;;
	*) continue ;;
	esac
	v=$(echo "${dep#*|}" | tr ',' '\n' | sed -n 's/^ *linux-image-\([^ ]*\).*/\1/p' | head -n 1)
	[ -n "$v" ] && ok "$v" && all="$all $v:${ms#*:}"
done
if [ -z "$all" ]; then
	for img in /boot/vmlinuz-*; do
		[ -e "$img" ] || continue
		v=${img#/boot/vmlinuz-}
		ok "$v" && all="$all $v:core"
	done
fi
def=$(scripts/kver.sh)
{
	echo "$def all"
	for vs in $all; do [ "${vs%:*}" = "$def" ] || echo "${vs%:*} ${vs#*:}"; done
} | awk '!seen[$1]++' | if [ $scopes = 1 ]; then cat; else cut -d' ' -f1; fi
