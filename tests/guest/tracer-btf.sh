# matrix: series
# BTF names in definitions, resolved by the module at write time: bare
# parameter names (fields named after them), $arg*, -> and . member
# access, :string on a char * and on a member path, typed $retval and
# $retval->member, %pd/%pD, types from BTF, parameter names in return
# probes (the entry's values), and errors with the kernel's texts and
# carets (a module's function: tracer-btf-mod).  Records are checked against a known file
# read in the guest.
# timeout: 240
. /kpt/lib.sh
needs_debian_btf "argument names"

E=$KPT/kprobe_events
LOG=$KPT/error_log
T=$TRACEFS/trace
FILE=/kpt/lib.sh
NAME=lib.sh
SIZE=$(wc -c < $FILE)
BS=$((SIZE + 1))

# the values of the last record of EV that matches PAT
vals() { grep " $1: (" $T | grep -- "${2:-.}" | tail -n 1 | sed 's/^[^)]*) //'; }
# an event on vfs_read records the trace's own reads: the events are live
# only while the known file is read (read_file), the trace read after
read_file() {
	for g in fprobes grp; do
		[ -e $TRACEFS/events/$g/enable ] && echo 1 > $TRACEFS/events/$g/enable
	done
	dd if=$FILE of=/dev/null bs=$BS 2> /dev/null	# read(2); cat sendfile(2)s
	for g in fprobes grp; do
		[ -e $TRACEFS/events/$g/enable ] && echo 0 > $TRACEFS/events/$g/enable
	done
	true
}

echo "== f: bare parameter names: fields file and count"
echo > $T
define 'f vfs_read file count'
define 'f:vr vfs_read file count'
cat $E
assert_file_has $E '^f:fprobes/vfs_read__entry vfs_read file=file count=count$' "listing, default event"
assert_file_has $E '^f:fprobes/vr vfs_read file=file count=count$' "listing, named event"
D=$TRACEFS/events/fprobes/vfs_read__entry
fmt_has $D u64 file
fmt_has $D u64 count
read_file
v=$(vals vfs_read__entry)
echo "record: $v"
echo "$v" | grep -Eq "^file=0xff[0-9a-f]+ count=$BS$" || fail "f: record: $v"
echo '-:fprobes/vfs_read__entry' >> $E || fail "delete"
echo '-:fprobes/vr' >> $E || fail "delete vr"

echo "== p: at the entry: a member path read as a string"
echo > $T
define 'p:grp/ev vfs_read file->f_path.dentry->d_name.name:string'
define 'p:grp/named vfs_read n=file->f_path.dentry->d_name.name:string c=count'
assert_file_has $E '^p:grp/ev vfs_read arg1=file->f_path.dentry->d_name.name:string$' "path listing"
assert_file_has $E '^p:grp/named vfs_read n=file->f_path.dentry->d_name.name:string c=count$' "named listing"
fmt_has $TRACEFS/events/grp/named u64 c
read_file
grep -q " ev: (vfs_read+[0-9a-fx]*/0x[0-9a-f]*) arg1=\"$NAME\"$" $T ||
	{ grep ' ev: ' $T | tail -3; fail "ev did not record \"$NAME\""; }
grep -Eq " named: \(.*\) n=\"$NAME\" c=[0-9]+$" $T ||
	{ grep ' named: ' $T | tail -3; fail "named did not record n=\"$NAME\""; }

echo "== \$arg*: every parameter, named after it"
define 'f:grp/all vfs_read $arg*'
assert_file_has $E '^f:grp/all vfs_read file=file buf=buf count=count pos=pos$' "\$arg* listing"
D=$TRACEFS/events/grp/all
fmt_has $D u64 file
fmt_has $D u64 buf
fmt_has $D u64 count
fmt_has $D u64 pos

echo "== typed \$retval (ssize_t: s64), and \$retval->member"
echo > $T
define 'f:grp/rx vfs_read%return $retval'
define 'r:grp/rr vfs_read ret=$retval'
define 'r:grp/rh vfs_read ret=$retval:x64'
define 'r:grp/gn getname n=$retval->name:string'
assert_file_has $E '^f:grp/rx vfs_read%return arg1=\$retval$' "typed \$retval lists as written"
assert_file_has $E '^r:grp/rh vfs_read ret=\$retval:x64$' "written type kept"
fmt_has $TRACEFS/events/grp/rx s64 arg1
fmt_has $TRACEFS/events/grp/rr s64 ret
fmt_has $TRACEFS/events/grp/rh u64 ret
read_file
grep -Eq " rx: \(.* <- vfs_read\) arg1=$SIZE\$" $T ||
	{ grep ' rx: ' $T | tail -3; fail "rx: \$retval=$SIZE not in decimal"; }
grep -Eq " rh: \(.* <- vfs_read\) ret=0x[0-9a-f]+\$" $T || fail "rh: hex"
grep -q " gn: (.* <- getname) n=\"$FILE\"$" $T ||
	{ grep ' gn: ' $T | tail -3; fail "gn: \$retval->name"; }

echo "== %pd and %pD; char * with and without :string"
echo > $T
define 'p:grp/pd vfs_read file:%pD d=file->f_path.dentry:%pd'
define 'p:grp/cs do_filp_open n=pathname->name:string p=pathname->name'
assert_file_has $E '^p:grp/pd vfs_read arg1=file:%pD d=file->f_path.dentry:%pd$' "%pd listing"
fmt_has $TRACEFS/events/grp/cs u64 p
read_file
grep -q " pd: (.*) arg1=\"$NAME\" d=\"$NAME\"$" $T ||
	{ grep ' pd: ' $T | tail -3; fail "%pD/%pd"; }
grep -Eq " cs: \(.*\) n=\"$FILE\" p=0xff[0-9a-f]+$" $T ||
	{ grep ' cs: ' $T | tail -3; fail "char * as string and as pointer"; }

echo "== types from BTF: unsigned int, bool, enum, bitfield-free int"
# vfs_fsync_range(struct file *file, loff_t start, loff_t end, int datasync)
define 'p:grp/ty vfs_fsync_range start end datasync m=file->f_mode'
D=$TRACEFS/events/grp/ty
fmt_has $D s64 start
fmt_has $D s32 datasync
fmt_has $D u32 m

echo "== deletion by the written names"
echo '-:grp/ev vfs_read file->f_path.dentry->d_name.name:string' >> $E ||
	{ cat $LOG; fail "delete by the names"; }
grep -q '^p:grp/ev ' $E && fail "grp/ev left"
echo > $E || fail "clear"

echo "== errors: the kernel's texts and carets"
# check_error LINE-WITH-^: refused, error_log's caret under the ^
check_error() {
	_l=$(echo "$1" | tr -d '^')
	_want=$(echo "$1" | awk '{ print index($0, "^") - 1 }')
	echo "$_l" >> $E 2>/dev/null && fail "accepted: $_l"
	assert_eq "$(tail -n 2 $LOG | head -n 1)" "  Command: $_l" "error_log's command"
	assert_eq "$(tail -n 1 $LOG | awk '{ print index($0, "^") - 1 }')" \
		"$((11 + _want))" "caret of '$1': $(tail -n 3 $LOG | head -n 1)"
	tail -n 3 $LOG | head -n 1 | grep -qF -- "$2" ||
		{ tail -n 3 $LOG; fail "'$_l': no '$2'"; }
}
check_error 'p vfs_read ^hoge' 'This variable is not found at this probe point'
check_error 'p vfs_read file->^nofield' 'This field is not found.'
check_error 'p vfs_read count->^x' 'This is not a pointer to union/structure.'
check_error 'p vfs_read file^-x' "Failed to parse single hyphen"
check_error 'p vfs_read ^count:string' 'This type does not fit for string.'
check_error 'f vfs_read ^file:string' 'This type does not fit for string.'
check_error 'f vfs_read%return $retval->^foo' 'This is not a pointer to union/structure.'
check_error 'f vfs_read file^-.foo' "Failed to parse single hyphen"
check_error 'f kfree%return ^$retval' "returns 'void' type"
check_error 'p vfs_read args=^$arg*' 'must be an independent parameter'
check_error 'p vfs_read $arg* ^$arg*' 'can be used only once'
check_error 'p vfs_read+8 ^$arg*' 'can be used only on function entry'
check_error 'r kfree ^$retval' "returns 'void' type"
# 6.12: $argN past a BTF-known function's parameters; f: takes no offset
# and no register
check_error 'f kfree ^$arg10' 'This variable is not found at this probe point'
check_error 'p kfree ^$arg2' 'This variable is not found at this probe point'
check_error 'r kfree ^$arg3:u32' 'This variable is not found at this probe point'
check_error 'f ^vfs_read+10' 'A function event takes a function name'
check_error 'f vfs_read ^%ax' 'Invalid $-variable specified'
check_error 'f vfs_read x=+0(^%di)' 'Invalid $-variable specified'
[ -s $E ] && { cat $E; fail "a refused line left a definition"; }

echo "== return probes: parameter names are the entry's values"
echo > $E
define 'r:grp/rv vfs_read n=file->f_path.dentry->d_name.name:string count r=$retval'
define 'f:grp/fx vfs_read%return $arg* ret=$retval'
assert_file_has $E '^f:grp/fx vfs_read%return file=file buf=buf count=count pos=pos ret=\$retval' "exit \$arg* listing"
echo > $T
read_file
grep -Eq " rv: \(.*\) n=\"$NAME\" count=$BS r=$SIZE$" $T ||
	{ grep ' rv: ' $T | tail -3; fail "r: did not record the entry's name and count"; }
grep -Eq " fx: \(.*\) file=0xff[0-9a-f]+ buf=0x[0-9a-f]+ count=$BS pos=0xff[0-9a-f]+ ret=$SIZE$" $T ||
	{ grep ' fx: ' $T | tail -3; fail "f: exit did not record the entry's parameters"; }
echo > $E
exit 0
