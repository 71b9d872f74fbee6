# Rig selftest: exits 0 but triggers a WARN_ON in the kernel: must be
# reported as failing because of the kernel log.
. /kpt/lib.sh
echo "warn 1" > "$KPT_TEST/call"
exit 0
