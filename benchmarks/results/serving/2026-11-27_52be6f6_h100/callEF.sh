#!/usr/bin/env bash
# call EF (H100): 52be6f6's library (md5 0093a7b0...), the same bundle as call ED: JMH ServingBenchmark.resident* with
# the reader off / on / off / on (AverageTime, 2 forks each), then the native resident probe on R-MAT 22 on / off.
set -uo pipefail
D=build/callsED  # carried: bench-slim.tar.xz (scripts/pack_gpu_host.sh, then the bundle less its graphs, tools, test jars and the jars the benchmarks do not load), nt.tar.xz (scripts/bundle_native_tests.sh)
rm -rf build/gpu-bundle && tar xJf $D/bench-slim.tar.xz -C build && tar xJf $D/nt.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p build/libs/new
python3 -c "import zipfile; open('build/libs/new/libgsssp.so','wb').write(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so'))"
md5sum build/libs/new/libgsssp.so | tee $OUT/lib.txt
W=$OUT/w; mkdir -p $W
start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
n=0
for mode in off on off on; do
  n=$((n+1)); env_=""; [ $mode = off ] && env_="GSSSP_RESULT_READER=0"
  env $env_ timeout 100 $B jmh 'ServingBenchmark.resident' -bm avgt -f 2 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" \
    -rf json -rff $W/jmh-$n-$mode.json > $W/jmh-$n-$mode.txt 2>&1
  echo "== jmh $n $mode exit $? t=$(( $(date +%s) - start ))"; grep -E "^KERNEL" $W/jmh-$n-$mode.txt
done
for mode in on off; do
  env_=""; [ $mode = off ] && env_="GSSSP_RESULT_READER=0"
  env $env_ LD_LIBRARY_PATH=build/libs/new timeout 100 build/ntEB/gsssp_time --probe --only resident --gen rmat:22 --repeat 30 > $W/probe-$mode.txt 2>&1
  echo "== probe $mode exit $? t=$(( $(date +%s) - start ))"; grep -E "resident" $W/probe-$mode.txt | tail -1
done
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
