#!/usr/bin/env bash
# call P (final code): the issue "Java at kernel speed"'s remaining serving numbers on this code: FFM call costs and
# 1 against 8 threads (scripts/bench_serving.sh ffm, concurrency)
set -uo pipefail
mkdir -p build && tar xJf build/carry12/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" >> $OUT/gpu.txt
G=build/gpu-bundle/graphs
for part in ffm concurrency; do
  BENCH=build/gpu-bundle/gsssp-bench GRAPHS=$G OUT=$OUT/serving timeout 200 bash scripts/bench_serving.sh $part > $OUT/$part-console.txt 2>&1
  echo "$part exit $?"
done
BENCH=build/gpu-bundle/gsssp-bench GRAPHS=$G OUT=$OUT/serving bash scripts/bench_serving.sh summary > /dev/null 2>&1
sed -n '/FFM/,$p' $OUT/serving/summary.md | head -60
tar czf $OUT/callP.tgz -C $OUT serving gpu.txt
