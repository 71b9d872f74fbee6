# The icount per-hit tables of several kernels side by side, with the goals
# per kernel (ours / in-kernel of the same boot: at most 0.8 for a variant
# that fetches at least one argument, at most 1.0 for the rest).
# Usage: awk -f bench/lib.awk -f bench/side-by-side.awk OUTPUT... (outputs,
# bench/bench.sh, one kernel each; the first one's variants give the rows).
BEGIN {
	variant_names(desc)
	split("entry4 entry16 entry128 mem nested string retrv", a, " ")
	for (i in a) withargs[a[i]] = 1
	nk = 0; nv = 0
}
FNR == 1 { k = ++nk; kname[k] = FILENAME }
/^@@INFO kernel / { kname[k] = $3 }
/^@@INFO clock / { kclock[k] = $3 }
/^@@SITE / { ksite[k] = $2 "+" substr($6, 5) " (" ($7 == "optimised=yes" ? "optimisable" : "not optimisable") ")" }
# where the entry probes sit, as each tracer's event prints it
/^@@SAMPLE (kernel|ours) entry4 / {
	if (match($0, /[A-Za-z_0-9.]+\+0x[0-9a-f]+\//)) entry[k, $2] = substr($0, RSTART, RLENGTH - 1)
}
/^@@HIT / {
	if (k == 1 && !($2 in seen)) { seen[$2] = 1; order[++nv] = $2 }
	if ($5 != "na") vals[k, $2, $3] = vals[k, $2, $3] " " $5
	if ($6 != "") state[k, $2, $3] = $6
}
END {
	printf "| %-34s | goal  |", "variant"
	for (k = 1; k <= nk; k++) printf " %s: bare | floor | in-kernel | ours | ours ÷ in-k |  |", kname[k]
	printf "\n|%s|:-----:|", "------------------------------------"
	for (k = 1; k <= nk; k++) printf "------:|------:|------:|------:|------:|:------|"
	printf "\n"
	for (i = 1; i <= nv; i++) {
		v = order[i]
		lim = (v in withargs) ? 0.8 : 1.0
		printf "| %-34s | ≤ %.1f |", desc[v] != "" ? desc[v] : v, lim
		for (k = 1; k <= nk; k++) {
			b = median(vals[k, v, "bare"]); f = median(vals[k, v, "floor"])
			kk = median(vals[k, v, "kernel"]); o = median(vals[k, v, "ours"])
			if (b != "") {
				if (f != "") f -= b
				if (kk != "") kk -= b
				if (o != "") o -= b
			}
			if (o == "" || kk == "" || kk <= 0) { r = "n/a"; g = "n/a" }
			else {
				r = sprintf("%.2f", o / kk)
				if (r + 0 <= lim) { g = "holds"; hold[k]++ }
				else { g = "**misses**"; miss[k] = miss[k] (miss[k] == "" ? "" : ", ") v " " r }
				ngoal[k]++
			}
			printf " %s | %s | %s | %s | %s | %s |", fmt(b), fmt(f), fmt(kk), fmt(o), r, g
		}
		printf "\n"
	}
	printf "\n"
	for (k = 1; k <= nk; k++) {
		printf "- %s (%s clock): entry probes at %s (in-kernel), %s (ours); mid-function site %s; goals hold on %d of %d rows%s\n", \
			kname[k], kclock[k], entry[k, "kernel"] != "" ? entry[k, "kernel"] : "?", entry[k, "ours"] != "" ? entry[k, "ours"] : "?", \
			ksite[k], hold[k], ngoal[k], miss[k] == "" ? "" : "; misses: " miss[k]
		printf "  kprobe state (debugfs kprobes/list, in-kernel):"
		for (i = 1; i <= nv; i++) {
			v = order[i]
			s = state[k, v, "kernel"] != "" ? state[k, v, "kernel"] : state[k, v, "floor"]
			if (s != "") printf " %s %s;", v, s
		}
		printf "\n"
	}
}
