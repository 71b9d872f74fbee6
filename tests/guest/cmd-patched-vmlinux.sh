# kprobetrace where and vmlinux's own alternatives: their table is init
# data, freed after boot, so it is read from the kernel's image,
# /boot/vmlinuz-KVER (xz on 6.1, zstd on 6.12), only when the image's
# build-id is the running kernel's, and kept in the cache. Without the
# image, where says what it could not check and how to get it; a truncated
# image is refused with its reason; a corrupted cache is read again from
# the image. The kernel's own kprobe tracer takes the offsets marked ok
# inside an alternative.
# matrix: series
# needs: vmlinuz
# timeout: 300
. /kpt/lib.sh

EV=$TRACEFS/kprobe_events
IMG=/boot/vmlinuz-$(uname -r)
KV_RE=$(uname -r | sed 's/[.+]/\\&/g')	# (6.12.118+deb12: a regex)
# a function with alternatives (user access: stac/clac, the copy routine)
F=_copy_to_user
export XDG_CACHE_HOME=/tmp/kimage-cache
rm -rf $XDG_CACHE_HOME
[ -f $IMG ] || fail "$IMG is not in the guest (needs: vmlinuz)"

alt_rows() { grep -cE '^ +\+[0-9]+ .*(alternative \(|inside an alternative)' /tmp/w; }

# no image: not checked, said with the package to install
mv $IMG /tmp/vmlinuz
kprobetrace where $F > /tmp/w || fail "where $F without the image"
grep '^not checked' /tmp/w
assert_file_has /tmp/w "^not checked: vmlinux's alternatives are not known: .*/boot/vmlinuz-$KV_RE: not there.*install linux-image-$KV_RE-dbg" "the missing image explained"
[ "$(alt_rows)" = 0 ] || fail "alternatives marked without their table"

# a truncated image (KPT_VMLINUX): its reason
head -c 3000000 /tmp/vmlinuz > /tmp/cut
KPT_VMLINUX=/tmp/cut kprobetrace where $F > /tmp/w || fail "where with a truncated image"
assert_file_has /tmp/w "^not checked: .*/tmp/cut: .*truncated" "the truncated image explained"
mv /tmp/vmlinuz $IMG

# the image: decompressed once (timed), its alternatives marked
s=$(date +%s)
kprobetrace where $F > /tmp/w || fail "where $F"
echo "first where $F: $(( $(date +%s) - s ))s"
cat /tmp/w
grep -q "^not checked: vmlinux's alternatives" /tmp/w && fail "vmlinux's alternatives still not checked"
n=$(alt_rows)
echo "$F: $n rows in alternatives"
[ "$n" -ge 1 ] || fail "no alternative marked in $F"
assert_file_has /tmp/w '^ +\+[0-9]+ .* ok +.*alternative \([0-9]+ bytes, patched at boot\)' "an alternative noted, patched at boot"
ls $XDG_CACHE_HOME/kprobetrace/kimage/ > /tmp/c || fail "no cache directory"
assert_eq "$(wc -l < /tmp/c)" 1 "one cache file"

# the kernel's kprobe tracer takes the ok offsets in alternatives (of a
# function it traces: it refuses every notrace one, such as _copy_to_user)
t=
for g in vfs_read filldir64 filldir do_sys_poll copy_siginfo_to_user vfs_write; do
	kprobetrace where $g > /tmp/w2 || fail "where $g"
	grep -E 'ftrace|alternative' /tmp/w2
	grep -Eq '^ +\+[0-4] .* ftrace ' /tmp/w2 || continue
	grep -Eq '^ +\+[1-9][0-9]* .* ok .*alternative' /tmp/w2 || continue
	t=$g
	break
done
[ -n "$t" ] || fail "no traced function with an alternative among the candidates"
for off in $(awk '$1 ~ /^\+[1-9][0-9]*$/ && / ok / && /alternative/ { print substr($1, 2) }' /tmp/w2); do
	echo "p:kpt_chk/x $t+$off" >> $EV 2>/dev/null ||
		{ tail -n 3 $TRACEFS/error_log; fail "$t+$off is marked ok, the kernel refuses it"; }
	echo "-:kpt_chk/x" >> $EV || fail "cannot remove kpt_chk/x"
	echo "$t+$off: taken"
done

# the cache answers without the image; a corrupted cache is not used
cp /tmp/w /tmp/w1
mv $IMG /tmp/vmlinuz
kprobetrace where $F > /tmp/w || fail "where $F from the cache"
cmp /tmp/w /tmp/w1 || fail "the cache's answer differs"
c=$XDG_CACHE_HOME/kprobetrace/kimage/$(cat /tmp/c)
printf 'XXXXXXXX' | dd of="$c" bs=1 seek=40 conv=notrunc 2>/dev/null
kprobetrace where $F > /tmp/w || fail "where $F with a corrupted cache"
grep -q "^not checked: vmlinux's alternatives" /tmp/w || fail "a corrupted cache was used"
mv /tmp/vmlinuz $IMG
kprobetrace where $F > /tmp/w || fail "where $F after the cache was corrupted"
cmp /tmp/w /tmp/w1 || fail "the answer after reading the image again differs"
