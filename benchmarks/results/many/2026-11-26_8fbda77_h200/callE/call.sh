#!/usr/bin/env bash
# call E (ADDS leaves a stale expansion early): the native ADDS, device API, generated-graph and concurrency tests with
# the new library; gsssp_time's ADDS on R-MAT 20 and 22, the grid 2048^2, random 4M x 7 and road NY (vertex of largest
# out-degree, 7 runs each: time, visits, edges), the library before (2ba55f4: sink sources) and after, in turn; then
# BatchBenchmark.batch on R-MAT 20 by AUTO, before and after in turn, 3 in flight twice and 1 in flight once.
set -uo pipefail
mkdir -p build && rm -rf build/bench-bundle && tar xJf build/callsE/bench.tar.xz -C build && tar xJf build/callsE/extra.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
newlib=/tmp/newlibE; mkdir -p $newlib
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" \
  build/bench-bundle/gsssp-bench.jar $newlib
NEW=$newlib/native/linux-x86_64/libgsssp.so; OLD=$PWD/build/ab14/sink.so
mkdir -p /tmp/oldlibE && cp $OLD /tmp/oldlibE/libgsssp.so
OUT=$W/native LIB=$newlib/native/linux-x86_64 RUN_TIMEOUT=200 bash scripts/test_native_gpu.sh build/ntE > $W/native/summary.txt 2>&1
echo "native exit $?"; cat $W/native/summary.txt | head -30
echo "t=$(( $(date +%s) - start )) s"
for g in "--gen rmat:20" "--gen rmat:22" "--gen grid:2048" "--gen random:4194304:7" "--gr build/gE/USA-road-d.NY.gr.gz"; do
  for lib in old new; do
    d=/tmp/oldlibE; [ $lib = new ] && d=$newlib/native/linux-x86_64
    LD_LIBRARY_PATH=$d timeout 120 build/ntE/gsssp_time $g --only adds --repeat 7 > $W/time-$lib-$(echo $g | tr -c 'a-z0-9\n' '_').txt 2>&1
    echo "$g $lib exit $?: $(grep -E '^adds +mean' $W/time-$lib-$(echo $g | tr -c 'a-z0-9\n' '_').txt) | $(grep -E '^adds +time' $W/time-$lib-$(echo $g | tr -c 'a-z0-9\n' '_').txt | tail -1 | grep -o 'visits.*delta [0-9.e+]*') | $(grep -E 'passed' $W/time-$lib-$(echo $g | tr -c 'a-z0-9\n' '_').txt | tail -1)"
  done
done
echo "t=$(( $(date +%s) - start )) s"
B=build/bench-bundle/gsssp-bench
G='rmat:scale=20;ef=16;seed=1;w=1..1000'
batch() {  # label lib inflight
  timeout 120 $B jmh 'BatchBenchmark.batch$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.library.path=$2 -Dgsssp.batchInFlight=$3" \
    -p "graph=$G" -p algorithm=auto -rf json -rff $W/batch-$1.json > $W/batch-$1.log 2>&1
  echo "$1 (in flight $3) exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$1.log | tr -s ' ' | cut -d' ' -f6-) | $(grep -o 'kernelMs=.*' $W/batch-$1.log | head -1)"
}
batch old-3a $OLD 3
batch new-3a $NEW 3
batch old-3b $OLD 3
batch new-3b $NEW 3
batch old-1 $OLD 1
batch new-1 $NEW 1
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/*.log 2>/dev/null; rm -f $W/native/*.xml
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
