#!/usr/bin/env bash
# call Z (H100; main at c81f2b8): issue 13's serving benchmarks with the current kernels: scripts/bench_serving.sh all
# (latency, concurrency, crossover, ffm).
set -uo pipefail
Y=build/callsY
if [ ! -x build/gpu-bundle/gsssp-bench ] || [ ! -d build/gpu-bundle/graphs ]; then
  rm -rf build/gpu-bundle && tar xJf $Y/bench-slim2.tar.xz -C build && tar xf $Y/graphs.tar -C build
fi
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E 'Model name|^CPU\(s\)' | tee $OUT/cpu.txt
start=$(date +%s)
OUT=$OUT/serving BENCH=$PWD/build/gpu-bundle/gsssp-bench GRAPHS=$PWD/build/gpu-bundle/graphs timeout 560 bash scripts/bench_serving.sh all
echo "serving exit $? after $(( $(date +%s) - start )) s"
[ -f $OUT/serving/summary.md ] && cat $OUT/serving/summary.md | head -80
