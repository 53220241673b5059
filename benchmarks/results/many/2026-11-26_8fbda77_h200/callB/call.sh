#!/usr/bin/env bash
# call B (the sink lane of batches): JMH BatchBenchmark.batch on R-MAT 20 by AUTO with the sink lane on (the new
# default) at 1, 2, 3 and 4 queries in flight, and off at 3 (control); sources with out-edges only at 1, 2 and 3; then
# ServingBenchmark.defaultQuery and .query on R-MAT 22, the library before the TWC predecessor pass (8fb29d6) against
# the new one.
set -uo pipefail
mkdir -p build && rm -rf build/bench-bundle && tar xJf build/callsB/bench.tar.xz -C build && tar xJf build/callsB/libs.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
newlib=/tmp/newlibB; mkdir -p $newlib
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" \
  build/bench-bundle/gsssp-bench.jar $newlib
NEW=$newlib/native/linux-x86_64/libgsssp.so; PRETWC=$PWD/build/ab13/pretwc.so
B=build/bench-bundle/gsssp-bench
G='rmat:scale=20;ef=16;seed=1;w=1..1000'
batch() {  # label kind inflight lane
  timeout 120 $B jmh 'BatchBenchmark.batch$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.batchInFlight=$3 -Dgsssp.batchSinkLane=$4" \
    -p "graph=$G" -p algorithm=auto -p sourceKind=$2 -rf json -rff $W/batch-$1.json > $W/batch-$1.log 2>&1
  echo "$1 ($2, in flight $3, lane $4) exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$1.log | tr -s ' ' | cut -d' ' -f4-)"
}
batch uniform-lane-3a uniform 3 true
batch uniform-nolane-3a uniform 3 false
batch uniform-lane-1 uniform 1 true
batch uniform-lane-2 uniform 2 true
batch uniform-lane-4 uniform 4 true
batch uniform-lane-3b uniform 3 true
batch uniform-nolane-3b uniform 3 false
batch edges-1 edges 1 true
batch edges-2 edges 2 true
batch edges-3 edges 3 true
echo "t=$(( $(date +%s) - start )) s"
serving() {  # label lib
  timeout 150 $B jmh 'ServingBenchmark.(defaultQuery|query)$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.library.path=$2" \
    -p 'graph=rmat:scale=22;ef=16;seed=1;w=1..1000' -rf json -rff $W/serving-$1.json > $W/serving-$1.log 2>&1
  echo "$1 exit $?"; grep -E '^KERNEL|^ServingBenchmark.[a-zA-Z]+ |p0.50|p0.99 ' $W/serving-$1.log | head -24
}
serving pretwc $PRETWC
serving new $NEW
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
