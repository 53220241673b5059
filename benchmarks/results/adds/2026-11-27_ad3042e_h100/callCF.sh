#!/usr/bin/env bash
# call CF (H100): branch exp-cap (main 6f3eb38 + GSSSP_ADDS_MAX_BLOCKS, a cap on ADDS's persistent grid, sm_90 build):
# ADDS's kernel time on small graphs against the grid's size, with GSSSP_ADDS_PROFILE=1 (sweeps, their cost).
set -uo pipefail
D=build/callsCF
mkdir -p build/libs/cap build/cf && xz -dc $D/cap.so.xz > build/libs/cap/libgsssp.so && tar xf $D/graphs.tar -C build/cf || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
for g in "--gen random:1000:7" "--gen grid:2" "--gr build/cf/gpu-bundle/graphs/rome99.gr.gz" "--gen rmat:13" "--gen random:30000:7" "--gr build/cf/gpu-bundle/graphs/USA-road-d.NY.gr.gz"; do
  for cap in all 129 65 33 17 9 5 3; do
    if [ $cap = all ]; then unset GSSSP_ADDS_MAX_BLOCKS; else export GSSSP_ADDS_MAX_BLOCKS=$cap; fi
    out=$(GSSSP_ADDS_PROFILE=1 LD_LIBRARY_PATH=build/libs/cap timeout 60 $D/gsssp_time $g --only adds --repeat 9 2>&1)
    prof=$(echo "$out" | grep "adds profile" | tail -1 | sed -E 's/.*ms, ([0-9]+ workers x [0-9]+), ([0-9]+ sweeps \([0-9.]+ us each).*busy ([0-9.]+%).*/\1, \2, busy \3/')
    times=$(echo "$out" | grep -E "^adds +time" | tail -8 | awk '{print $3}' | sort -n | awk '{a[NR]=$1} END {print "median " a[int((NR+1)/2)] " ms of " NR}')
    fail=$(echo "$out" | grep -E "passed|failed" | tail -1)
    echo "$g cap=$cap: $times; $prof; $fail"
  done
done 2>&1 | tee $OUT/cap.txt
