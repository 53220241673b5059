#!/usr/bin/env bash
# call HA: the one-block schedule's own delivery of the outputs (common/block_delivery.cuh) and the expand_warp trims,
# against the bundle's library (f35ca44, the same device code as 351e076): native ADDS/concurrency/device-API tests on
# the new library (delivery on and off), gsssp_time probes (pinned compact output: the delivered path) and kernel
# times old/new, JMH FfmCallBenchmark and ConcurrencyBenchmark old/new/new-with-delivery-off.
set -uo pipefail
D=build/callsHA
tar xJf $D/bench.tar.xz -C build && xz -dk $D/libgsssp.so.xz && tar xJf $D/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p build/old && python3 -c "import zipfile,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; open('build/old/libgsssp.so','wb').write(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'))"
md5sum build/old/libgsssp.so $D/libgsssp.so | tee $OUT/lib.txt
NT=build/ntHA
export LD_LIBRARY_PATH=$D
timeout 150 $NT/gsssp_adds_test > $OUT/adds.txt 2>&1; echo "adds: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds.txt | tr '\n' ' ')"
GSSSP_BLOCK_DELIVERY=0 timeout 60 $NT/gsssp_adds_test --gtest_filter='*Delivery*' > $OUT/adds-off.txt 2>&1; echo "adds delivery off: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds-off.txt | tr '\n' ' ')"
GSSSP_ADDS_BLOCK=0 timeout 60 $NT/gsssp_adds_test --gtest_filter='*Delivery*' > $OUT/adds-blockoff.txt 2>&1; echo "adds schedule off: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/adds-blockoff.txt | tr '\n' ' ')"
timeout 100 $NT/gsssp_concurrency_test > $OUT/conc.txt 2>&1; echo "concurrency: rc=$? $(grep -E 'checks|^\[  (PASSED|FAILED)' $OUT/conc.txt | tr '\n' ' ')"
timeout 100 $NT/gsssp_device_api_test > $OUT/devapi.txt 2>&1; echo "device api: rc=$? $(grep -E 'checks|^\[  (PASSED|FAILED)' $OUT/devapi.txt | tr '\n' ' ')"
timeout 60 compute-sanitizer --tool memcheck --print-limit 3 $NT/gsssp_time --probe --gen random:1000:7 --only gpu --repeat 3 > $OUT/memcheck.txt 2>&1; echo "memcheck probe: $(grep -E 'ERROR SUMMARY' $OUT/memcheck.txt)"
{
for lib in old new; do
  if [ $lib = old ]; then L=build/old; else L=$D; fi
  for g in "random:1000:7" "grid:32" "rmat:10" "random:2000:7"; do
    out=$(LD_LIBRARY_PATH=$L timeout 60 $NT/gsssp_time --gen $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    echo "$lib $g: kernel $times; $(echo "$out" | grep -E 'passed|failed' | tail -1)"
  done
  for dl in 1 0; do
    [ $lib = old ] && [ $dl = 0 ] && continue
    echo "$lib delivery=$dl probe random:1000:7:"; GSSSP_BLOCK_DELIVERY=$dl LD_LIBRARY_PATH=$L timeout 60 $NT/gsssp_time --probe --gen random:1000:7 --only gpu --repeat 200 2>&1 | grep -E "compact|differ"
  done
done
} 2>&1 | tee $OUT/kernels.txt
B=build/gpu-bundle/gsssp-bench
NEW="-Dgsssp.library.path=$PWD/$D/libgsssp.so"
run_jmh() { # name, extra args...
  local name=$1; shift
  timeout 100 $B jmh 'FfmCallBenchmark.(gpuQuery1k|gpuQuery1kBlock)$' -f 2 -wi 3 -i 5 -w 1s -r 1s "$@" -rf json -rff $OUT/ffm-$name.json > $OUT/ffm-$name.txt 2>&1
  echo "JMH $name:"; grep -E "^FfmCall" $OUT/ffm-$name.txt
}
run_jmh old
run_jmh new -jvmArgsAppend "$NEW"
GSSSP_BLOCK_DELIVERY=0 run_jmh new-deliveryoff -jvmArgsAppend "$NEW"
G="random:n=1000,d=7,seed=1,w=1..10"
for t in 1 8; do
  timeout 60 $B jmh 'ConcurrencyBenchmark.adds$' -t $t -f 1 -wi 2 -i 3 -w 1s -r 1s -p "graph=$G" -jvmArgsAppend "$NEW" -rf json -rff $OUT/conc-new-t$t.json > $OUT/conc-new-t$t.txt 2>&1
  echo "conc new, $t thread(s): $(grep -E '^ConcurrencyBenchmark' $OUT/conc-new-t$t.txt)"
done
