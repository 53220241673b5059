#!/usr/bin/env bash
# call GB: ADDS's one-block schedule after the first fixes (hub count clamped, hubs' edges as one range over the block,
# four edges per lane, warps with nothing ready skip the expansion): sanitizers with their messages, the ADDS native
# tests, kernel times against the device-wide kernel, block-bf and block-nf, and ncu on a 1,000-vertex graph.
set -uo pipefail
D=build/callsGB
mkdir -p $D/x && tar xJf $D/nt.tar.xz -C $D/x || exit 3
NT=$D/x/nt
export LD_LIBRARY_PATH=$NT
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
{
for tool in racecheck synccheck memcheck; do
  for g in "--gen random:1000:7" "--gen rmat:12" "--gen random:1000:7 --float"; do
    timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 3 $NT/gsssp_time $g --only adds --repeat 1 > $OUT/san.tmp 2>&1
    echo "sanitizer $tool $g: rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY|passed|failed' $OUT/san.tmp | tr '\n' ' ')"
    grep -v "Host Frame\|^=========     #\|^========= *$" $OUT/san.tmp | grep -A6 -m3 -E "Race|Invalid|Barrier|hazard|Warning|Error" | head -24
  done
done
for mode in 0 1; do
  GSSSP_ADDS_BLOCK=$mode timeout 120 compute-sanitizer --tool initcheck --print-limit 2 $NT/gsssp_time --gen random:1000:7 --only adds --repeat 1 > $OUT/san.tmp 2>&1
  echo "initcheck block=$mode: $(grep -E 'ERROR SUMMARY' $OUT/san.tmp | head -1)"
done
} 2>&1 > $OUT/sanitizers.log
timeout 200 $NT/gsssp_adds_test > $OUT/native_adds.txt 2>&1; echo "native adds: rc=$?" | tee -a $OUT/native.log
grep -E "one-block|^\[  (PASSED|FAILED)|checks" $OUT/native_adds.txt | head -20 | tee -a $OUT/native.log
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen grid:64" "--gen grid:128" \
         "--gr $D/x/rome99.gr" "--gen rmat:10" "--gen rmat:12" "--gen rmat:14" \
         "--gen random:2000:7" "--gen random:4000:7" "--gen random:8000:7" "--gen random:16000:3"; do
  for mode in 0 1; do
    out=$(GSSSP_ADDS_PROFILE=1 GSSSP_ADDS_BLOCK=$mode timeout 120 $NT/gsssp_time $g --only adds,block-bf,block-nf --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR]}')
    prof=$(echo "$out" | grep "adds one-block" | tail -1)
    others=$(echo "$out" | grep -E "^(block-bf|block-nf) +mean" | awk '{print $1 " " $3}' | tr '\n' ' ')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g block=$mode: adds $times; $others; $fail | $prof"
  done
done
} 2>&1 | tee $OUT/crossover.txt
GSSSP_ADDS_BLOCK=1 timeout 120 ncu --kernel-name regex:adds_block_kernel --launch-skip 3 --launch-count 1 --section SpeedOfLight --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis $NT/gsssp_time --gen random:1000:7 --only adds --repeat 5 > $OUT/ncu_adds_block.txt 2>&1
grep -E "Duration|Elapsed Cycles|Stall|Warp Cycles|L2 Hit|L1/TEX Hit|Registers|Shared Memory" $OUT/ncu_adds_block.txt | head -30
