# perf (Debian's linux-perf) on our events: perf list, perf stat counts the
# hits exactly (entry and return probes, system-wide and per task, with a
# filter on our field names, a string field too), perf record + perf script
# show the samples, today's typed and string fields included.
# (Event names made only of perf's modifier letters, such as "pe", would be
# parsed as modifiers: perf's syntax, not ours.)
# needs: perf
# timeout: 90
. /kpt/lib.sh
E=$KPT/kprobe_events
echo 'p:six kpt_test_six_args a0 a1 a2' > $E
echo 'r:sixret kpt_test_six_args rv' >> $E
cd /tmp
CALL100="echo 'six_args 100' > $KPT_TEST/call"

perf list 'kprobetrace:*' > list.txt 2>&1
assert_file_has list.txt 'kprobetrace:six +\[Tracepoint event\]' "perf list"

# count: CSV "value,unit,event,..."
count() { # perf-stat-args...
	perf stat -x, "$@" -- sh -c "$CALL100" 2> stat.txt || { cat stat.txt; fail "perf stat $*"; }
	cat stat.txt >&2
	grep 'kprobetrace:' stat.txt | cut -d, -f1
}
assert_eq "$(count -a -e kprobetrace:six)" 100 "perf stat -a: entry hits"
assert_eq "$(count -e kprobetrace:six)" 100 "perf stat (the task): entry hits"
assert_eq "$(count -a -e kprobetrace:sixret)" 100 "perf stat -a: return hits"
assert_eq "$(count -a -e kprobetrace:six --filter 'a0 == 0x11 && a2 == 0x33')" 100 "perf stat, matching filter"
assert_eq "$(count -a -e kprobetrace:six --filter 'a1 == 0x11')" 0 "perf stat, non-matching filter"
perf stat -e kprobetrace:six -a -- sh -c "$CALL100" 2>&1 | grep kprobetrace

# samples
perf record -e kprobetrace:six -e kprobetrace:sixret -a -o perf.data \
	-- sh -c "echo 'six_args 5' > $KPT_TEST/call" > rec.txt 2>&1 || { cat rec.txt; fail "perf record"; }
perf script -i perf.data > script.txt 2>&1 || { cat script.txt; fail "perf script"; }
cat script.txt
assert_eq "$(grep -Ec ' kprobetrace:six: [0-9a-f]+: 0x11 0x22 0x33$' script.txt)" 5 "perf script: 5 entry samples"
assert_eq "$(grep -Ec ' kprobetrace:sixret: [0-9a-f]+ <- [0-9a-f]+: 0x165$' script.txt)" 5 "perf script: 5 return samples"
perf script -i perf.data -F event,trace > fields.txt 2>&1
assert_file_has fields.txt 'kprobetrace:six: +[0-9a-f]+: 0x11 0x22 0x33' "perf script -F event,trace"

# today's typed and string fields
echo 'p:kprobetrace/pstr kpt_test_string s=+0(%di):string comm=$comm' >> $E
echo 'p:kprobetrace/ptyp kpt_test_six_args x=$arg1:u8 y=$arg2:s16 z=$arg3:x32' >> $E
perf stat -x, -a -e kprobetrace:pstr --filter 's == "kprobetrace"' \
	-- sh -c "echo 'string 4' > $KPT_TEST/call" 2> stat2.txt || { cat stat2.txt; fail "perf stat, string filter"; }
assert_eq "$(grep kprobetrace: stat2.txt | cut -d, -f1)" 4 "perf stat with a string filter"
perf record -e kprobetrace:pstr -e kprobetrace:ptyp -a -o perf2.data \
	-- sh -c "echo 'string 2' > $KPT_TEST/call; echo 'six_args 2' > $KPT_TEST/call" > rec2.txt 2>&1 ||
	{ cat rec2.txt; fail "perf record (typed)"; }
perf script -i perf2.data > script2.txt 2>&1 || { cat script2.txt; fail "perf script (typed)"; }
cat script2.txt
assert_eq "$(grep -Ec ' kprobetrace:pstr: \([0-9a-f]+\) s="kprobetrace" comm="sh"$' script2.txt)" 2 "perf script: string fields"
assert_eq "$(grep -Ec ' kprobetrace:ptyp: \([0-9a-f]+\) x=17 y=34 z=0x33$' script2.txt)" 2 "perf script: typed fields"
echo "perf OK"
