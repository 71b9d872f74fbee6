# --- make check-dwarf: kprobetrace's DWARF points and variables on Debian's
# 6.1.0-57-amd64 vmlinux against perf probe -D (tests/dwarf/check-dwarf.sh,
# the points in tests/dwarf/points.txt; report in build/check-dwarf/).
# Its own target, never part of `make check`: it installs
# linux-image-6.1.0-57-amd64-dbg (~860 MB download, 5.6 GB installed) and
# linux-perf when missing.
# Then the random differential (tests/dwarf/check-dwarf-random.sh):
# DWARF_N random functions (default 10; perf takes ~25 s a point on the
# vmlinux) of each kernel of DWARF_KVERS, every line perf lists, seed
# DWARF_SEED (default: a new one, printed).
DWARF_N ?= 10
DWARF_KVERS ?= 6.1.0-57-amd64 6.12.118+deb12-amd64
.PHONY: check-dwarf
check-dwarf: $(KPT_CMD)
	tests/dwarf/check-dwarf.sh $(KPT_CMD)
	set -e; for k in $(DWARF_KVERS); do \
		tests/dwarf/check-dwarf-random.sh -k $$k -n $(DWARF_N) \
			$(if $(DWARF_SEED),-s $(DWARF_SEED)) $(KPT_CMD); \
	done
