# Lockdown, as a Secure Boot boot of Debian's kernel has it: the modules
# are loaded (signed, on such a machine; here before the lockdown, which
# then refuses unsigned ones), then the lockdown LSM is raised to
# "integrity" (Secure Boot's level), where a whole session through the
# command works, and then to "confidentiality", where every new definition
# but an e: line that reads its event's fields only is refused by the
# write() that carries it (EPERM and the reason in error_log), nothing of
# such a write is applied, removal still works, and
# the memory fetches of probes defined before record the fault value
# instead of kernel memory.  The test locks the kernel for the rest of the
# boot, so it must run last (its name; repeated, each run gets a boot that
# it ends, "# boot: last"); the rig's unload afterwards still works.
# boot: last
# matrix: core
# timeout: 150
. /kpt/lib.sh

L=/sys/kernel/security/lockdown
[ -w $L ] || skip "no lockdown LSM on this kernel ($L)"
cat $L
last=$(tail -n 1 /kpt/run-list)
[ "$last" = "${KPT_RUN:-zz-tracer-lockdown}" ] ||
	skip "runs only as the last test of a boot (last is $last)"
grep -q '\[none\]' $L || skip "the kernel is locked down already: $(cat $L)"

E=$KPT/kprobe_events
CALL=/proc/kprobetrace_test/call
DELAY=/proc/kprobetrace_test/delay
KO=/kpt/kprobetrace_dwarf.ko
FAULT=0xfffffffffffffff2
[ -f $KO ] || fail "kprobetrace_dwarf.ko not in the initramfs (make test-modules)"
insmod $KO || fail "insmod kprobetrace_dwarf"
call() { echo "$1 $2" > $CALL || fail "call $*"; }

echo "== integrity: what a Secure Boot boot brings"
echo integrity > $L || fail "raising lockdown to integrity"
cat $L
grep -q '\[integrity\]' $L || fail "not at integrity"
# the level is real: debugfs refuses its writable files now
got=$(kpt-write /sys/kernel/debug/kprobetrace_test/call 'six_args 1\n')
assert_eq "$got" "open: EPERM" "debugfs under integrity"

# a whole session through the command: define by name, trace, latency,
# errors, lines/vars/add from a module's DWARF
if [ -e /sys/kernel/btf/vmlinux ]; then
	kprobetrace add -e lkopen 'do_sys_openat2 dfd filename:ustring' || fail "add by name"
	trace_bg /tmp/t1 -t 30 lkopen
	cat /kpt/lib.sh > /dev/null
	n=0
	until grep -q 'filename="/kpt/lib.sh"' /tmp/t1; do
		sleep 0.1; n=$((n + 1))
		[ $n -lt 100 ] || break
	done
	kill -INT $tpid; wait $tpid
	grep 'filename="/kpt/lib.sh"' /tmp/t1
	assert_file_has /tmp/t1 ' lkopen: do_sys_openat2\+0x[0-9a-f]+ dfd=-100 filename="/kpt/lib.sh"' "traced by name"
else
	skip_part "no BTF: add by name"
fi
kprobetrace add -e lkax 'kpt_test_ret %ax' > /dev/null || fail "add at an address"
kprobetrace list | grep -q lkax || fail "list"

# measure OUT CALL ARGS...: `kprobetrace ARGS` while CALL is written to
# the test module's delay file, ended by Ctrl-C; its output in OUT
measure() {
	_o=$1 _c=$2; shift 2
	kprobetrace "$@" > $_o 2> $_o.err &
	_p=$! _n=0
	until grep -qE 'measuring|counting' $_o.err; do
		sleep 0.1; _n=$((_n + 1))
		[ $_n -lt 150 ] || { cat $_o.err; fail "$1 did not start"; }
	done
	echo "$_c" > $DELAY || fail "$_c"
	kill -INT $_p; wait $_p; _rc=$?
	cat $_o $_o.err
	assert_eq $_rc 0 "$1 exit status"
}

measure /tmp/lat "delay 65536 6" latency -d 30 -u kpt_test_delay
assert_file_has /tmp/lat '^count 6 ' "latency: 6 calls"
measure /tmp/err "errno 0 10" errors -d 30 --ret s32 kpt_test_errno
assert_file_has /tmp/err '^kpt_test_errno +[-0-9]+ +10 +6 +60\.0% ' "10 returns, 6 failures"
assert_file_has /tmp/err '^  -ENOMEM +3 +30\.0%$' "-ENOMEM 3"
assert_file_has /tmp/err '^  -EINVAL +3 +30\.0%$' "-EINVAL 3"

kprobetrace lines --debuginfo $KO kpt_dwarf_stack > /tmp/lines || fail "lines"
grep -Eq '^ +54  kpt_dwarf_stack\+0x[0-9a-f]+' /tmp/lines || { cat /tmp/lines; fail "lines: line 54"; }
kprobetrace vars --debuginfo $KO kpt_dwarf_stack:4 > /tmp/vars || fail "vars"
grep -Eq 'local +int onstack +[+-][0-9]+\(%sp\)$' /tmp/vars || { cat /tmp/vars; fail "vars: onstack"; }
kprobetrace add --debuginfo $KO -e lkdw 'kpt_dwarf_stack:5 onstack' || fail "add a line probe"
trace_bg /tmp/t2 -n 1 -t 20 lkdw
echo "stack 5" > /proc/kprobetrace_dwarf_call || fail "call stack"
wait $tpid
cat /tmp/t2
assert_file_has /tmp/t2 ' lkdw: kpt_dwarf_stack\+0x[0-9a-f]+ onstack=15$' "a local at a line"
# an f: set over 16 functions, aggregated in the module
echo 'f:lk/set kpt_test_m0*,kpt_test_m1*:exit $duration' >> $E || fail "an f: set"
echo 0 > $TRACEFS/events/lk/set/enable
echo lk/set > $KPT/aggregate || fail "aggregating"
echo "members 0 40" > $DELAY || fail "members"
grep '^lk/set count ' $KPT/latency
grep -q '^lk/set count 40 ' $KPT/latency || fail "lk/set: 40 calls aggregated"
echo '!lk/set' > $KPT/aggregate || fail "disarming"
kprobetrace clear || fail "clear"

# The probes whose memory fetches the confidentiality part checks.
# Today's types: a string read through memory faults too; $comm and an
# immediate string are no memory fetch.
echo > $TRACEFS/trace
echo 'p:lk kpt_test_six_args a0 @kpt_test_data +8(@kpt_test_data)' > $E || fail "defining"
echo 'p:lks kpt_test_string s=+0(%di):string c=$comm l=\"lit" v=+0(%di):u8' >> $E || fail "defining lks"
echo 'p:lkret kpt_test_ret' >> $E || fail "defining lkret"
echo 0 > $TRACEFS/events/kprobetrace/lkret/enable
# a consuming reader opened now: the kernel's trace files refuse to open
# under confidentiality (as /proc/kcore does)
exec 3< $TRACEFS/trace_pipe
call six_args 1
call string 1

echo "== confidentiality"
echo confidentiality > $L || fail "raising lockdown to confidentiality"
cat $L
call six_args 1
call string 1
echo > $KPT/error_log
before=$(cat $E)
# every new definition is refused by its write(), with the reason
for d in 'p:lk2 kpt_test_ret' 'r:lk3 kpt_test_ret' 'f:lk4 kpt_test_ret' \
	'p:lk5 kpt_test_ret +0(%di):u8' 't:lk8 sched_switch' \
	'w:lk9 rw@kpt_test_data:8'; do
	assert_eq "$(kpt-write -a $E "$d\n")" "write: EPERM" "'$d' under confidentiality"
done
assert_file_has $KPT/error_log 'the kernel is locked down \(confidentiality\): no new probes' "error_log names lockdown"
# a write that deletes and defines: refused whole, nothing deleted
assert_eq "$(kpt-write -a $E '-:lkret\np:lk6 kpt_test_ret\n')" "write: EPERM" "a mixed write"
assert_eq "$(cat $E)" "$before" "nothing of the refused writes applied"
# an e: line reads its event's record, no kernel memory: taken (with a
# filter, which reads the record too), and recorded; one with a memory
# reference is refused
assert_eq "$(kpt-write -a $E 'e:lke/esw sched.sched_switch +0($prev_pid):u8\n')" \
	"write: EPERM" "an e: line reading memory"
assert_file_has $KPT/error_log "an e: line may read its event's fields, not memory" "e: error_log"
echo 'e:lke/esw sched.sched_switch p=$prev_pid:s32 c=$next_comm:string if next_pid == 0 || comm ~ "s*"' >> $E ||
	{ cat $KPT/error_log; fail "an e: line under confidentiality"; }
sleep 0.1
echo '-:lke/esw' >> $E || fail "-:lke/esw"
# the command says why, with its exit code for a refusal
kprobetrace add -e lk7 'kpt_test_ret %ax' 2> /tmp/add.err; rc=$?
cat /tmp/add.err
assert_eq $rc 6 "add under confidentiality: refused by the module"
assert_file_has /tmp/add.err 'locked down \(confidentiality\)' "the command names lockdown"
# removal still works
echo '-:lkret' >> $E || fail "deleting under confidentiality"
grep -q lkret $E && fail "lkret still listed"
# the kernel's own trace file and /proc/kcore refuse to open now
cat $TRACEFS/trace > /dev/null 2>&1 && fail "the kernel's trace file opened under confidentiality"
kprobetrace where kpt_test_ret > /dev/null 2>&1 && fail "where read kernel text under confidentiality"
# kprobe_profile (hit counts, no memory) stays readable
cat $KPT/kprobe_profile
assert_file_has $KPT/kprobe_profile '^  lk +2 +0$' "two hits"

timeout 3 cat <&3 > /tmp/pipe
exec 3<&-
n=$(grep -c 'kpt_test_six_args+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]: 0x11 0x123456789abcdef 0x[0-9a-f]*$' /tmp/pipe)
assert_eq "$n" 1 "memory read before the lockdown"
n=$(grep -c "kpt_test_six_args+$E0/0x[0-9a-f]* \[kprobetrace_test\]: 0x11 $FAULT $FAULT\$" /tmp/pipe)
assert_eq "$n" 1 "memory refused after the lockdown"
n=$(grep -c ' lks: (kpt_test_string+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]) s="kprobetrace" c="sh" l="lit" v=107$' /tmp/pipe)
assert_eq "$n" 1 "typed: string read before the lockdown"
n=$(grep -c ' lks: (kpt_test_string+'"$E0"'/0x[0-9a-f]* \[kprobetrace_test\]) s=(fault) c="sh" l="lit" v=242$' /tmp/pipe)
assert_eq "$n" 1 "typed: string refused after the lockdown"
grep -q ' esw: (sched\.sched_switch) p=[0-9]* c="[^"]*"$' /tmp/pipe ||
	{ grep esw /tmp/pipe | head; fail "e: records under confidentiality"; }
echo > $E
rmmod kprobetrace_dwarf || fail "rmmod kprobetrace_dwarf under lockdown"
echo "lockdown OK"
