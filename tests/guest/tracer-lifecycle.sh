# matrix: core
# modules: none
# The lifecycle module parameter: seed (default; events live at once,
# clearing removes enabled ones too) versus today (events created disabled;
# clearing or deleting an enabled event refused with EBUSY, nothing
# removed).  It shows in /sys/module and changes only with no probes.
. /kpt/lib.sh

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
EV=$TRACEFS/events/kprobetrace
P=/sys/module/kprobetrace/parameters/lifecycle

insmod /kpt/kprobetrace_test.ko || fail "loading kprobetrace_test"
insmod /kpt/kprobetrace.ko || fail "loading kprobetrace"
assert_eq "$(cat $P)" seed "default lifecycle"
# README: the syntax taken in this lifecycle, in the lines the kernel's
# selftests grep: no appending in the seed's, nothing not implemented
R=$KPT/README
readme_checks() { # LIFECYCLE
	assert_file_has $R "^ lifecycle: $1\$" "$1: README names the lifecycle"
	for p in 'r\[maxactive\]' '\$arg<N>' 'imm-value' 'imm-string' \
	    'x8/16/32/64' 'symstr' ' <type>\\\[<array-size>\\\]' \
	    'place (kretprobe): .*%return' 'f\[:\[<group>/\]\[<event>\]\]' \
	    'kernel return probes support: .*\$arg<N>'; do
		grep -q "$p" $R || fail "$1: README lacks $p"
	done
	grep -A1 'fetcharg:' $R | grep -q '\$comm' || fail "$1: README lacks \$comm"
	# BTF names (the exact token other tools look for), $arg*, %pd/%pD
	for p in '<argname>\[->field\[->field|\.field\.\.\.\]\]' \
	    '\$arg\*' 'symstr, %pd/%pD, <type>' \
	    'kernel return probes support: \$retval, \$arg<N>, \$comm'; do
		grep -q "$p" $R || fail "$1: README lacks $p"
	done
	grep -q '[ ,/]char[ ,]' $R || fail "$1: README lacks the char type"
	grep -q 'uprobe' $R && fail "$1: README offers uprobe"
	if [ $1 = today ]; then
		assert_eq "$(grep -c 'Create/append/' $R)" 1 "today: README offers appending"
	else
		assert_eq "$(grep -c 'Create/append/' $R)" 0 "seed: README offers no appending"
		assert_file_has $R 'Create/replace/' "seed: README says redefining replaces"
	fi
}
readme_checks seed
echo 'p:s1 kpt_test_six_args a0' > $E
assert_eq "$(cat $EV/s1/enable)" 1 "seed: live at once"
# seed too: the last line needs no newline and its write applies or
# refuses it; no line continues into the next write (-s 4: "p:s4" alone)
assert_eq "$(kpt-write -a $E 'p:s2 kpt_test_ret')" OK "seed: last line without newline"
assert_eq "$(kpt-write -a $E 'p:s3 kpt_test_ret %zz')" "write: EINVAL" "seed: last line refused by write()"
assert_eq "$(kpt-write -a -s 4 $E 'p:s4 kpt_test_ret\n')" "write: EINVAL" "seed: a line split across writes"
assert_file_has $E '^p:s2 kpt_test_ret\+0$' "seed: s2 added"
assert_eq "$(kpt-write $P today)" "write: EBUSY" "changing with probes defined"
assert_eq "$(cat $P)" seed "unchanged"
assert_eq "$(kpt-write -t $E '')" OK "seed: clearing an enabled event"
assert_eq "$(cat $E)" "" "seed: all gone"
# an enable racing with the clear (between its disabling and its removal
# of the event) makes that enable fail, not the clear
bad=0
for round in 1 2 3 4 5 6 7 8 9 10; do
	echo 'p:s1 kpt_test_six_args a0' > $E
	rm -f /tmp/enabling /tmp/stop
	(
		while [ ! -e /tmp/stop ]; do
			# once the clear removed it, the file is gone
			{ echo 1 > $EV/s1/enable; } 2>/dev/null
			touch /tmp/enabling
		done
	) &
	while [ ! -e /tmp/enabling ]; do :; done
	r=$(kpt-write -t $E '')
	touch /tmp/stop
	wait
	[ "$r" = OK ] || { bad=$((bad + 1)); echo "round $round: clear: $r"; }
	[ "$r" = OK ] || { echo 0 > $EV/s1/enable; echo > $E; }
done
assert_eq "$bad" 0 "seed: clears racing with enables"
assert_eq "$(cat $E)" "" "seed: all gone after the race"
assert_eq "$(kpt-write $P bogus)" "write: EINVAL" "a bad value"
echo today > $P || fail "switching to today with no probes"
assert_eq "$(cat $P)" today "switched"
readme_checks today

today_checks() {
	echo 'p:t1 kpt_test_six_args a0' > $E
	echo 'p:grp/t2 kpt_test_ret' >> $E
	assert_eq "$(cat $EV/t1/enable)" 0 "today: created disabled"
	assert_eq "$(cat $TRACEFS/events/grp/t2/enable)" 0 "today: t2 created disabled"
	echo > $T
	echo "six_args 2" > $KPT_TEST/call
	assert_eq "$(grep -c ': 0x11$' $T)" 0 "today: nothing recorded while disabled"
	assert_file_has $KPT/kprobe_profile '^  t1 +0 +0$' "today: no hits while disabled"
	echo 1 > $EV/t1/enable
	echo "six_args 2" > $KPT_TEST/call
	assert_eq "$(grep -c ': 0x11$' $T)" 2 "today: recorded once enabled"
	# clearing with an enabled event: EBUSY, nothing removed
	kpt-write -t $LOG '' > /dev/null
	assert_eq "$(kpt-write -t $E '')" "open: EBUSY" "today: clearing an enabled event"
	assert_file_has $LOG 'event t1 is enabled: nothing removed' "error_log for clearing"
	assert_eq "$(cat $E | wc -l)" 2 "today: nothing removed"
	# deleting an enabled event: EBUSY, nothing removed
	assert_eq "$(kpt-write -a $E '-:t1\n')" "write: EBUSY" "today: deleting an enabled event"
	assert_file_has $LOG 'event t1 cannot be replaced or deleted: it is enabled' "error_log for deleting"
	# a write with a deletion of a disabled event and of an enabled one: none applied
	assert_eq "$(kpt-write -a $E '-:grp/t2\n-:t1\n')" "write: EBUSY" "today: mixed deletion"
	[ -d $TRACEFS/events/grp/t2 ] || fail "today: t2 removed by a refused write"
	# enabled through the group directory counts as well
	echo 1 > $TRACEFS/events/grp/enable
	assert_eq "$(kpt-write -a $E '-:grp/t2\n')" "write: EBUSY" "today: deleting t2 enabled by its group"
	echo 0 > $TRACEFS/events/grp/enable
	assert_eq "$(kpt-write -a $E '-:grp/t2\n')" OK "today: deleting a disabled event"
	echo 0 > $EV/t1/enable
	assert_eq "$(kpt-write -a $E '-:t1\n')" OK "today: deleting t1 once disabled"
	echo 'p:t3 kpt_test_ret' > $E || fail "today: O_TRUNC with only disabled events"
	assert_eq "$(cat $E)" "p:t3 kpt_test_ret+0" "today: cleared"
	# writes as the kernel's tracer takes them: the last line needs no
	# newline and write() applies or refuses it; no line continues into
	# the next write (-s 4: "p:t6" alone)
	kpt-write -t $LOG '' > /dev/null
	assert_eq "$(kpt-write -a $E 'p:t4 kpt_test_ret %zz')" "write: EINVAL" "today: last line refused by write()"
	assert_file_has $LOG 'Invalid register name' "today: error_log for it"
	assert_eq "$(kpt-write -a $E 'p:t4 kpt_test_ret\np:t5 kpt_test_ret')" OK "today: last line without newline"
	assert_eq "$(kpt-write -a -s 4 $E 'p:t6 kpt_test_ret\n')" "write: EINVAL" "today: a line split across writes"
	assert_eq "$(cat $E | tr '\n' ' ')" "p:t3 kpt_test_ret+0 p:t4 kpt_test_ret+0 p:t5 kpt_test_ret+0 " "today: t4, t5 added, t6 not"
	echo > $E
}
today_checks
rmmod kprobetrace || fail "unloading"

# the parameter given at load time
insmod /kpt/kprobetrace.ko lifecycle=today || fail "loading with lifecycle=today"
assert_eq "$(cat $P)" today "lifecycle=today at load"
readme_checks today
today_checks
# an enabled event does not block unloading
echo 'p:t4 kpt_test_ret' > $E
echo 1 > $EV/t4/enable
rmmod kprobetrace || fail "unloading with an enabled event in today's lifecycle"
insmod /kpt/kprobetrace.ko lifecycle=bogus 2>/dev/null && fail "a bad value at load"
rmmod kprobetrace_test || fail "unloading kprobetrace_test"
echo "lifecycle OK"
