# --- kprobetrace(1): the userspace command, tools/kprobetrace/.
#
#   $(BUILD)/tools/kprobetrace   statically linked, so that the guest runs
#                                it: a copy goes to $(BUILD)/guest-bin/ (the
#                                guest's /kpt/bin).  BTF is read by the
#                                shared reader, common/kpt_btf_reader.h (no libbpf)
#   host-test-cmd-btf            BTF -> fetch-argument mapping (synthetic BTF,
#                                and the host's /sys/kernel/btf/vmlinux if any)
#                                on libbpf-built blobs
#   host-test-cmd-ringbuf        ring buffer page parser, page layout and
#                                record fields from format texts (ASan+UBSan)
#   host-test-cmd-add-form       add's form: names when the module's README
#                                has <argname>, else and with --offsets offsets
#                                (synthetic BTF, fake module directory)
#   host-test-cmd-doc            man page, --help texts, bash completion
#   host-test-cmd-latency        latency and errors: fixture latency files
#                                rendered (text, JSON, SVG), the session on
#                                a fake module directory (as built, and
#                                those two commands alone with ASan+UBSan:
#                                tests/host/lat_main.c)
#   host-test-cmd-metrics        metrics, serve: Prometheus text of fixture
#                                latency files (promtool), configuration
#                                file errors, textfile, serve, SIGHUP
#   host-test-cmd-dwarf          lines, vars, add on line points offline on
#                                the default kernel's kprobetrace_dwarf.ko,
#                                against objdump's facts; bad input; the
#                                command as built and with ASan+UBSan
#   host-test-cmd-dwarf-loc      DWARF location expressions -> fetch
#                                arguments, and the refusals (table)
#   host-test-cmd-dwarf-index    the DWARF index by build-id: built, used,
#                                rebuilt when bad, the answers of --no-index
KPT_CMD_DIR := tools/kprobetrace
# The command's rooms (docs/DESIGN.md): the subcommands at the top, each
# room a folder below it; every file of every room is built, and every
# room's folder is on the include path (a header is named by its file).
KPT_CMD_ROOMS := $(patsubst %/,%,$(sort $(dir $(wildcard $(KPT_CMD_DIR)/*/*.[ch]))))
KPT_CMD_SRCS := $(wildcard $(KPT_CMD_DIR)/*.c $(KPT_CMD_DIR)/*/*.c) \
	tools/kpt_mnemonic.c
KPT_CMD_HDRS := $(wildcard $(KPT_CMD_DIR)/*.h $(KPT_CMD_DIR)/*/*.h) \
	tools/kpt_mnemonic.h
KPT_CMD_CFLAGS := $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) -I$(KPT_CMD_DIR) \
	$(addprefix -I,$(KPT_CMD_ROOMS)) -Itools
# DWARF (lines, vars, line probes) through elfutils' libdw/libdwfl, static
# with the compressors it reads (libdw dlopen()s libdebuginfod itself).
KPT_CMD_DW_LIBS := -ldw -lelf -lz -llzma -lbz2 -lzstd -llz4 -lpthread -ldl
KPT_CMD_LIBS := $(KPT_PARSE_LIB) $(KPT_INSN_LIB) $(KPT_BTF_LIB) $(KPT_CMD_DW_LIBS)
KPT_CMD := $(BUILD)/tools/kprobetrace
KPT_CMD_GUEST := $(BUILD)/guest-bin/kprobetrace
# Static for the guest; the Debian package (debian/rules) links it
# dynamically with KPT_CMD_STATIC= (Debian's policy on embedded libraries).
KPT_CMD_STATIC ?= -static

# One object a source file, shared by the static command and kprobetrace-dyn
# (below): `make -j` compiles them side by side, and the second command is
# one more link, not a second compile. Any header of the command rebuilds
# every object, as one compile of all the sources did.
KPT_CMD_OBJDIR := $(BUILD)/obj/kprobetrace
KPT_CMD_OBJS := $(patsubst %.c,$(KPT_CMD_OBJDIR)/%.o,$(KPT_CMD_SRCS))
$(KPT_CMD_OBJDIR)/%.o: %.c $(KPT_CMD_HDRS) $(KPT_BTF_HDRS) $(KPT_INSN_HDRS) \
		$(KPT_INSN_NAMES) | deps
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) -c $< -o $@

$(KPT_CMD): $(KPT_CMD_OBJS) $(KPT_PARSE_LIB) $(KPT_INSN_LIB) $(KPT_BTF_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) $(KPT_CMD_STATIC) $(KPT_CMD_OBJS) $(KPT_CMD_LIBS) -o $@

$(KPT_CMD_GUEST): $(KPT_CMD)
	@mkdir -p $(dir $@)
	cp $< $@

ALL_TARGETS += $(KPT_CMD) $(KPT_CMD_GUEST)

# `kprobetrace serve` answers HTTP through libmicrohttpd, whose static
# archive needs GnuTLS's, and Debian ships no static p11-kit or
# libunistring for that: the static command is built without it (serve
# says so) and kprobetrace-dyn, linked dynamically, with it.  The Debian
# package's command (KPT_CMD_STATIC empty) has it; the guest gets
# kprobetrace-dyn and its libraries through tests/rig/needs/metrics.sh.
KPT_CMD_MHD := $(shell pkg-config --exists libmicrohttpd 2>/dev/null && echo -DKPT_HAVE_MHD)
KPT_CMD_MHD_LIBS := $(if $(KPT_CMD_MHD),-lmicrohttpd -lpthread)
ifeq ($(KPT_CMD_STATIC),)
KPT_CMD_CFLAGS += $(KPT_CMD_MHD)
KPT_CMD_LIBS += $(KPT_CMD_MHD_LIBS)
endif
KPT_CMD_DYN := $(BUILD)/tools/kprobetrace-dyn
# the command's objects, but cmd_serve.c's with libmicrohttpd
KPT_CMD_SERVE_MHD := $(KPT_CMD_OBJDIR)/mhd/cmd_serve.o
$(KPT_CMD_SERVE_MHD): $(KPT_CMD_DIR)/cmd_serve.c $(KPT_CMD_HDRS) $(KPT_BTF_HDRS) \
		$(KPT_INSN_HDRS) $(KPT_INSN_NAMES) | deps
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) $(KPT_CMD_MHD) -c $< -o $@
$(KPT_CMD_DYN): $(KPT_CMD_OBJS) $(KPT_CMD_SERVE_MHD) $(KPT_PARSE_LIB) $(KPT_INSN_LIB) \
		$(KPT_BTF_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) $(filter-out %/cmd_serve.o,$(KPT_CMD_OBJS)) \
		$(KPT_CMD_SERVE_MHD) $(KPT_CMD_LIBS) $(KPT_CMD_MHD_LIBS) -o $@
ALL_TARGETS += $(KPT_CMD_DYN)

# A stock Debian module with BTF (/sys/kernel/btf/crc8 once loaded), for the
# guest test cmd-modbtf: our own test module is built without BTF.  Lands in
# the guest's /kpt/bin with the helpers.
KPT_CMD_BTFMOD_SRC := $(wildcard /lib/modules/$(KVER)/kernel/lib/crc8.ko)
ifneq ($(KPT_CMD_BTFMOD_SRC),)
KPT_CMD_BTFMOD := $(BUILD)/guest-bin/crc8.ko
$(KPT_CMD_BTFMOD): $(KPT_CMD_BTFMOD_SRC)
	@mkdir -p $(dir $@)
	cp $< $@
ALL_TARGETS += $(KPT_CMD_BTFMOD)
endif

KPT_CMD_BTF_TEST := $(BUILD)/tests/test_cmd_btf
# The test builds its BTF with libbpf: tests/host/test_btf_libbpf.c hands
# libbpf's blobs to the shared reader (the command's kpt_btf_load.c is not
# linked in).  It includes the command's kpt_btf_fetch.h (the BTF -> fetch
# argument room) and, through it, common/kpt_btf_reader.h (the raw reader).
KPT_CMD_BTF_SRCS := $(KPT_CMD_DIR)/btf/kpt_btf.c $(KPT_CMD_DIR)/btf/kpt_btf_types.c \
	tests/host/test_btf_libbpf.c $(KPT_BTF_SRCS)
$(KPT_CMD_BTF_TEST): tests/host/test_cmd_btf.c tests/host/btf_builder.h tests/host/check.h \
		$(KPT_CMD_BTF_SRCS) \
		$(KPT_CMD_HDRS) $(KPT_BTF_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) $(SAN_FLAGS) $< \
		$(KPT_CMD_BTF_SRCS) -lbpf -o $@

HOST_TESTS += cmd-btf
.PHONY: host-test-cmd-btf
host-test-cmd-btf: $(KPT_CMD_BTF_TEST)
	$(KPT_CMD_BTF_TEST)

KPT_CMD_RB_TEST := $(BUILD)/tests/test_cmd_ringbuf
$(KPT_CMD_RB_TEST): tests/host/test_cmd_ringbuf.c tests/host/check.h $(KPT_CMD_DIR)/trace/kpt_ringbuf.c \
		$(KPT_CMD_DIR)/trace/kpt_ringbuf.h
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) $(SAN_FLAGS) $< $(KPT_CMD_DIR)/trace/kpt_ringbuf.c -o $@

HOST_TESTS += cmd-ringbuf
.PHONY: host-test-cmd-ringbuf
host-test-cmd-ringbuf: $(KPT_CMD_RB_TEST)
	$(KPT_CMD_RB_TEST)

KPT_CMD_MKBTF := $(BUILD)/tests/mkbtf_add
$(KPT_CMD_MKBTF): tests/host/mkbtf_add.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $< -lbpf -o $@

HOST_TESTS += cmd-add-form
.PHONY: host-test-cmd-add-form
host-test-cmd-add-form: $(KPT_CMD) $(KPT_CMD_MKBTF)
	tests/host/cmd-add-form $(KPT_CMD) $(KPT_CMD_MKBTF)

# The command with the sanitizers (dynamic: ASan does not link statically).
# Several host tests use it and make check runs them at once, each in its
# own make: linked under a temporary name and renamed, so that a test never
# runs a half-written binary while another test's make links it again.
KPT_CMD_SAN := $(BUILD)/tests/kprobetrace-san
$(KPT_CMD_SAN): $(KPT_CMD_SRCS) $(KPT_CMD_HDRS) $(KPT_PARSE_LIB) $(KPT_INSN_LIB) \
		$(KPT_BTF_LIB) $(KPT_BTF_HDRS) $(KPT_INSN_HDRS) $(KPT_INSN_NAMES)
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) -O1 $(SAN_FLAGS) $(KPT_CMD_SRCS) $(KPT_CMD_LIBS) -o $@.tmp.$$$$ && \
		mv -f $@.tmp.$$$$ $@
# cmd-dwarf, cmd-dwarf-index and cmd-metrics: built once, before the jobs
CHECK_PREBUILD += $(KPT_CMD_SAN)

KPT_DWARF_KO := build/kernels/$(KVER)/kprobetrace_dwarf.ko
HOST_TESTS += cmd-dwarf
.PHONY: host-test-cmd-dwarf
host-test-cmd-dwarf: $(KPT_CMD) $(KPT_CMD_SAN)
	tests/host/cmd-dwarf $(KPT_CMD) $(KPT_DWARF_KO)
	tests/host/cmd-dwarf $(KPT_CMD_SAN) $(KPT_DWARF_KO)

HOST_TESTS += cmd-dwarf-index
.PHONY: host-test-cmd-dwarf-index
host-test-cmd-dwarf-index: $(KPT_CMD) $(KPT_CMD_SAN)
	tests/host/cmd-dwarf-index $(KPT_CMD) $(KPT_DWARF_KO)
	tests/host/cmd-dwarf-index $(KPT_CMD_SAN) $(KPT_DWARF_KO)

# The location translator alone: a table of expressions (ASan+UBSan).
KPT_CMD_DWLOC_TEST := $(BUILD)/tests/test_dwarf_loc
$(KPT_CMD_DWLOC_TEST): tests/host/test_dwarf_loc.c tests/host/check.h \
		$(KPT_CMD_DIR)/dwarf/kpt_dwarf_loc.c $(KPT_CMD_DIR)/dwarf/kpt_dwarf.h
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) -O1 $(SAN_FLAGS) $< $(KPT_CMD_DIR)/dwarf/kpt_dwarf_loc.c -o $@

HOST_TESTS += cmd-dwarf-loc
.PHONY: host-test-cmd-dwarf-loc
host-test-cmd-dwarf-loc: $(KPT_CMD_DWLOC_TEST)
	$(KPT_CMD_DWLOC_TEST)

# latency and errors alone with the sanitizers (their own small build:
# no libdw, and no prerequisite shared with another host test)
KPT_CMD_LAT_SRCS := $(addprefix $(KPT_CMD_DIR)/,cmd_latency.c cmd_errors.c \
	latency/kpt_lathist.c latency/kpt_latout.c latency/kpt_svg.c \
	latency/kpt_latsess.c latency/kpt_latcollect.c base/kpt_util.c kernel/kpt_ksyms.c)
KPT_CMD_LAT_SAN := $(BUILD)/tests/kprobetrace-lat-san
$(KPT_CMD_LAT_SAN): tests/host/lat_main.c $(KPT_CMD_LAT_SRCS) $(KPT_CMD_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) -O1 $(SAN_FLAGS) $< $(KPT_CMD_LAT_SRCS) -o $@

HOST_TESTS += cmd-latency
.PHONY: host-test-cmd-latency
host-test-cmd-latency: $(KPT_CMD) $(KPT_CMD_LAT_SAN)
	tests/host/cmd-latency $(KPT_CMD)
	tests/host/cmd-latency $(KPT_CMD_LAT_SAN)

# metrics and serve: fixtures as Prometheus text (promtool check metrics),
# the configuration file, the service on a fake module directory, the
# textfile, serve on 127.0.0.1 (the dynamically linked command)
HOST_TESTS += cmd-metrics
.PHONY: host-test-cmd-metrics
host-test-cmd-metrics: $(KPT_CMD) $(KPT_CMD_DYN) $(KPT_CMD_SAN)
	tests/host/cmd-metrics $(KPT_CMD) $(KPT_CMD_DYN)
	tests/host/cmd-metrics $(KPT_CMD_SAN) $(KPT_CMD_DYN)

HOST_TESTS += cmd-doc
.PHONY: host-test-cmd-doc
host-test-cmd-doc: $(KPT_CMD)
	tests/host/cmd-doc-check $(KPT_CMD)
# --- end kprobetrace(1)

# The kernel-image reader alone (ASan+UBSan): tables of vmlinux read from
# the installed kernels' /boot/vmlinuz-* against xz/zstd, objcopy, readelf.
KPT_CMD_KIMAGE_SRCS := $(addprefix $(KPT_CMD_DIR)/,kernel/kpt_kimage.c \
	kernel/kpt_buildid.c base/kpt_util.c kernel/kpt_ksyms.c kernel/kpt_unz.c)
KPT_CMD_KIMAGE_TEST := $(BUILD)/tests/kimage-read
$(KPT_CMD_KIMAGE_TEST): tests/host/kimage_main.c $(KPT_CMD_KIMAGE_SRCS) $(KPT_CMD_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(KPT_CMD_CFLAGS) -O1 $(SAN_FLAGS) $< $(KPT_CMD_KIMAGE_SRCS) \
		-llzma -lzstd -llz4 -lz -o $@

HOST_TESTS += cmd-kimage
.PHONY: host-test-cmd-kimage
host-test-cmd-kimage: $(KPT_CMD_KIMAGE_TEST)
	tests/host/cmd-kimage $(KPT_CMD_KIMAGE_TEST)
