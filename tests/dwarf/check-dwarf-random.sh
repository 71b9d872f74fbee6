#!/bin/bash
# The random differential of kprobetrace's DWARF points against perf probe
# -D: functions drawn from a vmlinux's text symbols (the sample seeded,
# the seed printed; a new seed each run unless given), each with every
# line that perf -L or kprobetrace lines marks as having code, each line
# a point FUNC:REL through both commands, until POINTS points; compared
# as tests/dwarf/check-dwarf.sh does (lib.sh), each point classified:
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
#   ours refuses   kprobetrace refuses where perf gives sites inside the
#                  function (a wrong refusal)
#   disagree       anything else: different sites
# and each line by who marks it as having code: both, perf -L only
# (kprobetrace lines does not: a defect unless perf's -D there is wrong;
# by the point's class), kprobetrace only with perf -D giving the same
# sites there (perf -L leaves out a line its own -D probes: a line whose
# code is all inlined), kprobetrace only where perf -D refuses the line
# as "sharing the address with other lines" (its rows are there: perf
# declines them), kprobetrace only otherwise (by the point's class).
# Then DWARF_VARS (default 100) of the (point, variable) pairs perf -V
# lists at points that agree, drawn with the seed
# (tests/dwarf/random-vars.sh).
# perf's answers are kept by build-id in ~/.cache/kprobetrace-dwarf
# (tests/dwarf/perf-answers.sh; DWARF_PERF_CACHE moves it): a rerun asks
# perf only what it has not answered.
# Report: build/check-dwarf-random/KVER-SEED.txt (scratch: run-KVER-SEED/)
# (the counts, then each point not agreeing); exit 1 on a disagreement or
# a wrong refusal.
#   tests/dwarf/check-dwarf-random.sh [-k KVER] [-p POINTS] [-s SEED] [KPROBETRACE]
set -u
cd "$(dirname "$0")/../.."
kver=6.1.0-57-amd64 points=500 seed=
while getopts k:p:s: o; do
	case $o in
	k) kver=$OPTARG ;; p) points=$OPTARG ;; s) seed=$OPTARG ;;
	*) echo "usage: $0 [-k KVER] [-p POINTS] [-s SEED] [KPROBETRACE]"; exit 2 ;;
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
dpkg -s linux-image-$kver-dbg > /dev/null 2>&1 || {
	echo "check-dwarf-random: installing linux-image-$kver-dbg (~0.9 GB download)"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
		linux-image-$kver-dbg || { echo "FAIL: apt-get install"; exit 1; }
}
[ -r "$vmlinux" ] || { echo "FAIL: no $vmlinux"; exit 1; }
perf=/usr/bin/perf
id=$(readelf -n "$vmlinux" | sed -n 's/.*Build ID: //p' | head -1)
pc=${DWARF_PERF_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kprobetrace-dwarf}/$id-perf$("$perf" --version | awk '{ print $3 }')
export XDG_CACHE_HOME="$PWD/$base/cache"
nm "$vmlinux" | awk '$2 ~ /^[tTwW]$/ { print $3, $1 }' > "$out/syms"
# the functions (not the padding before each, __pfx_, nor the static
# call trampolines, __SCT__: no DWARF of their own)
nm -S "$vmlinux" | awk '$3 ~ /^[tT]$/ && $4 !~ /\.|^__pfx_|^__SCT__/ { print $4, $1, $2 }' > "$out/sized"
src=$(scripts/ksrc.sh --kver "$kver") || exit 1
. tests/dwarf/lib.sh
. tests/dwarf/perf-answers.sh
ours() {	# CMD ARG...
	local c=$1
	shift
	"$bin" "$c" --debuginfo "$vmlinux" --build-id "$id" "$@"
}

report=$base/$kver-$seed.txt
echo "check-dwarf-random: $vmlinux, $points points, seed $seed (perf's answers: $pc)"
# the order: unique names shuffled with awk's srand(SEED)
awk '{ c[$1]++; l[$1] = $0 } END { for (k in c) if (c[k] == 1) print l[k] }' "$out/sized" |
	sort | awk -v s="$seed" 'BEGIN { srand(s) } { print rand(), $0 }' |
	sort -n | cut -d' ' -f2- > "$out/order"
# the points, "FUNC ADDR SIZE REL MARKS" (MARKS: P perf -L marks the
# line, O kprobetrace lines does), function after function
: > "$out/points"
nf=0
while read -r fn addr size && [ "$(wc -l < "$out/points")" -lt "$points" ]; do
	perf_lines "$fn"
	ours lines "$fn" 2> /dev/null | gawk '/^ *[0-9]+  / {
		if (b == "") b = $1; if (NF > 1) print $1 - b }' > "$out/ol"
	gawk -v f="$fn" -v a="$addr" -v s="$size" '
		NR == FNR { m[$1] = "P"; next } { m[$1] = m[$1] "O" }
		END { for (r in m) print f, a, s, r, m[r] }' "$pc/L/$fn" "$out/ol" |
		sort -k4,4n >> "$out/points"
	nf=$((nf + 1))
done < "$out/order"
head -n "$points" "$out/points" > "$out/p" && mv "$out/p" "$out/points"
# perf's -D: the lines perf -L marks (it seldom refuses one), then the
# others in small batches
awk '$5 ~ /P/ { print $1 ":" $4 "\t" $1 ":" $4 }' "$out/points" > "$out/pspecs"
awk '$5 !~ /P/ { print $1 ":" $4 "\t" $1 ":" $4 }' "$out/points" > "$out/ospecs"
t0=$(date +%s)
perf_defs "$out/pspecs"
perf_defs "$out/ospecs" 4
echo "check-dwarf-random: perf -D: $(($(date +%s) - t0)) s"

# kprobetrace's answers, and FUNC:0's of each function (the symbols
# holding a copy of FUNC); then the symbol table cut down to the symbols
# these and perf's answers name (norm reads it whole on every call)
rm -rf "$out/o.d"
mkdir -p "$out/o.d"
while read -r fn addr size rel marks; do
	ours add -D "$fn:$rel" > "$out/o.d/$fn:$rel" 2> "$out/o.d/$fn:$rel.err"
	[ -e "$out/o.d/$fn.copies" ] ||
		ours add -D "$fn:0" > "$out/o.d/$fn.copies" 2> /dev/null
done < "$out/points"
while read -r fn addr size rel marks; do
	cat "$out/o.d/$fn:$rel" "$out/o.d/$fn.copies" "$pc/D/$fn:$rel"
done < "$out/points" | gawk '/^p:/ { split($2, s, "+"); sub(/^[^:]*:/, "", s[1]); print s[1] }' |
	sort -u > "$out/named"
mv "$out/syms" "$out/allsyms"
gawk 'NR == FNR { u[$1] = 1; next } $1 in u' "$out/named" "$out/allsyms" > "$out/syms"

declare -A cnt lcnt
: > "$out/details"
: > "$out/agreed"
while read -r fn addr size rel marks; do
	p="$fn:$rel"
	cp "$out/o.d/$p.err" "$out/ours.err"
	norm < "$out/o.d/$p" > "$out/ours"
	norm < "$pc/D/$p" > "$out/perf"
	norm < "$out/o.d/$fn.copies" | awk '{ split($2, s, "+"); print s[1] }' | sort -u > "$out/copies"
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
	else v="ours refuses"; fi
	cnt[$v]=$((${cnt[$v]:-0} + 1))
	case $marks in
	PO) l="both mark" ;;
	P) l="perf -L only, $v" ;;
	*) if [ "$v" = agree ]; then l="ours only, perf -D agrees"
	elif grep -q 'sharing the address\|Please try to probe at' "$pc/D/$p.err" 2> /dev/null; then
		l="ours only, perf: shares address"
	else l="ours only, $v"; fi ;;
	esac
	lcnt[$l]=$((${lcnt[$l]:-0} + 1))
	# kprobetrace's lines and add the same: code at the line or not
	case $marks in *O*) o=1 ;; *) o= ;; esac
	a=; [ -s "$out/ours" ] && a=1
	[ "$o" != "$a" ] &&
		lcnt["ours: lines and add differ"]=$((${lcnt["ours: lines and add differ"]:-0} + 1))
	[ "$v" = agree ] && echo "$p" >> "$out/agreed"
	[ "$v" = agree ] && [ "$marks" = PO ] && continue
	{
		echo "[$v] $p (lines: $l)"
		[ -n "$outside" ] && echo "  perf's $outside is outside $fn (0x$addr, 0x$size bytes)"
		sed 's/^/  perf        /' "$out/perf"
		[ -s "$out/perf" ] || sed 's/^/  perf: /' "$pc/D/$p.err" 2> /dev/null
		sed 's/^/  kprobetrace /' "$out/ours"
		[ -s "$out/ours" ] || sed 's/^kprobetrace: /  kprobetrace: /' "$out/ours.err" | grep -v 'note:' | head -2
		case $v in disagree | "perf more rows") sed 's/^/  differs: /' "$out/diff" ;; esac
	} >> "$out/details"
done < "$out/points"
. tests/dwarf/random-vars.sh
{
	echo "check-dwarf-random: $vmlinux (build-id $id), seed $seed, $nf functions, $(wc -l < "$out/points") points"
	for v in agree "perf more rows" "perf refuses" "both refuse" "perf wrong" "ours refuses" disagree; do
		printf '  %-28s %d\n' "$v" "${cnt[$v]:-0}"
	done
	echo "lines (who marks the point's line as having code):"
	for l in "${!lcnt[@]}"; do printf '  %-28s %d\n' "$l" "${lcnt[$l]}"; done | sort
	echo "variables: $(wc -l < "$out/vpoints") (of $(wc -l < "$out/vall") perf -V lists at $(wc -l < "$out/vat") points that agree)"
	for v in agree "perf refuses" "both refuse" "perf wrong" shadowed "ours refuses" disagree; do
		printf '  %-28s %d\n' "$v" "${vcnt[$v]:-0}"
	done
	echo
	cat "$out/details"
	cat "$out/vdetails"
} > "$report"
sed -n '/^$/q;p' "$report"
echo "report: $report"
[ "${cnt[disagree]:-0}" = 0 ] && [ "${cnt[ours refuses]:-0}" = 0 ] && [ "${vcnt[disagree]:-0}" = 0 ]
