#!/usr/bin/env bash
# call D (ADDS's Delta against queries in flight in R-MAT 20 batches): BatchBenchmark.batch on R-MAT 20 by AUTO, all
# sources, each answer's kernel time, whole native call, vertex visits and edges relaxed (BATCH line), for the starting
# C = 0 (ADDS's own, 64), 8, 16, 32 at 1, 3, 6 and 8 queries in flight.
set -uo pipefail
mkdir -p build && rm -rf build/bench-bundle && tar xJf build/callsD/bench.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/bench-bundle/gsssp-bench
G='rmat:scale=20;ef=16;seed=1;w=1..1000'
batch() {  # label kind inflight C [jmh options]
  local label=$1 kind=$2 k=$3 c=$4; shift 4
  timeout 120 $B jmh 'BatchBenchmark.batch$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.batchInFlight=$k" \
    -p "graph=$G" -p algorithm=auto -p sourceKind=$kind -p deltaConstant=$c "$@" -rf json -rff $W/batch-$label.json > $W/batch-$label.log 2>&1
  echo "$label ($kind, in flight $k, C $c) exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$label.log | tr -s ' ' | cut -d' ' -f5-) | $(grep -o 'answers=.*' $W/batch-$label.log | head -1)"
}
batch c0-k3 uniform 3 0
batch c16-k3 uniform 3 16
batch c16-k6 uniform 6 16
batch c32-k6 uniform 6 32
batch c8-k6 uniform 6 8
batch c8-k8 uniform 8 8
batch c0-k3b uniform 3 0
batch c0-k1 uniform 1 0
batch c8-k1 uniform 1 8
echo "t=$(( $(date +%s) - start )) s"
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
