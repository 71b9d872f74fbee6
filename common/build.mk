# Probe-definition parser (common/), userspace side; the module compiles the
# same sources through ./Kbuild.
#
#   $(KPT_PARSE_LIB)          static library for tools and tests
#   host-test-parser-unit     table of cases, plain and ASan+UBSan builds
#   host-test-parser-fuzz     ~60 s libFuzzer run from tests/fuzz/corpus-parse/
#   fuzz-parser               long fuzz run (FUZZ_SECONDS, default 600), for
#                             `make fuzz`
KPT_PARSE_SRCS := $(addprefix common/,kpt_parse.c kpt_parse_arg.c \
	kpt_parse_eprobe.c \
	kpt_parse_tprobe.c \
	kpt_parse_wprobe.c \
	kpt_parse_util.c kpt_format.c kpt_def_util.c kpt_regs_table.c \
	kpt_errors.c)
KPT_PARSE_HDRS := $(wildcard common/*.h)
KPT_PARSE_CFLAGS := -Icommon
KPT_PARSE_LIB := $(BUILD)/lib/libkptparse.a
KPT_PARSE_OBJS := $(patsubst common/%.c,$(BUILD)/lib/kptparse/%.o,$(KPT_PARSE_SRCS))

$(BUILD)/lib/kptparse/%.o: common/%.c $(KPT_PARSE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_PARSE_CFLAGS) -c $< -o $@

$(KPT_PARSE_LIB): $(KPT_PARSE_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

ALL_TARGETS += $(KPT_PARSE_LIB)

# Unit test, once plain and once with the sanitizers (built from sources).
PARSE_TEST := $(BUILD)/tests/test_parse
PARSE_TEST_SAN := $(BUILD)/tests/test_parse-san
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer

$(PARSE_TEST): tests/host/test_parse.c $(KPT_PARSE_LIB) $(KPT_PARSE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_PARSE_CFLAGS) $< $(KPT_PARSE_LIB) -o $@

$(PARSE_TEST_SAN): tests/host/test_parse.c $(KPT_PARSE_SRCS) $(KPT_PARSE_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -O1 $(SAN_FLAGS) $(KPT_PARSE_CFLAGS) $< \
		$(KPT_PARSE_SRCS) -o $@

HOST_TESTS += parser-unit
.PHONY: host-test-parser-unit
host-test-parser-unit: $(PARSE_TEST) $(PARSE_TEST_SAN)
	$(PARSE_TEST)
	$(PARSE_TEST_SAN)

# Fuzzer: clang libFuzzer + ASan + UBSan.  The bounded run works on a copy
# of the committed seed corpus so that check never dirties the tree.
FUZZ_CC ?= clang
PARSE_FUZZER := $(BUILD)/fuzz/fuzz_parse
PARSE_CORPUS := tests/fuzz/corpus-parse
FUZZ_SECONDS ?= 600

$(PARSE_FUZZER): tests/fuzz/fuzz_parse.c $(KPT_PARSE_SRCS) $(KPT_PARSE_HDRS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) -std=c11 -g -O1 -Wall -Wextra -Werror -D_DEFAULT_SOURCE \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		$(KPT_PARSE_CFLAGS) $< $(KPT_PARSE_SRCS) -o $@

HOST_TESTS += parser-fuzz
.PHONY: host-test-parser-fuzz fuzz-parser
host-test-parser-fuzz: $(PARSE_FUZZER)
	rm -rf $(BUILD)/fuzz/corpus-parse-check
	mkdir -p $(BUILD)/fuzz/corpus-parse-check
	cp $(PARSE_CORPUS)/* $(BUILD)/fuzz/corpus-parse-check/
	$(PARSE_FUZZER) -max_total_time=60 -max_len=8300 -timeout=10 \
		-dict=tests/fuzz/parse.dict \
		-artifact_prefix=$(BUILD)/fuzz/parse- -print_final_stats=1 \
		$(BUILD)/fuzz/corpus-parse-check

# Long run: keeps its growing corpus outside the repository (build/);
# `make fuzz` (tests/fuzz/build.mk) runs every FUZZ_TARGETS entry.
FUZZ_TARGETS += fuzz-parser
fuzz-parser: $(PARSE_FUZZER)
	mkdir -p $(BUILD)/fuzz/corpus-parse-long
	$(PARSE_FUZZER) -max_total_time=$(FUZZ_SECONDS) -max_len=8300 \
		-dict=tests/fuzz/parse.dict \
		-timeout=10 -artifact_prefix=$(BUILD)/fuzz/parse- \
		-print_final_stats=1 $(BUILD)/fuzz/corpus-parse-long \
		$(PARSE_CORPUS)

# --- BTF reader (common/kpt_btf*): raw BTF blobs, type classes, member
# paths; the module will compile the same sources through ./Kbuild.
#
#   $(KPT_BTF_LIB)      static library for the kprobetrace command
#   host-test-btf       synthetic blob (every error code), this host's
#                       /sys/kernel/btf/vmlinux and the BTF of Debian's
#                       installed KPT_BTF_KVERS (vmlinux and crc8.ko, split),
#                       compared with libbpf; ASan+UBSan.  A kernel whose
#                       image is not installed is reported SKIP.
#   tests/fuzz/build.mk host-test-btf-fuzz, fuzz-btf
KPT_BTF_SRCS := common/kpt_btf_raw.c common/kpt_btf_func.c common/kpt_btf_path.c
KPT_BTF_HDRS := common/kpt_btf_reader.h common/kpt_compat.h
KPT_BTF_LIB := $(BUILD)/lib/libkptbtf.a
KPT_BTF_OBJS := $(patsubst common/%.c,$(BUILD)/lib/kptbtf/%.o,$(KPT_BTF_SRCS))
KPT_BTF_KVERS ?= 6.1.0-57-amd64 6.1.0-57-rt-amd64 6.12.118+deb12-amd64 \
	6.12.118+deb12-rt-amd64

$(BUILD)/lib/kptbtf/%.o: common/%.c $(KPT_BTF_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Icommon -c $< -o $@

$(KPT_BTF_LIB): $(KPT_BTF_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

ALL_TARGETS += $(KPT_BTF_LIB)

BTF_TEST := $(BUILD)/tests/test_btf
$(BTF_TEST): tests/host/test_btf.c tests/host/btf_builder.h tests/host/check.h \
		$(KPT_BTF_SRCS) $(KPT_BTF_HDRS) \
		common/kpt_errors.c common/kpt_errors_table.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -O1 $(SAN_FLAGS) -Icommon $< $(KPT_BTF_SRCS) \
		common/kpt_errors.c -lbpf -o $@

# The kernels' BTF is extracted at test time into $(KSRC_CACHE)/btf-KVER/.
HOST_TESTS += btf
.PHONY: host-test-btf
host-test-btf: $(BTF_TEST)
	@set -e; args=; for k in $(KPT_BTF_KVERS); do \
		d=$(KSRC_CACHE)/btf-$$k; \
		if tests/host/test_btf_extract.sh $$k $$d; then \
			args="$$args $$k:$$d"; \
		else \
			rc=$$?; [ $$rc = 77 ] || exit $$rc; args="$$args $$k:"; \
		fi; \
	done; echo $(BTF_TEST) $$args; $(BTF_TEST) $$args
