# matrix: core
# The kernel functions the module resolves at load (kallsyms: not exported)
# are called directly, never through a pointer.  On IBT kernels (6.12) most
# of them have their endbr64 sealed, as the kernel never calls them
# indirectly; an indirect call to one from the module would fault on a CPU
# with IBT ("Missing ENDBR"), which QEMU's TCG does not model, so the test
# reads the live code instead: in the module's functions, each call to such
# a function is a 5-byte call or jmp straight to it (a static call, patched
# at load), the hit path's too.  It also names the sealed ones on this
# kernel.
. /kpt/lib.sh

# direct MODFN KFN...: in the module's MODFN, a direct call/jmp to each KFN
direct() {
	_m=$1; shift
	kprobetrace where "$_m" > /tmp/w 2>&1 || { cat /tmp/w; fail "where $_m"; }
	for _k in "$@"; do
		grep -Eq "^ +\+[0-9]+ +5  e[89] .* (call|jmp) .* -> $_k\+0x[04]; static call" /tmp/w ||
			{ cat /tmp/w; fail "$_m: no direct call to $_k"; }
		echo "$_m -> $_k: direct"
	done
}

direct kpt_ksym_addr kallsyms_lookup_name
direct kpt_files_exit tracefs_remove
direct kpt_ftrace_exit_handler rethook_try_get rethook_hook

# (each `where` reads kallsyms and kcore: a few seconds under TCG)
sealed=
for f in kallsyms_lookup_name tracefs_remove; do
	kprobetrace where "$f" 2>/dev/null | grep -q 'sealed endbr64' &&
		sealed="$sealed $f"
done
echo "sealed on this kernel:${sealed:- none}"
if grep -q ' ibt_selftest_noendbr$' /proc/kallsyms; then
	[ -n "$sealed" ] || fail "an IBT kernel with none of them sealed: is the check right?"
fi
echo "kernel calls OK"
