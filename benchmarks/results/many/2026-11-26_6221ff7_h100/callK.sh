#!/usr/bin/env bash
# call K (experiment, not committed code: BATCH_IN_FLIGHT read from -Dgsssp.batchInFlight): BatchBenchmark.batch on
# R-MAT 20 by AUTO (concurrent ADDS) with 4, 8, 16 and 32 queries in flight
set -uo pipefail
mkdir -p build && tar xJf build/carryK/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
for k in 8 16 32 4 8 16; do
  timeout 100 $B jmh 'BatchBenchmark.batch' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.batchInFlight=$k" -p 'graph=rmat:scale=20;ef=16;seed=1;w=1..1000' -p algorithm=auto -rf json -rff $W/batch-$k.json > $W/batch-$k.log 2>&1
  echo "in flight $k exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$k.log | tr -s ' ')"
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
