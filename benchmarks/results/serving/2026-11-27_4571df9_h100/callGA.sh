#!/usr/bin/env bash
# call GA: ADDS's one-block schedule (adds_block.*): sanitizers on it, the native GPU tests, and its kernel time
# against the device-wide kernel's on small graphs (GSSSP_ADDS_BLOCK=0 / 1, gsssp_time --only adds --repeat 9).
set -uo pipefail
D=build/callsGA
mkdir -p $D/x && tar xJf $D/nt.tar.xz -C $D/x || exit 3
NT=$D/x/nt
export LD_LIBRARY_PATH=$NT
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
{
for tool in memcheck racecheck synccheck initcheck; do
  for g in "--gen random:1000:7" "--gen rmat:12" "--gen random:1000:7 --float"; do
    timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 5 $NT/gsssp_time $g --only adds --repeat 1 > $OUT/san.tmp 2>&1
    echo "sanitizer $tool $g: rc=$? $(grep -E 'ERROR SUMMARY|passed|failed' $OUT/san.tmp | tr '\n' ' ')"
    grep -m5 -E "Race|Invalid|Error|hazard" $OUT/san.tmp
  done
done
} 2>&1 | tee $OUT/sanitizers.txt
for t in adds generated_graphs device_api concurrency; do
  start=$(date +%s)
  timeout 300 $NT/gsssp_${t}_test > $OUT/native_$t.txt 2>&1
  echo "native $t: rc=$? in $(( $(date +%s) - start )) s; $(grep -E '^\[  (PASSED|FAILED)' $OUT/native_$t.txt | tr '\n' ' ')"
  grep -E "one-block|checks|FAILED" $OUT/native_$t.txt | head -8
done 2>&1 | tee $OUT/native.txt
{
for g in "--gen random:1000:7" "--gen random:1000:7 --float" "--gen grid:32" "--gen grid:64" "--gen grid:128" \
         "--gr $D/x/rome99.gr" "--gr $D/x/rome99.gr --float" "--gen rmat:10" "--gen rmat:12" "--gen rmat:14" \
         "--gen random:4000:7" "--gen random:16000:7" "--gen random:16000:3"; do
  for mode in 0 1; do
    out=$(GSSSP_ADDS_BLOCK=$mode timeout 120 $NT/gsssp_time $g --only adds --repeat 9 2>&1)
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " min " a[1] " max " a[NR] " ms of " NR}')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g block=$mode: $times; $fail"
  done
done
} 2>&1 | tee $OUT/crossover.txt
