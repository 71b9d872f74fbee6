# make bench: per-hit cost (instructions, QEMU -icount), definition
# scale, throughput and loss, arm-many (one event over 1,000, ~10,000 and
# every traceable function); ours vs the in-kernel tracer (its kprobe and,
# where it has them, fprobe events) vs an empty kprobe / ftrace_ops.
# bench/bench-all boots the guests; results in build/bench/RESULTS.md.
BENCHES += bench-hit
.PHONY: bench-hit bench-quick bench-hit-kernels
bench-hit:
	KVER='$(if $(KVER_GIVEN),$(KVER))' bench/bench-all

# Only checks that the machinery runs (tiny counts); builds what it needs.
bench-quick: bench-build
	KVER='$(if $(KVER_GIVEN),$(KVER))' bench/bench-all --quick

# Only the icount per-hit section, on every kernel of bench/kvers, one guest
# at a time (the side-by-side table of bench/RESULTS.md).
bench-hit-kernels: bench-build
	KVER='$(if $(KVER_GIVEN),$(KVER))' bench/bench-all --hit-only

# The cost of measuring a function's latency, per call: bpftrace, the
# kernel's synthetic-event recipe, kprobetrace's $duration aggregation
# (bench/bench-latency, bench/latency.sh); build/bench/LATENCY.md.
BENCHES += bench-latency
.PHONY: bench-latency
bench-latency: bench-build
	KVER='$(if $(KVER_GIVEN),$(KVER))' bench/bench-latency

# The DWARF index on Debian's 6.1 vmlinux (bench/dwarf-index.sh): cold,
# warm, --no-index and perf probe -D side by side. It needs
# linux-image-6.1.0-57-amd64-dbg, an ~860 MB download (5.6 GB installed)
# that `make check-dwarf` installs and `make bench` never does: there it
# runs when the package is installed, and says how to get it when not.
# (the command's path spelled out: this file is read before
# tools/kprobetrace/build.mk defines KPT_CMD, and a prerequisite is
# expanded when it is read, so $(KPT_CMD) here would be empty and a
# stale command would be measured)
BENCH_DWARF_CMD := $(BUILD)/tools/kprobetrace
.PHONY: bench-dwarf bench-dwarf-if-installed
bench-dwarf: $(BENCH_DWARF_CMD)
	bench/dwarf-index.sh $(BENCH_DWARF_CMD)

BENCHES += bench-dwarf-if-installed
bench-dwarf-if-installed: $(BENCH_DWARF_CMD)
	@if [ -r /usr/lib/debug/boot/vmlinux-6.1.0-57-amd64 ]; then \
		bench/dwarf-index.sh $(BENCH_DWARF_CMD); \
	else \
		echo "bench-dwarf: skipped: no linux-image-6.1.0-57-amd64-dbg (make check-dwarf installs it; then make bench-dwarf)"; \
	fi

# What scrapes of the metrics cost a traced function's calls: a member of
# the service's ~10,000-function set, with no scrape and with scrapes
# without pause (the service's, and 10,000 functions' histograms), icount
# (bench/bench-scrape, bench/scrape.sh); build/bench/SCRAPE.md.
BENCHES += bench-scrape
.PHONY: bench-scrape
bench-scrape: bench-build
	KVER='$(if $(KVER_GIVEN),$(KVER))' bench/bench-scrape
