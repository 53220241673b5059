#!/usr/bin/env bash
# call J: DeviceGraph.queryBatch's concurrent design with pooled output blocks (5a6807c, "new") against fresh
# QueryBuffers per batch (d2777c2, "old"): BatchBenchmark.batch on R-MAT 20 by AUTO (concurrent ADDS), alternating
set -uo pipefail
mkdir -p build && tar xJf build/carryJ/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W /tmp/jars; start=$(date +%s)
cp build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar /tmp/jars/new.jar
xz -dc build/carryJ/old-gsssp.jar.xz > /tmp/jars/old.jar
B=build/gpu-bundle/gsssp-bench
for round in 1 2; do
  for v in old new; do
    cp /tmp/jars/$v.jar build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar
    timeout 120 $B jmh 'BatchBenchmark.batch' -p 'graph=rmat:scale=20;ef=16;seed=1;w=1..1000' -p algorithm=auto -rf json -rff $W/batch-$v-$round.json > $W/batch-$v-$round.log 2>&1
    echo "$v round $round exit $?: $(grep -E 'resolves|^BatchBenchmark.batch ' $W/batch-$v-$round.log | tr -s ' ' | tr '\n' ' ')"
  done
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
