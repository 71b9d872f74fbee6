# Turn the "@@" lines of a bench guest's output (bench/bench.sh) into the
# tables of `make bench`. Usage: awk -f bench/lib.awk -f bench/report.awk OUTPUT
function least(list,    n, a, i, m) {
	n = split(list, a, " ")
	if (n == 0) return ""
	m = a[1] + 0
	for (i = 2; i <= n; i++) if (a[i] + 0 < m) m = a[i] + 0
	return m
}
# instruction counts repeat: the median; wall-clock times only ever get
# longer by interference: the best
function pick(list) { return clock == "icount" ? median(list) : least(list) }
function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "n/a" : sprintf("%.2f", a / b) }
BEGIN {
	variant_names(desc)
	isf["fentry0"] = isf["fentry4"] = isf["fmany0"] = 1
	ist["tp0"] = ist["tpargs"] = 1
	ise["ep0"] = ise["epargs"] = ise["epdrop"] = 1
	nv = 0
}
/^@@INFO / { info[$2] = substr($0, length($1 $2) + 3) }
/^@@SITE / { site = $0; sub(/^@@SITE /, "", site) }
/^@@HIT / {
	v = $2; t = $3
	if (!(v in seen)) { seen[v] = 1; order[++nv] = v }
	if ($5 != "na") vals[v, t] = vals[v, t] " " $5
	if ($6 != "") state[v, t] = $6
	rounds[v, t]++
}
/^@@SCALE / { scale[++ns] = $0 }
/^@@THRU / { thru[++nt] = $0 }
/^@@SAMPLE / { sample[++nsm] = $0 }
/^@@ERROR / { err[++ne] = $0 }
/^arm-many / { am[++nam] = $0 }
/^# arm-many / { amn[++namn] = $0 }
END {
	clock = info["clock"]
	unit = clock == "icount" ? "+insns/hit" : "+ns/hit (wall clock, rough)"
	if (nv) {
		printf "\n== per-hit cost, %s: kernel %s, probes on %s\n", clock, info["kernel"], site
		printf "   %s over a bare getppid() call; %s of rounds\n\n", unit, clock == "icount" ? "median" : "best"
		printf "| %-34s | %7s | %8s | %9s | %8s | %9s | %13s |\n", "variant", "bare", "floor", "in-kernel", "ours", "ours/in-k", "(o-f)/(k-f)"
		printf "|%s|%s|%s|%s|%s|%s|%s|\n", "------------------------------------", "---------", "----------", "-----------", "----------", "-----------", "---------------"
		for (i = 1; i <= nv; i++) {
			v = order[i]
			if (v in isf) { nf++; continue }
			if (v in ist) { ntp++; continue }
			if (v in ise) { nep++; continue }
			b = pick(vals[v, "bare"])
			f = pick(vals[v, "floor"]); k = pick(vals[v, "kernel"]); o = pick(vals[v, "ours"])
			if (f != "") f -= b
			if (k != "") k -= b
			if (o != "") o -= b
			printf "| %-34s | %7s | %8s | %9s | %8s | %9s | %13s |\n", desc[v], fmt(b), fmt(f), fmt(k), fmt(o), ratio(o, k), \
				(o == "" || k == "" || f == "") ? "n/a" : ratio(o - f, k - f)
		}
		if (nf) {
			printf "\n   f: events (ours) against the kernel's kprobe event at the same function (p FUNC, same args)\n"
			printf "   and the kernel's own f: event (fprobe events, dynamic_events; n/a where the kernel has none)\n\n"
			printf "| %-34s | %7s | %9s | %9s | %8s | %9s | %9s |\n", "variant", "bare", "k. kprobe", "kernel f:", "ours", "ours/kprb", "ours/k.f:"
			printf "|%s|%s|%s|%s|%s|%s|%s|\n", "------------------------------------", "---------", "-----------", "-----------", "----------", "-----------", "-----------"
			for (i = 1; i <= nv; i++) {
				v = order[i]
				if (!(v in isf)) continue
				b = pick(vals[v, "bare"])
				k = pick(vals[v, "kernel"]); kf = pick(vals[v, "kf"]); o = pick(vals[v, "ours"])
				if (k != "") k -= b
				if (kf != "") kf -= b
				if (o != "") o -= b
				printf "| %-34s | %7s | %9s | %9s | %8s | %9s | %9s |\n", desc[v], fmt(b), fmt(k), fmt(kf), fmt(o), ratio(o, k), ratio(o, kf)
			}
			b = pick(vals["fentry0", "bare"])
			if (b != "") {
				f1 = pick(vals["fentry0", "floor"]); f2 = pick(vals["fentry0", "floor-fa"]); f3 = pick(vals["fentry0", "floor-fg"])
				o = pick(vals["fentry0", "ours"])
				printf "\n   f: entry, 0 args, where the instructions go (+insns over bare): empty ftrace_ops with SAVE_REGS %s,", fmt(f1 == "" ? "" : f1 - b)
				f4 = pick(vals["fentry0", "floor-ft"])
				printf " without SAVE_REGS %s, SAVE_REGS + recursion guard %s, + a static trace event's record (reserve + commit) %s; ours %s\n", fmt(f2 == "" ? "" : f2 - b), fmt(f3 == "" ? "" : f3 - b), fmt(f4 == "" ? "" : f4 - b), fmt(o == "" ? "" : o - b)
			}
		}
		if (ntp)
			kind_table(ist, "t", "kt", "against the kernel's own t: event (6.12; n/a on 6.1)")
		if (nep)
			kind_table(ise, "e", "ke", "against the kernel's own e: event")
		printf "\n   kprobe state (from debugfs kprobes/list): "
		for (i = 1; i <= nv; i++) {
			v = order[i]
			if (state[v, "kernel"] != "" || state[v, "floor"] != "")
				printf "%s %s; ", v, state[v, "kernel"] != "" ? state[v, "kernel"] : state[v, "floor"]
		}
		printf "\n"
	}
	if (ns) {
		printf "\n== definition scale (%s clock: ns = %s)\n\n", clock, clock == "icount" ? "guest instructions" : "wall ns"
		printf "| %-7s | %6s | %-8s | %-8s | %12s | %9s | %10s | %s\n", "tracer", "probes", "writes", "step", "ms", "per probe", "slab KiB", "avail KiB / notes"
		printf "|---------|--------|----------|----------|--------------|-----------|------------|------\n"
		for (i = 1; i <= ns; i++) {
			split(scale[i], a, " ")
			tr = a[2]; n = a[3]; mode = a[4]; step = a[5]
			ms = ""; slab = ""; avail = ""; notes = ""
			for (j = 6; j <= length(a); j++) {
				if (a[j] ~ /^ns=/) ms = substr(a[j], 4) / 1e6
				else if (a[j] ~ /^slab_kb=/) slab = substr(a[j], 9)
				else if (a[j] ~ /^avail_kb=/) avail = substr(a[j], 10)
				else if (a[j] == "na") notes = "n/a (not supported)"
				else if (a[j] !~ /^ok=/) notes = notes " " a[j]
			}
			per = ms == "" ? "" : sprintf("%.3f ms", ms / n)
			printf "| %-7s | %6s | %-8s | %-8s | %12s | %9s | %10s | %s%s\n", tr, n, mode == "one" ? "one" : "per line", step, \
				ms == "" ? "n/a" : sprintf("%.1f", ms), per, slab, avail, notes
		}
		printf "\n   memory per probe (after add, slab / MemAvailable):"
		for (i = 1; i <= ns; i++) {
			split(scale[i], a, " ")
			if (a[5] != "add") continue
			for (j = 6; j <= length(a); j++) {
				if (a[j] ~ /^slab_kb=/) s = substr(a[j], 9)
				if (a[j] ~ /^avail_kb=/) m = substr(a[j], 10)
			}
			printf "\n     %s %s probes (%s): %.2f KiB slab, %.2f KiB available memory", a[2], a[3], a[4] == "one" ? "one write" : "per line", s / a[3], m / a[3]
		}
		printf "\n"
	}
	if (nt) {
		printf "\n== throughput and loss (2 vCPUs calling getppid, probe with 4 register args; %s clock)\n\n", clock
		printf "| %-7s | %-9s | %11s | %11s | %9s | %9s | %11s | %9s | %9s | %s\n", "tracer", "overwrite", "calls", "hits", "misses", "in buffer", "overrun", "dropped", "events/s", "unaccounted"
		printf "|---------|-----------|-------------|-------------|-----------|-----------|-------------|-----------|-----------|------------\n"
		for (i = 1; i <= nt; i++) {
			n = split(thru[i], a, " ")
			delete kvp
			for (j = 3; j <= n; j++) if (split(a[j], p, "=") == 2) kvp[p[1]] = p[2]
			if (thru[i] ~ / na$/) { printf "| %-7s | %-9s | n/a\n", a[2], kvp["overwrite"]; continue }
			hits = kvp["hits"]; miss = kvp["misses"]
			rec = kvp["entries"] + kvp["overrun"]
			una = (hits ~ /^[0-9]+$/) ? hits - miss - rec - kvp["dropped"] : "?"
			printf "| %-7s | %-9s | %11s | %11s | %9s | %9s | %11s | %9s | %9.0f | %s\n", a[2], kvp["overwrite"], kvp["calls"], hits, miss, \
				kvp["entries"], kvp["overrun"], kvp["dropped"], rec / kvp["secs"], una
		}
		printf "\n   unaccounted = hits - misses - (in buffer + overrun) - dropped (0 = every event is counted somewhere)\n"
	}
	for (i = 1; i <= nsm; i++) { if (i == 1) printf "\n== sample events\n"; s = sample[i]; sub(/^@@SAMPLE /, "", s); printf "   %s\n", substr(s, 1, 200) }
	for (i = 1; i <= nam; i++) {
		if (i == 1) printf "\n== one event over N functions, kernel %s (ours: one f: line; kernel: one p: line per function; kernel-f: one f: line per function; >X: a lower bound, see the guest's notes)\n", info["kernel"]
		printf "%s\n", am[i]
	}
	for (i = 1; i <= namn; i++) { s = amn[i]; sub(/^# /, "   ", s); print s }
	# the goals of ours: ~10,000 functions defined and enabled <= 1 s and
	# removed <= 0.5 s; every traceable function (functions=all) <= 5 s
	for (i = 1; i <= nam; i++) {
		if (am[i] !~ /tracer=ours/) continue
		delete kvp
		n = split(am[i], a, " ")
		for (j = 2; j <= n; j++) if (split(a[j], p, "=") == 2) kvp[p[1]] = p[2]
		fn = kvp["functions"] + 0
		if (fn >= 9000 && fn <= 11000)
			printf "   goal ours ~10,000 (%d): define+enable %s ms <= 1000: %s; remove %s ms <= 500: %s\n", fn, \
				kvp["define_enable_ms"], kvp["define_enable_ms"] + 0 <= 1000 ? "holds" : "MISSES", \
				kvp["remove_ms"], kvp["remove_ms"] + 0 <= 500 ? "holds" : "MISSES"
		else if (fn > 20000)
			printf "   goal ours every function (%d): define+enable %s ms <= 5000: %s\n", fn, \
				kvp["define_enable_ms"], kvp["define_enable_ms"] + 0 <= 5000 ? "holds" : "MISSES"
	}
	for (i = 1; i <= ne; i++) print err[i]
}

# The t: or e: rows (set: their variants; K: the kernel's tracer's column):
# ours against the kernel's event of that kind and the static event's own record
function kind_table(set, kind, K, against,    i, v, b, k, ks, o) {
	printf "\n   %s: events on raw_syscalls/sys_enter (ours), %s\n", kind, against
	printf "   and the static event raw_syscalls/sys_enter's own record\n\n"
	printf "| %-34s | %7s | %9s | %9s | %8s | %9s | %9s |\n", "variant", "bare", "kernel " kind ":", "static", "ours", "ours/k." kind ":", "ours/stat"
	printf "|%s|%s|%s|%s|%s|%s|%s|\n", "------------------------------------", "---------", "-----------", "-----------", "----------", "-----------", "-----------"
	for (i = 1; i <= nv; i++) {
		v = order[i]
		if (!(v in set)) continue
		b = pick(vals[v, "bare"])
		k = pick(vals[v, K]); ks = pick(vals[v, "kstatic"]); o = pick(vals[v, "ours"])
		if (k != "") k -= b
		if (ks != "") ks -= b
		if (o != "") o -= b
		printf "| %-34s | %7s | %9s | %9s | %8s | %9s | %9s |\n", desc[v], fmt(b), fmt(k), fmt(ks), fmt(o), ratio(o, k), ratio(o, ks)
	}
}
