# --- make check-dwarf: kprobetrace's DWARF points and variables on Debian's
# 6.1.0-57-amd64 vmlinux against perf probe -D (tests/dwarf/check-dwarf.sh,
# the points in tests/dwarf/points.txt; report in build/check-dwarf/).
# Its own target, never part of `make check`: it installs
# linux-image-6.1.0-57-amd64-dbg (~860 MB download, 5.6 GB installed) and
# linux-perf when missing.
# Then the random differential (tests/dwarf/check-dwarf-random.sh):
# DWARF_POINTS random points (default 500: functions drawn at random,
# every line with code in each) of each kernel of DWARF_KVERS, seed
# DWARF_SEED (default: a new one, printed), DWARF_VARS variables at the
# points that agree. perf's answers are kept by build-id in
# ~/.cache/kprobetrace-dwarf: a first run of 500 points takes ~10 min a
# kernel (perf reads the vmlinux's DWARF once a point), a rerun of its
# seed ~2 min.
DWARF_POINTS ?= 500
DWARF_KVERS ?= 6.1.0-57-amd64 6.12.118+deb12-amd64
.PHONY: check-dwarf
check-dwarf: $(KPT_CMD)
	tests/dwarf/check-dwarf.sh $(KPT_CMD)
	set -e; for k in $(DWARF_KVERS); do \
		tests/dwarf/check-dwarf-random.sh -k $$k -p $(DWARF_POINTS) \
			$(if $(DWARF_SEED),-s $(DWARF_SEED)) $(KPT_CMD); \
	done
