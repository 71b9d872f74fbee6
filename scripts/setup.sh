#!/bin/sh
# Install, from Debian's packages, everything the build, the demo and the
# tests need. Idempotent: when every package is already installed it only
# asks dpkg and returns in well under a second.
set -eu
cd "$(dirname "$0")/.."

want=$(sed -e 's/#.*//' -e '/^[[:space:]]*$/d' scripts/packages.txt)
missing=
for p in $want; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*"ok installed") ;;
	*) missing="$missing $p" ;;
	esac
done

if [ -n "$missing" ]; then
	if [ "$(id -u)" != 0 ]; then
		echo "setup: missing packages:$missing (run as root)" >&2
		exit 1
	fi
	echo "setup: installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# The build needs a kernel whose image and headers are both present.
scripts/kver.sh >/dev/null
# Each installed series' source tree, unpacked once outside the repository
# (a no-op when it is: scripts/ksrc.sh).
for s in $(scripts/kvers.sh | sed -E 's/^([0-9]+\.[0-9]+).*/\1/' | sort -u); do
	scripts/ksrc.sh "$s" >/dev/null
done
