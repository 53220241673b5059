#!/usr/bin/env bash
# call C (7ec7745 + the upload test's corrected precondition): the native device API tests again, then R-MAT
# scale 26 (ADDS, Near-Far, H-BF) and scale 27 (2^31 edges: also Bellman-Ford and Frontier) with gsssp-bench scale
set -uo pipefail
mkdir -p build/native-tests && tar xJf build/carryC/gpu-host.tar.xz -C build
cp build/carryC/gsssp_device_api_test build/native-tests/
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests > $W/native/summary.txt 2>&1
grep -h "exit\|FAILED" $W/native/summary.txt | head -20
echo "native $(( $(date +%s) - start )) s"
OUT=$W/scale REPS=3 WARMUP=1 bash scripts/bench_scale.sh 26
OUT=$W/scale REPS=2 WARMUP=1 ALGORITHMS=adds,near-far,hbf,bellman-ford,frontier bash scripts/bench_scale.sh 27
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
