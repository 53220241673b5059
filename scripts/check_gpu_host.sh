#!/usr/bin/env bash
# Usage: scripts/check_gpu_host.sh         (on the GPU host; env: OUT)
# What runs on the lent GPU host (no Java there): the native GoogleTest tests (if build/native-tests was carried:
# scripts/bundle_native_tests.sh), then the whole Java test suite from the GPU bundle, then the CLI on a real road
# graph. Logs go to $OUT (or ./gpu-host-logs).
set -uo pipefail
out=${OUT:-gpu-host-logs}
mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee "$out/gpu.txt"
if [ -x build/native-tests/gsssp_host_api_test ]; then
  OUT=$out scripts/test_native_gpu.sh build/native-tests
fi
build/gpu-bundle/run-tests.sh --details=tree > "$out/tests.log" 2>&1
echo "java tests exit $?"
grep -E "tests (found|successful|failed|skipped|aborted)|containers failed" "$out/tests.log"
grep -B2 -A3 "✘\|\[X\]" "$out/tests.log" | head -60
build/gpu-bundle/gsssp solve --graph build/gpu-bundle/graphs/USA-road-d.NY.gr.gz --source 1 --verify 2>&1 | tee "$out/solve.log"
for a in bellman-ford frontier dijkstra-cpu; do
  build/gpu-bundle/gsssp solve --graph build/gpu-bundle/graphs/USA-road-d.NY.gr.gz --source 1 --algorithm $a 2>&1 | grep -E "algorithm|time"
done
