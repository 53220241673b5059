#!/usr/bin/env bash
# call GF: ADDS's one-block schedule with a warp's repeated passes within a round (GSSSP_ADDS_BLOCK_PASSES, default 8):
# sanitizers, the ADDS native tests (default, one pass, CSR in global memory, three seeds), the generated graphs, kernel
# times against the device-wide kernel, JMH FfmCallBenchmark.
set -uo pipefail
D=build/callsGF
mkdir -p $D/x && tar xJf $D/nt.tar.xz -C $D/x && tar xJf $D/bench.tar.xz -C build || exit 3
NT=$D/x/nt
export LD_LIBRARY_PATH=$NT
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
timeout 30 $NT/gsssp_time --gen random:1000:7 --only adds --repeat 3 > $OUT/smoke.txt 2>&1; rc=$?
echo "smoke: rc=$rc $(grep -E 'passed|failed' $OUT/smoke.txt | tail -1)"
[ $rc = 0 ] || { tail -5 $OUT/smoke.txt; exit 4; }
mkdir -p $OUT/san
for tool in racecheck synccheck memcheck; do
  for g in "--gen random:1000:7" "--gen rmat:12"; do
    f=$OUT/san/$tool-$(echo $g | tr -c 'a-z0-9' '_').txt
    timeout 120 compute-sanitizer --tool $tool --print-limit 3 $NT/gsssp_time $g --only adds --repeat 1 > $f 2>&1
    echo "$tool $g: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $f | tr '\n' ' ')"
  done
done
for cfg in "" "GSSSP_ADDS_BLOCK_PASSES=1" "GSSSP_ADDS_BLOCK_GRAPH=0" "GSSSP_TEST_SEED=778" "GSSSP_TEST_SEED=779"; do
  env $cfg timeout 200 $NT/gsssp_adds_test > $OUT/native_adds.txt 2>&1; echo "native adds [$cfg]: rc=$? $(grep -E 'one-block|checks|^\[  (PASSED|FAILED)' $OUT/native_adds.txt | tr '\n' ' ')"
done
timeout 200 $NT/gsssp_generated_graphs_test > $OUT/native_generated.txt 2>&1; echo "native generated graphs: rc=$? $(grep -E 'checks|PASSED|FAILED' $OUT/native_generated.txt | tr '\n' ' ')"
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen grid:64" "--gen grid:128" \
         "--gr $D/x/rome99.gr" "--gen rmat:10" "--gen rmat:12" "--gen rmat:14" \
         "--gen random:2000:7" "--gen random:4000:7" "--gen random:8000:7" "--gen random:16000:3"; do
  for mode in device p8 p1 p32 p8global; do
    case $mode in device) env="GSSSP_ADDS_BLOCK=0";; p8) env="GSSSP_ADDS_BLOCK=1";; p1) env="GSSSP_ADDS_BLOCK=1 GSSSP_ADDS_BLOCK_PASSES=1";;
      p32) env="GSSSP_ADDS_BLOCK=1 GSSSP_ADDS_BLOCK_PASSES=32";; p8global) env="GSSSP_ADDS_BLOCK=1 GSSSP_ADDS_BLOCK_GRAPH=0";; esac
    out=$(env $env GSSSP_ADDS_PROFILE=1 timeout 60 $NT/gsssp_time $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    prof=$(echo "$out" | grep "adds one-block" | tail -1 | sed 's/adds one-block //')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g $mode: adds $times; $fail | $prof"
  done
done
} 2>&1 | tee $OUT/crossover.txt
B=build/gpu-bundle/gsssp-bench
timeout 200 $B jmh 'FfmCallBenchmark.(gpuQuery1k|gpuQuery1kBlock|cpuQuery1k)$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-on.json > $OUT/ffm-on.txt 2>&1
echo "JMH (default):"; grep -E "^Benchmark|^FfmCall" $OUT/ffm-on.txt
for cfg in "GSSSP_ADDS_BLOCK_PASSES=1" "GSSSP_ADDS_BLOCK=0"; do
  env $cfg timeout 120 $B jmh 'FfmCallBenchmark.gpuQuery1k$' -f 2 -wi 3 -i 5 -w 1s -r 1s > $OUT/ffm-x.txt 2>&1
  echo "JMH ($cfg): $(grep -E "^FfmCall" $OUT/ffm-x.txt)"
done
cd $OUT && tar cf san.tar san && rm -rf san
