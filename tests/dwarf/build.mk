# --- make check-dwarf: kprobetrace's DWARF points and variables on Debian's
# 6.1.0-57-amd64 vmlinux against perf probe -D (tests/dwarf/check-dwarf.sh,
# the points in tests/dwarf/points.txt; report in build/check-dwarf/).
# Its own target, never part of `make check`: it installs
# linux-image-6.1.0-57-amd64-dbg (~860 MB download, 5.6 GB installed) and
# linux-perf when missing.
.PHONY: check-dwarf
check-dwarf: $(KPT_CMD)
	tests/dwarf/check-dwarf.sh $(KPT_CMD)
