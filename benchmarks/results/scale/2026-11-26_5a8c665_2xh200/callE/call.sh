#!/usr/bin/env bash
# call E (the merge of the partitioned search + gsssp-bench scale --partitioned), on two GPUs: the native partitioned
# tests (device 0 listed 2-4 times, and {0,1}), the plan and host API tests, the Java partitioned tests (and the
# DeviceGroup and upload GPU tests), then R-MAT 26: ADDS on one GPU against the partitioned search over {0,1}
set -uo pipefail
mkdir -p build && tar xJf build/carryE/gpu-host.tar.xz -C build && tar xJf build/carryE/native-tests.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
nvidia-smi topo -m >> $OUT/gpu.txt 2>&1
W=$OUT/w; mkdir -p $W/native $W/java; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/native-tests > $W/native/summary.txt 2>&1
cat $W/native/summary.txt | grep -v "^$" | head -40
echo "native $(( $(date +%s) - start )) s"
timeout 200 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.PartitionedGraphGpuTest \
  --select-class org.gsssp.PartitionedGraphTest --select-class org.gsssp.UploadProgressGpuTest \
  --select-class org.gsssp.DeviceGroupGpuTest > $W/java/tests.txt 2>&1
echo "java exit $?"; grep -E "tests (found|successful|failed|skipped)|✘|\[X\]" $W/java/tests.txt | head -30
echo "java $(( $(date +%s) - start )) s"
OUT=$W/scale REPS=3 WARMUP=1 ALGORITHMS=adds PARTITIONED=0,1 timeout 240 bash scripts/bench_scale.sh 26
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
