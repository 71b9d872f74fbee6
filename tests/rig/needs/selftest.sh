#!/bin/sh
# The rig's own selftest of "# needs:" (tests/rig/selftest/passes-needs.sh).
set -eu
mkdir -p "$1/kpt"
echo "built by tests/rig/needs/selftest.sh" > "$1/kpt/selftest-need.txt"
