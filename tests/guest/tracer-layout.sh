# matrix: series
# Records are where their format files say, on every kernel: each event's
# first own field sits where the common fields end (rec_base), and the
# kernel's own readers of the format find every value in the record:
# event filters of ftrace and of perf (perf's path fills its own record
# buffer), and a hist trigger keyed on a string. Numbers of each size, a
# __data_loc string, $comm, a return value, the seed's layout. (On 6.1
# PREEMPT_RT struct trace_entry takes 12 bytes: today's fields were once
# placed 4 bytes short of the record, the filters read the wrong bytes,
# and perf's string filter read a wrong __data_loc and faulted.)
. /kpt/lib.sh

E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace
echo 1 > $TRACEFS/tracing_on

echo 'p:lnum kpt_test_six_args a=%di:u8 b=%si:s16 c=%dx:x32 d=%cx:u64' > $E ||
	fail "adding lnum"
echo 'r:lret kpt_test_six_args rv=$retval:u32' >> $E || fail "adding lret"
echo 'p:lstr kpt_test_string s=+0(%di):string comm=$comm' >> $E ||
	fail "adding lstr"
echo 'p:lseed kpt_test_six_args a0 a1' >> $E || fail "adding lseed"

# field EV TYPE NAME OFFSET SIZE: OFFSET from rec_base
field() {
	_o=$(($(rec_base $D/$1/format) + $4))
	grep -q "	field:$2 $3;	offset:$_o;	size:$5;" $D/$1/format ||
		{ cat $D/$1/format; fail "$1: no field '$2 $3' at $_o size $5"; }
}
B=$(rec_base $D/lnum/format)
echo "first own field at $B"
field lnum "unsigned long" __probe_ip 0 8
field lnum u8 a 8 1
field lnum s16 b 9 2
field lnum u32 c 11 4
field lnum u64 d 15 8
field lret "unsigned long" __probe_func 0 8
field lret "unsigned long" __probe_ret_ip 8 8
field lret u32 rv 16 4
field lstr "unsigned long" __probe_ip 0 8
field lstr "__data_loc char\[\]" s 8 4
field lstr "__data_loc char\[\]" comm 12 4
field lseed "unsigned long" ip 0 8
field lseed int nargs 8 4
field lseed "unsigned long" arg0 16 8
field lseed "unsigned long" arg1 24 8

# ftrace: EV FILTER CALL N: N records of EV pass FILTER after CALL
ftrace_count() {
	echo "$2" > $D/$1/filter || fail "$1: filter '$2' refused"
	echo > $T
	echo "$3" > $KPT_TEST/call || fail "call $3"
	echo 0 > $D/$1/filter
	case $1 in
	lseed) _n=$(grep -c 'kpt_test_six_args+0x[0-9a-f]*/0x[0-9a-f]* \[kprobetrace_test\]: 0x11 0x22$' $T) ;;
	*) _n=$(grep -c " $1: (" $T) ;;
	esac
	assert_eq "$_n" "$4" "ftrace filter on $1: $2"
}
# perf: the same through perf's filter
perf_count() {
	assert_eq "$(kpt-perf -f "$2" $(cat $D/$1/id) sh -c "echo '$3' > $KPT_TEST/call")" \
		"count=$4" "perf filter on $1: $2"
}
check() { # EV FILTER CALL N
	ftrace_count "$@"
	perf_count "$@"
}

check lnum 'a == 17 && b == 34 && c == 0x33 && d == 0x44' 'six_args 5' 5
check lnum 'd == 0x45' 'six_args 5' 0
check lnum 'b < 0' 'six_args 5' 0
check lret 'rv == 0x165' 'six_args 4' 4
check lret 'rv != 0x165' 'six_args 4' 0
check lstr 's == "kprobetrace"' 'string 3' 3
check lstr 's ~ "kprobe*" && comm == "sh"' 'string 3' 3
check lstr 's == "kprobetracf"' 'string 3' 0
check lseed 'arg0 == 0x11 && arg1 == 0x22' 'six_args 2' 2
check lseed 'nargs != 2' 'six_args 2' 0

# a hist trigger keyed on the string field
echo 'hist:keys=s' > $D/lstr/trigger || fail "hist trigger on a string key"
echo 'string 7' > $KPT_TEST/call
cat $D/lstr/hist > /tmp/hist
cat /tmp/hist
assert_file_has /tmp/hist '^\{ s: +kprobetrace +\} hitcount: +7$' "hist keyed on s"
echo '!hist:keys=s' > $D/lstr/trigger || fail "removing the hist trigger"

echo > $E || fail "clearing"
echo "layout OK"
