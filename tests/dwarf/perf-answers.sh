# perf's answers for check-dwarf-random.sh (sourced by it): perf probe
# -L, -V and -D on the vmlinux, many points a run, each answer kept in
# the cache folder $pc (by the vmlinux's build-id and perf's version,
# outside the tree: a rerun of a seed asks perf nothing again).
# perf reads the DWARF once a run (~0.5-1 s) and then takes ~0.1-0.3 s a
# point; a run with one point it refuses fails whole, printing nothing
# of the others, so a run of -D points goes with -v, whose log says how
# many points were found before the one refused: that one is kept as
# refused and the run goes again without it.  Needs $perf, $vmlinux,
# $src (the source tree, for -L), $out (scratch), $pc.
#   $pc/L/FUNC          the relative lines perf -L marks (.err: refused)
#   $pc/V/FUNC:REL      "VAR" lines, the variables perf -V lists there
#   $pc/D/KEY           perf -D's definitions of a point (.err: refused)
mkdir -p "$pc/L" "$pc/V" "$pc/D"
batch=${DWARF_BATCH:-20}

# the lines perf -L marks in FUNC ("REL" lines) into $pc/L/FUNC
perf_lines() {	# FUNC
	[ -e "$pc/L/$1" ] && return
	timeout 300 "$perf" probe -k "$vmlinux" -s "$src" -L "$1" \
		> "$out/pl" 2> "$pc/L/$1.err"
	sed -n 's/^ *\([0-9][0-9]*\)  .*/\1/p' "$out/pl" > "$pc/L/$1.tmp"
	[ -s "$pc/L/$1.tmp" ] && rm -f "$pc/L/$1.err"
	mv "$pc/L/$1.tmp" "$pc/L/$1"
}

# perf's last words on the point it refused, from a -v log
perf_reason() {	# LOG
	gawk '/^Try to find probe point from debuginfo/ { n = 0; next }
		/^(Matched function|Symbol .* address found|Probe point found|found inline addr|Found [0-9]|Open Debuginfo|Using |Use vmlinux|No kprobe blacklist|Problems creating|probe-definition|symbol:|[0-9]+ arguments|  Error: Failed to add events|An error occurred in debuginfo analysis)/ { next }
		{ l[++n] = $0 }
		END { for (i = (n > 3 ? n - 2 : 1); i <= n; i++) print l[i] }' "$1"
}

# -D: the items are indexes into KEY[] (the cache name) and SPEC[] (what
# perf is given, FUNC:REL [VAR]); each run names its events k<INDEX>
declare -a KEY SPEC
perf_def_run() {	# INDEX...: 0 when perf took them all (answers saved)
	local args=() i
	for i in "$@"; do args+=(-D "k$i=${SPEC[$i]}"); done
	timeout 600 "$perf" probe -v -k "$vmlinux" "${args[@]}" \
		> "$out/pd" 2> "$out/pd.err" || return 1
	for i in "$@"; do
		grep -E "^p:[^/]*/k$i(_[0-9]+)? " "$out/pd" > "$pc/D/${KEY[$i]}.tmp"
		mv "$pc/D/${KEY[$i]}.tmp" "$pc/D/${KEY[$i]}"
	done
}
perf_def_refused() {	# INDEX: refused, with the last run's reason
	perf_reason "$out/pd.err" > "$pc/D/${KEY[$1]}.err"
	: > "$pc/D/${KEY[$1]}"
}
# one batch: run, and on a refusal drop the point the log names and go
# again (halving down to it when the log does not say)
perf_def_batch() {	# INDEX...
	local q=("$@") f t
	while [ ${#q[@]} -gt 0 ]; do
		perf_def_run "${q[@]}" && return
		f=$(grep -c '^Found [0-9]* probe_trace_events' "$out/pd.err")
		t=$(grep -c '^Try to find probe point from debuginfo' "$out/pd.err")
		if [ "$t" != $((f + 1)) ] || [ "$f" -ge ${#q[@]} ]; then
			halve perf_def_run perf_def_refused "${q[@]}"
			return
		fi
		perf_def_refused "${q[f]}"
		q=("${q[@]:0:f}" "${q[@]:f+1}")
	done
}
# every item of LIST ("KEY<TAB>SPEC" lines) perf has not answered yet,
# in batches of BATCH (default $batch: small ones where perf refuses
# often, as a refusal costs a second run of the points before it)
perf_defs() {	# LIST [BATCH]
	local k s todo=() i b=${2:-$batch}
	KEY=() SPEC=()
	while IFS=$'\t' read -r k s; do
		[ -e "$pc/D/$k" ] && continue
		KEY+=("$k") SPEC+=("$s")
	done < "$1"
	for ((i = 0; i < ${#KEY[@]}; i += b)); do
		todo=()
		for ((k = i; k < i + b && k < ${#KEY[@]}; k++)); do todo+=("$k"); done
		perf_def_batch "${todo[@]}"
	done
}

# -V at each point of LIST ("FUNC:REL" lines) perf has not answered yet:
# a run prints the points before the one it refuses
perf_vars() {	# LIST
	local todo=() p q i n
	while read -r p; do
		[ -e "$pc/V/$p" ] || todo+=("$p")
	done < "$1"
	while [ ${#todo[@]} -gt 0 ]; do
		q=("${todo[@]:0:batch}")
		local args=()
		for p in "${q[@]}"; do args+=(-V "$p"); done
		timeout 600 "$perf" probe -k "$vmlinux" "${args[@]}" > "$out/pv" 2> "$out/pv.err"
		# FUNC:0 is FUNC to perf
		n=$(gawk -v dir="$pc/V" '
			/^Available variables at / { p = $4; if (p !~ /:/) p = p ":0"
				f = dir "/" p; printf "" > f; n++; next }
			/^\t\t/ && f != "" { v = $NF
				if (v ~ /^[A-Za-z_][A-Za-z0-9_]*$/ && !((f, v) in s)) {
					s[f, v] = 1; print v > f } }
			END { print n + 0 }' "$out/pv")
		i=$n
		if [ "$i" -lt ${#q[@]} ]; then	# q[i] refused
			: > "$pc/V/${q[i]}"
			i=$((i + 1))
		fi
		todo=("${todo[@]:i}")
	done
}
