#!/usr/bin/env bash
# call A (sink sources answered without a search), one GPU: the native tests but the one past 2^31 edges, then JMH
# BatchBenchmark.batch on R-MAT 20 by AUTO, the library before (base, 67d06ae) and after, alternating, with sources of
# every kind, with only sources that have out-edges, with only sinks; queries in flight 2 and 4 with the new library;
# then ServingBenchmark.defaultQuery (query(source): AUTO with predecessors) and .query on R-MAT 22, the library before
# the TWC predecessor pass (8fb29d6) against the new one.
set -uo pipefail
mkdir -p build && tar xJf build/callsA/bench.tar.xz -C build && tar xJf build/callsA/native-tests.tar.xz -C build \
  && tar xJf build/callsA/libs.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
newlib=/tmp/newlib; mkdir -p $newlib
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" \
  build/bench-bundle/gsssp-bench.jar $newlib
NEW=$newlib/native/linux-x86_64/libgsssp.so; BASE=$PWD/build/ab13/base.so; PRETWC=$PWD/build/ab13/pretwc.so
OUT=$W/native LIB=$newlib/native/linux-x86_64 RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/ntA > $W/native/summary.txt 2>&1
echo "native exit $?"; cat $W/native/summary.txt | head -30
grep -E "SinkSources" $W/native/gsssp_adds_test.log | head -5
echo "t=$(( $(date +%s) - start )) s"
B=build/bench-bundle/gsssp-bench
G='rmat:scale=20;ef=16;seed=1;w=1..1000'
batch() {  # label lib kind inflight
  timeout 120 $B jmh 'BatchBenchmark.batch$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.library.path=$2 -Dgsssp.batchInFlight=$4" \
    -p "graph=$G" -p algorithm=auto -p sourceKind=$3 -rf json -rff $W/batch-$1.json > $W/batch-$1.log 2>&1
  echo "$1 ($3, in flight $4) exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$1.log | tr -s ' ' | cut -d' ' -f4-) | $(grep -o '[0-9]* of 256 sources.*' $W/batch-$1.log | head -1)"
}
batch uniform-base-1 $BASE uniform 3
batch uniform-new-1 $NEW uniform 3
batch uniform-base-2 $BASE uniform 3
batch uniform-new-2 $NEW uniform 3
batch edges-base $BASE edges 3
batch edges-new $NEW edges 3
batch sinks-base $BASE sinks 3
batch sinks-new $NEW sinks 3
batch uniform-new-if2 $NEW uniform 2
batch uniform-new-if4 $NEW uniform 4
echo "t=$(( $(date +%s) - start )) s"
serving() {  # label lib
  timeout 150 $B jmh 'ServingBenchmark.(defaultQuery|query)$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.library.path=$2" \
    -p 'graph=rmat:scale=22;ef=16;seed=1;w=1..1000' -rf json -rff $W/serving-$1.json > $W/serving-$1.log 2>&1
  echo "$1 exit $?"; grep -E '^ServingBenchmark|^KERNEL|kernel' $W/serving-$1.log | head -24
}
serving pretwc $PRETWC
serving new $NEW
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/*.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
