# Sourced by tests/rig/mkinitramfs and tests/rig/needs/*.sh (host side).
# shellcheck shell=sh

# add_binary ROOT FILE...: copy each host program into ROOT at the same path,
# with the shared libraries ldd lists for it (and the dynamic loader).
add_binary() {
	_root=$1
	shift
	for _bin in "$@"; do
		[ -e "$_bin" ] || { echo "needs: $_bin missing (scripts/setup.sh)" >&2; return 1; }
		mkdir -p "$_root$(dirname "$_bin")"
		cp -L "$_bin" "$_root$_bin"
		ldd "$_bin" 2>/dev/null | grep -o '/[^ ]*' | while read -r _lib; do
			mkdir -p "$_root$(dirname "$_lib")"
			[ -e "$_root$_lib" ] || cp -L "$_lib" "$_root$_lib"
		done
	done
}
