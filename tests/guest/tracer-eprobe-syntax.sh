# matrix: series
# The kernel as referee for e: lines (event probes, 5.15+).  First the
# same line armed in both: the same fields in the format files and, for
# each record of ours, the kernel's record of the same sched_switch
# beside it on its CPU with the same values, and the same again for a
# line with a filter (if ...): the same records kept.  Then each hostile
# line below, written to the kernel's dynamic_events and to our
# kprobe_events: both must refuse it (or both take it: "take"), and a row
# marked "same" must get the same errno, the same error_log text and the
# caret under the same byte from both.  Prints each difference.
. /kpt/lib.sh

KE=$TRACEFS/dynamic_events
KLOG=$TRACEFS/error_log
E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
[ -w "$KE" ] || skip "no dynamic_events in this kernel"
[ -d $TRACEFS/events/sched/sched_switch ] || skip "no sched/sched_switch event"
grep -q '<attached-group>.<attached-event>' $TRACEFS/README ||
	skip "the kernel has no event probes"

A65=$(head -c 65 /dev/zero | tr '\0' a)
S=sched/sched_switch
# CLASS | LINE (kpt-write escapes: \\ is one backslash).  CLASS:
#   same         the same errno, text (ours may add " (detail)") and caret
#   text         the same text and caret; the errno is ours (E2BIG where a
#                size limit is passed, the kernel says EINVAL)
#   diff         both refuse, differently (the reason in the comment above
#                the row); printed, not failed
#   filt         a filter's error: the same errno and text; the kernel logs
#                the filter alone, so its caret is ours less the filter's
#                offset in the line
#   take         both take the line (a filter the kernel reads too)
TABLE="
same | e a.
same | e .b
same | e:/bar $S
text | e:$A65/bar $S
same | e:foo.1/bar $S
text | e:foo/$A65 $S
same | e:foo/bar.1 $S
same | e $S %di
same | e $S x=%ax
same | e $S +8(%sp)
# a word that is no \$field: the kernel says: BTF is not available or not
# supported (it reads a BTF name); ours says what an e: line reads
diff | e $S arg=prev_pid
diff | e $S a0
# 6.1: ENOENT, Attached event does not have this field; 6.12 and ours:
# EINVAL, Invalid \$-variable specified
diff | e $S \$
same | e $S if
same | e $S x=
same | e $S =\$prev_pid
same | e $S 1x=\$prev_pid
same | e $S a=\$prev_pid a=\$next_pid
same | e $S +0(\$prev_pid
same | e $S +x(\$prev_pid)
same | e $S +0\$prev_pid
same | e $S \\\\\"abc
same | e $S \\\\xyz
same | e $S \$prev_pid:foo
same | e $S +0(\$prev_pid):u8[0]
same | e $S +0(\$prev_pid):u8[2
text | e $S +0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(+0(\$prev_pid))))))))))))))))
# the kernel: This argument name is already used; ours: reserved
diff | e $S common_pid=\$prev_pid
# the kernel: Unknown type is specified; ours: Type is not specified
diff | e $S \$prev_pid:
# the kernel: Array number is too big (EINVAL); ours: Array size is too
# big (max 64) (E2BIG)
diff | e $S +0(\$prev_pid):u8[65]
# the kernel's caret at the bit offset that does not fit, ours at the type
diff | e $S +0(\$prev_pid):b3@9/8
# the kernel: String accepts only memory argument; ours: Array needs a
# memory reference argument
diff | e $S \$comm:u8[2]
# no attached event: the kernel's EINVAL comes with no error_log entry
diff | e:foo/bar
same | e a.b
same | e sched/no_such_event_kpt
# 6.1: ENOENT, Attached event does not have this field; 6.12 and ours:
# EINVAL, Invalid \$-variable specified
diff | e $S \$no_such_field
filt | e $S if prev_pid
filt | e $S \$prev_pid if no_such_field == 1
filt | e $S if prev_pid == abc
filt | e $S if prev_pid == 1x
filt | e $S if prev_pid == \"a\"
filt | e $S if comm == 0
filt | e $S if prev_comm < \"a\"
filt | e $S if prev_pid ~ 1
filt | e $S if prev_comm == \"abc
filt | e $S if prev_pid == 1 || (next_pid == 2 && (prev_prio > 1)
filt | e $S if ((prev_pid == 1) && next_pid == 2)) || 1
filt | e $S if prev_pid == 1 &&
filt | e $S if prev_pid == 1 & next_pid == 2
filt | e $S if ()
filt | e $S if !
filt | e $S if prev_pid == 123456789012345678901234
take | e $S if common_pid == 1 && common_preempt_count < 4 || prev_pid & 1 && next_pid != -1 && prev_prio <= 0x78
take | e $S \$prev_pid if CPU == 0 || cpu != 1 && common_cpu >= 0
take | e $S if !!(prev_pid == 1) || !(next_comm ~ \"a[bc]*\") && comm ~ \"*sh*\"
"

# the same line in both, armed: the same fields and values
ARGS='pp=$prev_pid:s32 np=$next_pid:s32 nc=$next_comm:string st=$prev_state pr=$prev_prio:u32 c=$comm:string'
echo "e:kep/ksw $S $ARGS" >> $KE || { cat $KLOG; fail "the kernel refused the e: line"; }
echo "e:oep/osw $S $ARGS" >> $E || { cat $LOG; fail "we refused the e: line"; }
echo 0 > $TRACEFS/events/oep/enable
fields() { sed -n '/^$/,/^print fmt/p' $1 | grep 'field:'; }
kf=$(fields $TRACEFS/events/kep/ksw/format)
of=$(fields $TRACEFS/events/oep/osw/format)
[ "$kf" = "$of" ] || { echo "kernel:"; echo "$kf"; echo "ours:"; echo "$of"; fail "fields differ"; }
# both armed a while, then our records beside the kernel's (kev, oev);
# a dying task's prev_state is EXIT_ZOMBIE (0x20) or EXIT_DEAD (0x10) as
# its parent reaps it: the kernel reads exit_state live, once per probe,
# so two records of one switch may show either
armed() {
	echo > $T
	echo 1 > $TRACEFS/events/kep/$1/enable
	echo 1 > $TRACEFS/events/oep/$2/enable
	for i in 1 2 3 4 5; do sleep 0.02; done
	echo 0 > $TRACEFS/events/oep/$2/enable
	echo 0 > $TRACEFS/events/kep/$1/enable
	beside $2 $1 '
function norm(l, ours) {
	if (!ours)
		sub(/^.*\(sched\.sched_switch\) /, "", l)
	sub(/ st=0x[12]0 /, " st=exit ", l)
	return l
}'
}
armed ksw osw
echo "-:kep/ksw" >> $KE || fail "-:kep/ksw"
echo "-:oep/osw" >> $E || fail "-:oep/osw"

# the same with a filter: the same records kept, none dropped between ours
# (no prev_state: the kernel reads a dying task's exit_state live, once
# per probe, so two records of one switch may differ there)
ARGF='pp=$prev_pid:s32 np=$next_pid:s32 nc=$next_comm:string pr=$prev_prio:u32 c=$comm:string'
FL='if prev_pid != 0 && (next_comm ~ "*sh*" || next_pid < 10 || prev_comm ~ "k[!x]orker/?:*" || prev_comm ~ "rcu_*") && !(prev_prio > 200) && next_comm != "nonesuch" && prev_comm ~ "![0-9]*"'
echo "e:kep/kfs $S $ARGF $FL" >> $KE || { cat $KLOG; fail "the kernel refused the filter"; }
echo "e:oep/ofs $S $ARGF $FL" >> $E || { cat $LOG; fail "we refused the filter"; }
echo 0 > $TRACEFS/events/oep/enable
armed kfs ofs
beside_all ofs kfs
echo "-:kep/kfs" >> $KE || fail "-:kep/kfs"
echo "-:oep/ofs" >> $E || fail "-:oep/ofs"

clear_logs() {
	kpt-write -t $KLOG "" > /dev/null
	kpt-write -t $LOG "" > /dev/null
}

# last FILE: "CARET|TEXT": the column of its last caret line's '^' and
# the text after "error: " of its last entry (one process a file)
last() {
	awk '/error: / { m = $0; sub(/.*error: /, "", m) }
	/^ *\^$/ { c = index($0, "^") }
	END { print c "|" m }' $1
}

rm -f /tmp/eps.n /tmp/eps.bad
printf '%s\n' "$TABLE" | while IFS='|' read -r class line; do
	class=$(echo $class)
	case "$class" in ""|"#"*) continue ;; esac
	line=${line# }
	clear_logs
	kg=$(kpt-write -a $KE "$line\n")
	# a line both take defines the same event: the kernel's goes first
	[ "$kg" != OK ] || [ $class != take ] || echo > $KE
	og=$(kpt-write -a $E "$line\n")
	kl=$(last $KLOG); ol=$(last $LOG)
	km=${kl#*|}; kc=${kl%%|*}
	om=${ol#*|}; oc=${ol%%|*}
	ok=1
	# a line the kernel takes is a difference; its event goes
	[ "$kg" != OK ] || { [ $class = take ] || ok=0; echo > $KE; }
	[ "$og" != OK ] || echo > $E
	# ours without its " (-ERRNO)", and a detail it adds: " (max 63)"
	om=${om% (-*)}
	case "$om" in "$km ("*) om=$km ;; esac
	same_text=0
	[ "$km" = "$om" ] && [ "$kc" = "$oc" ] && same_text=1
	if [ $class = filt ]; then
		# the filter's offset: after " if " (the line has single blanks)
		fo=${line%% if *}
		[ "$km" = "$om" ] && [ "$kc" = "$(( ${oc:-0} - ${#fo} - 4 ))" ] &&
			same_text=1
	fi
	case "$class" in
	take)	[ "$kg" = OK ] && [ "$og" = OK ] || ok=0 ;;
	filt)	[ "$kg" = "$og" ] && [ $same_text = 1 ] || ok=0 ;;
	same)	[ "$kg" = "$og" ] && [ $same_text = 1 ] || ok=0 ;;
	text)	[ "$og" != OK ] && [ $same_text = 1 ] || ok=0 ;;
	diff)	[ "$og" != OK ] || ok=0
		[ "$kg" = OK ] || [ $ok = 0 ] || echo "known difference '$line': kernel $kg $km (caret $kc); ours $og $om (caret $oc)" ;;
	esac
	if [ $ok = 0 ]; then
		echo "DIFF '$line'"
		echo "  kernel: $kg | $km | caret $kc"
		echo "  ours:   $og | $om | caret $oc"
		echo x >> /tmp/eps.bad
	fi
	echo x >> /tmp/eps.n
done
n=$(wc -l < /tmp/eps.n)
bad=0
[ -e /tmp/eps.bad ] && bad=$(wc -l < /tmp/eps.bad)
echo "hostile e: lines: $n, differences: $bad"
[ "$n" -ge 30 ] || fail "only $n rows"
[ "$bad" = 0 ] || fail "$bad rows differ from the kernel"
[ -z "$(cat $KE)" ] || fail "the kernel kept a dynamic event: $(cat $KE)"
[ -z "$(cat $E)" ] || fail "we kept a probe: $(cat $E)"
exit 0
