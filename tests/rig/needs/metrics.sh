#!/bin/sh
# The fleet tests (tests/guest/fleet-*.sh): kprobetrace serve (the
# dynamically linked command, build/tools/kprobetrace-dyn, with its
# libraries: libmicrohttpd has no static build here) as
# /usr/local/bin/kprobetrace-dyn, Debian's node exporter, and the guest's
# network driver (e1000, the device tests/rig/run-guest gives the user
# network, with what it depends on, uncompressed, in load order:
# /kpt/net/order) for the host forwards metrics.hostfwd asks for.
set -eu
. tests/rig/needs-lib.sh
root=$1
dyn=build/tools/kprobetrace-dyn
[ -x "$dyn" ] || { echo "needs metrics: $dyn missing (make)" >&2; exit 1; }
add_libs "$root" "$dyn"
mkdir -p "$root/usr/local/bin"
cp "$dyn" "$root/usr/local/bin/kprobetrace-dyn"
add_binary "$root" /usr/bin/prometheus-node-exporter
mkdir -p "$root/kpt/net"
: > "$root/kpt/net/order"
# load MOD: its dependencies first, then itself (built-in ones: nothing)
load() {
	grep -qx "$1" "$root/kpt/net/order" && return 0
	f=$(find "/lib/modules/$KVER/kernel" -name "$1.ko*" | head -n 1)
	[ -n "$f" ] || return 0
	for d in $(modinfo -F depends "$f" | tr ',' ' '); do
		load "$d"
	done
	case "$f" in
	*.ko) cp "$f" "$root/kpt/net/$1.ko" ;;
	*.ko.xz) xz -dc "$f" > "$root/kpt/net/$1.ko" ;;
	*.ko.zst) zstd -qdc "$f" > "$root/kpt/net/$1.ko" ;;
	esac
	echo "$1" >> "$root/kpt/net/order"
}
load e1000
