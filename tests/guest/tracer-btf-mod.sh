# matrix: core
# BTF names on a module's function: the module's own BTF
# (/sys/kernel/btf/MOD) gives kpt_test_six_args's parameters by name; a
# module without BTF gives the error naming it, never an offset.
# timeout: 120
. /kpt/lib.sh
needs_debian_btf "argument names"

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
vals() { grep " $1: (" $T | grep -- "${2:-.}" | tail -n 1 | sed 's/^[^)]*) //'; }
fmt_has() { # EVENT-DIR FIELD-TYPE NAME
	grep -q "field:$2 $3;" $1/format ||
		{ cat $1/format; fail "$1: no field '$2 $3'"; }
}
define() { # LINE: must be accepted
	echo "$1" >> $E || { cat $LOG; fail "refused: $1"; }
}

echo "== a module's function, through its BTF"
if [ -e /sys/kernel/btf/kprobetrace_test ]; then
	echo > $T
	define 'f:grp/m kpt_test_six_args a b f'
	fmt_has $TRACEFS/events/grp/m s64 a
	echo 1 > $TRACEFS/events/grp/m/enable
	echo "six_args 2" > $KPT_TEST/call
	assert_eq "$(vals m)" 'a=17 b=34 f=102' "module function's parameters by name"
	echo > $E
else
	echo 'f:grp/m kpt_test_six_args a' >> $E 2>/dev/null && fail "accepted without module BTF"
	grep -q 'module kprobetrace_test has no BTF' $LOG || { cat $LOG; fail "no module BTF: error"; }
	skip_part "kprobetrace_test.ko carries no .BTF on $(uname -r) (built without the kernel's vmlinux)"
fi

exit 0
