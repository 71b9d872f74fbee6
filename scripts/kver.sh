#!/bin/sh
# Print the newest kernel release that has both an image in /boot and a
# matching headers tree. The guest boots this kernel and the module is built
# against its headers; the host's own kernel (uname -r) is irrelevant.
set -eu
best=
for img in /boot/vmlinuz-*; do
	[ -e "$img" ] || continue
	v=${img#/boot/vmlinuz-}
	[ -d "/lib/modules/$v/build" ] || continue
	best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
done
if [ -z "$best" ]; then
	echo "kver.sh: no kernel with both image and headers; run scripts/setup.sh" >&2
	exit 1
fi
echo "$best"
