#!/usr/bin/env bash
# call B (7ec7745): native tests and the whole Java GPU suite after the 64-bit audit (ADDS pool cap, H-BF in-degrees
# and step counts, reverse-CSR scan, threaded CSR checks), the chunked upload with progress, and the off-heap R-MAT
# generator
set -uo pipefail
mkdir -p build && tar xJf build/carryB/gpu-host.tar.xz -C build && tar xJf build/carryB/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native $W/suite; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
echo "native $(( $(date +%s) - start )) s"
OUT=$W/suite bash scripts/test_gpu_suite.sh 420 --include-tag gpu > $W/suite/summary.txt 2>&1; gzip -9 $W/suite/tests.log 2>/dev/null
tail -7 $W/suite/summary.txt
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
