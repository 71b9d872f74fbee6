# Which guest tests `make check` runs on which kernel of the matrix; sourced
# by tests/run-all and tests/repeat (from the repository root).
#
# A kernel's scope (scripts/kvers.sh --scopes): all (the default kernel:
# every guest test), series (the generic kernel of another series: the
# tests with a header line "# matrix: core" or "# matrix: series"), core
# (the tests with "# matrix: core"), smoke (the tests tests/matrix-smoke.txt
# names). A kernel that is not of the matrix gets core.

# matrix_init: read the scopes once (subshells inherit them)
matrix_init() {
	_matrix_scopes=$(scripts/kvers.sh --scopes)
}

# matrix_scope KVER: the scope of an installed kernel of the matrix
matrix_scope() {
	[ -n "${_matrix_scopes+set}" ] || _matrix_scopes=$(scripts/kvers.sh --scopes)
	_s=$(echo "$_matrix_scopes" | awk -v k="$1" '$1 == k { print $2; exit }')
	echo "${_s:-core}"
}

# matrix_smoke: the names tests/matrix-smoke.txt lists, one a line
matrix_smoke() {
	sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' tests/matrix-smoke.txt
}

# matrix_smoke_check: every name of the smoke list has its test file;
# prints the ones that do not
matrix_smoke_check() {
	for _n in $(matrix_smoke); do
		[ -f "tests/guest/$_n.sh" ] || echo "$_n"
	done
}

# in_scope FILE SCOPE: the guest test FILE (tests/guest/NAME.sh) runs in
# a suite of that scope
in_scope() {
	case $2 in
	all) return 0 ;;
	smoke) matrix_smoke | grep -qx "$(basename "$1" .sh)" ;;
	series) grep -Eq '^# matrix: (core|series)$' "$1" ;;
	*) grep -q '^# matrix: core$' "$1" ;;
	esac
}

# scope_words SCOPE: how a verdict block names it
scope_words() {
	case $1 in
	all) echo all ;;
	smoke) echo "smoke subset (tests/matrix-smoke.txt)" ;;
	series) echo "series subset (# matrix: core, series)" ;;
	*) echo "core subset (# matrix: core)" ;;
	esac
}
