# bash completion for kprobetrace(1).  Source it, or install it as
# /usr/share/bash-completion/completions/kprobetrace.
_kprobetrace_events()
{
	sed -n 's/^[prfte][0-9]*:\([^/ ]*\/\)\{0,1\}\([^ ]*\) .*/\2/p' \
		/sys/kernel/tracing/kprobetrace/kprobe_events \
		/sys/kernel/debug/tracing/kprobetrace/kprobe_events 2>/dev/null |
		awk '!seen[$0]++'
}

_kprobetrace_functions()
{
	# text symbols starting with the word (kallsyms is large: filter first)
	awk -v p="$1" '($2 == "t" || $2 == "T") && index($3, p) == 1 { print $3 }' \
		/proc/kallsyms 2>/dev/null | head -n 200
}

# the kernel's events: tracepoint names (t:), or SYSTEM.EVENT (e:)
_kprobetrace_tracepoints()
{
	local f=/sys/kernel/tracing/available_events
	[ -r $f ] || f=/sys/kernel/debug/tracing/available_events
	if [ "$1" = e ]; then
		tr : . < $f 2>/dev/null
	else
		sed 's/.*://' $f 2>/dev/null | sort -u
	fi
}

_kprobetrace()
{
	local cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]}
	local cmds="add list del enable disable clear profile trace where lines vars latency errors metrics serve help"

	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "$cmds --help" -- "$cur"))
		return
	fi
	case $cmd in
	add)
		case $cur in
		-*) COMPREPLY=($(compgen -W "-e --event -n -D --dry-run -v --verbose --offsets -m --module --debuginfo --build-id --no-inlines --no-index --per-copy -w --watch --help" -- "$cur")) ;;
		*)
			# t[:GRP/EVENT] TRACEPOINT, e[:GRP/EVENT] SYSTEM.EVENT
			local prev=${COMP_WORDS[COMP_CWORD-1]}
			case $prev in
			t|t:*|e|e:*) COMPREPLY=($(compgen -W "$(_kprobetrace_tracepoints ${prev%%:*})" -- "$cur")) ;;
			*) COMPREPLY=($(compgen -W "$(_kprobetrace_functions "$cur")" -- "$cur")) ;;
			esac ;;
		esac ;;
	lines|vars)
		case $cur in
		-*) COMPREPLY=($(compgen -W "-m --module --debuginfo --build-id --no-inlines --no-index $([ "$cmd" = vars ] && echo --range --externs) $([ "$cmd" = lines ] && echo -s --source) --help" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "$(_kprobetrace_functions "$cur")" -- "$cur")) ;;
		esac ;;
	where)
		case $cur in
		-*) COMPREPLY=($(compgen -W "-m --max --help" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "$(_kprobetrace_functions "$cur")" -- "$cur")) ;;
		esac ;;
	latency|errors)
		local prev=${COMP_WORDS[COMP_CWORD-1]}
		case $prev in
		--sort) COMPREPLY=($(compgen -W "count p50 p99 max err name" -- "$cur")); return ;;
		--svg|--debuginfo) COMPREPLY=($(compgen -f -- "$cur")); return ;;
		--ret) COMPREPLY=($(compgen -W "s8 s16 s32 s64 x64" -- "$cur")); return ;;
		-i|--interval|-d|--duration|-p|--pid|-c|--comm) return ;;
		esac
		local opts="-d --duration -i --interval -p --pid -c --comm --json --ret --help"
		[ "$cmd" = errors ] && opts="$opts --debuginfo"
		[ "$cmd" = latency ] && opts="$opts -F --per-function -u --usecs -m --msecs --sort --heatmap --svg"
		case $cur in
		-*) COMPREPLY=($(compgen -W "$opts" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "$(_kprobetrace_functions "$cur")" -- "$cur")) ;;
		esac ;;
	metrics|serve)
		local prev=${COMP_WORDS[COMP_CWORD-1]}
		case $prev in
		-C|--config|--from-file) COMPREPLY=($(compgen -f -- "$cur")); return ;;
		--textfile) COMPREPLY=($(compgen -d -- "$cur")); return ;;
		-i|--interval|--listen) return ;;
		esac
		if [ "$cmd" = serve ]; then
			COMPREPLY=($(compgen -W "-C --config --listen --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "-C --config --textfile -i --interval --once --from-file --help" -- "$cur"))
		fi ;;
	del|enable|disable|trace)
		local opts="--help"
		case $cmd in
		enable|disable) opts="-a --all --help" ;;
		trace) opts="-b --backlog -n --count -t --timeout --help" ;;
		esac
		case $cur in
		-*) COMPREPLY=($(compgen -W "$opts" -- "$cur")) ;;
		*) COMPREPLY=($(compgen -W "$(_kprobetrace_events)" -- "$cur")) ;;
		esac ;;
	list)
		COMPREPLY=($(compgen -W "-r --raw --help" -- "$cur")) ;;
	help)
		COMPREPLY=($(compgen -W "$cmds" -- "$cur")) ;;
	esac
}
complete -F _kprobetrace kprobetrace
