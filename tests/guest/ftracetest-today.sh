# matrix: series
# Conformance: the kernel's ftrace selftests for kprobes (linux-source-6.1's
# ftracetest, test.d/kprobe/*.tc), paths rewritten to our files and group,
# against kprobetrace.ko in the today lifecycle and with either_today=1 (lines
# valid in both syntaxes print in today's format, as the kernel's tests
# expect). Prints the conformance table; fails when a case listed as passing
# in tests/ftracetest/expected.txt does not pass (tests/ftracetest/run.sh).
# needs: ftracetest
# modparams: lifecycle=today either_today=1
# timeout: 480
. /kpt/ftracetest/run.sh today
