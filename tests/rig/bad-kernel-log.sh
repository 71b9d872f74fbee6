# Sourced by the scripts that boot guests (tests/rig/run-guest,
# bench/run-bench) and by tests/run-all: what in a guest's kernel log fails
# a test or a benchmark whatever the test itself said (a bug, warning,
# oops, lockdep, KASAN, UBSAN or kmemleak report, a hang or stall, a panic;
# on PREEMPT_RT kernels, where spinlock_t sleeps, a sleeping lock taken in
# atomic context: "BUG: sleeping function called from invalid context",
# "BUG: scheduling while atomic", lockdep's "Invalid wait context").
# Each is listed with its "BUG: " (matches are reported longest first, so a
# failure names the report, not only "BUG:"), and without it, for the
# kernels that print such a report without the prefix.
# tests/rig/bad-kernel-log-check checks it against sample log lines.
# shellcheck disable=SC2034
BAD_KERNEL_LOG='(BUG: )?sleeping function called from invalid context|(BUG: )?scheduling while atomic|(BUG: )?Invalid wait context|BUG:|WARNING:|Oops|general protection|Call Trace|UBSAN:|KASAN|unreferenced object|possible (circular|recursive) locking|possible irq lock inversion|inconsistent lock state|suspicious RCU usage|INFO: task .* blocked|rcu: INFO|self-detected stall|Kernel panic'
