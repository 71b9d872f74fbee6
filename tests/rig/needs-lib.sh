# Sourced by tests/rig/mkinitramfs and tests/rig/needs/*.sh (host side).
# shellcheck shell=sh

# add_libs ROOT FILE: copy into ROOT the shared libraries ldd lists for
# FILE (and the dynamic loader), each at its own path.
add_libs() {
	ldd "$2" 2>/dev/null | grep -o '/[^ ]*' | while read -r _lib; do
		mkdir -p "$1$(dirname "$_lib")"
		[ -e "$1$_lib" ] || cp -L "$_lib" "$1$_lib"
	done
}

# add_binary ROOT FILE...: copy each host program into ROOT at the same path,
# with its shared libraries (add_libs).
add_binary() {
	_root=$1
	shift
	for _bin in "$@"; do
		[ -e "$_bin" ] || { echo "needs: $_bin missing (scripts/setup.sh)" >&2; return 1; }
		mkdir -p "$_root$(dirname "$_bin")"
		cp -L "$_bin" "$_root$_bin"
		add_libs "$_root" "$_bin"
	done
}
