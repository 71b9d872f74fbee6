# trace-cmd (Debian's package) on our events: record, then report shows the
# events, and with -R every field by name (the argN fields and their
# aliases); today's typed and string fields ($comm, :string, u8/s16/x32)
# print by name too; report filters on our field names, strings included;
# $duration is a u64 field trace-cmd prints and filters like any other.
# needs: trace-cmd
# timeout: 90
. /kpt/lib.sh
E=$KPT/kprobe_events
echo 'p:tc kpt_test_six_args a0 a1 a2' > $E
echo 'r:tcr kpt_test_six_args rv ra' >> $E
# today's syntax: named fields
echo 'p:kprobetrace/tcnew kpt_test_six_args first=$arg1 second=$arg2' >> $E
cd /tmp
trace-cmd list -e kprobetrace > list.txt 2>&1
assert_file_has list.txt '^kprobetrace:tc$' "trace-cmd list shows the event"
tc_record record.txt "echo 'six_args 3' > $KPT_TEST/call" \
	-e kprobetrace:tc -e kprobetrace:tcr -e kprobetrace:tcnew
trace-cmd report > report.txt 2>&1 || { cat report.txt; fail "trace-cmd report"; }
trace-cmd report -R > raw.txt 2>&1 || { cat raw.txt; fail "trace-cmd report -R"; }
cat report.txt raw.txt

# the print format (the seed's output)
assert_eq "$(grep -Ec ' tc: +[0-9a-f]+: 0x11 0x22 0x33$' report.txt)" 3 "report: 3 entry records"
assert_eq "$(grep -Ec ' tcr: +[0-9a-f]+ <- [0-9a-f]+: 0x165 0x[0-9a-f]+$' report.txt)" 3 "report: 3 return records"
# every field by name
assert_eq "$(grep -Ec ' tc: +ip=[0-9a-f]+ nargs=3 arg0=0x11 arg1=0x22 arg2=0x33 a0=0x11 a1=0x22 a2=0x33$' raw.txt)" 3 \
	"report -R: entry fields by name"
assert_eq "$(grep -Ec ' tcr: +func=[0-9a-f]+ ret_ip=[0-9a-f]+ nargs=2 arg0=0x165 arg1=0x[0-9a-f]+ rv=0x165 ra=0x[0-9a-f]+$' raw.txt)" 3 \
	"report -R: return fields by name"
# $arg1 is the first argument; typed fields may print in decimal
assert_eq "$(grep -Ec ' tcnew: .*first=(0x11|17) second=(0x22|34)$' raw.txt)" 3 \
	"report -R: named fields of today's syntax"
# filtering on a field by name
trace-cmd report -F 'kprobetrace/tc: a0 == 0x11' > f1.txt 2>&1
assert_eq "$(grep -c ' tc: ' f1.txt)" 3 "report -F on a0: all match"
trace-cmd report -F 'kprobetrace/tc: a1 == 0x11' > f2.txt 2>&1
assert_eq "$(grep -c ' tc: ' f2.txt)" 0 "report -F on a1: none match"

# today's typed and string fields (__data_loc strings, u8/s16/x32, $comm)
echo 'p:kprobetrace/tstr kpt_test_string s=+0(%di):string comm=$comm' >> $E
echo 'p:kprobetrace/ttyp kpt_test_six_args x=$arg1:u8 y=$arg2:s16 z=$arg3:x32' >> $E
echo 'r:kprobetrace/tret kpt_test_string ret=$retval:u64' >> $E
tc_record record2.txt "echo 'string 2' > $KPT_TEST/call; echo 'six_args 2' > $KPT_TEST/call" \
	-e kprobetrace:tstr -e kprobetrace:ttyp -e kprobetrace:tret
trace-cmd report > report2.txt 2>&1 || { cat report2.txt; fail "trace-cmd report (typed)"; }
trace-cmd report -R > raw2.txt 2>&1 || { cat raw2.txt; fail "trace-cmd report -R (typed)"; }
cat report2.txt raw2.txt
assert_eq "$(grep -Ec ' tstr: +\([0-9a-f]+\) s="kprobetrace" comm="sh"$' report2.txt)" 2 "report: string fields"
assert_eq "$(grep -Ec ' ttyp: +\([0-9a-f]+\) x=17 y=34 z=0x33$' report2.txt)" 2 "report: typed fields"
assert_eq "$(grep -Ec ' tret: +\([0-9a-f]+ <- [0-9a-f]+\) ret=11$' report2.txt)" 2 "report: typed return value"
assert_eq "$(grep -Ec ' tstr: .*s=kprobetrace comm=sh$' raw2.txt)" 2 "report -R: strings by name"
assert_eq "$(grep -Ec ' ttyp: .*x=(17|0x11) y=(34|0x22) z=(51|0x33)$' raw2.txt)" 2 "report -R: typed fields by name"
trace-cmd report -F 'kprobetrace/tstr: s == "kprobetrace"' > f3.txt 2>&1
assert_eq "$(grep -c ' tstr: ' f3.txt)" 2 "report -F on a string field"

# $duration: the call's nanoseconds, at least the delay the test module
# busy-waited (2^20 ns), printed and filtered by trace-cmd
echo 'r:kprobetrace/tdur kpt_test_delay ns=$arg1:u64 $duration' >> $E
tc_record record3.txt "echo 'delay 1048576 3' > $KPT_TEST/delay" -e kprobetrace:tdur
trace-cmd report > report3.txt 2>&1 || { cat report3.txt; fail "trace-cmd report (duration)"; }
cat report3.txt
assert_eq "$(grep -Ec ' tdur: +\([0-9a-f]+ <- [0-9a-f]+\) ns=1048576 duration=[0-9]+$' report3.txt)" 3 \
	"report: the duration field"
awk '/ tdur: / { for (i = 1; i <= NF; i++) if ($i ~ /^duration=/) { sub(/^duration=/, "", $i); if ($i + 0 < 1048576) bad = 1; n++ } }
	END { exit bad || n != 3 }' report3.txt || fail "report: a duration below the delay"
trace-cmd report -F 'kprobetrace/tdur: duration >= 1048576' > f4.txt 2>&1
assert_eq "$(grep -c ' tdur: ' f4.txt)" 3 "report -F on duration: all at least the delay"
trace-cmd report -F 'kprobetrace/tdur: duration < 1048576' > f5.txt 2>&1
assert_eq "$(grep -c ' tdur: ' f5.txt)" 0 "report -F on duration: none below it"
echo "trace-cmd OK"
