# Guest side of the ftracetest conformance run (busybox sh), sourced by
# tests/guest/ftracetest-*.sh as /kpt/ftracetest/run.sh MODE after the rig
# loaded kprobetrace.ko with lifecycle=MODE.
#
# Runs the kernel's own ftrace selftests for kprobes (ftracetest and
# test.d/kprobe/*.tc from the guest kernel's own linux-source-SERIES, put
# into the guest by
# tests/rig/needs/ftracetest.sh, never into the repository) against our
# module: a working copy gets its paths rewritten (below) from the kernel
# tracer's files and group to ours, each case runs through ftracetest under
# bash, and the results are compared with tests/ftracetest/expected.txt.
#
# Prints the conformance table (case, result, expectation, reason), and
# fails when a case expected to pass does not (on Debian's kernel, which the
# list is for), when a case is missing from the list, or when ftracetest
# itself cannot run. Cases that pass although
# the list does not expect it are reported as NEWLY PASSING (update the list).
. /kpt/lib.sh
MODE=${1:?usage: run.sh seed|today}
SRC=/kpt/ksrc-ftrace
LIST=/kpt/ftracetest/expected.txt
# the kernel series whose cases and list these are (needs/ftracetest.sh)
SERIES=$(cat /kpt/ftracetest/series 2>/dev/null || echo 6.1)
LISTNAME=tests/ftracetest/expected.txt
[ "$SERIES" = 6.1 ] || LISTNAME=tests/ftracetest/expected-$SERIES.txt
[ -x /bin/bash ] || fail "no bash in the guest"
[ -f $SRC/ftracetest ] || fail "no ftracetest in the guest"
W=/tmp/ftracetest-$MODE
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
for f in $W/test.d/functions $W/test.d/kprobe/*.tc; do
	sed -i \
		-e "s#\.\./kprobes/list#/sys/kernel/debug/kprobes/list#g" \
		-e "s#kprobe_events#$KPT/kprobe_events#g" \
		-e "s#kprobe_profile#$KPT/kprobe_profile#g" \
		-e "s#\([^_a-z]\)error_log#\1$KPT/error_log#g" \
		-e "s#'trace_kprobe'#'kprobetrace.*'#g" \
		-e "s#events/kprobes/#events/kprobetrace/#g" \
		-e "s#\([:=]\)kprobes/#\1kprobetrace/#g" \
		-e "s# README\([ ;)]\|\$\)# $KPT/README\1#g" \
		"$f"
done
# Our stand-in for the trace-printk sample module (kprobe_module.tc).
mkdir -p /lib/modules/$(uname -r)
cp /kpt/ftracetest/trace-printk.ko /lib/modules/$(uname -r)/
depmod || fail "depmod"

# expectation CASE: "RESULT REASON..." for this mode from the list
expectation() {
	awk -v c="$1" -v m="$MODE" '
		/^#/ || NF < 3 { next }
		$1 == c { col = (m == "seed") ? 2 : 3; r = $0
			  for (i = 1; i <= 3; i++) sub(/^[^ \t]+[ \t]+/, "", r)
			  if (NF == 3) r = ""
			  print $col, r; exit }' $LIST
}

# One ftracetest run for all cases (each case costs ~4 s of ftracetest's own
# reset of every event's trigger and filter under TCG; one run per case
# would add its set-up and clean-up to each). Case N of its output is the
# Nth case given.
run=
for tc in $W/test.d/kprobe/*.tc; do
	c=$(basename $tc)
	exp=$(expectation $c)
	[ "${exp%% *}" = SKIP ] || run="$run test.d/kprobe/$c"
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

bad=0 newly=0 passed=0 other=0 total=0 n=0 differs=0
table=/tmp/ftracetest-$MODE.table
printf '%-28s %-12s %-12s %s\n' CASE RESULT EXPECTED REASON > $table
for tc in $W/test.d/kprobe/*.tc; do
	c=$(basename $tc)
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
			own=$(sed -n '/^+ \. .*test\.d\/kprobe\//,$p' $log/$n-$c-log.* 2>/dev/null | tail -n 30)
			[ -n "$own" ] || own=$(tail -n 30 $log/$n-$c-log.* 2>/dev/null)
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
done

echo
echo "ftracetest conformance, lifecycle=$MODE (linux-source-$SERIES tools/testing/selftests/ftrace, test.d/kprobe; list $LISTNAME):"
cat $table
echo "$total cases: $passed pass, $other skipped or not passing as listed, $newly newly passing, $bad unexpected"
[ $bad -eq 0 ] || fail "$bad case(s) did not do what $LISTNAME says"
[ $passed -gt 0 ] || fail "no case passed: ftracetest did not run (see above)"
[ $differs -eq 0 ] ||
	skip_part "$differs case(s) listed as passing did not pass on this kernel, which is not Debian's (the list is for Debian's)"
