# Control files are root only: an unprivileged user gets EACCES/EPERM,
# even when the file modes are opened up.
. /kpt/lib.sh

for f in kprobe_events kprobe_profile error_log; do
	[ -e $KPT/$f ] || fail "no $f"
done
assert_eq "$(stat -c %a $KPT/kprobe_events)" 600 "kprobe_events mode"
assert_eq "$(stat -c %a $KPT/error_log)" 600 "error_log mode"
assert_eq "$(stat -c %a $KPT/kprobe_profile)" 400 "kprobe_profile mode"
assert_eq "$(stat -c %a $KPT/README)" 444 "README mode"

echo 'p:sec kpt_test_six_args a0' > $KPT/kprobe_events
# the initramfs root is 0700: let nobody reach its programs for a while
rootmode=$(stat -c %a /)
chmod 755 /
trap 'chmod $rootmode /' EXIT

# as nobody, through the normal permissions (tracefs itself is 0700)
for f in kprobe_events error_log; do
	got=$(kpt-asuser 65534 kpt-write $KPT/$f 'p:evil kpt_test_six_args\n')
	case "$got" in "open: EACCES"|"open: EPERM") ;; *) fail "nobody writing $f: '$got'" ;; esac
done
kpt-asuser 65534 cat $KPT/kprobe_events 2>/dev/null && fail "nobody read kprobe_events"
kpt-asuser 65534 cat $KPT/kprobe_profile 2>/dev/null && fail "nobody read kprobe_profile"

# even with the modes opened up, the open is refused without CAP_SYS_ADMIN
tmode=$(stat -c %a $TRACEFS) kmode=$(stat -c %a $KPT)
chmod 755 $TRACEFS $KPT
chmod 666 $KPT/kprobe_events $KPT/error_log
chmod 444 $KPT/kprobe_profile
got=$(kpt-asuser 65534 kpt-write $KPT/kprobe_events 'p:evil kpt_test_six_args\n')
assert_eq "$got" "open: EPERM" "nobody writing an opened-up kprobe_events"
got=$(kpt-asuser 65534 kpt-write -t $KPT/error_log '')
assert_eq "$got" "open: EPERM" "nobody clearing error_log"
kpt-asuser 65534 cat $KPT/kprobe_profile 2>/dev/null && fail "nobody read an opened-up kprobe_profile"
chmod $tmode $TRACEFS
chmod $kmode $KPT
chmod 600 $KPT/kprobe_events $KPT/error_log
chmod 400 $KPT/kprobe_profile
assert_eq "$(cat $KPT/kprobe_events)" "p:sec kpt_test_six_args+0 a0" "nothing changed"
echo > $KPT/kprobe_events
echo "security OK"
