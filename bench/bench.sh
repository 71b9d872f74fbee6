# make bench, guest side (busybox sh, root); bench/run-bench copies it to
# /kpt/bench.sh and the files it needs to /kpt/bench/. Settings come from
# /kpt/bench/config (written by bench/bench-all):
#   CLOCK=icount|wall  N=calls per measurement  ROUNDS=rounds
#   SECTIONS="hit scale thru"  SCALE_N="1000 10000"  THRU_SECS=seconds
#   SCALE_ARM_MAX=probes (enable/disable are measured up to that many)
#   SCALE_LINE_MAX=probes (one write per line up to that many)
#   SCALE_MODES="one line"  SCALE_TRACERS="kernel ours" (a part of the scale)
#   LEAN_COMPARE=1 (per-hit: also "ours-gen", ours with the module parameter
#   lean=N: every record through the kernel's generic reserve/commit)
# Results are lines starting with "@@" (parsed by bench/report.awk); anything
# else is progress and notes.
# shellcheck shell=sh
set -u
SCALE_ARM_MAX=1000 SCALE_LINE_MAX=1000
SCALE_MODES="one line" SCALE_TRACERS="kernel ours"
LEAN_COMPARE=0
. /kpt/bench/config
B=/kpt/bench
T=/sys/kernel/tracing
KPT=/sys/kernel/tracing/kprobetrace
FLOOR=/sys/kernel/debug/kprobetrace_bench/ctl
LEAN=/sys/module/kprobetrace/parameters/lean
OPT=/proc/sys/debug/kprobes-optimization
KLIST=/sys/kernel/debug/kprobes/list
FUNC=__do_sys_getppid
export PATH=/kpt/bin:$PATH

note() { echo "# $*"; }
kv() { awk -v k="$1:" '$1 == k { print $2 }' /proc/meminfo; }

note "kernel $(uname -r), $(nproc) CPUs, clock=$CLOCK"
echo "@@INFO kernel $(uname -r)"
echo "@@INFO clock $CLOCK"
insmod /kpt/kprobetrace.ko 2>&1 || note "kprobetrace.ko does not load"
insmod $B/kprobetrace_bench.ko || { echo "@@ERROR floor module does not load"; exit 1; }
echo 0 > $T/events/enable
echo > $T/kprobe_events
echo 1 > $T/tracing_on

# ---- probe site ------------------------------------------------------------
# Address and size of FUNC from kallsyms (fixed-width hex compares as text).
faddr=$(awk -v f=$FUNC '$3 == f { print $1; exit }' /proc/kallsyms)
fnext=$(awk -v a="$faddr" '$1 > a && (n == "" || $1 < n) { n = $1 } END { print n }' /proc/kallsyms)
flen=$(printf '%d' $((0x$fnext - 0x$faddr)))
note "$FUNC at $faddr, $flen bytes"
# Instruction boundaries: our decoder when kpt-bench-site has it, else objdump.
if kpt-bench-site -b "$faddr" "$flen" > /tmp/bounds 2>/dev/null; then
	how=decoder
else
	how=objdump
	kpt-bench-site "$faddr" "$flen" > /tmp/func.bin
	objdump -D -b binary -m i386:x86-64 /tmp/func.bin |
		awk '/^ *[0-9a-f]+:\t/ { sub(/:.*/, ""); gsub(/ /, ""); print }' |
		while read -r o; do printf '%d\n' 0x$o; done > /tmp/bounds
fi
note "instruction boundaries ($how): $(tr '\n' ' ' < /tmp/bounds)"
# The mid-function site: the first boundary after the entry instruction at
# which the kernel optimises an empty kprobe into a jump.
mid= midopt=no
echo 1 > $OPT
for o in $(sed 1d /tmp/bounds); do
	echo "p $FUNC $o" > $FLOOR 2>/dev/null || continue
	[ -z "$mid" ] && mid=$o
	sleep 0.3
	if grep -q "$FUNC+0x$(printf %x "$o").*OPTIMIZED" $KLIST; then
		mid=$o midopt=yes
		echo clear > $FLOOR
		break
	fi
	echo clear > $FLOOR
done
echo clear > $FLOOR
echo "@@SITE $FUNC $faddr $flen $how mid=$mid optimised=$midopt"
note "mid-function site $FUNC+$mid (optimisable: $midopt)"

# %r14 of the loop = &linux_banner: +8(%di) at __x64_sys_getppid is
# pt_regs->r14, so the nested and string fetches read valid kernel memory.
R14=$(awk '$3 == "linux_banner" { print $1; exit }' /proc/kallsyms)

# ---- definitions -------------------------------------------------------------
REGS16="%ax %bx %cx %dx %si %di %bp %sp %r8 %r9 %r10 %r11 %r12 %r13 %r14 %r15"
VARIANTS=${VARIANTS:-"entry0 entry4 entry16 entry128 mem nested string fdrop fkeep midopt midint3 ret retrv fentry0 fentry4 fmany0 tp0 tpargs ep0 epargs epdrop"}
# variant -> kind (p/r), offset, seed-syntax fetch args, filter
vdef() {
	kind=p off=0 args= filter= efilter= many=0
	case $1 in
	entry0) ;;
	entry4) args="%di %si %dx %cx" ;;
	entry16) args=$REGS16 ;;
	entry128) args="$REGS16 $REGS16 $REGS16 $REGS16 $REGS16 $REGS16 $REGS16 $REGS16" ;;
	mem) args="+8(%di)" ;;
	nested) args="+0(+8(%di))" ;;
	string) args="+0(+8(%di)):string" ;;
	fdrop) filter="common_pid == 0" ;;
	fkeep) filter="common_pid != 0" ;;
	midopt|midint3) off=$mid ;;
	ret) kind=r ;;
	retrv) kind=r args=rv ;;
	# f: events (ours; the kernel's row is its kprobe event at FUNC):
	# one function, and FUNC among ~10,000 functions cold in the loop
	fentry0) kind=f ;;
	fentry4) kind=f args='$stack0 $stack1 $stack2 $stack3' ;;
	fmany0) kind=f many=1 ;;
	# t: events on raw_syscalls' sys_enter (one hit per getppid()):
	# ours, the kernel's own t: (6.12) and the static event's own record
	tp0) kind=t ;;
	tpargs) kind=t args='$arg*' ;;
	# e: events on raw_syscalls.sys_enter: ours, the kernel's own e: and
	# the static event's own record
	ep0) kind=e ;;
	epargs) kind=e args='$id $args' ;;
	# an e: filter that drops every record (getppid()'s id is never < 0)
	epdrop) kind=e args='$id' efilter='id < 0' ;;
	esac
}
# ~10,000 functions of subsystems the getppid() loop (and the timer tick)
# does not enter, for the fmany0 row: prefix globs, cached
cold_set() {
	[ -s /tmp/cold.set ] || {
		awk '$1 ~ /^(ext|xfs|btr|nfs|tcp|udp|ip6|ipv|drm|pci|acp|usb|soc|net|ata|scs|blk|cry|kob|inp|hid|sel|aud|bpf|nla|nl8|snd|fib|rtn|inet|xdr|svc|rpc|mpi|asn|pkc|key|x50|ima|evm|smk|tom|app|cgr|fsn|ep_|iou|sun|cif|fat|isofs|udf|vfa|squ|zst|lz4|xz_|zli|sg_|shm|msg|sem|mq_|ipc)/ { print $1 }' \
			$T/available_filter_functions | head -n 10000 > /tmp/cold.list
		awk '{ c[substr($1, 1, 3)]++ }
		     END { for (p in c) if (length(g) + 5 < 480) g = g (g == "" ? "" : ",") p "*"; print g }' \
			/tmp/cold.list > /tmp/cold.set
	}
	cat /tmp/cold.set
}
# Seed syntax -> the in-kernel tracer's: aN -> $arg(N+1), rv -> $retval,
# sN -> $stackN, sa -> $stack, ra dropped (its output shows the return
# address anyway); %REG, @ADDR, @SYM and +|-offs(ARG) are the same.
to_kernel() {
	echo "$*" | awk '{
		out = ""
		for (i = 1; i <= NF; i++) {
			a = $i
			if (a == "ra") continue
			if (a == "rv") a = "$retval"
			else if (a == "sa") a = "$stack"
			else if (a ~ /^a[0-9]+$/) a = "$arg" (substr(a, 2) + 1)
			else if (a ~ /^s[0-9]+$/) a = "$stack" substr(a, 2)
			out = out (out == "" ? "" : " ") a
		}
		print out
	}'
}
site() {
	[ $kind = t ] && { echo sys_enter; return; }
	[ $kind = e ] && { echo raw_syscalls.sys_enter; return; }
	[ "$off" = 0 ] && echo $FUNC || echo "$FUNC+$off"
}

# arm TRACER: define and enable variant $v for TRACER (bare, floor, kernel,
# ours, kf: the kernel's own f: event, fprobe events through
# dynamic_events, where the kernel has them: 6.12); returns non-zero when
# the tracer refuses it.
arm() {
	# t: variants: ours, the kernel's t: and the static event only
	case $kind:$1 in
	t:bare|t:kt|t:kstatic|t:ours) ;;
	t:*) return 1 ;;
	e:bare|e:ke|e:kstatic|e:ours) ;;
	e:*) return 1 ;;
	esac
	case $1 in
	bare) return 0 ;;
	kt)
		[ $kind = t ] || return 1
		{ echo "t:tracepoints/bench sys_enter $args" >> $T/dynamic_events; } 2>/dev/null || return 1
		echo 1 > $T/events/tracepoints/bench/enable
		;;
	kstatic)
		[ $kind = t ] || [ $kind = e ] || return 1
		echo 1 > $T/events/raw_syscalls/sys_enter/enable
		;;
	ke)
		[ $kind = e ] || return 1
		{ echo "e:eprobes/bench raw_syscalls.sys_enter $args${efilter:+ if $efilter}" >> $T/dynamic_events; } 2>/dev/null || return 1
		echo 1 > $T/events/eprobes/bench/enable
		;;
	floor)
		# f: variants: an empty ftrace_ops (SAVE_REGS) at FUNC's ftrace site
		case $kind in
		r) echo "r $FUNC" > $FLOOR ;;
		f) echo "f $FUNC" > $FLOOR ;;
		*) echo "p $FUNC $off" > $FLOOR ;;
		esac
		;;
	floor-fa) echo "fa $FUNC" > $FLOOR ;;	# without SAVE_REGS
	floor-fg) echo "fg $FUNC" > $FLOOR ;;	# SAVE_REGS + recursion guard
	floor-ft)	# + a static trace event's record (reserve + commit)
		{ echo "ft $FUNC" > $FLOOR; } 2>/dev/null || return 1
		echo 1 > $T/events/kprobetrace_bench/kpt_bench_floor/enable
		;;
	# the same record written directly (fe), its parts (fx: reserve + a
	# plain ring-buffer commit; fr: the ring buffer alone; fc: its clock)
	floor-fe|floor-fx|floor-fr|floor-fc)
		{ echo "${1#floor-} $FUNC" > $FLOOR; } 2>/dev/null || return 1 ;;
	kernel)
		k=$kind; [ $k = f ] && k=p
		echo "$k:kprobes/bench $(site) $(to_kernel $args)" > $T/kprobe_events || return 1
		if [ -n "$filter" ]; then echo "$filter" > $T/events/kprobes/bench/filter || return 1; fi
		echo 1 > $T/events/kprobes/bench/enable
		;;
	kf)
		[ $kind = f ] && [ "${many:-0}" = 0 ] || return 1
		{ echo "f:fprobes/bench $(site) $args" >> $T/dynamic_events; } 2>/dev/null || return 1
		echo 1 > $T/events/fprobes/bench/enable
		;;
	ours-gen)
		{ echo N > $LEAN; } 2>/dev/null || return 1
		arm ours
		;;
	ours)
		[ -w $KPT/kprobe_events ] || return 1
		if [ $kind = t ]; then
			{ echo "t:kprobetrace/bench sys_enter $args" > $KPT/kprobe_events; } 2>/dev/null || return 1
		elif [ $kind = e ]; then
			{ echo "e:kprobetrace/bench raw_syscalls.sys_enter $args${efilter:+ if $efilter}" > $KPT/kprobe_events; } 2>/dev/null || return 1
		elif [ $kind = f ]; then
			fs=$(site); [ "${many:-0}" = 1 ] && fs="$FUNC,$(cold_set)"
			{ echo "f:kprobetrace/bench $fs $args" > $KPT/kprobe_events; } 2>/dev/null || return 1
			[ "${many:-0}" = 1 ] && note "fmany0: $(sed -n 's/.* # \([0-9]*\) functions$/\1/p' $KPT/kprobe_events) functions"
		else
			{ echo "$kind:bench $(site) $args" > $KPT/kprobe_events; } 2>/dev/null || return 1
		fi
		[ -d $T/events/kprobetrace/bench ] || return 1
		if [ -n "$filter" ]; then
			{ echo "$filter" > $T/events/kprobetrace/bench/filter; } 2>/dev/null || return 1
		fi
		{ echo 1 > $T/events/kprobetrace/bench/enable; } 2>/dev/null || return 1
		;;
	esac
}
disarm() {
	case $1 in
	floor|floor-*)
		[ -d $T/events/kprobetrace_bench ] && echo 0 > $T/events/kprobetrace_bench/enable
		echo clear > $FLOOR ;;
	kernel)
		echo 0 > $T/events/kprobes/bench/enable 2>/dev/null
		echo > $T/kprobe_events ;;
	kt)
		{ echo 0 > $T/events/tracepoints/bench/enable; } 2>/dev/null
		{ echo "-:tracepoints/bench" >> $T/dynamic_events; } 2>/dev/null ;;
	kstatic)
		echo 0 > $T/events/raw_syscalls/sys_enter/enable ;;
	ke)
		{ echo 0 > $T/events/eprobes/bench/enable; } 2>/dev/null
		{ echo "-:eprobes/bench" >> $T/dynamic_events; } 2>/dev/null ;;
	kf)
		{ echo 0 > $T/events/fprobes/bench/enable; } 2>/dev/null
		{ echo "-:fprobes/bench" >> $T/dynamic_events; } 2>/dev/null ;;
	ours|ours-gen)
		{ echo 0 > $T/events/kprobetrace/bench/enable; } 2>/dev/null
		{ echo > $KPT/kprobe_events; } 2>/dev/null
		[ $1 = ours ] || { echo Y > $LEAN; } 2>/dev/null ;;
	esac
	return 0
}

# ---- per-hit cost ------------------------------------------------------------
hit_section() {
	for r in $(seq 1 "$ROUNDS"); do
		for v in $VARIANTS; do
			vdef $v
			case $v in midint3) echo 0 > $OPT ;; *) echo 1 > $OPT ;; esac
			tracers="bare floor kernel ours"
			[ $kind = f ] && tracers="$tracers kf"
			[ $kind = t ] && tracers="bare kt kstatic ours"
			[ $kind = e ] && tracers="bare ke kstatic ours"
			[ "$LEAN_COMPARE" = 1 ] && tracers="$tracers ours-gen"
			[ $v = fentry0 ] && tracers="$tracers floor-fa floor-fg floor-ft floor-fe floor-fx floor-fr floor-fc"
			for t in $tracers; do
				echo > $T/trace
				if ! arm $t; then
					disarm $t
					echo "@@HIT $v $t $r na"
					continue
				fi
				# let the optimiser (delayed work) replace int3 by a jump
				case $v in midopt) sleep 0.3 ;; esac
				st=
				if [ $t != bare ]; then
					st=$(grep "$FUNC" $KLIST | head -n 1 | grep -o '\[[A-Z]*\]' | tr -d '\n')
				fi
				ns=$(kpt-bench-loop -c 0 -r "$R14" -n "$N")
				echo "@@HIT $v $t $r $ns ${st:-}"
				disarm $t
			done
		done
		note "round $r done"
	done
	echo 1 > $OPT
	# one sample of each event, to show what the definitions fetch
	for v in entry4 nested string retrv fentry4 tpargs epargs; do
		vdef $v
		for t in kernel kf kt ke kstatic; do
			echo > $T/trace
			arm $t || { disarm $t; continue; }
			kpt-bench-loop -r "$R14" -n 1 > /dev/null
			echo "@@SAMPLE $t $v $(grep -m1 -v '^#' $T/trace | sed 's/^ *//')"
			disarm $t
		done
		echo > $T/trace
		if arm ours; then
			kpt-bench-loop -r "$R14" -n 1 > /dev/null
			echo "@@SAMPLE ours $v $(grep -m1 -v '^#' $T/trace | sed 's/^ *//')"
		fi
		disarm ours
	done
}

# ---- definition scale --------------------------------------------------------
# Candidate functions: distinct text addresses of the kernel proper, outside
# the kprobe blacklist, names without '.', accepted by the in-kernel tracer.
# Not the padding symbols before each function (__pfx_*, __cfi_*: 6.12's
# CONFIG_FUNCTION_PADDING_BYTES), which are not functions: neither tracer
# probes them, and they were half the candidates.
scale_candidates() {
	want=$1
	awk '{ split($1, r, "-"); print substr(r[1], 3) " " substr(r[2], 3) }' \
		/sys/kernel/debug/kprobes/blacklist | sort > /tmp/black
	# kallsyms and the blacklist (sorted by start, with the running
	# maximum of the ends: ranges nest) are walked together.
	awk -v max=$((want * 3 / 2 + 500)) 'NR == FNR {
		bs[NR] = $1; me[NR] = NR > 1 && me[NR - 1] > $2 ? me[NR - 1] : $2
		nb = NR; next
	     }
	     NF == 3 && ($2 == "t" || $2 == "T") && $3 !~ /[.]/ && $3 !~ /^__(pfx|cfi)_/ && $1 > last {
		last = $1
		while (j < nb && bs[j + 1] <= $1) j++
		if (j && me[j] > $1) next
		print $3
		if (++n >= max) exit
	     }' /tmp/black /proc/kallsyms > /tmp/cand.all
	# Keep those the in-kernel tracer accepts (one definition each), in order.
	: > /tmp/cand.ok
	awk '{ printf "p:kprobes/c%d %s\n", NR, $1 }' /tmp/cand.all > /tmp/cand.defs
	kpt-bench-write -l $T/kprobe_events /tmp/cand.defs > /dev/null
	sed -n 's/^p:kprobes\/c[0-9]* \([^ ]*\).*/\1/p' $T/kprobe_events | head -n "$want" > /tmp/cand.ok
	echo > $T/kprobe_events
	wc -l < /tmp/cand.ok
}

# scale_one TRACER N MODE: add N probes (one write / per line), enable all,
# disable all, remove all; time and memory of each step.  Ours runs with
# lifecycle=today here (as the kernel's tracer: a new event is disabled),
# so that add is only the definition in both.  Arming costs O(N x traced
# functions) in both tracers (each ftrace filter update walks every
# ftrace record): above SCALE_ARM_MAX probes only add and remove are
# measured.
scale_one() {
	tr=$1 n=$2 mode=$3
	if [ $tr = kernel ]; then
		ctl=$T/kprobe_events ev=$T/events/kprobes pfx=kprobes/
	else
		ctl=$KPT/kprobe_events ev=$T/events/kprobetrace pfx=
	fi
	awk -v p="$pfx" '{ printf "p:%ss%d %s\n", p, NR, $1 }' /tmp/cand.n > /tmp/defs
	awk '{ printf "-:s%d\n", NR }' /tmp/cand.n > /tmp/undefs
	awk -v e="$ev" '{ printf "%s/s%d/enable\n", e, NR }' /tmp/cand.n > /tmp/enables
	sync; echo 3 > /proc/sys/vm/drop_caches
	s0=$(kv Slab) m0=$(kv MemAvailable)
	if [ $mode = one ]; then
		add=$(kpt-bench-write $ctl /tmp/defs)
	else
		add=$(kpt-bench-write -l $ctl /tmp/defs)
	fi
	got=$(grep -c . $ctl 2>/dev/null); got=${got:-0}
	s1=$(kv Slab) m1=$(kv MemAvailable)
	echo "@@SCALE $tr $n $mode add $(echo $add | sed 's/first error.*//') defined=$got slab_kb=$((s1 - s0)) avail_kb=$((m0 - m1))"
	[ "$got" -eq "$n" ] || echo "# $tr: $add"
	if [ "$got" -gt 0 ] && [ "$n" -le "$SCALE_ARM_MAX" ]; then
		if [ $mode = one ]; then
			en=$(echo $ev/enable > /tmp/grp; kpt-bench-write -p 1 /tmp/grp)
		else
			en=$(kpt-bench-write -p 1 /tmp/enables)
		fi
		s2=$(kv Slab) m2=$(kv MemAvailable)
		echo "@@SCALE $tr $n $mode enable $en slab_kb=$((s2 - s0)) avail_kb=$((m0 - m2))"
		if [ $mode = one ]; then
			dis=$(kpt-bench-write -p 0 /tmp/grp)
		else
			dis=$(kpt-bench-write -p 0 /tmp/enables)
		fi
		echo "@@SCALE $tr $n $mode disable $dis"
	fi
	if [ $mode = one ]; then
		rm=$(kpt-bench-write -t $ctl /dev/null)
	else
		rm=$(kpt-bench-write -l $ctl /tmp/undefs)
	fi
	left=$(grep -c . $ctl 2>/dev/null); left=${left:-0}
	[ "$left" -eq 0 ] || { echo "# $tr: $left definitions left after removal: $rm"; echo > $ctl; }
	s3=$(kv Slab) m3=$(kv MemAvailable)
	echo "@@SCALE $tr $n $mode remove $(echo $rm | sed 's/first error.*//') left=$left slab_kb=$((s3 - s0)) avail_kb=$((m0 - m3))"
}

scale_section() {
	max=0
	for n in $SCALE_N; do [ "$n" -gt $max ] && max=$n; done
	have=$(scale_candidates $max)
	note "scale: $have probeable functions (of $(wc -l < /tmp/cand.all) candidates)"
	echo 0 > $T/tracing_on
	lc=/sys/module/kprobetrace/parameters/lifecycle
	[ -w $lc ] && echo today > $lc
	for n in $SCALE_N; do
		[ "$have" -ge "$n" ] || { echo "@@ERROR only $have functions for $n probes"; continue; }
		head -n "$n" /tmp/cand.ok > /tmp/cand.n
		for mode in $SCALE_MODES; do
			[ $mode = line ] && [ "$n" -gt "$SCALE_LINE_MAX" ] && continue
			for tr in $SCALE_TRACERS; do
				if [ $tr = ours ] && [ ! -w $KPT/kprobe_events ]; then
					echo "@@SCALE ours $n $mode add na"
					continue
				fi
				scale_one $tr "$n" $mode
			done
		done
	done
	[ -w $lc ] && echo seed > $lc
	echo 1 > $T/tracing_on
}

# ---- throughput and loss -------------------------------------------------------
stat_sum() { cat $T/per_cpu/cpu*/stats | awk -v k="$1" 'index($0, k ":") == 1 { s += $NF } END { print s + 0 }'; }
thru_one() {
	tr=$1 ow=$2
	vdef entry4
	echo "$ow" > $T/options/overwrite
	echo > $T/trace
	arm "$tr" || { echo "@@THRU $tr overwrite=$ow na"; disarm "$tr"; return; }
	kpt-bench-loop -c 0 -t "$THRU_SECS" > /tmp/c0 &
	kpt-bench-loop -c 1 -t "$THRU_SECS" > /tmp/c1 &
	wait
	if [ "$tr" = kernel ]; then
		echo 0 > $T/events/kprobes/bench/enable
		prof=$(awk '$1 == "kprobes/bench" || $1 == "bench" { print "hits=" $2, "misses=" $3 }' $T/kprobe_profile)
	else
		echo 0 > $T/events/kprobetrace/bench/enable
		prof=$(awk '$1 ~ /bench$/ { print "hits=" $2, "misses=" $3 }' $KPT/kprobe_profile 2>/dev/null)
	fi
	calls=$(( $(cat /tmp/c0) + $(cat /tmp/c1) ))
	echo "@@THRU $tr overwrite=$ow secs=$THRU_SECS calls=$calls ${prof:-hits=? misses=?}" \
		"entries=$(stat_sum entries) overrun=$(stat_sum overrun)" \
		"commit_overrun=$(stat_sum 'commit overrun') dropped=$(stat_sum 'dropped events')"
	disarm "$tr"
	echo 1 > $T/options/overwrite
}
thru_section() {
	for ow in 1 0; do
		for tr in kernel ours; do thru_one $tr $ow; done
	done
}

# ---- arm-many: one event over N functions ---------------------------------------
# Ours: one f: line over a set (globs), defined and armed in one write
# (lifecycle=seed: live at once; one ftrace update), disabled through its
# enable file, removed by truncation.
# The kernel's: tracer=kernel, one p: line per function of the same set;
# tracer=kernel-f (where the kernel has fprobe events: 6.12), one f: line
# per function in dynamic_events.  Each of its events is its own ftrace
# filter update when armed (O(functions x ftrace records) in all; a kernel
# f: event is armed when defined, disabled by a flag), and its removal
# waits for RCU a probe, so:
#   - kernel, up to ARMMANY_KERNEL_MAX functions: the issue's form, in full:
#     the functions it accepts (a trial definition first, not timed), one
#     write, enabled and disabled through events/kprobes/enable, removed by
#     truncation;
#   - above it (and kernel-f at every size): defined one line a write
#     within ARMMANY_KERNEL_DEFINE_BUDGET_MS guest ms (one line a write
#     costs what one write does: the scale section; a function it refuses
#     does not stop the rest), enabled and disabled (kernel: each event's
#     enable file; kernel-f: the group's) within ARMMANY_KERNEL_BUDGET_MS
#     a step, removed by truncation.  A step its budget stopped is printed
#     ">X": the time of the part done, a lower bound of the step over the
#     whole set; removal then covers the events defined (">X" as well).
# Recording is off (tracing_on 0) throughout: hits cost their callback,
# not a record.
ARMMANY_N=${ARMMANY_N:-"1000 10000 all"}
ARMMANY_KERNEL_MAX=${ARMMANY_KERNEL_MAX:-1000}
ARMMANY_KERNEL_DEFINE_BUDGET_MS=${ARMMANY_KERNEL_DEFINE_BUDGET_MS:-5000}
ARMMANY_KERNEL_BUDGET_MS=${ARMMANY_KERNEL_BUDGET_MS:-20000}
ARMMANY_KERNEL_TRACERS=${ARMMANY_KERNEL_TRACERS:-"kernel kernel-f"}
ARMMANY_OURS=${ARMMANY_OURS:-1}
ms() { sed -n 's/.*ns=\([0-9]*\).*/\1/p' | awk '{ printf "%.1f", $1 / 1e6 }'; }
# "X" or ">X" (kpt-bench-write's output stopped by its budget: left=N)
msb() { awk '{ for (i = 1; i <= NF; i++) { if ($i ~ /^ns=/) t = substr($i, 4); if ($i ~ /^left=/) l = 1 } }
	END { printf "%s%.1f", l ? ">" : "", t / 1e6 }'; }
# the sum of two "X"/">X" (a lower bound when either is)
msum() { echo "$1 $2" | awk '{ l = sub(/^>/, "", $1) + sub(/^>/, "", $2); printf "%s%.1f", l ? ">" : "", $1 + $2 }'; }
okn() { echo "$1" | sed -n 's/.* ok=\([0-9]*\).*/\1/p'; }
# prefix globs whose traceable functions add up to about N
armmany_globs() {
	awk '$1 !~ /[.:\[]/ { c[substr($1, 1, 3)]++ }
	     END { for (p in c) print c[p], p }' $T/available_filter_functions |
		sort -rn | awk -v want=$1 '$2 !~ /[*?[\]]/ {
			if (s + $1 > want * 1.02) next
			s += $1; g = g (g == "" ? "" : ",") $2 "*"
			if (s >= want * 0.98) exit
		} END { print g }'
}
# armmany_kernel TRACER N GLOBS: the kernel's row for the functions of GLOBS
# (about N of them; "*": every traceable function)
armmany_kernel() {
	tr=$1 n=$2 g=$3
	if [ $tr = kernel ]; then
		ctl=$T/kprobe_events grp=kprobes k=p
	else
		ctl=$T/dynamic_events grp=fprobes k=f
		# the kernel has fprobe events?
		{ echo "f:fprobes/amtest $FUNC" >> $ctl; } 2>/dev/null || return 0
		echo "-:fprobes/amtest" >> $ctl
	fi
	awk -v g="$g" 'BEGIN { n = split(g, a, ",") }
	     $1 !~ /[.:\[]/ { for (i = 1; i <= n; i++) if (a[i] == "*" || index($1, substr(a[i], 1, 3)) == 1) { print $1; break } }' \
		$T/available_filter_functions | sort | uniq -u |
		awk -v k=$k -v grp=$grp '{ printf "%s:%s/am%d %s\n", k, grp, NR, $1 }' > /tmp/amk.try
	tn=$(grep -c . /tmp/amk.try)
	if [ $k = p ] && [ $n != all ] && [ "$n" -le "$ARMMANY_KERNEL_MAX" ]; then
		# trial: which of them the tracer accepts (not timed)
		kpt-bench-write -l $ctl /tmp/amk.try > /dev/null
		sed -n "s/^$k:$grp\/am[0-9]* \([^ ]*\).*/\1/p" $ctl |
			awk -v k=$k -v grp=$grp '{ printf "%s:%s/am%d %s\n", k, grp, NR, $1 }' > /tmp/amk.defs
		echo > $ctl
		kn=$(grep -c . /tmp/amk.defs)
		d=$(kpt-bench-write $ctl /tmp/amk.defs)
		echo $T/events/$grp/enable > /tmp/amkgrp
		e=$(kpt-bench-write -p 1 /tmp/amkgrp)
		dis=$(kpt-bench-write -p 0 /tmp/amkgrp)
		rm=$(kpt-bench-write -t $ctl /dev/null)
		how="one write, group enable file, truncation"
		de=$(msum "$(echo $d | ms)" "$(echo $e | ms)")
		echo "arm-many tracer=$tr functions=$kn define_enable_ms=$de disable_ms=$(echo $dis | ms) remove_ms=$(echo $rm | ms)"
		note "arm-many $tr $kn of $tn functions: define $(echo $d | ms) ms, enable $(echo $e | ms) ms ($how)"
		return 0
	fi
	d=$(kpt-bench-write -b $((ARMMANY_KERNEL_DEFINE_BUDGET_MS * 1000000)) -l $ctl /tmp/amk.try)
	dn=$(grep -c "^$k:$grp/am" $ctl)
	b=$((ARMMANY_KERNEL_BUDGET_MS * 1000000))
	if [ $k = p ]; then
		grep "^$k:$grp/am" $ctl | sed 's/^[^\/]*\/\([^ ]*\) .*/\1/' |
			awk -v e=$T/events/$grp '{ printf "%s/%s/enable\n", e, $1 }' > /tmp/amkev
		e=$(kpt-bench-write -b $b -p 1 /tmp/amkev)
		en=$(okn "$e")
		head -n "${en:-0}" /tmp/amkev > /tmp/amkon
		dis=$(kpt-bench-write -b $b -p 0 /tmp/amkon)
		how="each event's enable file"
	else
		echo $T/events/$grp/enable > /tmp/amkgrp
		e=$(kpt-bench-write -p 1 /tmp/amkgrp)
		en=$dn
		dis=$(kpt-bench-write -p 0 /tmp/amkgrp)
		how="the group's enable file"
	fi
	disn=$(okn "$dis")
	[ $k = f ] && disn=$dn
	# what a budget left enabled is disabled before the removal (not timed)
	[ $k = f ] || [ "${disn:-0}" -ge "${en:-0}" ] || echo 0 > $T/events/$grp/enable
	rm=$(kpt-bench-write -t $ctl /dev/null)
	# a lower bound when the budget stopped the definition short of the set
	# (not for the functions the tracer refused)
	rmm=$(echo $rm | ms)
	de=$(msum "$(echo $d | msb)" "$(echo $e | msb)")
	dism=$(echo $dis | msb)
	case "$d" in *left=*) rmm=">$rmm" ;; esac
	# disabling fewer than the set's events (a budget stopped the
	# definition or the enabling): a lower bound too
	if [ "${en:-0}" -lt "$((tn - $(echo "$d" | sed -n 's/.* failed=\([0-9]*\).*/\1/p')))" ]; then
		case $dism in ">"*) ;; *) dism=">$dism" ;; esac
	fi
	echo "arm-many tracer=$tr functions=$tn define_enable_ms=$de disable_ms=$dism remove_ms=$rmm"
	note "arm-many $tr over $tn functions: defined $dn in $(echo $d | msb) ms (one line a write, budget $ARMMANY_KERNEL_DEFINE_BUDGET_MS ms; $(echo "$d" | grep -o 'failed=[0-9]*') refused), enabled ${en:-0} in $(echo $e | msb) ms ($how$([ $k = p ] && echo ", budget $ARMMANY_KERNEL_BUDGET_MS ms")), disabled ${disn:-0} in $(echo $dis | msb) ms, removed the $dn defined in $(echo $rm | ms) ms (truncation)"
}
armmany_ours() {
	g=$1
	echo "f:am/ev $g" > /tmp/amdef
	de=$(kpt-bench-write $KPT/kprobe_events /tmp/amdef)
	fn=$(sed -n 's/^f:am\/ev .* # \([0-9]*\) functions$/\1/p' $KPT/kprobe_events)
	[ -n "$fn" ] || { echo "@@ERROR arm-many ours $g: $de"; tail -3 $KPT/error_log; return 0; }
	echo $T/events/am/ev/enable > /tmp/amgrp
	dis=$(kpt-bench-write -p 0 /tmp/amgrp)
	rm=$(kpt-bench-write -t $KPT/kprobe_events /dev/null)
	echo "arm-many tracer=ours functions=$fn define_enable_ms=$(echo $de | ms) disable_ms=$(echo $dis | ms) remove_ms=$(echo $rm | ms)"
}
armmany_section() {
	echo 0 > $T/tracing_on
	lc=/sys/module/kprobetrace/parameters/lifecycle
	[ -w $lc ] && echo seed > $lc
	for n in $ARMMANY_N; do
		if [ $n = all ]; then g='*'; else g=$(armmany_globs $n); fi
		[ "$ARMMANY_OURS" = 1 ] && armmany_ours "$g"
		for tr in $ARMMANY_KERNEL_TRACERS; do
			armmany_kernel $tr $n "$g"
		done
	done
	echo 1 > $T/tracing_on
}

for s in $SECTIONS; do
	note "section $s"
	${s}_section
done
echo 0 > $T/events/enable
echo > $T/kprobe_events
rmmod kprobetrace_bench
rmmod kprobetrace 2>/dev/null
echo "@@END"
