# Bad kprobe_events lines: each is refused with a fitting errno and
# error_log says what was wrong, on which line and where (caret).  A write
# with one bad line applies none of its lines.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log

# expect ERRNO LINE...: write the lines (one write), check the errno
expect() {
	want=$1; shift
	got=$(kpt-write $E "$*\n")
	[ "$got" = "write: $want" ] || { cat $LOG; fail "'$*': got '$got', want write: $want"; }
}

# log_has REGEX: the last error_log entry matches
log_has() {
	assert_file_has $LOG "$1" "error_log"
}

clear_log() { kpt-write -t $LOG "" > /dev/null; }

# caret_at N: the caret sits under byte N of the command
caret_at() {
	log_has "^ {$((11 + $1))}\\^\$"
}

clear_log
expect ENOENT 'p:e1 no_such_function_kpt a0'
cat $LOG
log_has 'line 1: error: unknown symbol no_such_function_kpt'
log_has '^  Command: p:e1 no_such_function_kpt a0$'
caret_at 5

clear_log
expect EINVAL 'p:e2 kpt_test_six_args %nosuchreg'
cat $LOG
log_has '^  Command: p:e2 kpt_test_six_args %nosuchreg$'
caret_at 23

clear_log
expect EINVAL 'p:e3 kpt_test_six_args rv'
cat $LOG
expect EINVAL 'p:e3 kpt_test_six_args ra'
expect EINVAL 'r:e4 kpt_test_six_args+4 a0'
cat $LOG
expect EINVAL 'p:e5 kpt_test_six_args+0x100000 a0'
cat $LOG
log_has 'past the end'

# too many arguments (129)
args=
i=0
while [ $i -lt 129 ]; do args="$args a0"; i=$((i + 1)); done
clear_log
expect E2BIG "p:e6 kpt_test_six_args$args"
cat $LOG | head -3

# a line longer than the maximum (8 KiB)
long=$(head -c 9000 /dev/zero | tr '\0' 'x')
clear_log
got=$(kpt-write $E "p:e7 kpt_test_six_args $long")
case "$got" in "write: E2BIG"|"write: EINVAL") ;; *) fail "long line: $got" ;; esac
cut -c 1-120 $LOG

# non-unique symbol: lists the candidates
clear_log
sym=$(awk '{ print $3 }' /proc/kallsyms | sort | uniq -d | grep -v '^_' | grep -v '\.' | head -n 1)
echo "non-unique symbol: $sym"
grep " $sym\$" /proc/kallsyms | head
got=$(kpt-write $E "p:e8 $sym\n")
cat $LOG
assert_eq "$got" "write: EADDRNOTAVAIL" "non-unique symbol"
log_has "symbol $sym is not unique"
log_has '^  candidate: 0x'

# a bad line in a write applies none of its lines
clear_log
expect ENOENT 'p:good1 kpt_test_six_args a0\np:good2 kpt_test_ret\np:bad no_such_function_kpt\n'
cat $LOG
log_has 'line 3: error: unknown symbol'
assert_eq "$(cat $E)" "" "nothing applied"
[ -d $TRACEFS/events/kprobetrace/good1 ] && fail "good1 was added"

# bad syntax is reported by the parser with its caret
clear_log
expect EINVAL 'p:e9 kpt_test_six_args +0(%di'
cat $LOG

# deleting an event that does not exist
clear_log
expect ENOENT '-:nosuchevent'
cat $LOG

# the errors never reach only dmesg: every one is in error_log
[ "$(grep -c 'error:' $LOG)" -ge 1 ] || fail "empty error_log"
echo "errors OK"
