# Today's typed events in the real tools (Debian's trace-cmd and perf):
# they parse the format by name, __data_loc strings and arrays included;
# trace-cmd's filters take typed and string fields.  (Not string arrays:
# libtraceevent cannot parse __get_str(NAME[i]), the kernel's print fmt
# for them, whose own events fail the same way.)
# needs: trace-cmd perf
# timeout: 120
. /kpt/lib.sh
E=$KPT/kprobe_events
echo 'p:tt kpt_test_types name=+0(+24(%di)):string s32=+8(%di):s32 u16=+20(%di):u16 x8=+15(%di):x8 arr=+56(%di):u32[3] bad=+0(%cx):string' > $E ||
	{ cat $KPT/error_log; fail "definition"; }
cd /tmp
tc_record record.txt "echo 'types 3' > $KPT_TEST/call" -e kprobetrace:tt
trace-cmd report > report.txt 2>&1 || { cat report.txt; fail "trace-cmd report"; }
trace-cmd report -R > raw.txt 2>&1 || { cat raw.txt; fail "trace-cmd report -R"; }
cat report.txt raw.txt
assert_eq "$(grep -c ' tt: .*name="types-name" s32=-70000 u16=60000 x8=0xc8 arr={1,2,3} bad=' report.txt)" 3 \
	"trace-cmd report: today's print format"
assert_eq "$(grep -Ec ' tt: .*name=types-name .*s32=-70000 u16=60000 x8=(0xc8|200) ' raw.txt)" 3 \
	"trace-cmd report -R: fields by name"
# (libtraceevent's filter compares "s32 < 0" unsigned: the kernel's
# filter, tested in tracer-types-strings, does not)
trace-cmd report -F 'kprobetrace/tt: name =~ "^types" && u16 == 60000' > f1.txt 2>&1
assert_eq "$(grep -c ' tt: ' f1.txt)" 3 "report -F on a string and a u16"
trace-cmd report -F 'kprobetrace/tt: name == "other"' > f2.txt 2>&1
assert_eq "$(grep -c ' tt: ' f2.txt)" 0 "report -F on a string: none"

perf record -q -o perf.data -e kprobetrace:tt sh -c "echo 'types 2' > $KPT_TEST/call" > precord.txt 2>&1 ||
	{ cat precord.txt; fail "perf record"; }
perf script -i perf.data > script.txt 2>&1 || { cat script.txt; fail "perf script"; }
cat script.txt
assert_eq "$(grep -c 'kprobetrace:tt: .*name="types-name" s32=-70000 u16=60000 x8=0xc8 arr={1,2,3}' script.txt)" 2 \
	"perf script: today's print format"
echo > $E
echo "types tools OK"
