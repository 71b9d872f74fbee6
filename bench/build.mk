# make bench: per-hit cost (instructions, QEMU -icount), definition
# scale, throughput and loss; ours vs the in-kernel tracer vs an empty kprobe.
# bench/bench-all boots the guests; results in build/bench/RESULTS.md.
BENCHES += bench-hit
.PHONY: bench-hit bench-quick
bench-hit:
	bench/bench-all

# Only checks that the machinery runs (tiny counts).
bench-quick:
	bench/bench-all --quick
