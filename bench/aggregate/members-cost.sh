# The hit cost of a member of an f: exit set of ~10,000 functions against
# the same function alone, both armed through the aggregate file (the
# ftrace event disabled: no record).  Run in a 1-vCPU icount guest, where
# a guest nanosecond is one instruction:
#   KVER=... KPT_SMP=1 KPT_QEMU_EXTRA="-icount shift=0,sleep=off" \
#       tests/rig/run-guest --dir bench/aggregate members-cost
# Prints per call: base (no probe), one (kpt_test_delay alone), big
# (kpt_test_delay in a set of ~10,000 kernel functions the loop does not
# call), in ns (instructions under icount), from N calls timed by
# /proc/uptime (10 ms: N / 10^7 ns resolution).
# timeout: 900
. /kpt/lib.sh
E=$KPT/kprobe_events
A=$KPT/aggregate
L=$KPT/latency
G='acpi_*,pci_*,tcp_*,ip_*,sock_*,netlink_*,crypto_*,blk_*,scsi_*,usb_*,tty_*,kobject_*,sysfs_*,nla_*,xfrm_*,inet_*,udp_*,dev_*,net*,skb_*,neigh_*,fib*,rtnl_*,ipv6_*,genl*,nf_*,ata_*,input_*,hid_*,serial*,uart_*,vt_*,con_*,fb*,drm_*,i2c_*,power_*,pm_*,cpufreq_*,thermal_*,clk_*,regulator_*,gpio*,platform_*,driver_*,bus_*,device_*,class_*,firmware_*,of_*,efi*,x509*,key_*,keyring*,asymmetric*,pkcs*,ext4_*,jbd2_*,fat_*,nfs*,rpc*,xdr_*,audit_*,bpf_*,perf_*,uprobe*,tracing_*,trace_*'
N=1000000
up() { tr -d . < /proc/uptime | cut -d" " -f1; }
t() { s=$(up); echo "delay 0 $N" > $KPT_TEST/delay; e=$(up); echo $(((e - s) * 10000000 / N)); }
define 'f:b/one kpt_test_delay%return $duration'
echo 0 > $TRACEFS/events/b/one/enable
define "f:b/big kpt_test_delay,$G:exit \$duration"
echo 0 > $TRACEFS/events/b/big/enable
echo "big: $(grep -c '^b/big ' $KPT/fprobe_functions) functions"
for r in 1 2 3; do
	base=$(t)
	echo b/one > $A; one=$(t); echo '!b/one' > $A
	echo 0 > $L
	echo b/big > $A; big=$(t)
	assert_file_has $L "^b/big:kpt_test_delay count $N " "the member counted every call"
	echo '!b/big' > $A
	echo "round $r: ns/call base $base one $one big $big"
done
echo > $E
