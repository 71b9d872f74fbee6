#!/bin/sh
# kprobetrace's DWARF probe points and variables on a real kernel: Debian's
# 6.1.0-57-amd64 vmlinux (linux-image-6.1.0-57-amd64-dbg, installed with
# linux-perf when missing), offline, against perf probe -D on the same
# file. Each entry of tests/dwarf/points.txt goes through both commands:
# where both give definitions, the probe addresses (SYMBOL+OFFSET turned
# into addresses by the vmlinux's symbol table: the two may name another
# symbol) and each variable's fetch argument (register spellings mapped,
# offsets compared as numbers, fetch types by size) must agree; where perf
# refuses, kprobetrace's answer is shown; where kprobetrace refuses what
# perf gives, it is a disagreement; an entry whose note starts with "perf
# wrong:" says why perf's answer is wrong there, and differing answers are
# counted as such (the same answers would be a disagreement: the note is
# stale); kprobetrace's answers with its DWARF index and with --no-index
# must be the same. Report: build/check-dwarf/report.txt;
# exit 1 on any disagreement.
#   tests/dwarf/check-dwarf.sh [KPROBETRACE [POINTS]]
set -u
cd "$(dirname "$0")/../.."
bin=${1:-build/tools/kprobetrace}
points=${2:-tests/dwarf/points.txt}
kver=6.1.0-57-amd64
vmlinux=/usr/lib/debug/boot/vmlinux-$kver
out=build/check-dwarf
mkdir -p "$out"
report=$out/report.txt
# the DWARF index (built by the first point, used by the others) in a
# cache of its own, each point checked against --no-index too
# (its file names read from every unit's line table header both ways and
# compared: a difference is an error message, so a difference below)
export XDG_CACHE_HOME="$PWD/$out/cache" KPT_DWARF_INDEX_VERIFY=1
rm -rf "$XDG_CACHE_HOME" "$out/index-differs"

# --- the packages (idempotent: dpkg says what is there)
need=
dpkg -s linux-image-$kver-dbg > /dev/null 2>&1 || need="$need linux-image-$kver-dbg"
dpkg -s linux-perf > /dev/null 2>&1 || need="$need linux-perf"
if [ -n "$need" ]; then
	echo "check-dwarf: installing$need (the -dbg package: ~860 MB download, 5.6 GB installed)"
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $need ||
		{ echo "check-dwarf: FAIL: apt-get install$need"; exit 1; }
fi
[ -r "$vmlinux" ] || { echo "check-dwarf: FAIL: no $vmlinux"; exit 1; }
# Debian's perf of 6.1: perf_6.1 on older layouts, /usr/bin/perf now
perf=
for p in /usr/bin/perf_6.1 /usr/lib/linux-tools/6.1*/perf /usr/lib/linux-tools-6.1*/perf /usr/bin/perf; do
	[ -x "$p" ] && { perf=$p; break; }
done
[ -n "$perf" ] || { echo "check-dwarf: FAIL: no perf binary (package linux-perf)"; exit 1; }
[ -x "$bin" ] || { echo "check-dwarf: FAIL: $bin is not built"; exit 1; }

id=$(readelf -n "$vmlinux" | sed -n 's/.*Build ID: //p' | head -1)
# the text symbols of the vmlinux: NAME ADDRESS (a name given twice keeps
# both: such a point is compared by name and offset)
nm "$vmlinux" | awk '$2 ~ /^[tTwW]$/ { print $3, $1 }' > "$out/syms"

. tests/dwarf/lib.sh

agree=0 disagree=0 refused=0 both=0 wrong=0 total=0
{
	echo "check-dwarf: $vmlinux (build-id $id)"
	echo "  kprobetrace: $bin add -D --debuginfo $vmlinux --build-id $id 'POINT VARS'"
	echo "  perf:        $perf probe -k $vmlinux -D 'POINT VARS' ($($perf --version))"
	echo "  addresses from nm of the vmlinux; registers and numbers normalized"
	echo
} > "$report"
: > "$out/details"
while IFS= read -r l; do
	case $l in '#'* | '') continue ;; esac
	p=$(echo "${l%%|*}" | sed 's/ *$//')
	why=$(echo "${l#*|}" | sed 's/^ *//')
	total=$((total + 1))
	"$bin" add -D --debuginfo "$vmlinux" --build-id "$id" "$p" > "$out/ours.raw" 2> "$out/ours.err"
	orc=$?
	# the same answer without the index
	"$bin" add -D --no-index --debuginfo "$vmlinux" --build-id "$id" "$p" > "$out/noidx.raw" 2> "$out/noidx.err"
	if [ $? != $orc ] || ! cmp -s "$out/ours.raw" "$out/noidx.raw" ||
	   ! cmp -s "$out/ours.err" "$out/noidx.err"; then
		echo "$p: not the answer of --no-index" >> "$out/index-differs"
	fi
	"$perf" probe -k "$vmlinux" -D "$p" > "$out/perf.raw" 2> "$out/perf.err"
	prc=$?
	norm < "$out/ours.raw" > "$out/ours"
	norm < "$out/perf.raw" > "$out/perf"
	[ -s "$out/ours" ] || orc=${orc#0}1
	[ -s "$out/perf" ] || prc=${prc#0}1
	perr=$(grep -v '^ *Error: Failed to add events' "$out/perf.err" | head -1)
	oerr=$(sed 's/^kprobetrace: //' "$out/ours.err" | grep -v '^note:' | head -1)
	if [ $orc = 0 ] && [ $prc = 0 ]; then
		if same "$out/perf" "$out/ours" > "$out/diff"; then
			case $why in
			'perf wrong:'*) v="DISAGREE (perf is said to be wrong, and agrees)"; disagree=$((disagree + 1)) ;;
			*) v=agree; agree=$((agree + 1)) ;;
			esac
		else
			case $why in
			'perf wrong:'*) v="perf wrong"; wrong=$((wrong + 1)) ;;
			*) v=DISAGREE; disagree=$((disagree + 1)) ;;
			esac
		fi
	elif [ $prc != 0 ] && [ $orc = 0 ]; then
		v="perf refuses"; refused=$((refused + 1))
	elif [ $prc != 0 ]; then
		v="both refuse"; both=$((both + 1))
	else
		v="DISAGREE (kprobetrace refuses)"; disagree=$((disagree + 1))
	fi
	printf '%-48s %s\n' "$p" "$v" >> "$report"
	{
		echo "[$v] $p   ($why)"
		if [ -s "$out/perf" ]; then sed 's/^/  perf        /' "$out/perf"
		else echo "  perf        refuses: ${perr:-(no message)}"; fi
		if [ -s "$out/ours" ]; then sed 's/^/  kprobetrace /' "$out/ours"
		else echo "  kprobetrace refuses: ${oerr:-(no message)}"; fi
		case $v in DISAGREE | 'perf wrong') sed 's/^/  differs: /' "$out/diff" ;; esac
		echo
	} >> "$out/details"
done < "$points"
# lines and vars with the index and with --no-index: by file (a header
# many units include), by function (inlined only), a name the index lacks
for q in "lines fs/open.c:1304-1330" "lines include/linux/file.h:75-85" \
	"lines file_ppos" "vars ksys_read:13" "vars --externs do_exit:2" \
	"lines kpt_nosuch_function" "lines nosuch.c:1-3"; do
	set -- $q
	sub=$1
	shift
	"$bin" $sub --debuginfo "$vmlinux" --build-id "$id" "$@" > "$out/q.idx" 2>&1
	echo "exit $?" >> "$out/q.idx"
	"$bin" $sub --no-index --debuginfo "$vmlinux" --build-id "$id" "$@" > "$out/q.noidx" 2>&1
	echo "exit $?" >> "$out/q.noidx"
	cmp -s "$out/q.idx" "$out/q.noidx" ||
		echo "$q: not the answer of --no-index" >> "$out/index-differs"
done
{
	echo
	echo "$total points: $agree agree, $disagree disagree, $refused refused by perf only (kprobetrace's answer shown), $both refused by both, $wrong where perf's answer is wrong (the reason shown)"
	if [ -s "$out/index-differs" ]; then
		cat "$out/index-differs"
	else
		echo "kprobetrace with its index (built by the first point) and with --no-index: the same answers (every point; lines and vars by file, header, function, a name the index lacks)"
	fi
	echo
	echo "Each point (ADDRESS SYMBOL+OFFSET NAME=FETCH:SIZE, sorted by address):"
	echo
	cat "$out/details"
} >> "$report"
cat "$report"
[ $disagree = 0 ] && [ ! -s "$out/index-differs" ]
