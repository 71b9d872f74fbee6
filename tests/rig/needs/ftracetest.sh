#!/bin/sh
# The kernel's ftrace selftests for kprobes, for tests/guest/ftracetest-*.sh:
# ftracetest, test.d/functions and test.d/kprobe/ from the guest kernel's own
# source package (linux-source-6.1 or -6.12: scripts/ksrc.sh --kver KVER;
# copied into the guest only, never into the repository),
# bash to run them, our runner and expectation list (tests/ftracetest/), and
# trace-printk.ko, our stand-in for the sample module kprobe_module.tc loads.
# Also the fprobe and BTF-argument cases of linux-source-6.12, on every
# kernel (tests/guest/ftracetest-fprobe.sh): 6.12's ftracetest and
# test.d/functions with each case of its test.d that tests fprobe events
# (f:, t:), BTF arguments or their errors, or the char type (after 6.1),
# found by grep at each run.
set -eu
. tests/rig/needs-lib.sh
root=$1
add_binary "$root" /bin/bash
KVER=${KVER:-$(scripts/kver.sh)}
series=$(echo "$KVER" | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')
src=$(scripts/ksrc.sh "$series")/tools/testing/selftests/ftrace
dst=$root/kpt/ksrc-ftrace
mkdir -p "$dst/test.d"
cp "$src/ftracetest" "$dst/"
cp "$src/test.d/functions" "$dst/test.d/"
cp -r "$src/test.d/kprobe" "$dst/test.d/"
mkdir -p "$root/kpt/ftracetest"
cp tests/ftracetest/run.sh "$root/kpt/ftracetest/"
# The expected results of this series' cases (expected-SERIES.txt), else
# the 6.1 list.
exp=tests/ftracetest/expected-$series.txt
[ -f "$exp" ] || exp=tests/ftracetest/expected.txt
cp "$exp" "$root/kpt/ftracetest/expected.txt"
fsrc=$(scripts/ksrc.sh 6.12)/tools/testing/selftests/ftrace
fdst=$root/kpt/ksrc-ftrace-fprobe
mkdir -p "$fdst/test.d"
cp "$fsrc/ftracetest" "$fdst/"
cp "$fsrc/test.d/functions" "$fdst/test.d/"
(cd "$fsrc" && grep -lE 'fprobe|<attached-group>|<tracepoint>|BTF|btf|<argname>|\$arg\*|(^|[^a-z_])f:|\):char|'"'f |\"f " \
	test.d/*/*.tc) | while read -r tc; do
	mkdir -p "$fdst/$(dirname "$tc")"
	cp "$fsrc/$tc" "$fdst/$tc"
done
fexp=tests/ftracetest/expected-fprobe-$series.txt
[ -f "$fexp" ] || fexp=tests/ftracetest/expected-fprobe.txt
cp "$fexp" "$root/kpt/ftracetest/expected-fprobe.txt"
echo "$series" > "$root/kpt/ftracetest/series"
moddir=${KPT_MODDIR:-build/kernels/$KVER}
[ -f "$moddir/trace-printk.ko" ] || { echo "needs/ftracetest: $moddir/trace-printk.ko is not built (make KVER=$KVER test-modules)" >&2; exit 1; }
cp "$moddir/trace-printk.ko" "$root/kpt/ftracetest/"
cp "$moddir/trace-events-sample.ko" "$root/kpt/ftracetest/"
