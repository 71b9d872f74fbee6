# Sourced by the scripts that boot guests (tests/rig/run-guest,
# bench/run-bench) and by tests/run-all: what in a guest's kernel log fails
# a test or a benchmark whatever the test itself said (a bug, warning,
# oops, lockdep, KASAN, UBSAN or kmemleak report, a hang or stall, a panic).
# shellcheck disable=SC2034
BAD_KERNEL_LOG='BUG:|WARNING:|Oops|general protection|Call Trace|UBSAN:|KASAN|unreferenced object|possible (circular|recursive) locking|inconsistent lock state|INFO: task .* blocked|rcu: INFO|self-detected stall|Kernel panic'
