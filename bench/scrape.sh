# make bench-scrape, guest side (busybox sh, root): what scrapes of the
# metrics cost a traced function's calls, in one boot.  bench/bench-scrape
# copies it to /kpt/bench.sh with /kpt/bench/config (N calls a
# measurement, ROUNDS rounds), /kpt/bench/cold-set.sh and
# /kpt/bench/lat10k (bench/metrics-scrape.sh's latency file of 10,000
# functions' histograms).
#
# The traced function is __do_sys_getppid, one member of the service's
# f: exit set over it and ~10,000 functions the loop does not enter
# (kprobetrace metrics --textfile, aggregation only), called N times by
# kpt-bench-loop -T, which reports the wall clock and the loop's own CPU
# time a call (1 vCPU: a scraper's instructions run between the loop's,
# in the wall clock and not in the loop's own time).  Rows:
#   bare   nothing armed
#   idle   the set armed, its service stopped (SIGSTOP): no scrape
#   svc    the service scraping without pause (-i 0.01): the module's
#          latency and kprobe_profile files read (every member's per-CPU
#          counters summed), its blocks rendered, the file renamed
#   r10k   the set armed, a scraper without pause: the latency file read,
#          then kprobetrace metrics --from-file over lat10k (10,000
#          functions' histograms, 33 MB of text: as bench/metrics-scrape.sh)
# Lines: "@@SC ROW ROUND WALL_NS OWN_NS SCRAPES" (SCRAPES: the r10k
# scraper's rounds ended during the loop), "@@COST WHAT MS BYTES"
# (one scrape alone: guest ms = million instructions), "@@INFO", "@@END".
# shellcheck shell=sh
set -u
. /kpt/bench/config
. /kpt/bench/cold-set.sh
T=/sys/kernel/tracing
KPT=$T/kprobetrace
export PATH=/kpt/bin:$PATH
note() { echo "# $*"; }
now_ms() { awk '{ printf "%d", $1 * 1000 }' /proc/uptime; }

echo "@@INFO kernel $(uname -r)"
insmod /kpt/kprobetrace.ko || { note "kprobetrace.ko does not load"; echo "@@END"; exit 0; }
echo 0 > $T/events/enable
mkdir -p /tmp/tf
# prefix globs of cold functions, as many as fit 10,000 functions: the
# cold set's prefixes, then those of drivers and subsystems this guest
# does not run
big_set() {
	{ cold_set 100000 4000 | tr ',' '\n' | sed 's/[*]$//'
	  printf '%s\n' xen hv_ iom amd i2c rtc the gpi reg clk kvm hug ksm zsw nf_ \
		ebt arp nei qdi xdp dcb eth tc_ llc dm_ md_ rai nvm pnp edd efi wmi led; } > /tmp/pfx
	awk 'NR == FNR { want[$1] = NR; next }
	     { p = substr($1, 1, 3); if (p in want) c[p]++ }
	     END { for (i = 1; i <= 200; i++) for (p in c) if (want[p] == i && t + c[p] <= 10000 && length(g) < 900) { t += c[p]; g = g "," p "*" }
		   print substr(g, 2) }' /tmp/pfx $T/available_filter_functions
}
echo "big __do_sys_getppid,$(big_set) durations errors" > /tmp/m.conf

loop() { kpt-bench-loop -c 0 -T -n "$N"; }

# a scraper without pause, in a process group of its own (stopped and
# continued as one): the module's side, then 10,000 histograms
cat > /tmp/r10k <<X
while :; do
	cat $KPT/latency > /dev/null
	kprobetrace metrics --from-file /kpt/bench/lat10k > /dev/null
	echo >> /tmp/scrapes
done
X
: > /tmp/scrapes
setsid sh /tmp/r10k &
sleep 0.5
rpg=$(awk '{ print $5 }' /proc/$!/stat)
kill -STOP -"$rpg"
scrapes() { wc -l < /tmp/scrapes; }

measure() {	# ROW ROUND
	case $1 in
	svc) kill -CONT $svc ;;
	r10k) kill -CONT -"$rpg" ;;
	esac
	s0=$(scrapes)
	res=$(loop)
	s1=$(scrapes)
	case $1 in
	svc) kill -STOP $svc ;;
	r10k) kill -STOP -"$rpg" ;;
	esac
	echo "@@SC $1 $2 $res $((s1 - s0))"
}

for r in $(seq 1 "$ROUNDS"); do measure bare "$r"; done

kprobetrace metrics -C /tmp/m.conf --textfile /tmp/tf -i 0.01 2> /tmp/svc.log &
svc=$!
n=0
until [ -s /tmp/tf/kprobetrace.prom ]; do
	n=$((n + 1))
	[ $n -lt 600 ] || { cat /tmp/svc.log; note "the service did not start"; echo "@@END"; exit 0; }
	sleep 0.1
done
kill -STOP $svc
note "service: $(sed -n 's/.* # \([0-9]*\) functions$/\1/p' $KPT/kprobe_events) functions in its set"
echo "@@INFO functions $(sed -n 's/.* # \([0-9]*\) functions$/\1/p' $KPT/kprobe_events)"
for r in $(seq 1 "$ROUNDS"); do
	for row in idle svc r10k; do measure $row "$r"; done
	note "round $r done"
done

# one scrape alone, each part
t0=$(now_ms); cat $KPT/latency > /tmp/lat; t1=$(now_ms)
echo "@@COST module-latency-read $((t1 - t0)) $(wc -c < /tmp/lat)"
t0=$(now_ms); kprobetrace metrics --from-file /kpt/bench/lat10k > /tmp/r10k.prom; t1=$(now_ms)
echo "@@COST render-10k $((t1 - t0)) $(wc -c < /tmp/r10k.prom)"
echo "@@COST service-text 0 $(wc -c < /tmp/tf/kprobetrace.prom)"
grep "^kptlat/kptm[0-9]*_0_big:__do_sys_getppid count" $KPT/latency | sed 's/^/# /'

kill -KILL -"$rpg"
kill -CONT $svc; kill $svc; wait $svc
note "service exit: $?"
[ -z "$(cat $KPT/kprobe_events)" ] || echo "@@INFO left definitions behind"
echo "@@END"
