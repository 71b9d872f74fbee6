#!/bin/bash
# The random differential of kprobetrace's DWARF points against perf probe
# -D: N functions drawn from a vmlinux's text symbols (the sample seeded,
# the seed printed; a new seed each run unless given), every line perf
# lists for each (perf probe -L), each line a point FUNC:REL through both
# commands, compared as tests/dwarf/check-dwarf.sh does (lib.sh), each
# point classified:
#   agree          the same sites
#   perf refuses   kprobetrace gives sites, perf none
#   both refuse
#   perf wrong     perf's site is in no copy of the function (a symbol
#                  holding none of FUNC:0's sites, nor FUNC.cold; or past
#                  FUNC's size from nm -S): checked here
#   perf more rows kprobetrace's sites are perf's, perf has more, each in
#                  a symbol where kprobetrace has one: further is_stmt
#                  rows of the line in the same copy (kprobetrace takes a
#                  copy's lowest only)
#   disagree       anything else: different sites, or kprobetrace refuses
#                  where perf gives sites inside the function
# and at each point both give sites for, every variable perf -V lists
# there (tests/dwarf/random-vars.sh): agree (the same fetch argument at
# every site), perf refuses, both refuse, perf wrong (checked: the value
# is computed, REG + N or a fetch plus N, and perf reads the word at
# REG + N or drops the N; or perf gives two answers at one address, the
# second from a dropped __weak definition's DWARF, ours the other), ours
# refuses (with its reason, shown),
# disagree (different fetch arguments or sites).
# Report: build/check-dwarf-random/KVER-SEED.txt (scratch: run-KVER-SEED/) (the counts, then each
# point); exit 1 on a disagreement.
#   tests/dwarf/check-dwarf-random.sh [-k KVER] [-n N] [-s SEED] [KPROBETRACE]
set -u
cd "$(dirname "$0")/../.."
kver=6.1.0-57-amd64 n=10 seed=
while getopts k:n:s: o; do
	case $o in
	k) kver=$OPTARG ;; n) n=$OPTARG ;; s) seed=$OPTARG ;;
	*) echo "usage: $0 [-k KVER] [-n N] [-s SEED] [KPROBETRACE]"; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
bin=${1:-build/tools/kprobetrace}
seed=${seed:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
vmlinux=/usr/lib/debug/boot/vmlinux-$kver
# the scratch files of this run (others, of other kernels or seeds, may
# go on beside it), the report beside them
base=build/check-dwarf-random
out=$base/run-$kver-$seed
mkdir -p "$out"
export XDG_CACHE_HOME="$PWD/$base/cache"
dpkg -s linux-image-$kver-dbg > /dev/null 2>&1 || {
	echo "check-dwarf-random: installing linux-image-$kver-dbg (~0.9 GB download)"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		linux-image-$kver-dbg || { echo "FAIL: apt-get install"; exit 1; }
}
[ -r "$vmlinux" ] || { echo "FAIL: no $vmlinux"; exit 1; }
perf=/usr/bin/perf
id=$(readelf -n "$vmlinux" | sed -n 's/.*Build ID: //p' | head -1)
nm "$vmlinux" | awk '$2 ~ /^[tTwW]$/ { print $3, $1 }' > "$out/syms"
nm -S "$vmlinux" | awk '$3 ~ /^[tT]$/ && $4 !~ /\./ { print $4, $1, $2 }' > "$out/sized"
. tests/dwarf/lib.sh

report=$base/$kver-$seed.txt
echo "check-dwarf-random: $vmlinux, $n functions, seed $seed"
# the sample: N names drawn with awk's srand(SEED), unique names only
awk '{ c[$1]++; l[$1] = $0 } END { for (k in c) if (c[k] == 1) print l[k] }' "$out/sized" |
	sort | awk -v s="$seed" 'BEGIN { srand(s) } { print rand(), $0 }' |
	sort -n | head -n "$n" | cut -d' ' -f2- > "$out/sample"
src=$(scripts/ksrc.sh --kver "$kver") || exit 1
declare -A cnt
: > "$out/points"
while read -r fn addr size; do
	"$perf" probe -k "$vmlinux" -s "$src" -L "$fn" 2> /dev/null |
		sed -n 's/^ *\([0-9][0-9]*\)  .*/\1/p' | while read -r rel; do
		echo "$fn $addr $size $rel"
	done >> "$out/points"
done < "$out/sample"

# perf's answers: one run per function for all its lines (perf reads the
# DWARF once), halved down to the line perf refuses when a run fails;
# each point's definitions into $out/perf.d/FUNC:REL (its events are
# named FUNC_LREL[_N]), perf's error into FUNC:REL.err
rm -rf "$out/perf.d"
mkdir -p "$out/perf.d"
# (the function: $fn)
perf_lines() {	# REL...
	local args=() r e
	for r in "$@"; do args+=(-D "$fn:$r"); done
	"$perf" probe -k "$vmlinux" "${args[@]}" > "$out/batch" 2> "$out/batch.err" || return 1
	for r in "$@"; do
		# FUNC:0 is FUNC to perf: its event is FUNC[_N]
		if [ "$r" = 0 ]; then e=$fn; else e=${fn}_L$r; fi
		grep -E "^p:[^/]*/$e(_[0-9]+)? " "$out/batch" > "$out/perf.d/$fn:$r"
	done
	return 0
}
perf_line_refused() {	# REL
	: > "$out/perf.d/$fn:$1"
	grep -v '^ *Error: Failed to add events' "$out/batch.err" | head -2 > "$out/perf.d/$fn:$1.err"
}
while read -r fn; do
	halve perf_lines perf_line_refused $(awk -v f="$fn" '$1 == f { print $4 }' "$out/points")
done < <(cut -d' ' -f1 "$out/points" | uniq)

: > "$out/details"
while read -r fn addr size rel; do
	p="$fn:$rel"
	"$bin" add -D --debuginfo "$vmlinux" --build-id "$id" "$p" > "$out/ours.raw" 2> "$out/ours.err"
	norm < "$out/ours.raw" > "$out/ours"
	norm < "$out/perf.d/$p" > "$out/perf"
	# the symbols holding a copy of FUNC (its entries: FUNC:0), once a
	# function
	if [ "$fn" != "${cfn:-}" ]; then
		cfn=$fn
		"$bin" add -D --debuginfo "$vmlinux" --build-id "$id" "$fn:0" 2> /dev/null |
			norm | awk '{ split($2, s, "+"); print s[1] }' | sort -u > "$out/copies"
	fi
	# a perf site in no copy of FUNC (another symbol, or past FUNC's size)
	outside=$(gawk -v f="$fn" -v size=$((0x$size)) -v cp="$out/copies" '
		BEGIN { while ((getline l < cp) > 0) c[l] = 1 }
		{ split($2, s, "+"); n = s[1]; sub(/\.cold$/, "", n)
		  if (n == f ? strtonum(s[2]) >= size && s[1] == f : !(n in c)) print $2 }' "$out/perf" | head -1)
	# perf's further sites all in symbols where kprobetrace has one
	further=$(gawk 'NR == FNR { split($2, s, "+"); o[s[1]] = 1; next }
		{ split($2, s, "+"); if (!(s[1] in o)) { print "no"; exit } }' "$out/ours" "$out/perf")
	if [ -s "$out/ours" ] && [ -s "$out/perf" ]; then
		if same "$out/perf" "$out/ours" > "$out/diff"; then v=agree
		elif [ -n "$outside" ]; then v="perf wrong"
		elif ! grep -q '^kprobetrace only' "$out/diff" && [ -z "$further" ]; then
			v="perf more rows"
		else v=disagree; fi
	elif [ -s "$out/ours" ]; then v="perf refuses"
	elif [ ! -s "$out/perf" ]; then v="both refuse"
	elif [ -n "$outside" ]; then v="perf wrong"
	else v=disagree; fi
	cnt[$v]=$((${cnt[$v]:-0} + 1))
	{
		echo "[$v] $p"
		[ -n "$outside" ] && echo "  perf's $outside is outside $fn (0x$addr, 0x$size bytes)"
		sed 's/^/  perf        /' "$out/perf"
		[ -s "$out/perf" ] || sed 's/^/  perf: /' "$out/perf.d/$p.err" 2> /dev/null
		sed 's/^/  kprobetrace /' "$out/ours"
		[ -s "$out/ours" ] || sed 's/^kprobetrace: /  kprobetrace: /' "$out/ours.err" | grep -v 'note:' | head -2
		case $v in disagree | "perf more rows") sed 's/^/  differs: /' "$out/diff" ;; esac
	} >> "$out/details"
done < "$out/points"
. tests/dwarf/random-vars.sh
{
	echo "check-dwarf-random: $vmlinux (build-id $id), seed $seed, $n functions, $(wc -l < "$out/points") points"
	for v in agree "perf more rows" "perf refuses" "both refuse" "perf wrong" disagree; do
		printf '  %-14s %d\n' "$v" "${cnt[$v]:-0}"
	done
	echo "variables: $(cat "$out/vpoints" | wc -l) (every one perf -V lists at a point both give sites for)"
	for v in agree "perf refuses" "both refuse" "perf wrong" "ours refuses" disagree; do
		printf '  %-14s %d\n' "$v" "${vcnt[$v]:-0}"
	done
	echo
	cat "$out/details" "$out/vdetails"
} > "$report"
sed -n '1,15p' "$report"
echo "report: $report"
[ "${cnt[disagree]:-0}" = 0 ] && [ "${vcnt[disagree]:-0}" = 0 ]
