# The variables of check-dwarf-random.sh (sourced by it, after the
# points): at each point where perf and kprobetrace agree on the sites,
# every variable perf -V lists there, through perf probe -D "POINT VAR"
# and kprobetrace add -D "POINT VAR", compared as the points are (lib.sh:
# the same fetch argument at every site).  perf reads the DWARF once a
# run: one -V run a function for all its points, then one -D run for all
# its (point, variable) pairs, halved down to the pair perf refuses when
# a run fails; kprobetrace takes a point's variables in one add, one by
# one when that fails.  Sets vcnt[CLASS]; $out/vpoints, $out/vdetails.

declare -A vcnt
rm -rf "$out/vperf.d"
mkdir -p "$out/vperf.d"
: > "$out/vpoints"
: > "$out/vdetails"

# perf -V on the agreeing points of FUNC: "REL VAR" for each variable
perf_vars() {	# FUNC REL...
	local fn=$1 args=() r
	shift
	for r in "$@"; do args+=(-V "$fn:$r"); done
	"$perf" probe -k "$vmlinux" "${args[@]}" 2> /dev/null | gawk -v f="$fn" '
		# FUNC:0 is FUNC to perf
		$0 ~ "^Available variables at " f "(:|$)" {
			rel = split($4, p, ":") > 1 ? p[2] : 0; next }
		/^\t\t/ { v = $NF; if (v ~ /^[A-Za-z_][A-Za-z0-9_]*$/ && !((rel, v) in seen)) {
			seen[rel, v] = 1; print rel, v } }'
}

# perf -D "FUNC:REL VAR" for each pair (the function: $fn), halved on a
# failure; each pair's definitions into $out/vperf.d/FUNC:REL:VAR (or
# its .err)
vperf_pairs() {	# "REL VAR"...
	local args=() it rel var e
	for it in "$@"; do args+=(-D "$fn:$it"); done
	"$perf" probe -k "$vmlinux" "${args[@]}" > "$out/vbatch" 2> "$out/vbatch.err" || return 1
	for it in "$@"; do
		rel=${it% *} var=${it#* }
		if [ "$rel" = 0 ]; then e=$fn; else e=${fn}_L$rel; fi
		grep -E "^p:[^/]*/$e(_[0-9]+)? [^ ]+ $var=" "$out/vbatch" | sort -u > "$out/vperf.d/$fn:$rel:$var"
	done
	return 0
}
vperf_refused() {	# "REL VAR"
	local rel=${1% *} var=${1#* }
	: > "$out/vperf.d/$fn:$rel:$var"
	grep -v '^ *Error: Failed to add events' "$out/vbatch.err" | head -2 > "$out/vperf.d/$fn:$rel:$var.err"
}

# kprobetrace's definitions of each variable at FUNC:REL into
# $out/vours.d/FUNC:REL:VAR (or its .err): one add, one a variable when
# it fails
mkdir -p "$out/vours.d"
vours() {	# FUNC REL VAR...
	local fn=$1 rel=$2 v
	shift 2
	if "$bin" add -D --debuginfo "$vmlinux" --build-id "$id" "$fn:$rel $*" \
		> "$out/vall" 2> /dev/null; then
		for v in "$@"; do
			# VAR=..., or VAR_MEMBER=... for each member of one
			# in pieces
			# (the field names lose leading underscores)
			gawk -v v="${v##_}" '{ sub(/^_+/, "", v); o = $1 " " $2; x = ""
				for (i = 3; i <= NF; i++) {
					if (index($i, v "=") == 1) o = o " " $i
					else if (index($i, v "_") == 1) x = x " " $i
				}
				print (o == $1 " " $2 ? o x : o) }' "$out/vall" > "$out/vours.d/$fn:$rel:$v"
		done
		return
	fi
	for v in "$@"; do
		"$bin" add -D --debuginfo "$vmlinux" --build-id "$id" "$fn:$rel $v" \
			> "$out/vours.d/$fn:$rel:$v" 2> "$out/vours.d/$fn:$rel:$v.err"
	done
}

# perf wrong, checked: kprobetrace says the variable's value is computed,
# X + N (DW_OP_bregN N, or a fetch X plus N, then DW_OP_stack_value: a
# pointer into a frame, an end = start + size), and at every site perf
# fetches the word at REG + N (+N(REG): a dereference the location does
# not have) or X alone (the addition dropped)
perf_derefs_address() {	# OURS.err PERF(normed)
	local x off want
	read -r x off < <(sed -n -E "s/.* is (the address )?(.*)([-+][0-9]+)(, which| \(a register plus).*/\2 \3/p" "$1" 2> /dev/null | head -1)
	[ -n "$x" ] || return 1
	x=$(echo "$x" | sed -E 's/%[re](ax|bx|cx|dx|si|di|bp|sp)\>/%\1/g')
	off=$(printf "%+d" $((off)))
	case $x in
	%*) want="$off($x):64" ;;	# a register plus N, dereferenced
	*) want="$x:64" ;;		# a fetch plus N, the N dropped
	esac
	gawk -v want="$want" '{ f = $3; sub(/^[^=]*=/, "", f); if (f != want) bad = 1 }
		END { exit bad || !NR }' "$2"
}

# perf wrong, checked: perf gives two fetch arguments at one address
# (the second from the DWARF of a definition the linker dropped, a
# __weak one), ours is one of them at every site
perf_two_answers() {	# PERF OURS (normed)
	gawk 'NR == FNR { n[$1]++; p[$1, n[$1]] = $0; next }
	{ ok = 0; for (i = 1; i <= n[$1]; i++) if (p[$1, i] == $0) ok = 1
	  if (!ok) bad = 1 }
	END { for (a in n) if (n[a] > 1) two = 1; exit bad || !two }' "$1" "$2"
}

grep '^\[agree\] ' "$out/details" | sed 's/^\[agree\] //' > "$out/agreed"
while read -r fn; do
	perf_vars "$fn" $(awk -F: -v f="$fn" '$1 == f { print $2 }' "$out/agreed") |
		sed "s/^/$fn /" >> "$out/vpoints"
done < <(cut -d: -f1 "$out/agreed" | uniq)
while read -r fn; do
	mapfile -t items < <(awk -v f="$fn" '$1 == f { print $2, $3 }' "$out/vpoints")
	[ ${#items[@]} -gt 0 ] && halve vperf_pairs vperf_refused "${items[@]}"
	for rel in $(awk -v f="$fn" '$1 == f { print $2 }' "$out/vpoints" | uniq); do
		vours "$fn" "$rel" $(awk -v f="$fn" -v r="$rel" '$1 == f && $2 == r { print $3 }' "$out/vpoints")
	done
done < <(cut -d' ' -f1 "$out/vpoints" | uniq)

while read -r fn rel var; do
	k="$fn:$rel:$var"
	cat "$out/vperf.d/$k" 2> /dev/null | norm > "$out/vp"
	cat "$out/vours.d/$k" 2> /dev/null | norm > "$out/vo"
	if [ -s "$out/vp" ] && [ -s "$out/vo" ]; then
		if same "$out/vp" "$out/vo" > "$out/vdiff"; then v=agree
		elif perf_two_answers "$out/vp" "$out/vo"; then v="perf wrong"
		else v=disagree; fi
	elif [ -s "$out/vo" ]; then v="perf refuses"
	elif [ ! -s "$out/vp" ]; then v="both refuse"
	elif perf_derefs_address "$out/vours.d/$k.err" "$out/vp"; then v="perf wrong"
	else v="ours refuses"; fi
	vcnt[$v]=$((${vcnt[$v]:-0} + 1))
	[ "$v" = agree ] && continue
	{
		echo "[var $v] $fn:$rel $var"
		sed 's/^/  perf        /' "$out/vp"
		[ -s "$out/vp" ] || sed 's/^/  perf: /' "$out/vperf.d/$k.err" 2> /dev/null
		sed 's/^/  kprobetrace /' "$out/vo"
		[ -s "$out/vo" ] || grep -v 'note:' "$out/vours.d/$k.err" 2> /dev/null | head -2 | sed 's/^/  /'
		[ "$v" = disagree ] && sed 's/^/  differs: /' "$out/vdiff"
	} >> "$out/vdetails"
done < "$out/vpoints"
