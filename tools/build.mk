# --- kpt-decode: the decoder's command-line front end.
KPT_DECODE := $(BUILD)/tools/kpt-decode
KPT_MNEMONIC_SRC := tools/kpt_mnemonic.c
$(KPT_DECODE): tools/kpt-decode.c $(KPT_MNEMONIC_SRC) tools/kpt_mnemonic.h \
		$(KPT_INSN_LIB) $(KPT_INSN_HDRS) $(KPT_INSN_NAMES)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(KPT_INSN_CFLAGS) -Itools $< $(KPT_MNEMONIC_SRC) \
		$(KPT_INSN_LIB) -o $@
ALL_TARGETS += $(KPT_DECODE)
# --- end kpt-decode

include tools/kprobetrace/build.mk
