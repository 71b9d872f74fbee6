# Shared by tests/dwarf/check-dwarf.sh and check-dwarf-random.sh: $out
# is the report folder, $out/syms the text symbols (NAME ADDRESS).

# norm: definitions ("p:[GRP/]EV SYM+OFF NAME=FETCH[:TYPE]...") -> one
# line a site, "ADDR SYM+0xOFF NAME=FETCH:SIZE..." sorted by address
norm() {
	gawk -v syms="$out/syms" '
	# (64-bit addresses as two halves: awk numbers are doubles)
	BEGIN { while ((getline l < syms) > 0) { split(l, w, " ")
			n[w[1]]++; hi[w[1]] = strtonum("0x" substr(w[2], 1, 8))
			lo[w[1]] = strtonum("0x" substr(w[2], 9)) } }
	function addr(s, off,    h, l) {
		l = lo[s] + off; h = hi[s]
		while (l >= 4294967296) { l -= 4294967296; h++ }
		return sprintf("%08x%08x", h, l)
	}
	function num(s,    r, m) {	# 0x hex -> decimal everywhere
		r = ""
		while (match(s, /0x[0-9a-fA-F]+/)) {
			r = r substr(s, 1, RSTART - 1) strtonum(substr(s, RSTART, RLENGTH))
			s = substr(s, RSTART + RLENGTH)
		}
		return r s
	}
	function fetch(f,    t, i) {
		t = ""
		if (match(f, /:[a-z][a-z0-9@\/]*$/)) {
			t = substr(f, RSTART + 1); f = substr(f, 1, RSTART - 1)
		}
		f = gensub(/%[re](ax|bx|cx|dx|si|di|bp|sp|ip)\>/, "%\\1", "g", f)
		f = num(f)
		if (t ~ /^[usx](8|16|32|64)$/) t = substr(t, 2)
		return f ":" t
	}
	/^p:/ {
		split($2, s, "+"); off = strtonum(s[2])
		sub(/^[^:]*:/, "", s[1])	# MOD:SYM
		a = n[s[1]] == 1 ? addr(s[1], off) : s[1] "+" off
		line = a " " s[1] "+" sprintf("0x%x", off)
		for (i = 3; i <= NF; i++) {
			nm = $i; sub(/=.*/, "", nm); f = $i; sub(/^[^=]*=/, "", f)
			line = line " " nm "=" fetch(f)
		}
		print line
	}' | sort
}

# same PERF OURS: every site of one at the address of one of the other,
# each variable the same fetch argument; prints what differs
same() {
	gawk 'NR == FNR { p[$1] = $0; next }
	{ o[$1] = $0 }
	END {
		for (a in p) if (!(a in o)) { print "perf only: " p[a]; bad = 1 }
		for (a in o) if (!(a in p)) { print "kprobetrace only: " o[a]; bad = 1 }
		for (a in p) if (a in o) {
			# the variables in the order given (the two name the
			# fields of VAR.member otherwise)
			np = split(p[a], x, " "); no = split(o[a], y, " ")
			if (np != no) { print "perf: " p[a] "; kprobetrace: " o[a]; bad = 1; continue }
			for (i = 3; i <= np; i++) {
				nm = x[i]; sub(/=.*/, "", nm)
				fp = x[i]; sub(/^[^=]*=/, "", fp); fo = y[i]; sub(/^[^=]*=/, "", fo)
				if (fp == fo) continue
				# ours reads a char * as a string: the pointer is the same
				if (fo ~ /:string$/ && ("+0(" substr(fp, 1, index(fp, ":") - 1) "):string") == fo)
					continue
				print nm ": perf " fp ", kprobetrace " fo; bad = 1
			}
		}
		exit bad
	}' "$1" "$2"
}


# halve RUN ONE ITEM...: RUN with every item, once; when it fails (perf
# probe refuses a whole run for one bad event), the items in halves, down
# to a single one, for which ONE runs instead
halve() {
	local run=$1 one=$2 h
	shift 2
	[ $# -gt 0 ] || return 0
	"$run" "$@" && return
	if [ $# = 1 ]; then
		"$one" "$1"
		return
	fi
	h=$(($# / 2))
	halve "$run" "$one" "${@:1:h}"
	halve "$run" "$one" "${@:h+1}"
}
