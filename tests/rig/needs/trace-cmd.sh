#!/bin/sh
# trace-cmd (Debian's package) for tests/guest/eco-trace-cmd.sh.
set -eu
. tests/rig/needs-lib.sh
add_binary "$1" /usr/bin/trace-cmd
