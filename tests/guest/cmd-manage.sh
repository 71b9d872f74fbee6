# kprobetrace list, del, enable, disable, clear, profile: tables that match
# the module's files, and hit counts that follow enable/disable.
# timeout: 60
. /kpt/lib.sh

kprobetrace list 2>/tmp/err; assert_eq "$(cat /tmp/err)" "no probes" "empty list"
kprobetrace add -e six 'kpt_test_six_args a0 %si' > /dev/null || fail "add six"
kprobetrace add -e sixr 'kpt_test_six_args%return rv' > /dev/null || fail "add sixr"
echo "six_args 5" > $KPT_TEST/call

kprobetrace list | tee /tmp/list
assert_match "$(sed -n 1p /tmp/list)" '^EVENT +KIND +PROBE POINT +ENABLED +HITS +ARGS$' "list header"
assert_match "$(grep '^six ' /tmp/list)" '^six +entry +kpt_test_six_args\+0 +yes +5 +a0 %si$' "list row six"
assert_match "$(grep '^sixr ' /tmp/list)" '^sixr +return +kpt_test_six_args\+0 +yes +5 +rv$' "list row sixr"
kprobetrace list -r > /tmp/raw
cmp /tmp/raw $KPT/kprobe_events || fail "list -r is kprobe_events"

kprobetrace profile | tee /tmp/prof
assert_match "$(sed -n 1p /tmp/prof)" '^EVENT +HITS +MISSES$' "profile header"
assert_match "$(grep '^six ' /tmp/prof)" '^six +5 +0$' "profile six"

kprobetrace disable six || fail "disable"
assert_eq "$(cat $TRACEFS/events/kprobetrace/six/enable)" 0 "disabled in tracefs"
echo "six_args 3" > $KPT_TEST/call
assert_match "$(kprobetrace profile | grep '^six ')" '^six +5 +0$' "no hits while disabled"
assert_match "$(kprobetrace profile | grep '^sixr ')" '^sixr +8 +0$' "sixr still counts"
assert_match "$(kprobetrace list | grep '^six ')" ' no +5 ' "list shows disabled"
kprobetrace enable six || fail "enable"
echo "six_args 2" > $KPT_TEST/call
assert_match "$(kprobetrace profile | grep '^six ')" '^six +7 +0$' "hits again"
kprobetrace disable --all || fail "disable --all"
assert_eq "$(cat $TRACEFS/events/kprobetrace/sixr/enable)" 0 "all disabled"
kprobetrace enable -a || fail "enable -a"
assert_eq "$(cat $TRACEFS/events/kprobetrace/sixr/enable)" 1 "all enabled"

kprobetrace del six || fail "del"
grep -q '^p:six ' $KPT/kprobe_events && fail "six still there"
grep -q '^r:sixr ' $KPT/kprobe_events || fail "sixr gone too"
kprobetrace del six 2>/tmp/err; rc=$?
assert_eq $rc 8 "del of a missing event: exit 8"
assert_file_has /tmp/err "no event 'six'" "del message"
kprobetrace enable nosuch 2>/dev/null; assert_eq $? 8 "enable of a missing event"

# groups: GRP/EVENT everywhere
kprobetrace add -e grp/gev 'kpt_test_six_args a1' | tee /tmp/g
assert_eq "$(cat /tmp/g)" 'p:grp/gev kpt_test_six_args a1' "add in a group"
[ -d $TRACEFS/events/grp/gev ] || fail "group folder"
echo "six_args 1" > $KPT_TEST/call
assert_match "$(kprobetrace list | grep '^grp/gev ')" '^grp/gev +entry +kpt_test_six_args(\+0)? +yes +1 +arg1=\$arg2$' "list names the group"
kprobetrace disable grp/gev || fail "disable grp/gev"
assert_eq "$(cat $TRACEFS/events/grp/gev/enable)" 0 "group event disabled"
kprobetrace enable nogrp/gev 2>/dev/null; assert_eq $? 8 "wrong group: no such event"
kprobetrace del grp/gev || fail "del grp/gev"
[ -d $TRACEFS/events/grp ] && fail "group folder left"

kprobetrace add -e six2 'kpt_test_six_args a1' > /dev/null
kprobetrace clear || fail "clear"
assert_eq "$(cat $KPT/kprobe_events)" "" "clear empties kprobe_events"
kprobetrace profile 2>/tmp/err | tee /tmp/prof
assert_eq "$(cat /tmp/err)" "no probes" "empty profile"

# the module is not there: exit 7 with a reason
KPT_DIR=/nonexistent kprobetrace list 2>/tmp/err; rc=$?
assert_eq $rc 7 "no module: exit 7"
assert_file_has /tmp/err "is kprobetrace.ko loaded" "no module message"
exit 0
