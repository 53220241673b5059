#!/usr/bin/env bash
# call B (a07ef85): the harness, ADDS alone over the suite of adds/2026-11-26_c7f9472_h100 (minus USA-road-t), on the same card type
set -uo pipefail
[ -d build/gpu-bundle ] || tar xJf build/carry16/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p $OUT/adds
start=$(date +%s)
GSSSP_COMMIT=a07ef85 OUT=$OUT/adds BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds COMPARE=adds:adds REPS=5 WARMUP=1 \
  ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))' bash scripts/bench_adds.sh > $OUT/adds/console.txt 2>&1
grep -E "ok$|FAIL|mismatch|wrote" $OUT/adds/console.txt | tail -12
echo "total $(( $(date +%s) - start )) s"
