# bench/bench-scrape's table: the @@SC, @@COST and @@INFO lines of
# bench/scrape.sh.  Loaded after bench/lib.awk:
#   awk -f bench/lib.awk -f bench/scrape.awk scrape-KVER.out
# Per row the medians of the wall clock and of the loop's own CPU time a
# call (guest instructions), the own time against the idle row's, and the
# probe's own share ((row - bare) / (idle - bare)).  Exit status 1 when a
# row is missing or a scraper did not run during its loops (its share of
# the wall clock under 20 %).
function row_name(r) {
	return r == "bare" ? "nothing armed" :
	       r == "idle" ? "member of the service's set, no scrape" :
	       r == "svc" ? "the same, the service scraping without pause" :
	       r == "r10k" ? "the same, latency read + 10,000 histograms rendered without pause" : r
}
$1 == "@@INFO" && $2 == "kernel" { kern = $3 }
$1 == "@@INFO" && $2 == "functions" { nfun = $3 }
$1 == "@@INFO" && $2 == "left" { left = 1 }
$1 == "@@SC" {
	if (!($2 in wall)) order[++n] = $2
	wall[$2] = wall[$2] " " $4
	own[$2] = own[$2] " " $5
	sc[$2] += $6
}
$1 == "@@COST" { cost[$2] = $3; bytes[$2] = $4 }
END {
	printf "kernel %s; the set: %s functions\n\n", kern, nfun
	print "| row | wall ns a call | own ns a call | own ÷ no scrape | probe's part ÷ no scrape |"
	print "|---|--:|--:|--:|--:|"
	b = median(own["bare"]); i = median(own["idle"])
	for (j = 1; j <= n; j++) {
		r = order[j]; o = median(own[r])
		if ((r == "svc" || r == "r10k") && median(wall[r]) < 1.2 * o) idle_scraper = idle_scraper " " r
		printf "| %s | %s | %s | %s | %s |\n", row_name(r), fmt(median(wall[r])), fmt(o),
			r == "bare" || i == "" ? "" : sprintf("%.3f", o / i),
			r == "bare" || i == b ? "" : sprintf("%.3f", (o - b) / (i - b))
	}
	print ""
	printf "Scrapes the r10k scraper ended during its loops: %d (its rows' wall clock less the loop's own time is the scraper's). One scrape alone:\n", sc["r10k"]
	printf "the module's latency file read %s ms (%s bytes), 10,000 histograms rendered %s ms (%s bytes of text); the service's own text %s bytes.\n",
		cost["module-latency-read"], bytes["module-latency-read"], cost["render-10k"],
		bytes["render-10k"], bytes["service-text"]
	bad = !("bare" in own) || !("idle" in own) || !("svc" in own) || !("r10k" in own)
	if (idle_scraper != "") { print "\nThe scraper did not run during:" idle_scraper; bad = 1 }
	if (left) { print "\nThe service left definitions behind."; bad = 1 }
	exit bad
}
