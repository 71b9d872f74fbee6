# kprobetrace: clear errors with distinct exit codes, --help everywhere.
# timeout: 60
. /kpt/lib.sh
needs_debian_btf "kprobetrace add's name checks"

# expect CODE REGEX CMD...: exit status CODE and a message matching REGEX
expect() {
	code=$1 re=$2; shift 2
	"$@" > /tmp/out 2> /tmp/err; rc=$?
	cat /tmp/err
	[ $rc = $code ] || fail "$*: exit $rc, want $code"
	grep -Eq -- "$re" /tmp/err || fail "$*: no message /$re/"
}

expect 2 'usage: kprobetrace COMMAND' kprobetrace
expect 2 "unknown command 'bogus'" kprobetrace bogus
expect 2 'usage: kprobetrace add' kprobetrace add
expect 2 'bad event name' kprobetrace add -e 'a-b' do_sys_openat2
expect 3 "function 'do_sys_openat2x' is not in the kernel's BTF; similar: do_sys_openat2" \
	kprobetrace add 'do_sys_openat2x dfd'
expect 3 "no function|not in the kernel's BTF" kprobetrace add 'no_such_fn_at_all'
expect 4 "do_sys_openat2 has no parameter 'fd'; its parameters: dfd filename how$" \
	kprobetrace add 'do_sys_openat2 fd'
expect 4 "struct open_how has no member 'flag'; members: flags mode resolve$" \
	kprobetrace add 'do_sys_openat2 how->flag'
expect 5 "'dfd' is int, not a pointer" kprobetrace add 'do_sys_openat2 dfd->x'
expect 5 "'how' is a pointer \(struct open_how \*\): use '->flags'" \
	kprobetrace add 'do_sys_openat2 how.flags'
expect 5 "'how->flags' is (u64|__u64|long long unsigned int), not a struct or union" \
	kprobetrace add 'do_sys_openat2 how->flags.x'
expect 5 "pick a member" kprobetrace add 'vfs_read file->f_path'
expect 2 'only there in a return probe' kprobetrace add 'do_sys_openat2 $retval'
expect 2 'parameters are gone' kprobetrace add 'do_sys_openat2%return dfd'
expect 2 'only known at the function' kprobetrace add 'do_sys_openat2+5 dfd'
# Our test module has BTF where the headers let Kbuild make it (6.12's ship
# what it needs; 6.1's do not).
if [ -e /sys/kernel/btf/kprobetrace_test ]; then
	expect 4 "has no parameter 'x'; its parameters: a b c d e f" kprobetrace add 'kpt_test_six_args x'
else
	expect 3 'in module kprobetrace_test, which has no BTF' kprobetrace add 'kpt_test_six_args x'
fi
expect 6 'refused the definition' kprobetrace add 'do_sys_openat2+1'
assert_file_has /tmp/err 'error_log says' "error_log shown"
assert_file_has /tmp/err 'not on an instruction boundary' "error_log's reason"
assert_file_has /tmp/err 'Command: p:do_sys_openat2_1 do_sys_openat2\+1' "error_log entry shown"
expect 3 'refused the definition: No such file' kprobetrace add -e x 'kpt_no_such_symbol %ax'
expect 2 'bad definition' kprobetrace add 'do_sys_openat2 %nosuchreg'
expect 8 "no event 'nosuch'" kprobetrace del nosuch
expect 8 "no event 'nosuch'" kprobetrace disable nosuch
expect 3 "no function 'nosuch_fn'" kprobetrace where nosuch_fn
expect 7 'is kprobetrace.ko loaded' env KPT_DIR=/nonexistent kprobetrace profile
# nothing was left behind
assert_eq "$(cat $KPT/kprobe_events)" "" "no probe added by a failed add"

# --help of every subcommand (and `help CMD`) exits 0 with its usage
for c in add list del enable disable clear profile trace where; do
	kprobetrace $c --help > /tmp/h || fail "$c --help exit status"
	grep -q "^usage: kprobetrace $c" /tmp/h || { cat /tmp/h; fail "$c --help text"; }
	kprobetrace help $c | cmp - /tmp/h || fail "help $c"
done
kprobetrace --help | grep -q '^exit codes:' || fail "top-level help"
exit 0
