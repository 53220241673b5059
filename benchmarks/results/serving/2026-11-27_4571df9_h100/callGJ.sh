#!/usr/bin/env bash
# call GJ: ADDS's one-block schedule with Delta grown by the round's shortfall of the lanes (at most 64x a round,
# GSSSP_ADDS_BLOCK_GROWTH) against doubling (GSSSP_ADDS_BLOCK_GROWTH=2, call GH's rule): native tests, kernel times,
# JMH FfmCallBenchmark.gpuQuery1k.
set -uo pipefail
D=build/callsGJ
mkdir -p $D/x && tar xJf $D/nt.tar.xz -C $D/x && tar xJf $D/bench.tar.xz -C build || exit 3
NT=$D/x/nt
export LD_LIBRARY_PATH=$NT
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
md5sum $NT/libgsssp.so | tee $OUT/lib.txt
timeout 30 $NT/gsssp_time --gen random:1000:7 --only adds --repeat 3 > $OUT/smoke.txt 2>&1 || { echo smoke failed; tail -3 $OUT/smoke.txt; exit 4; }
for cfg in "" "GSSSP_ADDS_BLOCK=1"; do
  env $cfg timeout 200 $NT/gsssp_adds_test > $OUT/t.txt 2>&1; echo "native adds [$cfg]: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/t.txt | tr '\n' ' ')"
done
timeout 200 $NT/gsssp_generated_graphs_test > $OUT/t.txt 2>&1; echo "native generated graphs: rc=$? $(grep -E 'checks|PASSED|FAILED' $OUT/t.txt | tr '\n' ' ')"
timeout 200 $NT/gsssp_concurrency_test > $OUT/t.txt 2>&1; echo "native concurrency: rc=$? $(grep -E 'small-graph|racing|checks|PASSED|FAILED' $OUT/t.txt | tr '\n' ' ')"
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen rmat:10" "--gen random:2000:7" \
         "--gen random:4000:7" "--gr $D/x/rome99.gr" "--gen grid:64"; do
  for mode in device g2 g64; do
    case $mode in device) env="GSSSP_ADDS_BLOCK=0";; g2) env="GSSSP_ADDS_BLOCK=1 GSSSP_ADDS_BLOCK_GROWTH=2";; g64) env="GSSSP_ADDS_BLOCK=1";; esac
    out=$(env $env GSSSP_ADDS_PROFILE=1 timeout 60 $NT/gsssp_time $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    prof=$(echo "$out" | grep "adds one-block" | tail -1 | sed 's/adds one-block //')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g $mode: adds $times; $fail | $prof"
  done
done
} 2>&1 | tee $OUT/crossover.txt
B=build/gpu-bundle/gsssp-bench
timeout 150 $B jmh 'FfmCallBenchmark.(gpuQuery1k|gpuQuery1kBlock)$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-g64.json > $OUT/ffm-g64.txt 2>&1
echo "JMH (growth 64):"; grep -E "^FfmCall" $OUT/ffm-g64.txt
GSSSP_ADDS_BLOCK_GROWTH=2 timeout 100 $B jmh 'FfmCallBenchmark.gpuQuery1k$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-g2.json > $OUT/ffm-g2.txt 2>&1
echo "JMH (growth 2): $(grep -E '^FfmCall' $OUT/ffm-g2.txt)"
rm -f $OUT/t.txt
