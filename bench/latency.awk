# bench/bench-latency's table: the @@LAT lines of bench/latency.sh, one
# output file a kernel.  Loaded after bench/lib.awk:
#   awk -v n=CALLS -f bench/lib.awk -f bench/latency.awk latency-KVER.out...
# Per tool: the median instructions a call over the bare call, the calls
# each round counted (every one must be counted: n), and the goals.  Exit
# status 1 when a tool that ran counted a different number of calls.
function name_of(t) {
	return t == "bt-kprobe" ? "bpftrace kprobe+kretprobe, hist()" :
	       t == "bt-fentry" ? "bpftrace kfunc+kretfunc, hist()" :
	       t == "synth" ? "kernel: kprobe events + synthetic event + hist triggers" :
	       t == "ours-rec" ? "kprobetrace r: $duration, record + histogram" :
	       t == "ours-frec" ? "kprobetrace f: exit $duration, record + histogram" :
	       t == "ours-agg" ? "kprobetrace r: $duration, aggregation only" :
	       t == "ours-fagg" ? "kprobetrace f: exit $duration, aggregation only" :
	       t == "ours-many" ? "kprobetrace f: exit, member of ~10,000, aggr. only" : t
}
# kpt-bench-loop -n N calls getppid() N + N/10 + 11 times (its warm-up)
BEGIN { calls = n + int(n / 10) + 11 }
FNR == 1 { k++; kern[k] = FILENAME }
$1 == "@@INFO" && $2 == "kernel" { kern[k] = $3 }
$1 == "@@LAT" {
	t = $2
	if (!(t in seen)) { seen[t] = 1; order[++nt] = t }
	if ($4 == "na") { na[k, t] = 1; next }
	v[k, t] = v[k, t] " " $4
	if (t != "bare" && $5 != calls) { bad[k, t] = bad[k, t] " " $5 }
}
function cost(k, t) {
	if ((k, t) in na || !((k, t) in v) || !((k, "bare") in v)) return ""
	return median(v[k, t]) - median(v[k, "bare"])
}
function goal(k, a, b, lim, what,    x, y) {
	x = cost(k, a); y = cost(k, b)
	if (x == "" || y == "" || y <= 0) return "- " kern[k] ": " what ": n/a"
	return sprintf("- %s: %s: %.0f / %.0f = %.2f (goal ≤ %.2f): %s", kern[k],
		       what, x, y, x / y, lim, x / y <= lim ? "holds" : "**misses**")
}
END {
	hdr = "| tool (per call, +instructions over a bare getppid())"
	sep = "|---"
	for (i = 1; i <= k; i++) { hdr = hdr " | " kern[i] " | counted"; sep = sep "|---:|:---" }
	print hdr " |"; print sep "|"
	for (j = 1; j <= nt; j++) {
		t = order[j]
		if (t == "bare") continue
		row = "| " name_of(t)
		for (i = 1; i <= k; i++) {
			c = cost(i, t)
			cnt = (i, t) in na ? "n/a" : (i, t) in bad ? "**" substr(bad[i, t], 2) " of " calls "**" : "all " calls
			if ((i, t) in bad) rc = 1
			row = row " | " (c == "" ? "n/a" : sprintf("%.0f", c)) " | " cnt
		}
		print row " |"
	}
	print ""
	for (i = 1; i <= k; i++) {
		b = ""
		if (cost(i, "bt-kprobe") != "") b = "bt-kprobe"
		if (cost(i, "bt-fentry") != "" && (b == "" || cost(i, "bt-fentry") < cost(i, b))) b = "bt-fentry"
		print goal(i, "ours-agg", "synth", 0.5, "r: aggregation only ÷ the kernel's recipe")
		print goal(i, "ours-fagg", "synth", 0.5, "f: aggregation only ÷ the kernel's recipe")
		if (b != "") {
			print goal(i, "ours-agg", b, 1.0, "r: aggregation only ÷ bpftrace's cheapest (" b ")")
			print goal(i, "ours-fagg", b, 1.0, "f: aggregation only ÷ bpftrace's cheapest (" b ")")
		}
		print goal(i, "ours-many", "ours-fagg", 1.1, "member of ~10,000 ÷ single f: exit")
	}
	exit rc
}
