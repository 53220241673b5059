#!/usr/bin/env bash
# call GG: ADDS's one-block schedule with lane-by-lane expansion of low degrees and a one-barrier round once the window
# holds every distance, built with 1,024 and with 512 threads (two libraries): the ADDS and generated-graph native
# tests with each, kernel times against the device-wide kernel, JMH FfmCallBenchmark.gpuQuery1k with each library.
set -uo pipefail
D=build/callsGG
mkdir -p $D/x && tar xJf $D/nt.tar.xz -C $D/x && tar xJf $D/bench.tar.xz -C build && xz -dk $D/lib1024/libgsssp.so.xz $D/lib512/libgsssp.so.xz || exit 3
NT=$D/x/nt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
for t in 1024 512; do
  L=$D/lib$t
  LD_LIBRARY_PATH=$L timeout 30 $NT/gsssp_time --gen random:1000:7 --only adds --repeat 3 > $OUT/smoke.txt 2>&1 || { echo "smoke $t failed"; tail -3 $OUT/smoke.txt; exit 4; }
  LD_LIBRARY_PATH=$L timeout 200 $NT/gsssp_adds_test > $OUT/native_adds_$t.txt 2>&1; echo "native adds ($t threads): rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/native_adds_$t.txt | tr '\n' ' ')"
  LD_LIBRARY_PATH=$L timeout 200 $NT/gsssp_generated_graphs_test > $OUT/native_generated_$t.txt 2>&1; echo "native generated graphs ($t threads): rc=$? $(grep -E 'checks|PASSED|FAILED' $OUT/native_generated_$t.txt | tr '\n' ' ')"
done
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen rmat:10" "--gen random:2000:7" \
         "--gen random:4000:7" "--gr $D/x/rome99.gr" "--gen grid:64"; do
  for mode in device 1024 512; do
    case $mode in device) env="GSSSP_ADDS_BLOCK=0"; L=$D/lib1024;; *) env="GSSSP_ADDS_BLOCK=1"; L=$D/lib$mode;; esac
    out=$(env $env GSSSP_ADDS_PROFILE=1 LD_LIBRARY_PATH=$L timeout 60 $NT/gsssp_time $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    prof=$(echo "$out" | grep "adds one-block" | tail -1 | sed 's/adds one-block //')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g $mode: adds $times; $fail | $prof"
  done
done
} 2>&1 | tee $OUT/crossover.txt
B=build/gpu-bundle/gsssp-bench
for t in 1024 512; do
  timeout 150 $B jmh 'FfmCallBenchmark.gpuQuery1k(Block)?$' -f 2 -wi 3 -i 5 -w 1s -r 1s -jvmArgsAppend "-Dgsssp.library.path=$PWD/$D/lib$t/libgsssp.so" -rf json -rff $OUT/ffm-$t.json > $OUT/ffm-$t.txt 2>&1
  echo "JMH ($t threads):"; grep -E "^FfmCall" $OUT/ffm-$t.txt
done
