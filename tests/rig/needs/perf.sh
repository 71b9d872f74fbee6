#!/bin/sh
# perf (Debian's linux-perf) for tests/guest/eco-perf.sh. /usr/bin/perf is
# the real binary (linux-perf diverts the old wrapper away).
set -eu
. tests/rig/needs-lib.sh
add_binary "$1" /usr/bin/perf
