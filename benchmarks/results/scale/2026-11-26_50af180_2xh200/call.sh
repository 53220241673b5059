#!/usr/bin/env bash
# call L (two GPUs of one host): DeviceGroup's GPU test across both, then DeviceGroupBenchmark, one GPU against all
set -uo pipefail
T0=$(date +%s)
mkdir -p build && tar xJf build/carry9/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.used,memory.total --format=csv,noheader | tee $OUT/gpu.txt
nvidia-smi topo -m >> $OUT/gpu.txt 2>&1
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
timeout 150 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.DeviceGroupGpuTest --select-class org.gsssp.MultiBellmanFordGpuTest > $W/tests.txt 2>&1
echo "tests exit $?"; grep -E "tests (successful|failed|found)|✘" $W/tests.txt | head
echo "== t=$(( $(date +%s) - T0 ))s"
timeout 400 $B jmh DeviceGroupBenchmark -f 1 -p "graph=rmat:scale=22;ef=16;seed=1;w=1..1000,$G/USA-road-d.NY.gr.gz" -p devices=1,all -rf json -rff $W/group.json > $W/group.log 2>&1
echo "jmh exit $?"
grep -E "^DeviceGroupBenchmark|DeviceGroupBenchmark:|Exception|Error" $W/group.log | head -24
echo "== t=$(( $(date +%s) - T0 ))s"
tar czf $OUT/callL.tgz -C $OUT w gpu.txt
