# Static helpers for the guest (copied into its /kpt/bin by tests/rig/mkinitramfs).
GUEST_HELPERS := $(patsubst tests/guest-helpers/%.c,$(BUILD)/guest-bin/%,\
	$(wildcard tests/guest-helpers/*.c))
ALL_TARGETS += $(GUEST_HELPERS)

$(BUILD)/guest-bin/%: tests/guest-helpers/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -static -o $@ $<

# /proc/kcore is read by the kprobetrace command's reader, one source
$(BUILD)/guest-bin/kpt-bench-site: tests/guest-helpers/kpt-bench-site.c \
		tools/kprobetrace/kernel/kpt_kcore.c tools/kprobetrace/kernel/kpt_kernel.h tools/kprobetrace/base/kpt_base.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -Itools/kprobetrace/kernel -Itools/kprobetrace/base -static -o $@ \
		tests/guest-helpers/kpt-bench-site.c tools/kprobetrace/kernel/kpt_kcore.c
