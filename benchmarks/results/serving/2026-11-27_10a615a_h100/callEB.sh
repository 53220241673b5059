#!/usr/bin/env bash
# call EB: read_latency wake: the first calls after kernels of 0.2-5 ms, with and without PCIe traffic from the kernel.
set -uo pipefail
D=build/callsEA
nvidia-smi --query-gpu=index,name,driver_version,memory.total,pstate,clocks.sm,clocks.mem --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
( lspci -vvv 2>&1 | grep -iE "nvidia|LnkCap|LnkCtl|LnkSta|ASPM" | head -40; cat /sys/module/pcie_aspm/parameters/policy; nproc; cat /proc/cpuinfo | grep "model name" | head -1; nvidia-smi -q | grep -iE "persistence|power draw|perf|pstate|Link" | head -20 ) > $W/host.txt 2>&1
cat $W/host.txt
start=$(date +%s)
timeout 200 $D/read_latency wake 60 > $W/wake-1.txt 2>&1; echo "wake exit $? t=$(( $(date +%s) - start ))"; cat $W/wake-1.txt
timeout 200 $D/read_latency wake 60 > $W/wake-2.txt 2>&1; echo "wake exit $? t=$(( $(date +%s) - start ))"; cat $W/wake-2.txt
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
