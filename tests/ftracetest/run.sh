# Guest side of the ftracetest conformance run (busybox sh), sourced by
# tests/guest/ftracetest-*.sh as /kpt/ftracetest/run.sh MODE [SET] after the
# rig loaded kprobetrace.ko with lifecycle=MODE.
#
# Runs the kernel's own ftrace selftests (put into the guest by
# tests/rig/needs/ftracetest.sh from the Debian linux-source packages, never
# into the repository) against our module: a working copy gets its paths
# rewritten (below) from the kernel tracer's files and group to ours, each
# case runs through ftracetest under bash, and the results are compared with
# an expected list. SET (default kprobe):
#   kprobe  ftracetest and test.d/kprobe/*.tc from the guest kernel's own
#           linux-source-SERIES; list tests/ftracetest/expected.txt (6.1) or
#           expected-SERIES.txt, columns CASE SEED TODAY REASON.
#   fprobe  linux-source-6.12's ftracetest with its fprobe and BTF-argument
#           cases (test.d/*/ cases that test f:, t:, BTF arguments or their
#           errors), on every kernel; list tests/ftracetest/expected-fprobe.txt
#           (6.1) or expected-fprobe-SERIES.txt, columns CASE RESULT REASON,
#           CASE being DIR/NAME.tc under test.d.
#
# Prints the conformance table (case, result, expectation, reason), then the
# results in the list's own format (between "=== results in the format of"
# and "=== end": tests/ftracetest/results turns a guest log into the list to
# commit), and fails when a case expected to pass does not (on Debian's
# kernel, which the lists are for), when a case is missing from the list, or
# when ftracetest itself cannot run. Cases that pass although the list does
# not expect it are reported as NEWLY PASSING (update the list).
. /kpt/lib.sh
MODE=${1:?usage: run.sh seed|today [kprobe|fprobe]}
SET=${2:-kprobe}
# the kernel series whose cases and list these are (needs/ftracetest.sh)
SERIES=$(cat /kpt/ftracetest/series 2>/dev/null || echo 6.1)
case $SET in
kprobe)
	SRC=/kpt/ksrc-ftrace
	LIST=/kpt/ftracetest/expected.txt
	LISTNAME=tests/ftracetest/expected.txt
	[ "$SERIES" = 6.1 ] || LISTNAME=tests/ftracetest/expected-$SERIES.txt
	CASES="kprobe/*.tc"
	# columns: CASE SEED TODAY
	NCOL=2 COL=3
	[ "$MODE" = seed ] && COL=2
	KSERIES=$SERIES
	;;
fprobe)
	SRC=/kpt/ksrc-ftrace-fprobe
	LIST=/kpt/ftracetest/expected-fprobe.txt
	LISTNAME=tests/ftracetest/expected-fprobe.txt
	[ "$SERIES" = 6.1 ] || LISTNAME=tests/ftracetest/expected-fprobe-$SERIES.txt
	CASES="*/*.tc"
	# columns: CASE RESULT
	NCOL=1 COL=2
	KSERIES=6.12
	;;
*) fail "run.sh: unknown set '$SET'" ;;
esac
[ -x /bin/bash ] || fail "no bash in the guest"
[ -f $SRC/ftracetest ] || fail "no ftracetest in the guest"
W=/tmp/ftracetest-$MODE-$SET
rm -rf $W
cp -r $SRC $W
[ -r $KPT/README ] || fail "no $KPT/README: the cases would read none"

# The rewrite: the kernel tracer's control files become ours, its default
# group "kprobes" becomes ours ("kprobetrace"); explicit other groups
# (kprobes1/, kprobes2/) stay. The error_log prefix "trace_kprobe" becomes
# ours (our entries read "kprobetrace: [line N: ]error: ..."). The kernel's
# kprobes list is read from debugfs where it is (../kprobes/list is relative
# to a tracefs mounted under debugfs). The cases decide what to test by
# grepping README (tracefs': the kernel tracer's syntax): they read ours
# (the syntax our module takes in this lifecycle), in the cases and in
# check_requires (test.d/functions); "...":README in "# requires:" lines and
# ${i%:README} stay.
# dynamic_events (the fprobe set's cases write every kind of event there)
# becomes our kprobe_events, which takes f: and p:/r: lines alike; the
# fprobe and eprobe tracers' error_log prefixes ("trace_fprobe",
# "event_probe") become ours too.
for f in $W/test.d/functions $W/test.d/$CASES; do
	sed -i \
		-e "s#\.\./kprobes/list#/sys/kernel/debug/kprobes/list#g" \
		-e "s#kprobe_events#$KPT/kprobe_events#g" \
		-e "s#dynamic_events#$KPT/kprobe_events#g" \
		-e "s#'trace_fprobe'#'kprobetrace.*'#g" \
		-e "s#'event_probe'#'kprobetrace.*'#g" \
		-e "s#kprobe_profile#$KPT/kprobe_profile#g" \
		-e "s#\([^_a-z]\)error_log#\1$KPT/error_log#g" \
		-e "s#'trace_kprobe'#'kprobetrace.*'#g" \
		-e "s#events/kprobes/#events/kprobetrace/#g" \
		-e "s#\([:=]\)kprobes/#\1kprobetrace/#g" \
		-e "s# README\([ ;)]\|\$\)# $KPT/README\1#g" \
		"$f"
done
# Our stand-ins for the sample modules: trace-printk (kprobe_module.tc),
# trace-events-sample (add_remove_tprobe_module.tc).
mkdir -p /lib/modules/$(uname -r)
cp /kpt/ftracetest/trace-printk.ko /lib/modules/$(uname -r)/
cp /kpt/ftracetest/trace-events-sample.ko /lib/modules/$(uname -r)/
depmod || fail "depmod"
# key TC: a case's name in the list (NAME.tc in the kprobe set, DIR/NAME.tc
# in the fprobe set)
key() {
	case $SET in
	kprobe) basename $1 ;;
	*) echo ${1#$W/test.d/} ;;
	esac
}

# expectation CASE: "RESULT REASON..." for this mode from the list
expectation() {
	awk -v c="$1" -v col=$COL -v ncol=$NCOL '
		/^#/ || NF < 1 + ncol { next }
		$1 == c { r = $0
			  for (i = 0; i <= ncol; i++) sub(/^[^ \t]+[ \t]*/, "", r)
			  print $col, r; exit }' $LIST
}
# listline CASE RESULT: the list's line for CASE with this mode's column
# set to RESULT (the other lifecycle's column and the reason kept; a reason
# to write when there is none and RESULT is not PASS)
listline() {
	awk -v c="$1" -v got="$2" -v col=$COL -v ncol=$NCOL '
		/^#/ || NF < 1 + ncol { next }
		$1 == c && !found { found = 1; r = $0
			  for (i = 0; i <= ncol; i++) sub(/^[^ \t]+[ \t]*/, "", r)
			  for (i = 2; i <= 1 + ncol; i++) v[i] = $i }
		END {
			line = sprintf("%-27s", c); all = 1
			for (i = 2; i <= 1 + ncol; i++) {
				if (i == col) v[i] = got
				else if (!found) v[i] = "?"
				line = line sprintf(" %-5s", v[i])
				if (v[i] != "PASS") all = 0
			}
			if (all) r = ""
			else if (r == "") r = "REASON? (say why it does not pass)"
			sub(/ +$/, "", line)
			print line (r == "" ? "" : "  " r)
		}' $LIST
}

# One ftracetest run for all cases (each case costs ~4 s of ftracetest's own
# reset of every event's trigger and filter under TCG; one run per case
# would add its set-up and clean-up to each). Case N of its output is the
# Nth case given.
run=
for tc in $W/test.d/$CASES; do
	c=$(key $tc)
	exp=$(expectation $c)
	[ "${exp%% *}" = SKIP ] || run="$run ${tc#$W/}"
done
log=$W/logs
scale=$(cat /kpt/timeout-scale 2>/dev/null || echo 1)
# 6.12's 26 cases take about 70 s on a quiet host, three times that on an
# RT kernel sharing two cores with other guests: 420 s before it is killed.
(cd $W && timeout -s KILL $((420 * scale)) bash ./ftracetest -k -l $log $run) > $W/out 2>&1
rc=$?
echo "ftracetest exited with status $rc (non-zero when any case failed)"
[ $rc != 137 ] || echo "ftracetest was killed after $((420 * scale)) s: the cases after the last result show NORESULT"

# The list is for Debian's kernel. On another one (make check-debug's
# allnoconfig-based debug kernel: no networking, no stack tracer, ...) cases
# may differ for the kernel's sake: they are reported, and the test fails
# only on what the rig checks (kernel log) or on a case missing from the list.
strict=1
case "$(uname -v)" in
*Debian*) ;;
*) strict=0; echo "not Debian's kernel ($(uname -r)): differences from the list are reported only" ;;
esac

diag=
bad=0 newly=0 passed=0 other=0 total=0 n=0 differs=0
fmt=/tmp/ftracetest-$MODE-$SET.list
table=/tmp/ftracetest-$MODE-$SET.table
: > $fmt
printf '%-28s %-12s %-12s %s\n' CASE RESULT EXPECTED REASON > $table
for tc in $W/test.d/$CASES; do
	c=$(key $tc)
	b=$(basename $tc)
	total=$((total + 1))
	exp=$(expectation $c)
	want=${exp%% *} why=${exp#* }
	# the reason is for a result other than PASS (maybe the other mode's)
	[ "$why" = "$want" ] || [ "$want" = PASS ] && why=
	if [ "$want" = SKIP ]; then
		got=SKIPPED
	else
		n=$((n + 1))
		got=$(sed -n "s/^\[$n\].*\[\([A-Z]*\)\][[:space:]]*\$/\1/p" $W/out | head -n 1)
		[ -n "$got" ] || got=NORESULT
		if [ "$got" != PASS ] || [ "$want" != PASS ]; then
			# the case's own commands (after ftracetest's reset), last 30
			echo "----- $c ($MODE): $got; the end of its log:"
			own=$(sed -n '/^+ \. .*test\.d\/[a-z0-9]*\//,$p' $log/$n-$b-log.* 2>/dev/null | tail -n 30)
			[ -n "$own" ] || own=$(tail -n 30 $log/$n-$b-log.* 2>/dev/null)
			echo "${own:-(no log)}"
		fi
	fi
	note=$why
	case "$want" in
	PASS | SKIP | FAIL | UNSUPPORTED | UNRESOLVED | UNTESTED | XFAIL | "") ;;
	*) got="$got (listed as '$want': not a result)" bad=$((bad + 1)) ;;
	esac
	if [ -z "$exp" ]; then
		want=?
		note="not in $LISTNAME: add it"
		bad=$((bad + 1))
	elif [ "$want" != PASS ] && [ -z "$why" -o "${why#REASON?}" != "$why" ]; then
		# the rule: every result but PASS has its reason in the list
		note="no reason in $LISTNAME: say why it is $want"
		bad=$((bad + 1))
	elif [ "$got" = PASS ]; then
		passed=$((passed + 1))
		if [ "$want" != PASS ]; then
			newly=$((newly + 1))
			note="NEWLY PASSING (listed $want: $why): update $LISTNAME"
		fi
	elif [ "$want" = PASS ] && [ $strict = 0 ]; then
		other=$((other + 1)) differs=$((differs + 1))
		note="differs on this kernel (the list is for Debian's)"
	elif [ "$want" = PASS ]; then
		bad=$((bad + 1))
		note="REGRESSION: listed as passing"
	else
		other=$((other + 1))
	fi
	printf '%-28s %-12s %-12s %s\n' "$c" "$got" "$want" "$note" >> $table
	[ "$got" = FAIL ] && grep -q '^[[:space:]]*ftrace_errlog_check ' $tc &&
		diag="$diag $tc"
	r=$got
	case $r in NORESULT) r=UNRESOLVED ;; SKIPPED) r=SKIP ;; esac
	listline "$c" "$r" >> $fmt
done

# A failing error_log case stops at its first failing check: run each such
# case once more with every check made non-fatal, and name all the checks
# that fail (the command with the kernel's caret), for the list's reason.
if [ -n "$diag" ]; then
	run=
	for tc in $diag; do
		d=$(dirname $tc)/diag-$(basename $tc)
		sed -e 's/^\([[:space:]]*ftrace_errlog_check .*\)$/\1 || echo "KPT-CHECK-FAILED: $1"/' \
			$tc > $d
		run="$run ${d#$W/}"
	done
	(cd $W && timeout -s KILL $((300 * scale)) bash ./ftracetest -k -l $W/diag-logs $run) > $W/diag-out 2>&1
	n=0
	for tc in $diag; do
		n=$((n + 1))
		echo
		echo "failing checks of $(key $tc) (each check run, the kernel's ^ marks where it expects the error):"
		# each failing check with what our error_log said
		cat $W/diag-logs/$n-diag-$(basename $tc)-log.* 2>/dev/null | awk '
			/^\+/ { next }
			/^Test command: / { n = 0; next }
			/^KPT-CHECK-FAILED: / { sub(/^KPT-CHECK-FAILED: /, ""); print "  " $0
				for (i = 1; i <= n; i++) print "      " l[i]; n = 0; next }
			n < 6 { l[++n] = $0 }'
	done
fi

echo
echo "ftracetest conformance, lifecycle=$MODE (linux-source-$KSERIES tools/testing/selftests/ftrace, test.d/$CASES; list $LISTNAME):"
cat $table
echo
echo "=== results in the format of $LISTNAME, lifecycle=$MODE"
cat $fmt
echo "=== end"
echo "$total cases: $passed pass, $other skipped or not passing as listed, $newly newly passing, $bad unexpected"
[ $bad -eq 0 ] || fail "$bad case(s) did not do what $LISTNAME says"
[ $passed -gt 0 ] || fail "no case passed: ftracetest did not run (see above)"
[ $differs -eq 0 ] ||
	skip_part "$differs case(s) listed as passing did not pass on this kernel, which is not Debian's (the list is for Debian's)"
