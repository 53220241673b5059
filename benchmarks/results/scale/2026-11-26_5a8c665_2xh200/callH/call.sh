#!/usr/bin/env bash
# call H (10e87c7: read before the atomic, aggregated appends; default C = 2), on two GPUs: the native partitioned and plan tests, the Java
# partitioned tests, then R-MAT 26: ADDS on one GPU against the partitioned search over {0,1}
set -uo pipefail
mkdir -p build && tar xJf build/carryH/gpu-host.tar.xz -C build && tar xJf build/carryH/native-tests.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
nvidia-smi topo -m >> $OUT/gpu.txt 2>&1
W=$OUT/w; mkdir -p $W/native $W/java; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/native-tests > $W/native/summary.txt 2>&1
grep -v "^$" $W/native/summary.txt | head -30
echo "native $(( $(date +%s) - start )) s"
timeout 200 build/gpu-bundle/run-tests.sh --details=tree --select-class org.gsssp.PartitionedGraphGpuTest \
  --select-class org.gsssp.PartitionedGraphTest > $W/java/tests.txt 2>&1
echo "java exit $?"; grep -E "tests (found|successful|failed|skipped|aborted)" $W/java/tests.txt
echo "java $(( $(date +%s) - start )) s"
OUT=$W/scale REPS=3 WARMUP=1 ALGORITHMS=adds PARTITIONED=0,1 PART_DELTA_CONSTANTS=2,0.5 timeout 300 bash scripts/bench_scale.sh 26
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
