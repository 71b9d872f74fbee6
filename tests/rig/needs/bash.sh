#!/bin/sh
# GNU bash, for scripts that busybox sh cannot run.
set -eu
. tests/rig/needs-lib.sh
add_binary "$1" /bin/bash
