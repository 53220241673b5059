#!/usr/bin/env bash
# call L (experiment, as call K): BatchBenchmark.batch by AUTO (concurrent ADDS) with few queries in flight, on
# R-MAT 20 and random 1M x 7
set -uo pipefail
mkdir -p build && tar xJf build/carryK/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
for g in 'rmat:scale=20;ef=16;seed=1;w=1..1000' 'random:n=1048576;d=7;seed=1;w=1..1000'; do
  for k in 1 2 3 4 6 8; do
    timeout 100 $B jmh 'BatchBenchmark.batch' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.batchInFlight=$k" -p "graph=$g" -p algorithm=auto -rf json -rff $W/batch-${g%%:*}-$k.json > $W/batch-${g%%:*}-$k.log 2>&1
    echo "$g in flight $k exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-${g%%:*}-$k.log | tr -s ' ' | cut -d' ' -f4-)"
  done
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
