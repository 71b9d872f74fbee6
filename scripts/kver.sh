#!/bin/sh
# Print the default kernel release: the one the module is built against and
# the guest boots when no KVER is given. It is Debian 12's own kernel, the
# one linux-image-amd64 depends on, when its image and headers are
# installed; otherwise the newest kernel that has both an image in /boot and
# a headers tree. The host's own kernel (uname -r) is irrelevant.
# scripts/kvers.sh lists every installed kernel of the supported matrix.
set -eu
ok() { [ -e "/boot/vmlinuz-$1" ] && [ -d "/lib/modules/$1/build" ]; }
dep=$(dpkg-query -W -f='${Status}|${Depends}' linux-image-amd64 2>/dev/null || true)
case "$dep" in
*"ok installed|"*)
	v=$(echo "${dep#*|}" | tr ',' '\n' | sed -n 's/^ *linux-image-\([^ ]*\).*/\1/p' | head -n 1)
	if [ -n "$v" ] && ok "$v"; then
		echo "$v"
		exit 0
	fi
	;;
esac
best=
for img in /boot/vmlinuz-*; do
	[ -e "$img" ] || continue
	v=${img#/boot/vmlinuz-}
	ok "$v" || continue
	best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
done
if [ -z "$best" ]; then
	echo "kver.sh: no kernel with both image and headers; run scripts/setup.sh" >&2
	exit 1
fi
echo "$best"
