#!/bin/sh
# bpftrace (Debian's package; ~200 MB with libLLVM, libclang and libz3 --
# the reason these archives exist) for tests/guest/eco-bpftrace.sh.
set -eu
. tests/rig/needs-lib.sh
add_binary "$1" /usr/bin/bpftrace
