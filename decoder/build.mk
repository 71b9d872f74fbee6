# x86 instruction decoder (decoder/), userspace side; the module compiles
# the same source through ./Kbuild.
#
#   $(KPT_INSN_LIB)      static library (decoder + generated tables)
#   $(KPT_INSN_CFLAGS)   -I flags for code that includes kpt_insn.h
#   $(KPT_INSN_NAMES)    generated mnemonic tables (userspace tools only)
#   host-test-decoder-smoke   a handful of known encodings
KPT_INSN_GEN := $(BUILD)/gen/kpt_inat_tables.gen.h
KPT_INSN_CFLAGS := -I$(BUILD)/gen -Idecoder -Icommon
KPT_INSN_LIB := $(BUILD)/lib/libkptinsn.a
KPT_INSN_HDRS := decoder/kpt_insn.h decoder/kpt_inat.h decoder/kpt_insn_fields.h \
	common/kpt_compat.h

$(KPT_INSN_GEN): decoder/x86-opcode-map.txt decoder/gen-tables.awk
	@mkdir -p $(dir $@)
	$(AWK) -f decoder/gen-tables.awk decoder/x86-opcode-map.txt > $@.tmp
	mv $@.tmp $@

# Mnemonics, in the same structure: for userspace tools only (kpt-decode).
KPT_INSN_NAMES := $(BUILD)/gen/kpt_inat_names.gen.h
$(KPT_INSN_NAMES): decoder/x86-opcode-map.txt decoder/gen-tables.awk
	@mkdir -p $(dir $@)
	$(AWK) -v names=1 -f decoder/gen-tables.awk decoder/x86-opcode-map.txt > $@.tmp
	mv $@.tmp $@

$(BUILD)/lib/kptinsn/kpt_insn_decode.o: decoder/kpt_insn_decode.c $(KPT_INSN_HDRS) $(KPT_INSN_GEN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) -c $< -o $@

$(BUILD)/lib/kptinsn/kpt_insn_query.o: decoder/kpt_insn_query.c $(KPT_INSN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) -c $< -o $@

$(BUILD)/lib/kptinsn/kpt_insn_operands.o: decoder/kpt_insn_operands.c $(KPT_INSN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) -c $< -o $@

$(KPT_INSN_LIB): $(BUILD)/lib/kptinsn/kpt_insn_decode.o \
		$(BUILD)/lib/kptinsn/kpt_insn_operands.o \
		$(BUILD)/lib/kptinsn/kpt_insn_query.o
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

ALL_TARGETS += $(KPT_INSN_LIB)

DECODER_SMOKE := $(BUILD)/tests/test_decoder_smoke
$(DECODER_SMOKE): tests/host/test_decoder_smoke.c $(KPT_INSN_LIB) $(KPT_INSN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) $< $(KPT_INSN_LIB) -o $@

HOST_TESTS += decoder-smoke
.PHONY: host-test-decoder-smoke
host-test-decoder-smoke: $(DECODER_SMOKE)
	$(DECODER_SMOKE)
