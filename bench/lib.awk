# What bench/report.awk and bench/side-by-side.awk share: the median of a
# list of numbers, the print form of a count and the names of the per-hit
# variants (the @@HIT lines of bench/bench.sh). Loaded before them:
#   awk -f bench/lib.awk -f bench/report.awk OUTPUT
function median(list,    n, a, i, j, t) {
	n = split(list, a, " ")
	if (n == 0) return ""
	for (i = 2; i <= n; i++) {
		t = a[i] + 0
		for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]
		a[j + 1] = t
	}
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function fmt(x) { return x == "" ? "n/a" : sprintf("%.0f", x) }
# d[VARIANT] = its row's name
function variant_names(d) {
	d["entry0"] = "entry probe (ftrace-based), 0 args"
	d["entry4"] = "entry, 4 register args"
	d["entry16"] = "entry, 16 register args"
	d["entry128"] = "entry, 128 register args"
	d["mem"] = "entry, memory +8(%di)"
	d["nested"] = "entry, nested +0(+8(%di))"
	d["string"] = "entry, string +0(+8(%di)):string"
	d["fdrop"] = "entry + filter dropping all"
	d["fkeep"] = "entry + filter keeping all"
	d["midopt"] = "mid-function, optimised (jump)"
	d["midint3"] = "mid-function, int3 (opt. off)"
	d["ret"] = "return probe"
	d["retrv"] = "return probe + rv"
	d["fentry0"] = "f: entry, 0 args"
	d["fentry4"] = "f: entry, 4 args $stack0..$stack3"
	d["fmany0"] = "f: over ~10,000 functions, 0 args"
	d["tp0"] = "t: sys_enter, 0 args"
	d["tpargs"] = "t: sys_enter, $arg* (regs, id)"
	d["ep0"] = "e: raw_syscalls.sys_enter, 0 args"
	d["epargs"] = "e: sys_enter, $id $args"
	d["epdrop"] = "e: sys_enter, $id if id < 0 (drops all)"
}
