# f: function events (lifecycle=seed: live at once): entry through an
# ftrace_ops, exit through the same ftrace_ops hooking the return with a
# rethook node; one function and sets (globs, lists
# with '!'); exact counts, the hit function in each record, the listing,
# kprobe_profile, refused members, bad input (errno + error_log, state
# unchanged), and nothing of ours left in enabled_functions.
# timeout: 300
. /kpt/lib.sh
# where each function's entry records say they hit (+0x4 after an IBT
# kernel's endbr64): read now, since defining the kernel's probe that
# tells it would empty the trace later
O_kpt_test_obj_walk=$(kpt_entry_off kpt_test_obj_walk)
O_kpt_test_ret=$(kpt_entry_off kpt_test_ret)
O_kpt_test_six_args=$(kpt_entry_off kpt_test_six_args)
O_vfs_read=$(kpt_entry_off vfs_read)

E=$KPT/kprobe_events
P=$KPT/kprobe_profile
LOG=$KPT/error_log
T=$TRACEFS/trace

echo "== one function, entry and exit, with arguments"
echo > $T
echo 'f:fe kpt_test_six_args $arg1 $arg2 s=$stack0:x64 c=$comm' > $E ||
	{ cat $LOG; fail "f: entry"; }
echo 'f:fx kpt_test_six_args%return $retval' >> $E ||
	{ cat $LOG; fail "f: exit"; }
cat $E
assert_file_has $E '^f:fprobes/fe kpt_test_six_args arg1=\$arg1 arg2=\$arg2 s=\$stack0:x64 c=\$comm$' "entry listing"
assert_file_has $E '^f:fprobes/fx kpt_test_six_args%return arg1=\$retval$' "exit listing"
[ -d $TRACEFS/events/fprobes/fe ] || fail "events/fprobes/fe"
[ "$(armed_any)" -ge 1 ] || { cat $EF; fail "fe is not in enabled_functions"; }
echo "six_args 7" > $KPT_TEST/call
cat $P
assert_eq "$(hits fe)" 7 "entry hits"
assert_eq "$(hits fx)" 7 "exit hits"
assert_eq "$(misses fe)" 0 "entry misses"
assert_eq "$(misses fx)" 0 "exit misses"
head -3 $T
assert_eq "$(grep -c 'fe: (kpt_test_six_args+'"$O_kpt_test_six_args"'/0x[0-9a-f]* \[kprobetrace_test\]) arg1=0x11 arg2=0x22 s=0xffff[0-9a-f]* c="sh"$' $T)" 7 "entry records"
# 0x11 + ... + 0x66 = 0x165
# (typed from the module's BTF where it has one: long, in decimal)
assert_eq "$(grep -Ec 'fx: \(.* <- kpt_test_six_args\) arg1=(0x165|357)$' $T)" 7 "exit records"
# the stack slot 0 is the return address into the caller
grep -m1 'fe: ' $T | grep -q 's=0xffff' || fail "stack0"

echo "== deletion, then nothing of ours armed"
echo '-:fe' >> $E || fail "-:fe"
echo '-:fprobes/fx' >> $E || fail "-:fprobes/fx"
[ -s $E ] && { cat $E; fail "events left"; }
[ -d $TRACEFS/events/fprobes/fe ] && fail "events/fprobes/fe left"
assert_eq "$(armed_any)" 0 "enabled_functions after removal"

echo "== no register saved beyond ftrace_caller's for \$argN; registers refused"
# ftrace_caller saves the argument registers, %ax, %bp, %sp and the ip:
# $argN needs no more (no R flag in enabled_functions); f: events read
# no registers by name, as the kernel's (BAD_VAR)
echo > $T
echo 'f:fa kpt_test_six_args $arg1 $arg6' > $E || { cat $LOG; fail "f:fa"; }
cat $EF
grep '^kpt_test_six_args' $EF | grep -q ') R' && fail "f:fa: every register saved for \$argN"
echo "six_args 2" > $KPT_TEST/call
grep -m1 'fa: ' $T
assert_eq "$(grep -c 'fa: (kpt_test_six_args+'"$O_kpt_test_six_args"'/0x[0-9a-f]* \[kprobetrace_test\]) arg1=0x11 arg2=0x66$' $T)" 2 "records with ftrace_caller's registers"
echo 'f:fb kpt_test_six_args b=%bx' >> $E 2> /dev/null && fail "f:fb: a register accepted"
tail -n 3 $LOG | head -n 1 | grep -q 'Invalid \$-variable' || { tail -n 3 $LOG; fail "f:fb: not BAD_VAR"; }
echo '-:fa' >> $E || fail "-:fa"
assert_eq "$(armed_any)" 0 "enabled_functions after removal"

echo "== a list with '!': each record names its function"
echo > $T
echo 'f:grp/lst kpt_test_six_args,kpt_test_ret,kpt_test_obj_walk,!kpt_test_ret a=$arg1' > $E ||
	{ cat $LOG; fail "list"; }
cat $E
assert_file_has $E '^f:grp/lst kpt_test_six_args,kpt_test_ret,kpt_test_obj_walk,!kpt_test_ret a=\$arg1 # 2 functions$' "list listing"
cat $KPT/fprobe_functions
assert_eq "$(grep -c '^grp/lst ' $KPT/fprobe_functions)" 2 "fprobe_functions: two members"
assert_file_has $KPT/fprobe_functions '^grp/lst kpt_test_obj_walk \[kprobetrace_test\]$' "fprobe_functions: a member"
echo 'hist:keys=__probe_ip.sym' > $TRACEFS/events/grp/lst/trigger || fail "hist trigger"
echo "six_args 3" > $KPT_TEST/call
echo "ret 5" > $KPT_TEST/call
echo "obj_walk 2" > $KPT_TEST/call
assert_eq "$(hits lst)" 5 "list hits"
cat $TRACEFS/events/grp/lst/hist
assert_file_has $TRACEFS/events/grp/lst/hist 'kpt_test_six_args.*hitcount: *3$' "hits per function (hist)"
assert_file_has $TRACEFS/events/grp/lst/hist 'kpt_test_obj_walk.*hitcount: *2$' "hits per function (hist) 2"
echo '!hist:keys=__probe_ip.sym' > $TRACEFS/events/grp/lst/trigger
assert_eq "$(grep -c 'lst: (kpt_test_six_args+'"$O_kpt_test_six_args"'/' $T)" 3 "six_args records"
assert_eq "$(grep -c 'lst: (kpt_test_obj_walk+'"$O_kpt_test_obj_walk"'/' $T)" 2 "obj_walk records"
assert_eq "$(grep -c 'lst: (kpt_test_ret+'"$O_kpt_test_ret"'/' $T)" 0 "excluded records"
grep -q '__probe_ip' $TRACEFS/events/grp/lst/format || fail "__probe_ip field"

echo "== the exit form of a set (:exit)"
echo > $T
echo 'f:grp/lx kpt_test_s*,kpt_test_ret:exit r=$retval' >> $E ||
	{ cat $LOG; fail "list exit"; }
grep lx $E
echo "ret 4" > $KPT_TEST/call
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(grep -c 'lx: (.* <- kpt_test_ret) r=0x1234abcd$' $T)" 4 "ret exits"
assert_eq "$(grep -c 'lx: (.* <- kpt_test_six_args) r=0x165$' $T)" 2 "six_args exits"
echo > $E || fail "clearing"
assert_eq "$(armed_any)" 0 "enabled_functions after clearing"

echo "== a glob over vfs_* traces a read"
echo > $T
u0=$(cat $KPT/fprobe_ftrace_updates)
echo 'f:vfs/all vfs_*' > $E || { cat $LOG; fail "vfs_*"; }
u1=$(cat $KPT/fprobe_ftrace_updates)
assert_eq "$((u1 - u0))" 1 "one ftrace update to define (and arm) vfs_*"
cat $E
n=$(sed -n 's/^f:vfs\/all vfs_\* # \([0-9]*\) functions$/\1/p' $E)
echo "vfs_* functions: $n"
[ -n "$n" ] && [ "$n" -ge 20 ] || fail "vfs_* matched too few functions"
# the members are the traceable vfs_ functions, each once (none is
# blacklisted or the module's own): as many as available_filter_functions
# lists, whose names are those kallsyms gives their addresses
want=$(grep -c '^vfs_[^ ]*$' $TRACEFS/available_filter_functions)
echo "available_filter_functions vfs_*: $want"
assert_eq "$n" "$want" "vfs_* members: every traceable vfs_ function"
assert_eq "$(armed_any)" "$n" "one ftrace record per member"
assert_eq "$(grep -c '^vfs/all vfs_' $KPT/fprobe_functions)" "$n" "fprobe_functions lists every member"
cat /proc/version > /dev/null
# reading the trace reads (vfs_read): stop recording first, or it never ends
echo 0 > $TRACEFS/tracing_on
[ "$(grep -c 'all: (vfs_read+'"$O_vfs_read"'/' $T)" -ge 1 ] || { head $T; fail "no vfs_read record"; }
echo 1 > $TRACEFS/tracing_on
[ "$(hits all)" -ge 1 ] || fail "no hits"
echo '-:vfs/all' >> $E || fail "-:vfs/all"
u2=$(cat $KPT/fprobe_ftrace_updates)
assert_eq "$((u2 - u1))" 1 "one ftrace update to remove it"
assert_eq "$(armed_any)" 0 "enabled_functions after -:vfs/all"

echo "== refused: our own functions, the kprobe blacklist, notrace"
kpt-write -t $LOG "" > /dev/null
assert_eq "$(kpt-write -a $E 'f:own kpt_ftrace_handler')" "write: EINVAL" "own function"
assert_file_has $LOG 'kprobetrace cannot probe itself' "own: error_log"
AFF=$TRACEFS/available_filter_functions
BL=/sys/kernel/debug/kprobes/blacklist
bl=$(awk 'FNR == NR { t[$1] = 1; next } ($2 in t) && !/\[/ { print $2; exit }' $AFF $BL)
echo "blacklisted and traceable: $bl"
if [ -n "$bl" ]; then
	kpt-write -t $LOG "" > /dev/null
	assert_eq "$(kpt-write -a $E "f:bl $bl")" "write: EINVAL" "blacklisted"
	assert_file_has $LOG 'is blacklisted for kprobes' "blacklisted: error_log"
	kpt-write -t $LOG "" > /dev/null
	assert_eq "$(kpt-write -a $E "f:bls kpt_test_ret,$bl")" "OK" "set with a blacklisted member"
	cat $LOG
	assert_file_has $LOG "1 of 2 matching functions skipped .*: $bl" "skipped note"
	assert_file_has $E '^f:fprobes/bls kpt_test_ret,.* # 1 functions$' "the skipped member is out"
	echo > $E
fi
# a vmlinux core-text function, unique by name, not blacklisted, with no
# ftrace record (addresses are 16 hex digits: string order is numeric)
nt=$(awk -v f1=$AFF -v f2=$BL -v f3=/proc/kallsyms '
	BEGIN {
		while ((getline l < f1) > 0) { split(l, a, " "); t[a[1]] = 1 }
		while ((getline l < f2) > 0) { split(l, a, "\t"); b[a[2]] = 1 }
		while ((getline l < f3) > 0) {
			n = split(l, a, " ")
			if (n != 3) continue
			c[a[3]]++
			if (a[3] == "_stext") s = a[1]
			if (a[3] == "_etext") e = a[1]
			if (a[2] == "t" || a[2] == "T") addr[a[3]] = a[1]
		}
		for (x in addr)
			if (!(x in t) && !(x in b) && c[x] == 1 && addr[x] >= s &&
			    addr[x] < e && x !~ /^__/ && x !~ /\./) { print x; exit }
	}')
echo "notrace function: $nt"
[ -n "$nt" ] || fail "no notrace function found"
kpt-write -t $LOG "" > /dev/null
assert_eq "$(kpt-write -a $E "f:nt $nt")" "write: EINVAL" "notrace"
cat $LOG
assert_file_has $LOG "$nt cannot be traced by ftrace" "notrace: error_log"
assert_file_has $LOG '^ *\^' "notrace: caret"

echo "== bad input: errno, error_log, state unchanged"
echo 'f:keep kpt_test_ret' > $E
state() { cat $E; ls $TRACEFS/events/fprobes; cat $P; armed_any; }
state > /tmp/fp.before
printf '%s\n' \
	'EINVAL|A function event takes a function name|f:e1 kpt_test_ret+4' \
	'EINVAL|A function event takes a function name|f:e1 0xffffffff81000000' \
	'EINVAL|Invalid function set|f:e1 kpt_test_*,,x' \
	'EINVAL|Invalid function set|f:e1 !kpt_test_ret' \
	'EINVAL|needs an event name|f kpt_test_*' \
	'E2BIG|keeps $arg1 to $arg32 from the function entry|f:e1 kpt_test_ret%return $arg33' \
	'EINVAL|Maxactive is only for return probes|f4:e1 kpt_test_ret' \
	'ENOENT|no traceable function matches|f:e1 kpt_no_such_fn_*' \
	'ENOENT|no traceable function matches kpt_no_such|f:e1 kpt_test_ret,kpt_no_such' \
	'ENOENT|unknown symbol|f:e1 kpt_no_such' \
	'EINVAL|Return value is only available|f:e1 kpt_test_ret $retval' \
	'EINVAL|Invalid probe point suffix|f:e1 kpt_test_ret%ret' \
	'EINVAL|Probe type must be|g:e1 kpt_test_ret' |
while IFS='|' read -r err txt line; do
	kpt-write -t $LOG "" > /dev/null
	got=$(kpt-write -a $E "$line")
	[ "$got" = "write: $err" ] || { echo "row [$line]: got $got, want $err"; echo bad >> /tmp/fp.bad; }
	grep -qF -- "$txt" $LOG || { echo "row [$line]: error_log lacks [$txt]"; cat $LOG; echo bad >> /tmp/fp.bad; }
	grep -q '^ *\^' $LOG || { echo "row [$line]: no caret"; cat $LOG; echo bad >> /tmp/fp.bad; }
	state > /tmp/fp.after
	cmp -s /tmp/fp.before /tmp/fp.after || { echo "row [$line]: state changed"; diff /tmp/fp.before /tmp/fp.after; echo bad >> /tmp/fp.bad; }
	echo "row [$line]: $got"
done
[ -e /tmp/fp.bad ] && fail "$(wc -l < /tmp/fp.bad) bad-input checks failed"

echo "== unload with a big entry and a big exit event enabled leaves nothing armed"
echo 'f:big/ev vfs_*,ext4_*,tcp_*,kmem_*,kpt_test_*' > $E || { cat $LOG; fail "big"; }
echo 'f:big/evx vfs_*,ext4_*,tcp_*,kmem_*,kpt_test_*:exit r=$retval a=$arg1' >> $E ||
	{ cat $LOG; fail "big exit"; }
cat $E
[ "$(armed_any)" -ge 20 ] || fail "big event not armed"
echo "six_args 1" > $KPT_TEST/call
rmmod kprobetrace || fail "rmmod"
assert_eq "$(armed_any)" 0 "enabled_functions after unload"
[ -d $TRACEFS/events/big ] && fail "events/big left"
echo "six_args 1" > $KPT_TEST/call
insmod /kpt/kprobetrace.ko || fail "reload"
echo "fprobe OK"
