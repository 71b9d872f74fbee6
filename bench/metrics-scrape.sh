#!/bin/sh
# The cost of one scrape's text over N functions' histograms, on the
# host: a latency file like the module's for an f: set of N members
# (each 12 buckets, 2 errnos, coverage) rendered by kprobetrace metrics
# --from-file (the parser the service uses, then the Prometheus text):
# time, bytes and lines of the text. The module's side of a scrape (its
# read of the latency file) is not in it.
#   bench/metrics-scrape.sh [N] [KPROBETRACE]
#   bench/metrics-scrape.sh --latency-file N   that latency file on stdout
#                                              (bench/bench-scrape's)
set -eu
cd "$(dirname "$0")/.."
lat_only=
[ "${1:-}" = --latency-file ] && { lat_only=1; shift; }
n=${1:-10000}
bin=${2:-build/tools/kprobetrace}
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
python3 - "$n" > "$t/lat" <<'X'
import sys
n = int(sys.argv[1])
ev = "kptlat/kptm1_0_set"
out = [ev + " count %d max 9000000 p50 1024 p90 4096 p99 8192 p99.9 8192" % (n * 60)]
for i in range(n):
    l = "%s:f%05d" % (ev, i)
    out.append(l + " count 60 max 9000000 p50 1024 p90 4096 p99 8192 p99.9 8192")
    lo = 512
    for b in range(12):
        hi = lo + lo // 8
        out.append("%s bucket %d %d 5" % (l, lo, hi))
        lo = hi * 2
    out.append(l + " failures 3")
    out.append(l + " errno -ENOMEM 2")
    out.append(l + " errno -EINVAL 1")
    out.append(l + " calls 61 misses 0 inflight 1")
print("\n".join(out))
X
[ -z "$lat_only" ] || { cat "$t/lat"; exit 0; }
runs=5
start=$(date +%s%N)
for i in $(seq $runs); do "$bin" metrics --from-file "$t/lat" > "$t/out"; done
end=$(date +%s%N)
# CPU time (user + system) of the runs: the wall clock counts other load
cpu=$(python3 -c 'import os, resource, subprocess, sys
for _ in range(int(sys.argv[1])):
    subprocess.run([sys.argv[2], "metrics", "--from-file", sys.argv[3]], stdout=subprocess.DEVNULL, check=True)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(int((r.ru_utime + r.ru_stime) * 1000 / int(sys.argv[1])))' "$runs" "$bin" "$t/lat")
echo "functions: $n"
echo "latency file: $(wc -c < "$t/lat") bytes"
echo "metrics text: $(wc -c < "$t/out") bytes, $(wc -l < "$t/out") lines"
echo "parse + render: $(( (end - start) / runs / 1000000 )) ms wall, $cpu ms CPU a scrape (mean of $runs)"
if command -v promtool > /dev/null; then
	promtool check metrics < "$t/out" > /dev/null 2>&1 && echo "promtool check metrics: ok" || echo "promtool check metrics: FAILED"
fi
