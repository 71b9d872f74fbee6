# Sourced by every guest test (as /kpt/lib.sh). Busybox sh.
# shellcheck shell=sh

KPT=/sys/kernel/tracing/kprobetrace
KPT_TEST=/sys/kernel/debug/kprobetrace_test
TRACEFS=/sys/kernel/tracing

fail() {
	echo "FAIL: $*"
	exit 1
}

# assert_eq GOT WANT WHAT
assert_eq() {
	[ "$1" = "$2" ] || fail "$3: got '$1', want '$2'"
}

# assert_match TEXT EXTENDED-REGEX WHAT
assert_match() {
	printf '%s\n' "$1" | grep -Eq -- "$2" || fail "$3: '$1' does not match /$2/"
}

# assert_file_has FILE EXTENDED-REGEX WHAT
assert_file_has() {
	grep -Eq -- "$2" "$1" || { echo "--- $1:"; cat "$1"; fail "$3: no line matches /$2/"; }
}

# skip REASON: the test cannot apply on this kernel (a feature it has not,
# a tool that is missing): it ends here and the rig reports it as SKIP with
# REASON, never as PASS. The rig still fails it on a bad kernel log or when
# the modules do not unload.
KPT_SKIP_EXIT=77
skip() {
	echo "SKIP: $*"
	echo "$*" > /run/kpt-skip
	exit $KPT_SKIP_EXIT
}

# skip_part REASON: one part of the test cannot apply; the test goes on,
# and if the rest passes the rig reports it as SKIP (not PASS) with REASON.
skip_part() {
	echo "SKIP (part): $*"
	echo "$*" >> /run/kpt-skip-parts
}

# needs_debian_btf WHAT: the test needs the kernel's BTF (and, for module
# BTF, Debian's modules). Debian's kernel must have it; on another kernel
# (make check-debug's, which has neither) the test is skipped.
needs_debian_btf() {
	[ -e /sys/kernel/btf/vmlinux ] && return 0
	case "$(uname -v)" in
	*Debian*) fail "Debian's kernel without /sys/kernel/btf/vmlinux" ;;
	esac
	skip "this kernel has no BTF, which $1 needs ($(uname -r))"
}

# kasan_kernel: true on a KASAN kernel (make check-debug's). kallsyms, not
# dmesg: after many tests the boot messages may have left the log buffer.
kasan_kernel() {
	grep -q ' __asan_load8$' /proc/kallsyms
}

# rec_base FORMAT-FILE: the offset of an event's first own field, computed
# from the common fields its format file lists (where the last one ends,
# rounded up to an unsigned long, as a C struct placing an unsigned long
# after struct trace_entry does): 8 on most kernels, 16 on 6.1 PREEMPT_RT
# (common_preempt_lazy_count). Tests give offsets relative to it, so that
# they hold on every kernel and fail when a format file and the records
# disagree with the kernel's own layout.
rec_base() {
	_end=0
	for _os in $(sed -n 's/.*field:.* common_[a-z_]*;[[:space:]]*offset:\([0-9]*\);[[:space:]]*size:\([0-9]*\);.*/\1+\2/p' "$1"); do
		[ $((_os)) -gt $_end ] && _end=$((_os))
	done
	[ $_end -gt 0 ] || fail "$1: no common fields"
	echo $(((_end + 7) / 8 * 8))
}

# field EV TYPE NAME OFFSET SIZE SIGNED: event EV of the folder $D (set by
# the test, e.g. $TRACEFS/events/kprobetrace) has the field TYPE NAME at
# OFFSET, counted from its first own field (rec_base), of SIZE and SIGNED.
field() {
	_o=$(($(rec_base $D/$1/format) + $4))
	grep -qxF "	field:$2 $3;	offset:$_o;	size:$5;	signed:$6;" $D/$1/format ||
		{ cat $D/$1/format; fail "$1: no field '$2 $3' at $_o size $5 signed $6"; }
}

# beside OURS KERNEL NORM: on every CPU, each record of our event OURS
# (its arguments, what follows "OURS: (...) ") must equal norm() of the
# kernel's record of event KERNEL on the line before or after it (both
# come from one call of the same tracepoint); a record with neither
# (the edges of the window both were enabled in) is left out.  NORM is
# the text of an awk function norm(l, ours): l is the kernel's whole line
# (ours 0) or our record's arguments (ours 1), made comparable.
# Fails at the first difference; prints how many records matched.
beside() {
	_ok=0
	for _f in $TRACEFS/per_cpu/cpu*/trace; do
		_r=$(awk -v O=" $1: (" -v K=" $2: " "$3"'
		index($0, O) {
			s = substr($0, index($0, O) + length(O))
			o[NR] = norm(substr(s, index(s, ") ") + 2), 1); next
		}
		index($0, K) { k[NR] = norm($0, 0) }
		END {
			for (i in o) {
				if (!(i - 1 in k) && !(i + 1 in k))
					continue
				if (o[i] != k[i - 1] && o[i] != k[i + 1]) {
					print "BAD " o[i] " | " k[i - 1] " | " k[i + 1]; exit
				}
				good++
			}
			print "good " good + 0
		}' $_f)
		case "$_r" in BAD*) tail -n 20 $_f; fail "$_r" ;; esac
		_ok=$((_ok + ${_r#good }))
	done
	[ $_ok -gt 4 ] || { tail -n 20 $T; fail "only $_ok records of $1 matched the kernel's $2"; }
	echo "$1: $_ok records as the kernel's $2"
}

# beside_all EV KEV: on each CPU, as many of the kernel's KEV records as
# of our EV records from our first to our last, with the kernel's record
# beside our last (after it) or our first (before it): none dropped where
# the kernel kept one (both filtered alike).
beside_all() {
	for _f in $TRACEFS/per_cpu/cpu*/trace; do
		_r=$(awk -v O=" $1: (" -v K=" $2: " '
		index($0, O) { if (!first) first = NR; last = NR; o++; next }
		index($0, K) { k[NR] = 1 }
		END {
			if (!o)
				exit
			if (first + 1 in k)
				last++
			else
				first--
			for (i = first; i <= last; i++)
				n += (i in k)
			print n != o ? "BAD ours " o ", the kernel " n : "ok"
		}' $_f)
		case "$_r" in BAD*) tail -n 20 $_f; fail "$1 beside $2 on $_f: $_r" ;; esac
	done
}

# vals EV: the values of EV's last record in the trace file $T (what
# follows "EV: (...) ").
vals() { grep " $1: (" $T | tail -n 1 | sed 's/^[^)]*) //'; }

# define LINE: kprobe_events takes LINE (appended), else the test fails
# with the error log.
define() {
	echo "$1" >> $KPT/kprobe_events || { cat $KPT/error_log; fail "refused: $1"; }
}

# fmt_has EVENT-DIR FIELD-TYPE NAME: the event's format has that field.
fmt_has() {
	grep -q "field:$2 $3;" $1/format ||
		{ cat $1/format; fail "$1: no field '$2 $3'"; }
}

# hits EV, misses EV: EV's columns in kprobe_profile.
hits() { awk -v e="$1" '$1 == e { print $2 }' $KPT/kprobe_profile; }
misses() { awk -v e="$1" '$1 == e { print $3 }' $KPT/kprobe_profile; }

# rbsum COUNTER: the sum over the CPUs of a ring-buffer counter ("entries",
# "dropped events", ... of per_cpu/cpu*/stats).
rbsum() {
	cat $TRACEFS/per_cpu/cpu*/stats |
		awk -v k="$1" 'index($0, k ":") == 1 { s += $NF } END { print s + 0 }'
}

# armed_any: how many functions ftrace has armed (enabled_functions' lines;
# nothing but the test arms functions in a guest).
EF=/sys/kernel/debug/tracing/enabled_functions
[ -r $EF ] || EF=$TRACEFS/enabled_functions
armed_any() { grep -c . $EF; }

# trace_printer STOP [COUNT]: print the trace's first lines every 0.2 s
# until the file STOP exists, then write the number of prints to COUNT.
# Reading `trace` pauses recording while it is open (pause-on-trace); a
# consuming reader (trace_pipe) racing sustained writers loses records and
# can make the kernel warn in rb_get_reader_page() (tests/kernel/rb-reader).
trace_printer() {
	_np=0
	while [ ! -e "$1" ]; do
		head -n 100 $TRACEFS/trace > /dev/null
		_np=$((_np + 1))
		sleep 0.2
	done
	[ -z "${2:-}" ] || echo $_np > "$2"
}

# trace_bg OUT ARGS...: `kprobetrace trace ARGS` in the background, its
# output in OUT (stderr in OUT.err), once it says it is tracing; its pid in
# $tpid.
trace_bg() {
	_tb=$1; shift
	# an OUT.err of an earlier run (another test's, or this test's in a
	# repeated run) says "tracing" already: the background command opens
	# its own only once it runs, after the wait below may have begun
	rm -f $_tb $_tb.err
	kprobetrace trace "$@" > $_tb 2> $_tb.err &
	tpid=$! _n=0
	# its own line, printed once the backlog is dropped (a path in an
	# earlier message may say "tracing" too)
	until grep -q '^kprobetrace: tracing ' $_tb.err; do
		sleep 0.1; _n=$((_n + 1))
		[ $_n -lt 150 ] || { cat $_tb.err; fail "trace did not start"; }
	done
	cat $_tb.err	# into the test's log: what it said before it began
}

# tc_record OUT CMD OPTIONS...: `trace-cmd record OPTIONS sh -c CMD`, its
# output in OUT (printed, with the ring buffer's per-CPU stats trace-cmd
# reads at the end), the command started once trace-cmd's recorders are
# ready.  trace-cmd (3.1.6, and upstream still) forks one recorder per CPU
# and then the command, and stops the recorders with SIGUSR1 when the
# command exits; a recorder that signal reaches before it has set itself up
# (create_recorder(): finish() finds no recorder yet, and the read loop is
# then never entered) exits without saving a byte of its CPU's buffer.  A
# command as short as a test's can end that early on a busy host, leaving a
# trace with no records at all.  So the command first waits until every
# recorder sits in its read loop: blocked in select(2) with its CPU's
# trace_pipe_raw open.
tc_record() {
	_to=$1 _tc=$2; shift 2
	trace-cmd record "$@" sh -c ". /kpt/lib.sh; tc_wait_recorders; $_tc" \
		> $_to 2>&1 || { cat $_to; fail "trace-cmd record $*"; }
	cat $_to
}

# tc_wait_recorders: run by the command trace-cmd record started (its
# parent is trace-cmd): wait (at most 15 s, then say so) until as many of
# trace-cmd's children as there are CPUs block in select(2) or pselect6(2)
# (x86-64 syscalls 23 and 270) with a trace_pipe_raw open.
tc_wait_recorders() {
	_ncpu=$(grep -c '^processor' /proc/cpuinfo) _n=0
	while :; do
		_ready=0
		for _p in /proc/[0-9]*; do
			[ "$(awk '{ print $4 }' $_p/stat 2>/dev/null)" = "$PPID" ] ||
				continue
			case $(cut -d' ' -f1 $_p/syscall 2>/dev/null) in
			23|270) ;;
			*) continue ;;
			esac
			ls -l $_p/fd 2>/dev/null | grep -q trace_pipe_raw &&
				_ready=$((_ready + 1))
		done
		[ $_ready -lt $_ncpu ] || return 0
		_n=$((_n + 1))
		[ $_n -lt 1500 ] ||
			{ echo "tc_wait_recorders: $_ready of $_ncpu recorders ready after 15 s" >&2; return 0; }
		sleep 0.01
	done
}

# kpt_entry_off [FUNC]: where the kernel's own tracer puts an entry probe
# on FUNC (default kpt_test_six_args), as an offset: 0x0, or 0x4 on IBT
# kernels (6.12), where functions begin with an endbr64 and register_kprobe()
# moves SYM+0 after it (module/compat/kpt_ibt.h). Read from the kernel's
# kprobes list after defining a kernel kprobe event there for a moment.
kpt_entry_off() {
	_o=$(kpt_entry_off_measured "$@")
	echo "${_o:-0x0}"
}

# kpt_entry_off_measured [FUNC]: the same, or nothing when the kernel's
# kprobe_events took no definition
kpt_entry_off_measured() {
	_f=${1:-kpt_test_six_args} _ev=$TRACEFS/kprobe_events _o=
	if [ -w $_ev ] && echo "p:kpt_entry_off/e $_f" >> $_ev 2>/dev/null; then
		_o=$(sed -n "s/.* $_f+\(0x[0-9a-f]*\) .*/\1/p" /sys/kernel/debug/kprobes/list | head -n 1)
		echo "-:kpt_entry_off/e" >> $_ev
	fi
	echo "$_o"
}

# E0: the entry offset that records of entry probes on the test module's
# (and the kernel's) functions print: FUNC+$E0/SIZE. The kernel and the
# test module's build decide it, not where the module loads: measured by
# the first test of a boot that has the test module loaded, and kept in
# /run/kpt-e0 for the others (the kernel kprobe defined and deleted for it
# took 1.5 to 3 s under TCG, in every test).
if [ -z "${E0:-}" ] && grep -q '^kprobetrace_test ' /proc/modules 2>/dev/null; then
	E0=$(cat /run/kpt-e0 2>/dev/null)
	if [ -z "$E0" ]; then
		E0=$(kpt_entry_off_measured)
		[ -z "$E0" ] || echo "$E0" 2>/dev/null > /run/kpt-e0
	fi
fi
E0=${E0:-0x0}
