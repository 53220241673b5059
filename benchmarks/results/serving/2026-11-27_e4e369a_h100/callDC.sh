#!/usr/bin/env bash
# call DC (H100): branch resident-lazy-count + init_kernel zeroing the queue state + finer stage marks + the A/B switch
# GSSSP_ADDS_COOP=0 (a plain launch of the persistent kernel): native tests; gsssp_time --probe resident on R-MAT 22,
# main (6f3eb38's library) / lazy / lazy with COOP=0, two rounds; stage traces; JMH ServingBenchmark.resident* with the
# branch's Java on the branch's and main's library.
set -uo pipefail
D=build/callsDC
rm -rf build/gpu-bundle && tar xJf $D/bench-slim.tar.xz -C build && tar xJf $D/nt-main.tar.xz -C build && tar xJf $D/nt-lazy.tar.xz -C build || exit 3
mkdir -p build/libs/main build/libs/lazy && xz -dc $D/main.so.xz > build/libs/main/libgsssp.so
python3 -c "import zipfile; open('build/libs/lazy/libgsssp.so','wb').write(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so'))"
md5sum build/libs/*/libgsssp.so | tee $OUT/lib.txt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native
start=$(date +%s)
OUT=$W/native LIB=build/libs/lazy RUN_TIMEOUT=150 bash scripts/test_native_gpu.sh build/ntL > $W/native/summary.txt 2>&1
echo "native exit $? t=$(( $(date +%s) - start ))"; head -12 $W/native/summary.txt
for round in 1 2; do
  for v in main lazy coop0; do
    exe=build/ntL/gsssp_time lib=lazy env=""
    [ $v = main ] && exe=build/ntCE/gsssp_time lib=main
    [ $v = coop0 ] && env="GSSSP_ADDS_COOP=0"
    env $env LD_LIBRARY_PATH=build/libs/$lib timeout 120 $exe --probe --only resident --gen rmat:22 --repeat 30 > $W/probe-$v-$round.txt 2>&1
    echo "== $v round $round exit $? t=$(( $(date +%s) - start ))"; grep -E "resident" $W/probe-$v-$round.txt | head -3
  done
done
for v in coop1 coop0; do
  c=1; [ $v = coop0 ] && c=0
  GSSSP_ADDS_COOP=$c GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/lazy timeout 100 build/ntL/gsssp_time --probe --only resident --gen rmat:22 --repeat 10 > $W/trace-resident-$v.txt 2>&1
  echo "== trace resident $v t=$(( $(date +%s) - start ))"; grep resident $W/trace-resident-$v.txt | tail -4
  GSSSP_ADDS_COOP=$c GSSSP_STAGE_TRACE=1 LD_LIBRARY_PATH=build/libs/lazy timeout 60 build/ntL/gsssp_time --probe --only gpu,resident --gen random:1000:7 --repeat 20 > $W/trace-1k-$v.txt 2>&1
  echo "== trace 1k $v t=$(( $(date +%s) - start ))"; grep -v "stage-trace" $W/trace-1k-$v.txt | grep -E "call|query" ; grep "stage-trace" $W/trace-1k-$v.txt | tail -3
done
B=build/gpu-bundle/gsssp-bench
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
for v in lazy main; do
  timeout 150 $B jmh 'ServingBenchmark.resident' -f 1 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" \
    -jvmArgsAppend "-Dgsssp.library.path=$PWD/build/libs/$v/libgsssp.so" -rf json -rff $W/jmh-$v.json > $W/jmh-$v.txt 2>&1
  echo "== jmh $v exit $? t=$(( $(date +%s) - start ))"; grep -E "^ServingBenchmark|^KERNEL" $W/jmh-$v.txt | grep -vE ":(p0\.(0|9)|p1)" | tail -14
done
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
