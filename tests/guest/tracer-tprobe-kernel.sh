# matrix: series
# The kernel as referee for t: lines (tracepoint probes, 6.12's own tracer
# has them, 6.1's not: skipped there, where tracer-tprobe compares with
# the static sched_switch event instead).  1. The same t: lines written to
# the kernel's dynamic_events and to our kprobe_events record the same
# values for the same tracepoint calls (both records of one call are next
# to each other on its CPU: ours first, as the kernel's callback has the
# lower priority; a kernel record with none of ours before it, written
# before ours was enabled, is skipped).  2. Each hostile
# line below is refused by both, with the same errno, error_log text and
# caret (class "same"), or is taken by both ("ok"), or differs as its
# comment says ("diff", printed, not failed).
. /kpt/lib.sh

KE=$TRACEFS/dynamic_events
KLOG=$TRACEFS/error_log
E=$KPT/kprobe_events
LOG=$KPT/error_log
[ -w "$KE" ] || skip "no dynamic_events in this kernel"
grep -q 't\[:\[<group>/\]\[<event>\]\] <tracepoint>' $TRACEFS/README ||
	skip "the kernel has no tracepoint probes (t:)"
needs_debian_btf "t: arguments by name"

# 1. the same lines, the same values.  One line at a time: 6.12's own
# tracer takes one t: event per tracepoint (a second one: EEXIST), ours
# any number.
# same TRACEPOINT ARGS: both take the line, record alike; prints how many
same() {
	echo "t:kt/k $1 $2" >> $KE || { cat $KLOG; fail "kernel refused $1 $2"; }
	echo "t:ot/o $1 $2" >> $E || { cat $LOG; fail "we refused $1 $2"; }
	echo 0 > $TRACEFS/events/ot/enable
	kl=$(sed -n 's/^t:kt\/k //p' $KE); ol=$(sed -n 's/^t:ot\/o //p' $E)
	[ "$kl" = "$ol" ] || fail "listed differently: kernel '$kl', ours '$ol'"
	diff $TRACEFS/events/kt/k/format $TRACEFS/events/ot/o/format |
		grep '^[<>].*field:' | grep -v '__probe_ip\|common_' &&
		fail "$1 $2: the fields differ"
	echo > $TRACEFS/trace
	echo 1 > $TRACEFS/events/kt/enable
	echo 1 > $TRACEFS/events/ot/enable
	sleep 0.05
	echo 0 > $TRACEFS/events/ot/enable
	echo 0 > $TRACEFS/events/kt/enable
	good=0
	for f in $TRACEFS/per_cpu/cpu*/trace; do
		r=$(awk '
		function body(s) { sub(/^[^)]*\) /, "", s); return s }
		/ o: \(/ { ob = body($0); have = 1; next }
		/ k: \(/ && have {
			if (body($0) != ob) { print "BAD ours [" ob "] kernel [" body($0) "]"; exit }
			have = 0; good++
		}
		END { print "good " good + 0 }' $f)
		case "$r" in BAD*) fail "$1 $2: $r" ;; esac
		good=$((good + ${r#good }))
	done
	[ $good -ge 4 ] || { tail -n 30 $TRACEFS/trace; fail "$1 $2: only $good records compared"; }
	echo "$1 $2: $good records as the kernel's"
	echo > $E || fail "clear ours"
	echo > $KE || fail "clear the kernel's"
}
same sched_switch "prev_pid=prev->pid next_pid=next->pid prev_state"
same sched_switch "\$arg*"
same sched_switch "p=\$arg2 s=\$arg4:x32 pre=\$arg1:u8 pid=+0(\$arg2):x64"
same sched_switch "tgid=prev->tgid:s32 pr=next->prio cm=\$comm nc=next->comm:string"
# unnamed \$argN: named after the parameter, as the kernel's
same sched_switch "\$arg2 \$arg4:x32"
same sched_wakeup "pid=p->pid prio=p->prio cpu=p->wake_cpu"

# 2. hostile lines
A65=$(head -c 65 /dev/zero | tr '\0' a)
S=sched_switch
TABLE="
same | t:/bar $S
text | t:$A65/bar $S
same | t:foo.1/bar $S
text | t:foo/$A65 $S
same | t:foo/bar.1 $S
same | t $S%return
same | t $S+4
same | t sched.switch
same | t sch@d_switch
same | t $S \$retval
same | t $S x=+0(\$retval)
same | t $S a=prev->pid \$retval
same | t3 $S
same | t0 $S
same | t $S no_such_param
same | t $S prev->no_such_member
# the kernel: This field is not found. (ENOENT); ours: Invalid fetch
# argument (EINVAL), as for p: and f:
diff | t $S prev->
same | t $S prev-pid
same | t $S \$arg5
same | t $S \$arg0
same | t $S \$arg* \$arg*
# the kernel: Invalid \$-variable specified; ours names the rule
diff | t $S x=\$arg*
# the kernel: Non pointer structure/union argument is not supported.
# (EOPNOTSUPP); ours: use '->', not '.' (EINVAL)
diff | t $S prev.pid
same | t $S prev_state->x
same | t $S prev->pid:foo
same | t $S a=prev->pid a=next->pid
same | t $S =prev->pid
same | t $S 1x=prev->pid
same | t $S +0(prev
same | t $S +x(prev)
same | t $S prev->pid:u8[0]
# the same rule in other words
diff | t $S \$comm:u8[2]
same | t $S \\\\xyz
same | t $S %ax
same | t $S x=+8(%sp)
same | t $S a0
# the kernel has no \$duration; ours takes it in return probes
diff | t $S \$duration
ok   | t no_such_tracepoint_kpt
ok   | t:foo/bar $S
"

clear_logs() {
	kpt-write -t $KLOG "" > /dev/null
	kpt-write -t $LOG "" > /dev/null
}
# last FILE: "TEXT|COLUMN", the text after "error: " of its last entry
# and the column of its last caret
last() {
	awk '/error: / { m = $0; sub(/.*error: /, "", m) }
	     /^ *\^$/ { c = index($0, "^") }
	     END { print m "|" c }' $1
}

rm -f /tmp/tps.n /tmp/tps.bad
printf '%s\n' "$TABLE" | while IFS='|' read -r class line; do
	class=$(echo $class)
	case "$class" in ""|"#"*) continue ;; esac
	line=${line# }
	clear_logs
	kg=$(kpt-write -a $KE "$line\n")
	# a group the kernel's event holds is not ours to take
	[ "$kg" = OK ] && echo > $KE
	og=$(kpt-write -a $E "$line\n")
	k=$(last $KLOG); o=$(last $LOG)
	km=${k%|*} kc=${k##*|} om=${o%|*} oc=${o##*|}
	ok=1
	om=${om% (-*)}
	case "$om" in "$km ("*) om=$km ;; esac
	same_text=0
	[ "$km" = "$om" ] && [ "$kc" = "$oc" ] && same_text=1
	case "$class" in
	same)	[ "$kg" = "$og" ] && [ "$kg" != OK ] && [ $same_text = 1 ] || ok=0 ;;
	text)	[ "$og" != OK ] && [ "$kg" != OK ] && [ $same_text = 1 ] || ok=0 ;;
	ok)	[ "$kg" = OK ] && [ "$og" = OK ] || ok=0 ;;
	diff)	[ "$og" != OK ] || ok=0
		echo "known difference '$line': kernel $kg $km (caret $kc); ours $og $om (caret $oc)" ;;
	esac
	[ "$og" = OK ] && echo > $E
	if [ $ok = 0 ]; then
		echo "DIFF '$line'"
		echo "  kernel: $kg | $km | caret $kc"
		echo "  ours:   $og | $om | caret $oc"
		echo x >> /tmp/tps.bad
	fi
	echo x >> /tmp/tps.n
done
n=$(wc -l < /tmp/tps.n)
bad=0
[ -e /tmp/tps.bad ] && bad=$(wc -l < /tmp/tps.bad)
echo "hostile t: lines: $n, differences: $bad"
[ "$n" -ge 30 ] || fail "only $n rows"
[ "$bad" = 0 ] || fail "$bad rows differ from the kernel"
[ -z "$(cat $KE)" ] || fail "the kernel kept a dynamic event: $(cat $KE)"
[ -z "$(cat $E)" ] || fail "we kept a probe: $(cat $E)"
exit 0
