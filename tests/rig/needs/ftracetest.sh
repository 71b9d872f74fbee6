#!/bin/sh
# The kernel's ftrace selftests for kprobes, for tests/guest/ftracetest-*.sh:
# ftracetest, test.d/functions and test.d/kprobe/ from linux-source-6.1
# (scripts/ksrc.sh; copied into the guest only, never into the repository),
# bash to run them, our runner and expectation list (tests/ftracetest/), and
# trace-printk.ko, our stand-in for the sample module kprobe_module.tc loads.
set -eu
. tests/rig/needs-lib.sh
root=$1
add_binary "$root" /bin/bash
src=$(scripts/ksrc.sh)/tools/testing/selftests/ftrace
dst=$root/kpt/ksrc-ftrace
mkdir -p "$dst/test.d"
cp "$src/ftracetest" "$dst/"
cp "$src/test.d/functions" "$dst/test.d/"
cp -r "$src/test.d/kprobe" "$dst/test.d/"
mkdir -p "$root/kpt/ftracetest"
cp tests/ftracetest/run.sh tests/ftracetest/expected.txt "$root/kpt/ftracetest/"
moddir=${KPT_MODDIR:-tests/modules}
[ -f "$moddir/trace-printk.ko" ] || { echo "needs/ftracetest: $moddir/trace-printk.ko is not built (make test-modules)" >&2; exit 1; }
cp "$moddir/trace-printk.ko" "$root/kpt/ftracetest/"
