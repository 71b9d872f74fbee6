# The variables of check-dwarf-random.sh (sourced by it, after the
# points): at points where perf and kprobetrace agree on the sites
# ($out/agreed; a quarter as many as DWARF_VARS, drawn with the seed),
# the variables perf -V lists there; of those (point, variable) pairs
# DWARF_VARS (default 100) drawn with the seed, each
# through perf probe -D "POINT VAR" and kprobetrace add -D "POINT VAR",
# compared as the points are (lib.sh: the same fetch argument at every
# site).  perf's answers come from tests/dwarf/perf-answers.sh (cached,
# many a run); kprobetrace takes a point's variables in one add, one by
# one when that fails.  Classes: agree, perf refuses, both refuse, perf
# wrong (each check below), shadowed (perf reads another function
# copy's variable of the name, which kprobetrace names NAME@OWNER:
# checked), ours refuses, disagree.
# Sets vcnt[CLASS]; $out/vall (every pair),
# $out/vpoints (the sample), $out/vdetails.

declare -A vcnt
: > "$out/vdetails"
# perf -V at a quarter as many agreeing points as DWARF_VARS, drawn with
# the seed (perf takes as long for -V as for -D)
awk -v s="$seed" 'BEGIN { srand(s) } { print rand(), $0 }' "$out/agreed" | sort -n |
	head -n $(((${DWARF_VARS:-100} + 3) / 4)) | cut -d' ' -f2- > "$out/vat"
perf_vars "$out/vat"
while read -r p; do
	sed "s/^/${p%:*} ${p##*:} /" "$pc/V/$p" 2> /dev/null
done < "$out/vat" > "$out/vall"
awk -v s="$seed" 'BEGIN { srand(s) } { print rand(), $0 }' "$out/vall" | sort -n |
	head -n "${DWARF_VARS:-100}" | cut -d' ' -f2- | sort -k1,1 -k2,2n -s > "$out/vpoints"
awk '{ print $1 ":" $2 ":" $3 "\t" $1 ":" $2 " " $3 }' "$out/vpoints" > "$out/vspecs"
perf_defs "$out/vspecs"

# kprobetrace's definitions of each variable at FUNC:REL into
# $out/vours.d/FUNC:REL:VAR (or its .err): one add, one a variable when
# it fails
rm -rf "$out/vours.d"
mkdir -p "$out/vours.d"
vours() {	# FUNC REL VAR...
	local fn=$1 rel=$2 v
	shift 2
	if ours add -D "$fn:$rel $*" > "$out/vall.def" 2> /dev/null; then
		for v in "$@"; do
			# VAR=..., or VAR_MEMBER=... for each member of one
			# in pieces
			# (the field names lose leading underscores)
			gawk -v v="${v##_}" '{ sub(/^_+/, "", v); o = $1 " " $2; x = ""
				for (i = 3; i <= NF; i++) {
					if (index($i, v "=") == 1) o = o " " $i
					else if (index($i, v "_") == 1) x = x " " $i
				}
				print (o == $1 " " $2 ? o x : o) }' "$out/vall.def" > "$out/vours.d/$fn:$rel:$v"
		done
		return
	fi
	for v in "$@"; do
		ours add -D "$fn:$rel $v" \
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
	%*) want="$off($x)" ;;	# a register plus N, dereferenced
	*) want="$x" ;;		# a fetch plus N, the N dropped
	esac
	# (of any size: perf reads the variable's size there)
	gawk -v want="$want" '{ f = $3; sub(/^[^=]*=/, "", f); sub(/:[0-9]*$/, "", f)
		if (f != want) bad = 1 }
		END { exit bad || !NR }' "$2"
}

# perf wrong, checked: the variable's value is an address (DW_OP_addr
# SYM, DW_OP_stack_value: kprobetrace says it "is the address @SYM+N")
# and perf reads the word at @VAR+N, VAR the variable's own name (perf
# takes a DW_OP_addr for a static variable named so, and reads it)
perf_reads_name() {	# VAR OURS.err PERF(normed)
	grep -q " is the address @" "$2" 2> /dev/null || return 1
	gawk -v v="$1" '{ f = $3; sub(/^[^=]*=/, "", f); if (index(f, "@" v "+") != 1) bad = 1 }
		END { exit bad || !NR }' "$3"
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

# perf wrong, checked: ours reads a function's static variable at its
# symbol @NAME.N (GCC's name for it), perf reads @NAME, which is no
# symbol: the same address otherwise at every site (the types aside:
# perf types no char array, __func__)
perf_static_name() {	# PERF OURS (normed)
	gawk 'NR == FNR { f = $3; sub(/^[^=]*=/, "", f); sub(/:[^:]*$/, "", f)
		sub(/\+0$/, "", f); p[$1] = f; next }
	{ f = $3; sub(/^[^=]*=/, "", f); sub(/:[^:]*$/, "", f)
	  n++
	  if (!sub(/^@[A-Za-z0-9_]+\.[0-9]+/, gensub(/^(@[A-Za-z0-9_]+)\..*/, "\\1", 1, f), f) ||
	      !($1 in p) || p[$1] != f) bad = 1 }
	END { exit bad || !n }' "$1" "$2"
}

# perf wrong, checked: kprobetrace says the location computes the value
# from its operands (two registers or memory values combined, or an
# arithmetic or comparison operation: DW_OP 0x19-0x2e but plus_uconst
# and bra), which no fetch argument does; perf gives a plain fetch of
# one operand, the operation dropped
perf_drops_arith() {	# OURS.err
	grep -Eq "arithmetic on two registers or memory values|uses DW_OP 0x(19|1[a-f]|2[0-2]|2[4-7]|29|2[a-e])," "$1" 2> /dev/null
}

# perf wrong, checked: the variable is kept in fewer bytes than its type
# there (its location reads K bytes, DW_OP_deref_size: kprobetrace vars
# says "kept in K bytes"); ours reads those bytes (uK*8), perf reads the
# type's size at the same place, bytes that are not the variable's
perf_reads_wider() {	# FUNC REL VAR PERF OURS (normed)
	ours vars "$1:$2" 2> /dev/null | grep -E "kept in [0-9]+ bytes? here" |
		grep -Eq "[ *]$3( |$)" || return 1
	gawk 'NR == FNR { f = $3; sub(/^[^=]*=/, "", f); sub(/:[^:]*$/, "", f)
		p[$1] = f; next }
	{ f = $3; sub(/^[^=]*=/, "", f); t = f; sub(/:[^:]*$/, "", f)
	  sub(/^.*:/, "", t); n++
	  if (!($1 in p) || p[$1] != f || t !~ /^u(8|16|32)$/) bad = 1 }
	END { exit bad || !n }' "$4" "$5"
}

# shadowed, checked: perf reads another function copy's variable of the
# name (the outermost: the out-of-line function's), which kprobetrace's
# own name hides there; kprobetrace's NAME@OWNER (vars lists it) is
# perf's answer at every site
shadowed() {	# FUNC REL VAR PERF(normed)
	local o
	for o in $(ours vars "$1:$2" 2> /dev/null | grep -o "[ *]$3@[A-Za-z0-9_]*" | cut -c2- | sort -u); do
		ours add -D "$1:$2 $o" 2> /dev/null | norm > "$out/vsh"
		[ -s "$out/vsh" ] && same "$4" "$out/vsh" > /dev/null && return 0
	done
	return 1
}

while read -r fn rel; do
	vours "$fn" "$rel" $(awk -v f="$fn" -v r="$rel" '$1 == f && $2 == r { print $3 }' "$out/vpoints")
done < <(cut -d' ' -f1,2 "$out/vpoints" | uniq)

while read -r fn rel var; do
	k="$fn:$rel:$var"
	sort -u "$pc/D/$k" 2> /dev/null | norm > "$out/vp"
	cat "$out/vours.d/$k" 2> /dev/null | norm > "$out/vo"
	if [ -s "$out/vp" ] && [ -s "$out/vo" ]; then
		if same "$out/vp" "$out/vo" > "$out/vdiff"; then v=agree
		elif perf_two_answers "$out/vp" "$out/vo"; then v="perf wrong"
		elif perf_static_name "$out/vp" "$out/vo"; then v="perf wrong"
		elif perf_reads_wider "$fn" "$rel" "$var" "$out/vp" "$out/vo"; then v="perf wrong"
		elif shadowed "$fn" "$rel" "$var" "$out/vp"; then v=shadowed
		else v=disagree; fi
	elif [ -s "$out/vo" ]; then v="perf refuses"
	elif [ ! -s "$out/vp" ]; then v="both refuse"
	elif perf_derefs_address "$out/vours.d/$k.err" "$out/vp"; then v="perf wrong"
	elif perf_reads_name "$var" "$out/vours.d/$k.err" "$out/vp"; then v="perf wrong"
	elif perf_drops_arith "$out/vours.d/$k.err"; then v="perf wrong"
	elif shadowed "$fn" "$rel" "$var" "$out/vp"; then v=shadowed
	else v="ours refuses"; fi
	vcnt[$v]=$((${vcnt[$v]:-0} + 1))
	[ "$v" = agree ] && continue
	{
		echo "[var $v] $fn:$rel $var"
		sed 's/^/  perf        /' "$out/vp"
		[ -s "$out/vp" ] || sed 's/^/  perf: /' "$pc/D/$k.err" 2> /dev/null
		sed 's/^/  kprobetrace /' "$out/vo"
		[ -s "$out/vo" ] || grep -v 'note:' "$out/vours.d/$k.err" 2> /dev/null | head -2 | sed 's/^/  /'
		[ "$v" = disagree ] && sed 's/^/  differs: /' "$out/vdiff"
		[ "$v" = shadowed ] && sed 's/^/  kprobetrace (the outer one) /' "$out/vsh"
	} >> "$out/vdetails"
done < "$out/vpoints"
