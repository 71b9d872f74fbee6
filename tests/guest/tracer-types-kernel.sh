# Today's types on real kernel functions, the scenarios of the kernel's own
# selftests (kprobe_args_type/symbol/user/comm.tc), written for our files:
# $stack0 in s/u/x/bitfield types agree; @SYM in every size and as a string;
# user strings of open() (ustring and +u), and ustring on kernel memory
# faults; $comm.
. /kpt/lib.sh

E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace
echo > $T

# kprobe_args_type.tc: the same value as sN, uN, xN and b4@4/N
for w in 64 32 16 8; do
	echo "p:testprobe kernel_clone \$stack0:s$w \$stack0:u$w \$stack0:x$w \$stack0:b4@4/$w" > $E || fail "types $w"
	( echo forked )
	set -- $(grep ' testprobe: ' $T | head -n 1 | sed -e 's/.* arg1=\(.*\) arg2=\(.*\) arg3=\(.*\) arg4=\(.*\)/\1 \2 \3 \4/')
	echo "w=$w: $*"
	[ $# = 4 ] || fail "w=$w: 4 values"
	cw=$((w / 4))
	x1=$(printf "%x" $1 | tail -c $cw)
	x2=$(printf "%x" $2)
	x3=$(printf "%x" $3)
	assert_eq "$x1" "$x2" "w=$w: signed and unsigned"
	assert_eq "$x2" "$x3" "w=$w: unsigned and hex"
	assert_eq "0x$x3" "$3" "w=$w: hex printed 0x..."
	assert_eq "$(printf '%x' $4)" "$(printf '%03x' 0x$x3 | tail -c 2 | head -c 1)" "w=$w: bitfield b4@4"
	echo > $E
	echo > $T
done

# kprobe_args_symbol.tc: @linux_proc_banner in every type and as a string
echo 'p:testprobe_u kernel_clone arg1=@linux_proc_banner:u64 arg2=@linux_proc_banner:u32 arg3=@linux_proc_banner:u16 arg4=@linux_proc_banner:u8' > $E || fail "symbol u"
echo 'p:testprobe_s kernel_clone arg1=@linux_proc_banner:s64 arg2=@linux_proc_banner:s32 arg3=@linux_proc_banner:s16 arg4=@linux_proc_banner:s8' >> $E || fail "symbol s"
echo 'p:testprobe_x kernel_clone arg1=@linux_proc_banner:x64 arg2=@linux_proc_banner:x32 arg3=@linux_proc_banner:x16 arg4=@linux_proc_banner:x8' >> $E || fail "symbol x"
echo 'p:testprobe_bf kernel_clone arg1=@linux_proc_banner:b8@4/32' >> $E || fail "symbol bf"
echo 'p:testprobe_str kernel_clone arg1=@linux_proc_banner:string' >> $E || fail "symbol string"
( echo forked )
grep testprobe $T
# "%s version %s (" in little-endian: '%' = 0x25, "%s" = 0x7325
assert_file_has $T ' testprobe_u: .* arg1=[0-9]+ arg2=[0-9]+ arg3=29477 arg4=37$' "u types"
assert_file_has $T ' testprobe_s: .* arg4=37$' "s types"
assert_file_has $T ' testprobe_x: .* arg1=0x[0-9a-f]+ arg2=0x[0-9a-f]+ arg3=0x7325 arg4=0x25$' "x types"
assert_file_has $T ' testprobe_bf: .* arg1=[0-9]+$' "bitfield"
assert_file_has $T ' testprobe_str: .* arg1="%s version %s \(' "string at a symbol"
echo > $E
echo > $T

# kprobe_args_user.tc: the user's path through do_sys_openat2
echo 'p:myevent2 do_sys_openat2 path=+0($arg2):ustring path2=+u0($arg2):string' > $E || fail "user strings"
grep myevent2 $E | grep -q 'path=+0($arg2):ustring path2=+u0($arg2):string' || fail "listing"
echo > /dev/null
grep myevent2 $T | head -n 3
grep myevent2 $T | grep -q 'path="/dev/null" path2="/dev/null"' || fail "user strings of open()"
echo 'p:myevent vfs_symlink path=+0($arg3):ustring path2=+u0($arg3):string' > $E || fail "vfs_symlink"
rm -rf /tmp/ut
mkdir -p /tmp/ut
ln -s foo /tmp/ut/bar
grep myevent $T | tail -n 1
grep ' myevent: ' $T | grep -q 'path=(fault) path2=(fault)' || fail "ustring on kernel memory"
echo > $E
echo > $T

# kprobe_args_comm.tc
echo 'p:testprobe kernel_clone comm=$comm' > $E || fail "comm"
( echo forked )
grep testprobe $T | grep -q 'comm=".*"' || fail "\$comm"
echo 'p:testprobe kernel_clone comm=$COMM' > $E || fail "COMM"
echo > $E
echo "kernel types OK"
