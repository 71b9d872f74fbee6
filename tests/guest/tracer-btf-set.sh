# matrix: series
# BTF names on an f: set: a name is resolved in every member and must
# compile to the same fetch (same $argN, offsets, type) in each; else the
# line is refused naming the members that differ and why.  $arg* needs
# one parameter list; a plain $retval is typed when every member returns
# the same type.  Also the time a name costs on a large set.
# timeout: 300
. /kpt/lib.sh
needs_debian_btf "argument names"

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
FILE=/kpt/lib.sh
NAME=lib.sh
SIZE=$(wc -c < $FILE)
BS=$((SIZE + 1))
OUT=/tmp/kpt-btf-set.out

refused() { # LINE TEXT...: refused, error_log has every TEXT
	echo "$1" >> $E 2> /dev/null && { cat $E; fail "accepted: $1"; }
	msg=$(tail -n 3 $LOG | head -n 1)
	echo "refused: $1: $msg"
	shift
	for t in "$@"; do
		echo "$msg" | grep -qF -- "$t" || fail "error_log lacks '$t': $msg"
	done
}
ms() { awk '{ printf "%d\n", $1 * 1000 }' /proc/uptime; }

echo "== f: over vfs_read,vfs_write: file, count and the name from both"
echo > $T
define 'f:grp/rw vfs_read,vfs_write file count n=file->f_path.dentry->d_name.name:string'
cat $E
assert_file_has $E '^f:grp/rw vfs_read,vfs_write file=file count=count n=file->f_path.dentry->d_name.name:string # 2 functions$' "listing"
grep -q 'field:u64 file;' $TRACEFS/events/grp/rw/format || fail "no u64 file field"
grep -q 'field:u64 count;' $TRACEFS/events/grp/rw/format || fail "no u64 count field"
echo 1 > $TRACEFS/events/grp/rw/enable
dd if=$FILE of=$OUT bs=$BS 2> /dev/null
echo 0 > $TRACEFS/events/grp/rw/enable
grep -E " rw: \(vfs_read\+0x[0-9a-f]+/0x[0-9a-f]+\) file=0xff[0-9a-f]+ count=$BS n=\"$NAME\"$" $T ||
	{ grep ' rw: ' $T | tail -5; fail "no vfs_read record with file, count and name"; }
grep -E " rw: \(vfs_write\+0x[0-9a-f]+/0x[0-9a-f]+\) file=0xff[0-9a-f]+ count=$SIZE n=\"kpt-btf-set.out\"$" $T ||
	{ grep ' rw: ' $T | tail -5; fail "no vfs_write record with file, count and name"; }
echo '-:grp/rw' >> $E || fail "delete rw"

echo "== \$arg* on members with one parameter list"
define 'f:grp/ra vfs_read,vfs_write $arg*'
assert_file_has $E '^f:grp/ra vfs_read,vfs_write file=file buf=buf count=count pos=pos' "\$arg* listing"
echo '-:grp/ra' >> $E || fail "delete ra"

echo "== typed \$retval when every member returns one type"
define 'f:grp/rr vfs_read,vfs_write:exit $retval'
grep -q 'field:s64 arg1;' $TRACEFS/events/grp/rr/format ||
	{ cat $TRACEFS/events/grp/rr/format; fail "\$retval not typed s64"; }
echo '-:grp/rr' >> $E || fail "delete rr"
# vfs_read returns ssize_t, kfree nothing: untyped (x64), as before
define 'f:grp/rm vfs_read,kfree:exit $retval'
grep -q 'field:u64 arg1;' $TRACEFS/events/grp/rm/format ||
	{ cat $TRACEFS/events/grp/rm/format; fail "mixed \$retval not x64"; }
echo '-:grp/rm' >> $E || fail "delete rm"

echo "== refused: members that differ, named"
refused 'f:grp/e1 vfs_read,kfree file' 'Not alike in 1 of 2 functions' 'as in vfs_read' 'kfree: no parameter file'
refused 'f:grp/e1 vfs_read,rw_verify_area file' 'file is $arg' 'vfs_read' 'rw_verify_area'
refused 'f:grp/e1 vfs_read,vfs_fsync $arg*' 'vfs_fsync: other parameters'
refused 'f:grp/e1 vfs_read,vfs_write file->nofield' 'This field is not found'
[ -s $E ] && { cat $E; fail "a refused line left a definition"; }

echo "== the cost of a name on a large set"
n=$(grep -c '^vfs_[^ ]*$' $TRACEFS/available_filter_functions)
t0=$(ms)
echo 'f:grp/v0 vfs_*' >> $E || { cat $LOG; fail "vfs_*"; }
t1=$(ms)
echo 'f:grp/v1 vfs_* file' >> $E 2> /dev/null
t2=$(ms)
tail -n 3 $LOG | head -n 1
echo "vfs_* ($n traceable): define without names $((t1 - t0)) ms, with 'file' $((t2 - t1)) ms"
echo > $E
t0=$(ms)
echo 'f:grp/s0 s*:exit r=$retval:x64' >> $E || { cat $LOG; fail "s*"; }
t1=$(ms)
echo 'f:grp/s1 s*:exit r=$retval' >> $E || { cat $LOG; fail "s* \$retval"; }
t2=$(ms)
grep '^f:grp/s' $E
# the set is matched once, by the names' step: its note still comes
tail -n 3 $LOG | head -n 1 | grep -q 'matching functions skipped' ||
	{ tail -n 3 $LOG; fail "s1: no note of the skipped members"; }
echo "s* (exit): define typed by hand $((t1 - t0)) ms, typed from BTF per member $((t2 - t1)) ms"
[ $((t2 - t1)) -le $((3 * (t1 - t0) + 2000)) ] || fail "BTF on a large set is too slow"
echo > $E
exit 0
