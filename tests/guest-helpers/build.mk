# Static helpers for the guest (copied into its /kpt/bin by tests/rig/mkinitramfs).
GUEST_HELPERS := $(patsubst tests/guest-helpers/%.c,$(BUILD)/guest-bin/%,\
	$(wildcard tests/guest-helpers/*.c))
ALL_TARGETS += $(GUEST_HELPERS)

$(BUILD)/guest-bin/%: tests/guest-helpers/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_HOST) -static -o $@ $<
