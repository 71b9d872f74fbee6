# Sourced by the guest sides of bench-latency and bench-scrape (as
# /kpt/bench/cold-set.sh): cold_set [N [LEN]] prints functions of
# subsystems kpt-bench-loop does not enter (as bench.sh's fmany0 row), as
# a comma list of prefix globs an f: set takes: the prefixes of the first
# N (default 10,000) of them, in at most LEN (default 480) characters.
# shellcheck shell=sh
cold_set() {
	awk '$1 ~ /^(ext|xfs|btr|nfs|tcp|udp|ip6|ipv|drm|pci|acp|usb|soc|net|ata|scs|blk|cry|kob|inp|hid|sel|aud|nla|nl8|snd|fib|rtn|inet|xdr|svc|rpc|mpi|asn|pkc|key|x50|ima|evm|smk|tom|app|cgr|fsn|ep_|iou|sun|cif|fat|isofs|udf|vfa|squ|zst|lz4|xz_|zli|sg_|shm|msg|sem|mq_|ipc)/ { print $1 }' \
		/sys/kernel/tracing/available_filter_functions | head -n "${1:-10000}" |
		awk -v len="${2:-480}" '{ c[substr($1, 1, 3)]++ }
		     END { for (p in c) if (length(g) + 5 < len) g = g (g == "" ? "" : ",") p "*"; print g }'
}
