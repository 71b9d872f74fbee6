# The lean record path against the generic one, per-hit rows of several
# kernels side by side: the outputs of bench/bench.sh run with
# LEAN_COMPARE=1 (one kernel each), instructions a hit over the bare call
# (median of the rounds). "ours" is the lean path (lean=Y, the default),
# "generic" ours with lean=N, "k." the kernel's tracer of the row (its
# kprobe event; for f: rows also its f: event where it has one, 6.12).
# Goals: every row ours <= 0.7x the kernel's tracer; f: rows ours <= 0.6x
# the kernel's f: event (6.12). Then the floor module's steps (fentry0).
# Usage: awk -f bench/lib.awk -f bench/lean.awk OUTPUT...
BEGIN { variant_names(desc); nk = 0; nv = 0 }
FNR == 1 { k = ++nk; kname[k] = FILENAME }
/^@@INFO kernel / { kname[k] = $3 }
/^@@HIT / {
	if (!($2 in seen)) { seen[$2] = 1; order[++nv] = $2 }
	if ($5 != "na") vals[k, $2, $3] = vals[k, $2, $3] " " $5
}
function over(k, v, t,    b, x) {
	b = median(vals[k, v, "bare"]); x = median(vals[k, v, t])
	return (b == "" || x == "") ? "" : x - b
}
function ratio(a, b) { return (a == "" || b == "" || b <= 0) ? "n/a" : sprintf("%.2f", a / b) }
END {
	printf "| %-34s |", "row"
	for (k = 1; k <= nk; k++) printf " %s: k. kprobe | k. f: | generic | ours | ÷ generic | ÷ k. kprobe | ÷ k. f: | goal |", kname[k]
	printf "\n|%s|", "------------------------------------"
	for (k = 1; k <= nk; k++) printf "------:|------:|------:|------:|------:|------:|------:|:------|"
	printf "\n"
	for (i = 1; i <= nv; i++) {
		v = order[i]
		printf "| %-34s |", desc[v] != "" ? desc[v] : v
		for (k = 1; k <= nk; k++) {
			kk = over(k, v, "kernel"); kf = over(k, v, "kf")
			g = over(k, v, "ours-gen"); o = over(k, v, "ours")
			rk = ratio(o, kk); rf = ratio(o, kf)
			goal = ""
			# the goal on the counts, not on the rounded ratio
			if (rk != "n/a") goal = goal sprintf("≤ 0.7 k.: %s; ", o <= 0.7 * kk ? "holds" : "**misses**")
			if (rf != "n/a") goal = goal sprintf("≤ 0.6 k. f:: %s; ", o <= 0.6 * kf ? "holds" : "**misses**")
			printf " %s | %s | %s | %s | %s | %s | %s | %s |", fmt(kk), fmt(kf), fmt(g), fmt(o), ratio(o, g), rk, rf, goal == "" ? "–" : goal
		}
		printf "\n"
	}
	printf "\n"
	for (k = 1; k <= nk; k++) {
		if (median(vals[k, "fentry0", "bare"]) == "") continue
		printf "- %s, fentry0 floors (+insns over bare): empty ftrace_ops through ftrace_caller %s, through ftrace_regs_caller %s, + recursion guard %s; that guarded callback plus only: the ring buffer's clock read %s, ring_buffer_lock_reserve() + ring_buffer_unlock_commit() %s, trace_event_buffer_reserve() + a plain ring_buffer_unlock_commit() %s, trace_event_buffer_reserve() + trace_event_buffer_commit() %s, the static event through its tracepoint %s; ours lean %s, generic %s\n", kname[k], \
			fmt(over(k, "fentry0", "floor-fa")), fmt(over(k, "fentry0", "floor")), fmt(over(k, "fentry0", "floor-fg")), \
			fmt(over(k, "fentry0", "floor-fc")), fmt(over(k, "fentry0", "floor-fr")), fmt(over(k, "fentry0", "floor-fx")), \
			fmt(over(k, "fentry0", "floor-fe")), fmt(over(k, "fentry0", "floor-ft")), \
			fmt(over(k, "fentry0", "ours")), fmt(over(k, "fentry0", "ours-gen"))
	}
}
