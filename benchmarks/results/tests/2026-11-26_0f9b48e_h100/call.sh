#!/usr/bin/env bash
# call M (0f9b48e, the session's last code): native tests, BatchBenchmark on R-MAT 20 by AUTO at the new default
# (3 in flight), the whole Java GPU suite
set -uo pipefail
mkdir -p build && tar xJf build/carryM/gpu-host.tar.xz -C build && tar xJf build/carryM/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
grep -h "target queries\|pair queries" $W/native/*.log
echo "native $(( $(date +%s) - start )) s"
B=build/gpu-bundle/gsssp-bench
timeout 100 $B jmh 'BatchBenchmark.batch' -p 'graph=rmat:scale=20;ef=16;seed=1;w=1..1000' -p algorithm=auto -rf json -rff $W/batch-rmat20.json > $W/batch-rmat20.log 2>&1
echo "batch exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-rmat20.log | tr -s ' ')"
OUT=$W/suite bash scripts/test_gpu_suite.sh 400 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
tail -7 $W/suite/summary.txt
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
