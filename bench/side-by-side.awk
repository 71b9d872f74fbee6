# The icount per-hit tables of several kernels side by side, with the goals
# per kernel (ours / in-kernel of the same boot: at most 0.8 for a variant
# that fetches at least one argument, at most 1.0 for the rest).
# Usage: awk -f bench/lib.awk -f bench/side-by-side.awk OUTPUT... (outputs,
# bench/bench.sh, one kernel each; the first one's variants give the rows).
BEGIN {
	variant_names(desc)
	isf["fentry0"] = isf["fentry4"] = isf["fmany0"] = 1
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
		if (v in isf) { nf++; continue }
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
	if (!nf) exit
	# f: events: ours against the kernel's kprobe event at the same
	# function (same args) and the kernel's own f: event (where it has
	# fprobe events), each kernel in its own boot.  Goals: f: entry with 0
	# args <= 0.7x the kernel's 0-arg kprobe event (on the first kernel,
	# the default one: 6.1); every f: row <= 1.0x the kernel's f: event
	# where it has one (6.12); a member of a ~10,000-function event <=
	# 1.05x a single-function f: event (ours, same boot).
	printf "\n| %-34s |", "f: event (ours) against"
	for (k = 1; k <= nk; k++) printf " %s: bare | k. kprobe | kernel f: | ours | ÷ k. kprobe | ÷ kernel f: | goal |", kname[k]
	printf "\n|%s|", "------------------------------------"
	for (k = 1; k <= nk; k++) printf "------:|------:|------:|------:|------:|------:|:------|"
	printf "\n"
	for (i = 1; i <= nv; i++) {
		v = order[i]
		if (!(v in isf)) continue
		printf "| %-34s |", desc[v]
		for (k = 1; k <= nk; k++) {
			b = median(vals[k, v, "bare"]); kk = median(vals[k, v, "kernel"])
			kf = median(vals[k, v, "kf"]); o = median(vals[k, v, "ours"])
			o1 = median(vals[k, "fentry0", "ours"])
			if (b != "") {
				if (kk != "") kk -= b
				if (kf != "") kf -= b
				if (o != "") o -= b
				if (o1 != "") o1 -= b
			}
			rk = (o == "" || kk == "" || kk <= 0) ? "n/a" : sprintf("%.2f", o / kk)
			rf = (o == "" || kf == "" || kf <= 0) ? "n/a" : sprintf("%.2f", o / kf)
			g = ""
			if (v == "fentry0" && k == 1 && rk != "n/a")
				g = g sprintf("≤ 0.7 k. kprobe: %s; ", rk + 0 <= 0.7 ? "holds" : "**misses**")
			if (v != "fmany0" && rf != "n/a")
				g = g sprintf("≤ 1.0 kernel f: %s; ", rf + 0 <= 1.0 ? "holds" : "**misses**")
			if (v == "fmany0" && o != "" && o1 != "" && o1 > 0)
				g = g sprintf("≤ 1.05 ours single (%.2f): %s; ", o / o1, o / o1 <= 1.05 ? "holds" : "**misses**")
			printf " %s | %s | %s | %s | %s | %s | %s |", fmt(b), fmt(kk), fmt(kf), fmt(o), rk, rf, g == "" ? "–" : g
		}
		printf "\n"
	}
	printf "\n"
	for (k = 1; k <= nk; k++) {
		b = median(vals[k, "fentry0", "bare"])
		if (b == "") continue
		f1 = median(vals[k, "fentry0", "floor"]); f2 = median(vals[k, "fentry0", "floor-fa"])
		f3 = median(vals[k, "fentry0", "floor-fg"]); o = median(vals[k, "fentry0", "ours"])
		kf = median(vals[k, "fentry0", "kf"]); kk = median(vals[k, "fentry0", "kernel"])
		f4 = median(vals[k, "fentry0", "floor-ft"])
		printf "- %s, f: entry with 0 args (+insns over bare): empty ftrace_ops with SAVE_REGS %s, without SAVE_REGS %s, SAVE_REGS + recursion guard %s, + a static trace event's record (reserve + commit) %s; ours %s; the kernel's kprobe %s, its f: %s\n", kname[k], \
			f1 == "" ? "n/a" : fmt(f1 - b), f2 == "" ? "n/a" : fmt(f2 - b), f3 == "" ? "n/a" : fmt(f3 - b), f4 == "" ? "n/a" : fmt(f4 - b), \
			o == "" ? "n/a" : fmt(o - b), kk == "" ? "n/a" : fmt(kk - b), kf == "" ? "n/a" : fmt(kf - b)
	}
}
