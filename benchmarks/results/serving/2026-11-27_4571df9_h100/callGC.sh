#!/usr/bin/env bash
# call GC: ADDS's one-block schedule with the CSR copied into shared memory where it fits: sanitizers (one-block and
# device-wide, to tell old findings from new), the ADDS native tests with and without the shared CSR, kernel times
# (device-wide / one block, CSR in shared memory / one block, CSR in global memory), JMH FfmCallBenchmark.
set -uo pipefail
D=build/callsGC
mkdir -p $D/x && tar xJf $D/nt.tar.xz -C $D/x && tar xJf $D/bench.tar.xz -C build || exit 3
NT=$D/x/nt
export LD_LIBRARY_PATH=$NT
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p $OUT/san
for tool in racecheck synccheck; do
  for mode in 1 0; do
    GSSSP_ADDS_BLOCK=$mode timeout 120 compute-sanitizer --tool $tool --print-limit 3 $NT/gsssp_time --gen random:1000:7 --only adds --repeat 1 > $OUT/san/$tool-block$mode.txt 2>&1
    echo "$tool block=$mode: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san/$tool-block$mode.txt | tr '\n' ' ')"
  done
done
GSSSP_ADDS_BLOCK_GRAPH=0 timeout 120 compute-sanitizer --tool racecheck --print-limit 3 $NT/gsssp_time --gen rmat:12 --only adds --repeat 1 > $OUT/san/racecheck-global-csr.txt 2>&1
echo "racecheck rmat:12 CSR in global memory: $(grep -E 'RACECHECK SUMMARY' $OUT/san/racecheck-global-csr.txt)"
timeout 120 compute-sanitizer --tool memcheck --print-limit 3 $NT/gsssp_time --gen grid:40 --only adds --repeat 1 > $OUT/san/memcheck-grid.txt 2>&1
echo "memcheck grid:40: $(grep -E 'ERROR SUMMARY' $OUT/san/memcheck-grid.txt)"
for graph in 1 0; do
  GSSSP_ADDS_BLOCK_GRAPH=$graph timeout 200 $NT/gsssp_adds_test > $OUT/native_adds_graph$graph.txt 2>&1; echo "native adds (shared CSR allowed=$graph): rc=$?"
  grep -E "one-block|^\[  (PASSED|FAILED)|checks" $OUT/native_adds_graph$graph.txt | head -12
done
timeout 200 $NT/gsssp_generated_graphs_test > $OUT/native_generated.txt 2>&1; echo "native generated graphs: rc=$? $(grep -E 'checks|PASSED|FAILED' $OUT/native_generated.txt | tr '\n' ' ')"
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen grid:64" "--gen grid:128" \
         "--gr $D/x/rome99.gr" "--gen rmat:10" "--gen rmat:12" "--gen rmat:14" \
         "--gen random:2000:7" "--gen random:4000:7" "--gen random:8000:7" "--gen random:16000:3"; do
  for mode in device graph dist; do
    case $mode in device) env="GSSSP_ADDS_BLOCK=0";; graph) env="GSSSP_ADDS_BLOCK=1";; dist) env="GSSSP_ADDS_BLOCK=1 GSSSP_ADDS_BLOCK_GRAPH=0";; esac
    out=$(env $env GSSSP_ADDS_PROFILE=1 timeout 120 $NT/gsssp_time $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    prof=$(echo "$out" | grep "adds one-block" | tail -1)
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g $mode: adds $times; $fail | $prof"
  done
done
} 2>&1 | tee $OUT/crossover.txt
B=build/gpu-bundle/gsssp-bench
timeout 200 $B jmh 'FfmCallBenchmark.(gpuQuery1k|gpuQuery1kBlock|cpuQuery1k)$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-on.json > $OUT/ffm-on.txt 2>&1
echo "JMH (one-block schedule on):"; grep -E "^Benchmark|^FfmCall" $OUT/ffm-on.txt
GSSSP_ADDS_BLOCK=0 timeout 120 $B jmh 'FfmCallBenchmark.gpuQuery1k$' -f 2 -wi 3 -i 5 -w 1s -r 1s -rf json -rff $OUT/ffm-off.json > $OUT/ffm-off.txt 2>&1
echo "JMH (GSSSP_ADDS_BLOCK=0):"; grep -E "^Benchmark|^FfmCall" $OUT/ffm-off.txt
