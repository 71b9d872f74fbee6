# Decoder tests against objdump, snapshots, exceptions.
#
#   host-test-decoder-objdump-vmlinux    Debian kernel's vmlinux (extracted
#                                        once into build/decoder-check/)
#   host-test-decoder-objdump-modules    a seeded random 1000 of that kernel's
#                                        modules (scripts/check-decoder-modules;
#                                        KPT_DECODER_MODULES=all: every one)
#   host-test-decoder-objdump-userspace  a dozen userspace libraries/programs
#   host-test-decoder-objdump-32bit      32-bit objects built from
#                                        tests/decoder/x86-32*.{S,c}
#   host-test-decoder-exceptions         tests/decoder/exceptions.txt, both ways
#   host-test-decoder-snapshots          snapshots.vectors vs .expected
#   snapshot-update                      regenerate snapshots.expected
# scripts/check-decoder FILE... is the same pipeline for any ELF file.
OBJDUMP_CHECK := $(BUILD)/tests/objdump-check
DECODER_SNAPSHOT := $(BUILD)/tests/decoder-snapshot
DECODER_CHECK_DIR := $(BUILD)/decoder-check

$(OBJDUMP_CHECK): tests/decoder/objdump-check.c $(KPT_INSN_LIB) $(KPT_INSN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) $< $(KPT_INSN_LIB) -o $@

$(DECODER_SNAPSHOT): tests/decoder/snapshot.c $(KPT_INSN_LIB) $(KPT_INSN_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) $< $(KPT_INSN_LIB) -o $@

ALL_TARGETS += $(OBJDUMP_CHECK) $(DECODER_SNAPSHOT)

# The kernel image's vmlinux, extracted by the kernel package's own script.
$(DECODER_CHECK_DIR)/vmlinux: $(VMLINUZ)
	@mkdir -p $(dir $@)
	sh $$(scripts/ksrc.sh)/scripts/extract-vmlinux $< > $@.tmp
	mv $@.tmp $@

DECODER_USERSPACE := $(wildcard \
	/usr/lib/x86_64-linux-gnu/libcrypto.so.3 \
	/usr/lib/x86_64-linux-gnu/libc.so.6 \
	/usr/lib/x86_64-linux-gnu/libm.so.6 \
	/usr/lib/x86_64-linux-gnu/libstdc++.so.6 \
	/usr/lib/x86_64-linux-gnu/libz.so.1 \
	/usr/lib/x86_64-linux-gnu/libzstd.so.1 \
	/usr/lib/x86_64-linux-gnu/liblzma.so.5 \
	/usr/lib/x86_64-linux-gnu/libgcrypt.so.20 \
	/usr/lib/x86_64-linux-gnu/libgmp.so.10 \
	/usr/lib/x86_64-linux-gnu/libsqlite3.so.0 \
	/usr/lib/x86_64-linux-gnu/libcapstone.so.4 \
	/usr/lib/x86_64-linux-gnu/libZydis.so.4.0 \
	/usr/lib/x86_64-linux-gnu/libssl.so.3 \
	/usr/bin/qemu-system-x86_64 \
	/usr/bin/gawk)

HOST_TESTS += decoder-objdump-vmlinux decoder-objdump-modules \
	decoder-objdump-userspace decoder-objdump-32bit decoder-exceptions \
	decoder-snapshots
.PHONY: host-test-decoder-objdump-vmlinux host-test-decoder-objdump-modules \
	host-test-decoder-objdump-userspace host-test-decoder-objdump-32bit \
	host-test-decoder-exceptions host-test-decoder-snapshots snapshot-update

host-test-decoder-objdump-vmlinux: $(OBJDUMP_CHECK) $(DECODER_CHECK_DIR)/vmlinux
	KPT_OBJDUMP_CHECK=$(OBJDUMP_CHECK) scripts/check-decoder $(DECODER_CHECK_DIR)/vmlinux

host-test-decoder-objdump-modules: $(OBJDUMP_CHECK)
	KPT_OBJDUMP_CHECK=$(OBJDUMP_CHECK) scripts/check-decoder-modules $(KVER) \
		$(DECODER_CHECK_DIR)

host-test-decoder-objdump-userspace: $(OBJDUMP_CHECK)
	KPT_OBJDUMP_CHECK=$(OBJDUMP_CHECK) scripts/check-decoder -v $(DECODER_USERSPACE)

# 32-bit: an assembler file of instruction classes and a C file at several
# -march levels (x87/SSE2, AVX2, AVX-512), as objects and linked.
DEC32 := $(DECODER_CHECK_DIR)/32
$(DEC32)/x86-32.o: tests/decoder/x86-32.S
	@mkdir -p $(dir $@)
	gcc -m32 -c $< -o $@
$(DEC32)/c-%.o: tests/decoder/x86-32-c.c
	@mkdir -p $(dir $@)
	gcc -m32 -O3 -march=$* -c $< -o $@
DEC32_OBJS := $(DEC32)/x86-32.o $(DEC32)/c-i686.o $(DEC32)/c-haswell.o \
	$(DEC32)/c-skylake-avx512.o $(DEC32)/c-sapphirerapids.o
$(DEC32)/libdec32.so: $(DEC32)/x86-32.o $(DEC32)/c-skylake-avx512.o
	gcc -m32 -shared -Wl,-z,notext -o $@ $^
# and the 32-bit C library gcc-multilib brings.
DEC32_SYS := $(wildcard /usr/lib32/libc.so.6 /usr/lib32/libm.so.6 \
	/usr/lib32/libstdc++.so.6)

host-test-decoder-objdump-32bit: $(OBJDUMP_CHECK) $(DEC32_OBJS) $(DEC32)/libdec32.so
	KPT_OBJDUMP_CHECK=$(OBJDUMP_CHECK) scripts/check-decoder -v $(DEC32_OBJS) \
		$(DEC32)/libdec32.so $(DEC32_SYS)

host-test-decoder-exceptions: $(OBJDUMP_CHECK) $(DECODER_SNAPSHOT)
	tests/decoder/exceptions-check $(DECODER_SNAPSHOT) $(OBJDUMP_CHECK)

host-test-decoder-snapshots: $(DECODER_SNAPSHOT)
	tests/decoder/snapshot $(DECODER_SNAPSHOT)

snapshot-update: $(DECODER_SNAPSHOT)
	tests/decoder/snapshot $(DECODER_SNAPSHOT) --update

# Decoder benchmark (bench/decoder/): throughput and callgrind Ir per
# instruction, ours vs the kernel's decoder (built at bench time from the
# unpacked linux-source-6.1, into build/bench-decoder), Zydis, Capstone.
# Report on stdout and in build/bench-decoder/report.md; the committed
# numbers are bench/RESULTS-decoder.md.
BENCHES += bench-decoder
.PHONY: bench-decoder
bench-decoder: $(KPT_INSN_LIB) $(DECODER_CHECK_DIR)/vmlinux
	mkdir -p $(BUILD)/bench-decoder
	bench/decoder/run $(BUILD)/bench-decoder $(KPT_INSN_LIB) $(KPT_INSN_CFLAGS) | \
		tee $(BUILD)/bench-decoder/report.md.tmp
	mv $(BUILD)/bench-decoder/report.md.tmp $(BUILD)/bench-decoder/report.md
