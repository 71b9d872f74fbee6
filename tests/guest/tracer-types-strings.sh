# Today's strings and arrays: string, string[N], ustring, +u derefs, $comm,
# \"immediate", symbol[N], u32[N]; "(fault)" for a string that cannot be
# read; typed and string filters; records printing after their event is
# removed (and after the output type is reused); the seed's format beside
# today's, and lines valid in both (module parameter either_today).
. /kpt/lib.sh

E=$KPT/kprobe_events
D=$TRACEFS/events/kprobetrace
T=$TRACEFS/trace
echo > $T

# kpt_test_types(t, ustr, -1, 7) with ustr = the user's "user-str"
call_user() { printf 'types 1\000user-str\000' > $KPT_TEST/call || fail "types call with a user string"; }

echo 'p:tstr kpt_test_types name=+0(+24(%di)):string names=+32(%di):string[3] comm=$comm lit=\"hello" bad=+0(%cx):string nul=+0(%dx):string us=+0(%si):ustring us2=+u0(%si):string uc=+u0(%si):u8 arr=+56(%di):u32[4] xa=+56(%di):x16[3] fns=+72(%di):symbol[1]' > $E ||
	{ cat $KPT/error_log; fail "string types refused"; }
cat $E
cat $D/tstr/format
field tstr "__data_loc char[]" name 8 4 1
field tstr "__data_loc char[][3]" names 12 12 1
field tstr "__data_loc char[]" comm 24 4 1
field tstr "__data_loc char[]" lit 28 4 1
field tstr "__data_loc char[]" bad 32 4 1
field tstr "__data_loc char[]" nul 36 4 1
field tstr "__data_loc char[]" us 40 4 1
field tstr "__data_loc char[]" us2 44 4 1
field tstr u8 uc 48 1 0
# arrays show their length (6.1's own kprobe events show "u32 arr[]")
field tstr u32 "arr[4]" 49 16 0
field tstr u16 "xa[3]" 65 6 0
field tstr u64 "fns[1]" 71 8 0
grep -qF 'print fmt: "(%lx) name=\"%s\" names={\"%s\",\"%s\",\"%s\"} comm=\"%s\" lit=\"%s\" bad=\"%s\" nul=\"%s\" us=\"%s\" us2=\"%s\" uc=%u arr={%u,%u,%u,%u} xa={0x%x,0x%x,0x%x} fns={%pS}", REC->__probe_ip, __get_str(name), __get_str(names[0]), __get_str(names[1]), __get_str(names[2]), __get_str(comm), __get_str(lit), __get_str(bad), __get_str(nul), __get_str(us), __get_str(us2), REC->uc, REC->arr[0], REC->arr[1], REC->arr[2], REC->arr[3], REC->xa[0], REC->xa[1], REC->xa[2], REC->fns[0]' $D/tstr/format ||
	fail "tstr print fmt"

# a user string (printf writes "types 1\0user-str\0" in one write)
call_user
# no user string: ustr is NULL, its strings fault
echo "types 1" > $KPT_TEST/call
grep ' tstr: ' $T
set -- $(grep ' tstr: ' $T | head -n 1 | sed 's/^[^)]*) //')
assert_eq "$1" 'name="types-name"' "string"
assert_eq "$2" 'names={"one","two","three"}' "string array"
assert_eq "$3" 'comm="sh"' "\$comm"
assert_eq "$4" 'lit="hello"' "immediate string"
assert_eq "$5" 'bad=(fault)' "string at a small integer (%cx = 7)"
assert_eq "$6" 'nul=(fault)' "string at -1 (%dx)"
assert_eq "$7 $8 $9" 'us="user-str" us2="user-str" uc=117' "user strings and +u0(%si):u8 ('u')"
assert_eq "${10} ${11}" 'arr={1,2,3,4} xa={0x1,0x0,0x2}' "arrays"
assert_match "${12} ${13}" '^fns=\{kpt_test_ret\+0x0/0x[0-9a-f]+ \[kprobetrace_test\]\}$' "symbol array"
set -- $(grep ' tstr: ' $T | tail -n 1 | sed 's/^[^)]*) //')
assert_eq "$1 $7 $8 $9" 'name="types-name" us=(fault) us2=(fault) uc=242' "NULL user string faults (u8 fault value 0xf2)"

# a string longer than a record is cut (records are at most 4000 bytes):
# "a" x (4000 - header (common fields, __probe_ip) - 4 data_loc - 1 NUL)
echo 'p:tlong kpt_test_types l=+0(+80(%di)):string' >> $E || fail "long string"
echo "types 1" > $KPT_TEST/call
v=$(vals tlong)
h=$(($(rec_base $D/tlong/format) + 8))
assert_eq "${#v}" $((3 + 4000 - h - 4 - 1 + 1)) "long string cut to fit the record"
assert_match "$v" '^l="a+"$' "long string"
echo '-:tlong' >> $E

# filters on typed fields and strings
echo > $T
echo 'name ~ "types*" && uc == 117' > $D/tstr/filter || fail "string filter"
call_user
echo "types 2" > $KPT_TEST/call
assert_eq "$(grep -c ' tstr: ' $T)" 1 "filter name ~ types* && uc == 117"
echo 'comm == "nosuch"' > $D/tstr/filter || fail "comm filter"
call_user
assert_eq "$(grep -c ' tstr: ' $T)" 1 "filter comm == nosuch drops"
echo 0 > $D/tstr/filter
echo 'p:tf kpt_test_types s32=+8(%di):s32 u16=+20(%di):u16' >> $E
echo 's32 < -69999 && u16 == 60000' > $D/tf/filter || fail "numeric filter"
echo "types 3" > $KPT_TEST/call
assert_eq "$(grep -c ' tf: ' $T)" 3 "signed filter passes"
echo 's32 > 0' > $D/tf/filter
echo "types 3" > $KPT_TEST/call
assert_eq "$(grep -c ' tf: ' $T)" 3 "signed filter s32 > 0 drops"

# the seed's format beside today's; a line valid in both is the seed's
echo > $T
echo 'p:tseed kpt_test_types a0 a3' >> $E
echo 'p:teither kpt_test_types %cx +8(%di)' >> $E
echo "types 1" > $KPT_TEST/call
cat $T
obj=$(awk '$3 == "kpt_test_types_obj" { print $1; exit }' /proc/kallsyms)
assert_file_has $T "kpt_test_types\+$E0/0x[0-9a-f]+ \[kprobetrace_test\]: 0x$obj 0x7\$" "seed format"
assert_file_has $T "kpt_test_types\+$E0/0x[0-9a-f]+ \[kprobetrace_test\]: 0x7 0xc8fbfed4fffeee90\$" "EITHER line: seed format"
assert_file_has $D/teither/format 'field:unsigned long arg0;' "EITHER line: seed fields"
P=/sys/module/kprobetrace/parameters/either_today
echo 1 > $P
echo 'p:teither kpt_test_types %cx +8(%di)' >> $E
echo "types 1" > $KPT_TEST/call
assert_eq "$(vals teither)" "arg1=0x7 arg2=0xc8fbfed4fffeee90" "EITHER line with either_today=1"
field teither u64 arg2 16 8 0
echo 0 > $P

# records of removed events still print (the seed's usage example clears
# the probes and then reads the trace): strings, arrays, names
echo > $T
echo 'p:tstr kpt_test_types name=+0(+24(%di)):string names=+32(%di):string[3] arr=+56(%di):u32[4]' > $E
echo 'r:tret kpt_test_types ret=$retval:s32' >> $E
id=$(cat $D/tstr/id)
echo "types 1" > $KPT_TEST/call
before=$(cat $T | grep -v '^#')
echo > $E
[ -d $D/tstr ] && fail "tstr not removed"
after=$(cat $T | grep -v '^#')
echo "$after"
assert_eq "$after" "$before" "records print the same after removal"
assert_match "$after" ' tstr: \(kpt_test_types\+'"$E0"'/0x[0-9a-f]+ \[kprobetrace_test\]\) name="types-name" names=\{"one","two","three"\} arr=\{1,2,3,4\}' "removed entry event's record"
assert_match "$after" ' tret: \(call_types\+0x[0-9a-f]+/0x[0-9a-f]+ \[kprobetrace_test\] <- kpt_test_types\) ret=-70000' "removed return event's record"
# a different event with the same name gets another type: old records
# still print with their own fields
echo 'p:tstr kpt_test_types other=+15(%di):u8' > $E
[ "$(cat $D/tstr/id)" != "$id" ] || fail "a different description reused the type"
echo "types 1" > $KPT_TEST/call
assert_file_has $T ' tstr: .* name="types-name" names=' "old record after redefinition"
assert_file_has $T ' tstr: .* other=200$' "new record"
# the identical definition again reuses its type
echo 'p:tstr kpt_test_types name=+0(+24(%di)):string names=+32(%di):string[3] arr=+56(%di):u32[4]' > $E
assert_eq "$(cat $D/tstr/id)" "$id" "identical description reuses the type"
echo "types 1" > $KPT_TEST/call
echo > $E
assert_eq "$(grep -c ' tstr: .* name="types-name" names={"one","two","three"} arr={1,2,3,4}$' $T)" 2 "both records print"

# many distinct descriptions: the spare types stay bounded (256 kept, the
# least recently released evicted), no failure
i=0
while [ $i -lt 300 ]; do
	echo "p:tmany kpt_test_types v$i=%di:u8" > $E || fail "definition $i"
	i=$((i + 1))
done
echo > $E
echo "strings OK"
