# libFuzzer harnesses (clang -fsanitize=fuzzer,address,undefined).
#
# $(call kpt_fuzzer,NAME,SOURCES,CFLAGS,EXTRA-DEPS,LIBFUZZER-OPTIONS) defines
# for the harness tests/fuzz/fuzz_NAME.c, with its seed corpus tests/fuzz/corpus-NAME/:
#   $(BUILD)/fuzz/fuzz_NAME       the fuzzer
#   host-test-NAME-fuzz           bounded run (FUZZ_CHECK_SECONDS, default
#                                 20: the corpus replayed, then a short
#                                 search; finding new inputs is `make
#                                 fuzz`'s job) on a copy of the committed
#                                 corpus
#   fuzz-NAME                     long run (FUZZ_SECONDS, default 600), its
#                                 corpus growing under $(BUILD)/fuzz/
# and adds fuzz-NAME to FUZZ_TARGETS, all of which `make fuzz` runs.
FUZZ_CC ?= clang
FUZZ_SECONDS ?= 600
FUZZ_CHECK_SECONDS ?= 20
FUZZ_CFLAGS := -std=c11 -g -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_TARGETS +=

define kpt_fuzzer
$$(BUILD)/fuzz/fuzz_$(1): tests/fuzz/fuzz_$(1).c $(2) $(4)
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CC) $$(FUZZ_CFLAGS) $(3) $$< $(2) -o $$@

HOST_TESTS += $(1)-fuzz
FUZZ_TARGETS += fuzz-$(1)
.PHONY: host-test-$(1)-fuzz fuzz-$(1)
host-test-$(1)-fuzz: $$(BUILD)/fuzz/fuzz_$(1)
	rm -rf $$(BUILD)/fuzz/corpus-$(1)-check
	mkdir -p $$(BUILD)/fuzz/corpus-$(1)-check
	cp tests/fuzz/corpus-$(1)/* $$(BUILD)/fuzz/corpus-$(1)-check/
	$$(BUILD)/fuzz/fuzz_$(1) -max_total_time=$$(FUZZ_CHECK_SECONDS) \
		-timeout=10 -artifact_prefix=$$(BUILD)/fuzz/$(1)- \
		-print_final_stats=1 $(5) $$(BUILD)/fuzz/corpus-$(1)-check

fuzz-$(1): $$(BUILD)/fuzz/fuzz_$(1)
	mkdir -p $$(BUILD)/fuzz/corpus-$(1)-long
	$$(BUILD)/fuzz/fuzz_$(1) -max_total_time=$$(FUZZ_SECONDS) -timeout=10 \
		-artifact_prefix=$$(BUILD)/fuzz/$(1)- -print_final_stats=1 $(5) \
		$$(BUILD)/fuzz/corpus-$(1)-long tests/fuzz/corpus-$(1)
endef

# The decoder: 1 mode byte + up to 24 instruction bytes.
$(eval $(call kpt_fuzzer,decoder,decoder/kpt_insn_decode.c decoder/kpt_insn_operands.c decoder/kpt_insn_query.c,$(KPT_INSN_CFLAGS),$(KPT_INSN_HDRS) $(KPT_INSN_GEN),-max_len=25))

# The BTF reader (common/kpt_btf*): flags, an expression, blob(s); the seeds
# are the synthetic blob of tests/host/test_btf.c (KPT_BTF_SEEDS=DIR writes
# them).
$(eval $(call kpt_fuzzer,btf,$(KPT_BTF_SRCS),-Icommon,$(KPT_BTF_HDRS),-max_len=8192))

# kprobetrace(1)'s DWARF location translator: a CFA, then 9-byte
# operations; a short bounded run (the translator is small).
$(eval $(call kpt_fuzzer,dwarf_loc,tools/kprobetrace/dwarf/kpt_dwarf_loc.c,-Itools/kprobetrace/dwarf -Itools/kprobetrace/btf -Itools/kprobetrace/base -Icommon,tools/kprobetrace/dwarf/kpt_dwarf.h,-max_len=290 -runs=1500000))

# The text of kprobetrace(1)'s DWARF probe points (FUNC:REL, FILE:LINE,
# FUNC@FILE, ranges), with its canonical form parsed back.
$(eval $(call kpt_fuzzer,dwarf_spec,tools/kprobetrace/dwarf/kpt_dwarf_spec.c,-Itools/kprobetrace/dwarf -Itools/kprobetrace/btf -Itools/kprobetrace/base -Icommon,tools/kprobetrace/dwarf/kpt_dwarf.h tools/kprobetrace/dwarf/kpt_dwarf_internal.h,-max_len=600 -runs=1000000))

# The reader of a unit's top-level entries of the DWARF index (functions
# without libdw): an offset, two sizes, .debug_info, .debug_abbrev and
# string bytes.
$(eval $(call kpt_fuzzer,dwarf_dies,tools/kprobetrace/dwarf/kpt_dwarf_dies.c,-Itools/kprobetrace/dwarf,tools/kprobetrace/dwarf/kpt_dwarf_dies.h tools/kprobetrace/dwarf/kpt_dwarf_rd.h tools/kprobetrace/dwarf/kpt_dwarf_sec.h,-max_len=4096 -runs=1000000))

# The reader of kprobetrace(1)'s DWARF index files (the cache directory):
# bounds, order, checksum, key, and a round trip through the writer.
$(eval $(call kpt_fuzzer,dwarf_index,tools/kprobetrace/dwarf/kpt_dwarf_index.c,-Itools/kprobetrace/dwarf,tools/kprobetrace/dwarf/kpt_dwarf_index.h,-max_len=16384 -runs=1000000))

# The line table header reader of the DWARF index (file names without
# libdw): an offset, a split, the .debug_line and string bytes.
$(eval $(call kpt_fuzzer,dwarf_linehdr,tools/kprobetrace/dwarf/kpt_dwarf_linehdr.c,-Itools/kprobetrace/dwarf,tools/kprobetrace/dwarf/kpt_dwarf_linehdr.h tools/kprobetrace/dwarf/kpt_dwarf_rd.h tools/kprobetrace/dwarf/kpt_dwarf_sec.h,-max_len=2048 -runs=1000000))

.PHONY: fuzz
fuzz:
	@set -e; for t in $(FUZZ_TARGETS); do $(MAKE) -s $$t; done
