# kprobetrace add on a module's function: names from the module's own BTF
# (/sys/kernel/btf/MOD, split on vmlinux).  crc8.ko is Debian's (our test
# module has no BTF); crc8(const u8 table[], const u8 *pdata, size_t nbytes,
# u8 crc).
# timeout: 60
. /kpt/lib.sh
needs_debian_btf "module BTF (and Debian's crc8.ko)"

[ -f /kpt/bin/crc8.ko.absent ] && skip "$(cat /kpt/bin/crc8.ko.absent)"
[ -f /kpt/bin/crc8.ko ] || fail "crc8.ko not in the initramfs (make)"
insmod /kpt/bin/crc8.ko || fail "insmod crc8"
[ -r /sys/kernel/btf/crc8 ] || fail "no /sys/kernel/btf/crc8"
# the form written follows the module's README (cmd-add.sh)
if grep -q '<argname>' $KPT/README; then
	pdata=pdata nbytes=nbytes crc=crc poly=polynomial
else
	pdata='$arg2' nbytes='$arg3' crc='$arg4' poly='$arg2'
fi
out=$(kprobetrace add -n 'crc8 pdata nbytes crc') || fail "add in a module"
assert_eq "$out" "p:crc8 crc8 pdata=$pdata:x64 nbytes=$nbytes:u64 crc=$crc:u8" "module BTF"
out=$(kprobetrace add -e c8 'crc8:crc8_populate_msb polynomial') || fail "MOD:FUNC"
assert_eq "$out" "p:c8 crc8:crc8_populate_msb polynomial=$poly:u8" "MOD:FUNC line"
grep -Eq '^p:(kprobetrace/)?c8 crc8:crc8_populate_msb(\+0)? polynomial=' $KPT/kprobe_events || { cat $KPT/kprobe_events; fail "written"; }
# crc8() is the module's last function. On 6.12 the bytes after a module's
# text are not mapped, and the kernel's probe optimizer, which decodes the
# whole function on registration, would oops reading them: refused with a
# clear error there, registered where those bytes are mapped (6.1).
kprobetrace add -e c8last 'crc8:crc8 nbytes crc' 2>/tmp/err; rc=$?
cat /tmp/err
case $rc in
0) grep -Eq '^p:(kprobetrace/)?c8last crc8:crc8(\+0)? nbytes=' $KPT/kprobe_events || fail "c8last written" ;;
6) assert_file_has /tmp/err 'read unmapped memory after the end of crc8' "refusal explained" ;;
*) fail "crc8:crc8: exit $rc, want 0 or 6" ;;
esac
kprobetrace add -n 'crc8 len' 2>/tmp/err; rc=$?
cat /tmp/err
assert_eq $rc 4 "unknown parameter in a module"
assert_file_has /tmp/err "crc8 has no parameter 'len'; its parameters: table pdata nbytes crc" "candidates"
kprobetrace clear || fail "clear"
rmmod crc8 || fail "rmmod crc8"
exit 0
