#!/usr/bin/env bash
# call EC: read_latency keep: does host-side submission on another stream during a long kernel remove the slow first calls after it?
set -uo pipefail
D=build/callsEA
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
for r in 1 2; do timeout 200 $D/read_latency keep 50 | tee $OUT/keep-$r.txt; done
exit 0
