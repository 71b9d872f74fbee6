# Sourced by every guest test (as /kpt/lib.sh). Busybox sh.
# shellcheck shell=sh

KPT=/sys/kernel/debug/kprobetrace
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

# needs_debian_btf WHAT: the test needs the kernel's BTF (and, for module
# BTF, Debian's modules). Debian's kernel must have it; on another kernel
# (make check-debug's, which has neither) the test is not applicable and
# passes after saying so.
needs_debian_btf() {
	[ -e /sys/kernel/btf/vmlinux ] && return 0
	case "$(uname -v)" in
	*Debian*) fail "Debian's kernel without /sys/kernel/btf/vmlinux" ;;
	esac
	echo "not applicable: this kernel has no BTF, which $1 needs ($(uname -r))"
	exit 0
}

# kasan_kernel: true on a KASAN kernel (make check-debug's). kallsyms, not
# dmesg: after many tests the boot messages may have left the log buffer.
kasan_kernel() {
	grep -q ' __asan_load8$' /proc/kallsyms
}

# kpt_entry_off [FUNC]: where the kernel's own tracer puts an entry probe
# on FUNC (default kpt_test_six_args), as an offset: 0x0, or 0x4 on IBT
# kernels (6.12), where functions begin with an endbr64 and register_kprobe()
# moves SYM+0 after it (module/compat/kpt_ibt.h). Read from the kernel's
# kprobes list after defining a kernel kprobe event there for a moment.
kpt_entry_off() {
	_f=${1:-kpt_test_six_args} _ev=$TRACEFS/kprobe_events
	if [ -w $_ev ] && echo "p:kpt_entry_off/e $_f" >> $_ev 2>/dev/null; then
		_o=$(sed -n "s/.* $_f+\(0x[0-9a-f]*\) .*/\1/p" /sys/kernel/debug/kprobes/list | head -n 1)
		echo "-:kpt_entry_off/e" >> $_ev
	fi
	echo "${_o:-0x0}"
}

# E0: the entry offset that records of entry probes on the test module's
# (and the kernel's) functions print: FUNC+$E0/SIZE.
if [ -z "${E0:-}" ] && grep -q '^kprobetrace_test ' /proc/modules 2>/dev/null; then
	E0=$(kpt_entry_off)
fi
E0=${E0:-0x0}
