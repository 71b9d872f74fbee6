# matrix: series
# An event's `format` file held open across the removal of the event
# (found on the debug kernel): read after the removal, it ends with ENODEV and
# never shows the freed event (on Debian's 6.1.192 the core no longer
# clears the file's inode on removal; KASAN reported a use-after-free in
# f_start).  Covered: a partly read and an unread file, the same event's
# file in a second trace instance, a live event's file read after another
# event went (still complete), removal by deletion, by O_TRUNC clearing and
# by `rmmod kprobetrace` (which an open format file does not block).
. /kpt/lib.sh

E=$KPT/kprobe_events
EV=$TRACEFS/events/kprobetrace
I=$TRACEFS/instances/fmtopen

# rest FD: the rest of an open format file, with cat's error if any
rest() { cat <&"$1" 2>&1; }

# a format file read after its event went: what was buffered, then ENODEV
assert_gone() {
	case "$1" in
	*field:*|*'print fmt'*) fail "$2: the removed event still shows: $1" ;;
	esac
	assert_match "$1" 'No such device' "$2: ENODEV"
}

mkdir $I || fail "mkdir instance"
echo 'p:fa kpt_test_six_args a0 a1' > $E || fail "define fa"
echo 'p:kprobetrace/fb kpt_test_six_args x=$arg1:u32 s=+0($arg2):string' >> $E ||
	fail "define fb"

exec 3< $EV/fa/format 4< $EV/fb/format 5< $I/events/kprobetrace/fa/format
exec 6< $EV/fa/format
read -r l3 <&3 && read -r l4 <&4 && read -r l5 <&5 || fail "first lines"
assert_eq "$l3" "name: fa" "fa's first line"
assert_eq "$l4" "name: fb" "fb's first line"
assert_eq "$l5" "name: fa" "fa's first line in the instance"

# delete fa, then define and delete others so that its memory is reused
assert_eq "$(kpt-write -a $E '-:fa\n')" OK "delete fa"
i=0
while [ $i -lt 20 ]; do
	echo "p:fr$i kpt_test_ret" >> $E || fail "define fr$i"
	echo "p:kprobetrace/ft$i kpt_test_six_args v=\$arg1:u64" >> $E ||
		fail "define ft$i"
	i=$((i + 1))
done
cat $EV/fr3/format > /dev/null || fail "reading another event's format"
for fd in 3 5 6; do
	r=$(rest $fd)
	echo "fd $fd after fa's deletion: $r"
	assert_gone "$r" "fa's format (fd $fd)"
done
assert_match "$(rest 3)" 'No such device' "fa's format read again"

# fb still lives: its format reads to the end
r=$(rest 4)
assert_match "$r" 'field:u32 x;' "fb's format after fa's deletion"
assert_match "$r" 'print fmt: ' "fb's format ends with its print fmt"
exec 3<&- 4<&- 5<&- 6<&-

# removal by clearing (O_TRUNC)
exec 3< $EV/fb/format 4< $I/events/kprobetrace/ft7/format
read -r l3 <&3 && read -r l4 <&4 || fail "first lines before clearing"
assert_eq "$(kpt-write -t $E '')" OK "clear"
echo 'p:fc kpt_test_ret' > $E || fail "define fc"
assert_gone "$(rest 3)" "fb's format after clearing"
assert_gone "$(rest 4)" "ft7's format in the instance after clearing"
exec 3<&- 4<&-
rmdir $I || fail "rmdir instance"

# removal by unloading the module, with fc's format file open
exec 3< $EV/fc/format
read -r l3 <&3 || fail "fc's first line"
assert_eq "$l3" "name: fc" "fc's first line"
rmmod kprobetrace || fail "rmmod with a format file open"
assert_gone "$(rest 3)" "fc's format after rmmod"
exec 3<&-
insmod /kpt/kprobetrace.ko || fail "reloading"
echo 'p:fd kpt_test_ret' > $E || fail "define after reload"
assert_match "$(cat $EV/fd/format)" 'print fmt: ' "a new event's format"
echo > $E
echo "format files: ENODEV after deletion, clearing and unload"
