#!/usr/bin/env bash
# call D (7ec7745): R-MAT scale 28 (2^32 edges) with gsssp-bench scale: ADDS, Near-Far, H-BF
set -uo pipefail
mkdir -p build && tar xJf build/carryD/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
OUT=$W/scale REPS=2 WARMUP=1 bash scripts/bench_scale.sh 28
echo "total $(( $(date +%s) - start )) s"
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
