# matrix: core
# Conformance: linux-source-6.12's ftrace selftests for fprobe events and BTF
# arguments (the test.d cases that test f:, t:, BTF arguments or their
# errors: dynevent/add_remove_fprobe.tc, add_remove_btfarg.tc,
# fprobe_syntax_errors.tc, ...; found by tests/rig/needs/ftracetest.sh at
# each run), dynamic_events and the fprobe tracer's names rewritten to ours,
# against kprobetrace.ko in the today lifecycle, on every kernel (6.12's
# cases on 6.1 too). Prints the conformance table and the results in the
# list's format; fails when a case listed as passing in
# tests/ftracetest/expected-fprobe.txt (6.1) or expected-fprobe-6.12.txt
# does not pass, or a case is not listed (tests/ftracetest/run.sh).
# needs: ftracetest
# modparams: lifecycle=today either_today=1
# timeout: 480
. /kpt/ftracetest/run.sh today fprobe
