#!/bin/sh
# The DWARF index on a real kernel: time and peak memory to resolve one
# line with two locals on Debian's 6.1.0-57-amd64 vmlinux
# (linux-image-6.1.0-57-amd64-dbg: make check-dwarf installs it), offline:
#   cold     kprobetrace add -D, no index yet (it builds it; median of 3)
#   warm     the same, the index there (median of 5)
#   noindex  the same with --no-index (every compile unit, as before)
#   perf     perf probe -k VMLINUX -D, the same point (median of 3)
# side by side in one run, with the goals (cold <= 0.5x perf's time; warm
# <= 50 ms and <= 0.05x perf's; peak memory <= perf's) said held or
# missed, on wall time and on CPU time (user + system: the machine may be
# shared, which stretches wall time). The vmlinux is read once first so that every run finds it in the
# page cache. Wall time (date +%s%N), CPU time and peak RSS (GNU time).
# Output: build/bench/dwarf-index.txt.
#   bench/dwarf-index.sh [KPROBETRACE]
set -u
cd "$(dirname "$0")/.."
bin=${1:-build/tools/kprobetrace}
kver=6.1.0-57-amd64
vmlinux=/usr/lib/debug/boot/vmlinux-$kver
point=${KPT_BENCH_POINT:-do_sys_openat2:22 fd tmp}
out=build/bench
mkdir -p "$out"
[ -r "$vmlinux" ] || { echo "bench-dwarf: no $vmlinux: install linux-image-$kver-dbg (make check-dwarf does)"; exit 1; }
[ -x "$bin" ] || { echo "bench-dwarf: $bin is not built"; exit 1; }
perf=
for p in /usr/bin/perf_6.1 /usr/lib/linux-tools/6.1*/perf /usr/bin/perf; do
	[ -x "$p" ] && { perf=$p; break; }
done
[ -n "$perf" ] || { echo "bench-dwarf: no perf (package linux-perf)"; exit 1; }
id=$(readelf -n "$vmlinux" | sed -n 's/.*Build ID: //p' | head -1)
export XDG_CACHE_HOME="$PWD/$out/dwarf-index-cache"
rm -rf "$XDG_CACHE_HOME"
cat "$vmlinux" > /dev/null

# one NAME CMD...: a run; appends "NAME WALL_MS CPU_S RSS_KB" to $out/runs
one() {
	name=$1
	shift
	s=$(date +%s%N)
	/usr/bin/time -o "$out/time.tmp" -f "%U %S %M" "$@" > "$out/cmd.out" 2> "$out/cmd.err" ||
		{ echo "bench-dwarf: $name failed: $(cat "$out/cmd.err")"; exit 1; }
	e=$(date +%s%N)
	set -- $(cat "$out/time.tmp")
	echo "$name $(( (e - s) / 1000000 )) $(echo "$1 $2" | awk '{ printf "%.2f", $1 + $2 }') $3" >> "$out/runs"
}
: > "$out/runs"
ours() { one "$1" "$bin" add -D $2 --debuginfo "$vmlinux" --build-id "$id" "$point"; }
for i in 1 2 3; do
	rm -rf "$XDG_CACHE_HOME"
	ours cold ""
done
cp "$out/cmd.out" "$out/cold.def"
for i in 1 2 3 4 5; do ours warm ""; done
cmp -s "$out/cmd.out" "$out/cold.def" || { echo "bench-dwarf: warm and cold differ"; exit 1; }
ours noindex --no-index
cmp -s "$out/cmd.out" "$out/cold.def" || { echo "bench-dwarf: --no-index differs"; exit 1; }
for i in 1 2 3; do one perf "$perf" probe -k "$vmlinux" -D "$point"; done
idx=$(ls "$XDG_CACHE_HOME"/kprobetrace/dwarf/*.idx)

gawk -v point="$point" -v def="$(cat "$out/cold.def")" -v idxsize="$(stat -c %s "$idx")" \
	-v cpu="$(nproc) CPUs, $(uname -r)" '
	{ n[$1]++; w[$1, n[$1]] = $2; c[$1, n[$1]] = $3; m[$1, n[$1]] = $4 }
	function med(a, k,    i, j, t, v, cnt) {
		cnt = n[k]
		for (i = 1; i <= cnt; i++) v[i] = a[k, i]
		for (i = 1; i <= cnt; i++) for (j = i + 1; j <= cnt; j++)
			if (v[j] + 0 < v[i] + 0) { t = v[i]; v[i] = v[j]; v[j] = t }
		return v[int((cnt + 1) / 2)]
	}
	function goal(what, ok, okc) {
		printf "  %-36s wall: %-7s cpu: %s\n", what, ok ? "holds" : "MISSED", okc ? "holds" : "MISSED"
	}
	END {
		printf "DWARF index: one line with two locals on 6.1.0-57-amd64 vmlinux (%s)\n", cpu
		printf "  point: %s\n  definition: %s\n  index: %d bytes\n\n", point, def, idxsize
		printf "  %-10s %10s %10s %12s %s\n", "run", "wall ms", "cpu s", "peak RSS MB", "(median of)"
		split("cold warm noindex perf", ks, " ")
		for (i = 1; i <= 4; i++) {
			k = ks[i]
			W[k] = med(w, k); C[k] = med(c, k); M[k] = med(m, k)
			printf "  %-10s %10d %10.2f %12.1f %d\n", k, W[k], C[k], M[k] / 1024, n[k]
		}
		print ""
		printf "  cold / perf: %.2fx wall, %.2fx cpu, %.2fx memory\n",
			W["cold"] / W["perf"], C["cold"] / C["perf"], M["cold"] / M["perf"]
		printf "  warm / perf: %.3fx wall, %.3fx cpu, %.2fx memory\n\n",
			W["warm"] / W["perf"], C["warm"] / C["perf"], M["warm"] / M["perf"]
		goal("cold <= 0.5x perf time", W["cold"] <= 0.5 * W["perf"], C["cold"] <= 0.5 * C["perf"])
		goal("warm <= 50 ms", W["warm"] <= 50, C["warm"] <= 0.05)
		goal("warm <= 0.05x perf time", W["warm"] <= 0.05 * W["perf"], C["warm"] <= 0.05 * C["perf"])
		print "  peak memory (peak RSS, mapped pages of the file included):"
		goal("  cold <= perf", M["cold"] <= M["perf"], M["cold"] <= M["perf"])
		goal("  warm <= perf", M["warm"] <= M["perf"], M["warm"] <= M["perf"])
	}' "$out/runs" | tee "$out/dwarf-index.txt"
