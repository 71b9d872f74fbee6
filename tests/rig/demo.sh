# make demo: runs in the guest after kprobetrace.ko is loaded.
# (Until the tracer lands this only shows the module is loaded.)
echo "== kprobetrace demo on $(uname -r)"
grep kprobetrace /proc/modules
ls -la /sys/kernel/debug/kprobetrace/
