#!/usr/bin/env bash
# call BD-2 (H100; main's HEAD, see BD-1): issue 13's serving latency part (scripts/bench_serving.sh latency: ADDS into
# buffers on 4 graphs, resident one target and query-only on R-MAT 22 after the JIT warm-up, AUTO on rome99) and ffm;
# then ADDS's no-regression A/B (c5e4dfa's library against this one, in turn, scripts/bench_libraries.sh).
set -uo pipefail
C=build/callsBD
rm -rf build/gpu-bundle && tar xJf $C/bench-slim.tar.xz -C build && tar xf build/callsAA/graphs-small.tar -C build || exit 3
mkdir -p build/lib-old && xz -dc $C/libgsssp-old.so.xz > build/lib-old/libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E 'Model name|^CPU\(s\)' | tee $OUT/cpu.txt
start=$(date +%s)
for part in latency ffm; do
  OUT=$OUT/serving BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs bash scripts/bench_serving.sh $part > $OUT/serving-$part.txt 2>&1
  echo "$part exit $? t=$(( $(date +%s) - start )) s"
  grep -E "^KERNEL|^ServingBenchmark.*(avgt|sample) |p0.50|p0.99|^FfmCallBenchmark|^JIT" $OUT/serving-$part.txt | grep -v ":" | head -30
  grep -E "^KERNEL" $OUT/serving-$part.txt
done
OUT=$OUT/ab ROUNDS=2 REPS=5 BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs \
  bash scripts/bench_libraries.sh $C/adds-bd.txt old=build/lib-old/libgsssp.so new=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md 2>/dev/null | head -40
gzip -9 $OUT/*.txt $OUT/serving/*.log 2>/dev/null
