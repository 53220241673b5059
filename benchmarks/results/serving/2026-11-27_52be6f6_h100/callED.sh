#!/usr/bin/env bash
# call ED (H100): the resident result's reader (common/result_reader.hpp, uncommitted at the call): native tests; the
# resident probe on R-MAT 22 with GSSSP_RESULT_READER unset (on) and =0 (off, reads copy as before); stage traces on a
# 1,000-vertex graph; JMH ServingBenchmark.resident* with the reader on / off / on (AverageTime, 2 forks each).
set -uo pipefail
D=build/callsED  # carried: bench-slim.tar.xz (scripts/pack_gpu_host.sh, then the bundle less its graphs, tools, test jars and the jars the benchmarks do not load), nt.tar.xz (scripts/bundle_native_tests.sh)
rm -rf build/gpu-bundle && tar xJf $D/bench-slim.tar.xz -C build && tar xJf $D/nt.tar.xz -C build || exit 3
mkdir -p build/libs/new
python3 -c "import zipfile; open('build/libs/new/libgsssp.so','wb').write(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so'))"
md5sum build/libs/new/libgsssp.so | tee $OUT/lib.txt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native
start=$(date +%s)
OUT=$W/native LIB=build/libs/new RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntEB > $W/native/summary.txt 2>&1
echo "native exit $? t=$(( $(date +%s) - start ))"; head -14 $W/native/summary.txt
grep -h "answered by a reader\|reads answered" $W/native/*.log
for mode in on off; do
  env_=""; [ $mode = off ] && env_="GSSSP_RESULT_READER=0"
  env $env_ LD_LIBRARY_PATH=build/libs/new timeout 120 build/ntEB/gsssp_time --probe --only resident --gen rmat:22 --repeat 30 > $W/probe-$mode.txt 2>&1
  echo "== probe $mode exit $? t=$(( $(date +%s) - start ))"; grep -E "resident" $W/probe-$mode.txt | tail -2
done
GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/new timeout 60 build/ntEB/gsssp_time --probe --only resident --gen random:1000:7 --repeat 20 > $W/trace-1k.txt 2>&1
echo "== trace 1k t=$(( $(date +%s) - start ))"; grep -v "stage-trace" $W/trace-1k.txt | tail -3; grep "stage-trace" $W/trace-1k.txt | tail -4
B=build/gpu-bundle/gsssp-bench
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
n=0
for mode in on off on; do
  n=$((n+1)); env_=""; [ $mode = off ] && env_="GSSSP_RESULT_READER=0"
  env $env_ timeout 130 $B jmh 'ServingBenchmark.resident' -bm avgt -f 2 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" \
    -rf json -rff $W/jmh-$n-$mode.json > $W/jmh-$n-$mode.txt 2>&1
  echo "== jmh $n $mode exit $? t=$(( $(date +%s) - start ))"; grep -E "^ServingBenchmark|^KERNEL" $W/jmh-$n-$mode.txt | sed 's/oneTargetGraph=[^ ]* //'
done
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
