#!/usr/bin/env bash
# call DB (H100): the lazy reached count (branch resident-lazy-count, f97e45f) against main (6f3eb38's library, md5
# 76bba342...; 057f42e changed no device code): gsssp_time --probe resident on R-MAT 22, alternating libraries, each
# with its own gsssp_time; stage traces of the resident path and of a 1,000-vertex query (ADDS, block-bf); JMH
# ServingBenchmark.resident* with the branch's Java on each library, and a short stage-traced JMH run.
set -uo pipefail
D=build/callsDB
rm -rf build/gpu-bundle && tar xJf $D/bench-slim.tar.xz -C build && tar xJf $D/nt-main.tar.xz -C build && tar xJf $D/nt-lazy.tar.xz -C build || exit 3
mkdir -p build/libs/main build/libs/lazy && xz -dc $D/main.so.xz > build/libs/main/libgsssp.so
(cd build/libs/lazy && unzip -q -o ../../gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar native/linux-x86_64/libgsssp.so && mv native/linux-x86_64/libgsssp.so . )
md5sum build/libs/*/libgsssp.so | tee $OUT/lib.txt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W
start=$(date +%s)
for round in 1 2; do
  for v in main lazy; do
    exe=build/ntCE/gsssp_time; [ $v = lazy ] && exe=build/ntL/gsssp_time
    LD_LIBRARY_PATH=build/libs/$v timeout 120 $exe --probe --only resident --gen rmat:22 --repeat 30 > $W/probe-$v-$round.txt 2>&1
    echo "== $v round $round exit $? t=$(( $(date +%s) - start ))"; grep -iE "resident|query|read|destroy|reach" $W/probe-$v-$round.txt | head -8
  done
done
GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/lazy timeout 100 build/ntL/gsssp_time --probe --only resident --gen rmat:22 --repeat 10 > $W/trace-resident-lazy.txt 2>&1
echo "== trace resident t=$(( $(date +%s) - start ))"; tail -12 $W/trace-resident-lazy.txt
for v in main lazy; do
  exe=build/ntCE/gsssp_time; [ $v = lazy ] && exe=build/ntL/gsssp_time
  GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/$v timeout 60 $exe --probe --only gpu,resident --gen random:1000:7 --repeat 20 > $W/trace-1k-$v.txt 2>&1
  echo "== trace 1k $v t=$(( $(date +%s) - start ))"; grep -v "^\[stage" $W/trace-1k-$v.txt | tail -8; grep "^\[stage\|stage" $W/trace-1k-$v.txt | tail -4
done
B=build/gpu-bundle/gsssp-bench
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
for v in lazy main; do
  timeout 150 $B jmh 'ServingBenchmark.resident' -f 1 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" \
    -jvmArgsAppend "-Dgsssp.library.path=$PWD/build/libs/$v/libgsssp.so" -rf json -rff $W/jmh-$v.json > $W/jmh-$v.txt 2>&1
  echo "== jmh $v exit $? t=$(( $(date +%s) - start ))"; grep -E "^ServingBenchmark|^KERNEL|^Benchmark" $W/jmh-$v.txt | tail -12
done
GSSSP_STAGE_TRACE=1 timeout 90 $B jmh 'ServingBenchmark.residentOneTarget' -f 1 -wi 1 -i 1 -w 1s -r 1s -p "oneTargetGraph=$R22" > $W/jmh-trace.txt 2>&1
echo "== jmh trace exit $? t=$(( $(date +%s) - start ))"; grep -c stage $W/jmh-trace.txt; grep "stage" $W/jmh-trace.txt | tail -6
gzip -9 $W/jmh-trace.txt
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
