# matrix: core
# kprobe_events: several lines per write, comments and blank lines, lines
# split across writes, a last line without newline, 4 KiB lines, '>>'
# appending, redefining and deleting, symbols with '.', the listing written
# back, and O_TRUNC clearing enabled probes.
. /kpt/lib.sh

E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace

# several lines, comments and blank lines in one write
assert_eq "$(kpt-write $E '# a comment\n\np:c1 kpt_test_six_args a0 # trailing comment\n   \np:c2 kpt_test_ret\n')" OK "multi-line write"
assert_eq "$(cat $E | wc -l)" 2 "two probes"
[ -d $D/c1 ] && [ -d $D/c2 ] || fail "c1/c2 events missing"

# '>>' appends; O_TRUNC (a plain '>') replaces
echo 'p:c3 kpt_test_obj_walk a0' >> $E
assert_eq "$(cat $E | wc -l)" 3 "appended"
echo 'p:c4 kpt_test_string a0' > $E
assert_eq "$(cat $E)" "p:c4 kpt_test_string+0 a0" "truncated"

# two lines in one write, the last without a newline
assert_eq "$(kpt-write -a $E 'p:s1 kpt_test_six_args a0 a1\np:s2 kpt_test_ret')" OK "one write, two lines"
assert_file_has $E '^p:s1 kpt_test_six_args\+0 a0 a1$' "first line"
assert_file_has $E '^p:s2 kpt_test_ret\+0$' "last line without newline"

# 4 KiB lines: 128 arguments and a long comment
args=
i=0
while [ $i -lt 128 ]; do args="$args +$i(%si)"; i=$((i + 1)); done
pad=$(head -c 3000 /dev/zero | tr '\0' 'y')
line="p:big kpt_test_six_args$args # $pad"
echo "line length: ${#line}"
[ ${#line} -gt 4096 ] || fail "the test line is too short"
assert_eq "$(kpt-write -a $E "$line\n")" OK "4 KiB line"
assert_eq "$(grep -c '^p:big ' $E)" 1 "big listed"
assert_file_has $D/big/format 'field:unsigned long arg127;' "128 args"

# redefining an event replaces it; -:EVENT deletes
echo 'p:s1 kpt_test_obj_walk a0' >> $E
assert_eq "$(grep -c '^p:s1 ' $E)" 1 "one s1"
assert_file_has $E '^p:s1 kpt_test_obj_walk\+0 a0$' "s1 replaced"
echo '-:s1' >> $E
grep -q '^p:s1 ' $E && fail "s1 not deleted"
[ -d $D/s1 ] && fail "s1 event not removed"
# a later line of the same write wins
assert_eq "$(kpt-write -a $E 'p:w1 kpt_test_ret\np:w1 kpt_test_six_args a1\n')" OK "same name twice"
assert_file_has $E '^p:w1 kpt_test_six_args\+0 a1$' "the later line wins"

# a symbol with a '.' in it (.isra.0, .constprop.0, .part.0, ...)
dsym=$(grep -E ' [tT] [a-z_0-9]+\.(isra|constprop|part)\.[0-9]+$' /proc/kallsyms | awk '{ print $3 }' | sort | uniq -u | head -n 1)
echo "dotted symbol: $dsym"
[ -n "$dsym" ] || fail "no dotted symbol in kallsyms"
r=$(kpt-write -a $E "p $dsym\n"); [ "$r" = OK ] || { cat $KPT/error_log; fail "probe $dsym: $r"; }
name=$(echo "p_$dsym" | tr '.' '_')_0
assert_file_has $E "^p:$name $dsym\\+0\$" "dotted symbol listed with a valid event name"
[ -d $D/$name ] || fail "no event $name"

# the listing can be written back as it is
cat $E > /tmp/listing
n=$(wc -l < /tmp/listing)
echo > $E
assert_eq "$(cat $E)" "" "cleared"
assert_eq "$(kpt-write -f /tmp/listing $E)" OK "writing the listing back"
cat $E > /tmp/listing2
cmp /tmp/listing /tmp/listing2 || { diff /tmp/listing /tmp/listing2; fail "listing differs after writing it back"; }
assert_eq "$(wc -l < /tmp/listing2)" "$n" "same number of probes"

# O_TRUNC removes every probe, enabled ones included
assert_eq "$(cat $D/c4/enable 2>/dev/null || cat $D/w1/enable)" 1 "enabled"
echo "six_args 2" > $KPT_TEST/call
assert_eq "$(kpt-write -t $E '')" OK "O_TRUNC clear"
assert_eq "$(cat $E)" "" "all gone"
assert_eq "$(ls $D 2>/dev/null | grep -v -e enable -e filter | wc -l)" 0 "no events left"
echo "control OK"
