#!/usr/bin/env bash
# call 2 (57e7000, same warm machine as call 1): R-MAT 28 (2^32 edges): ADDS and H-BF on one GPU (an H200: H-BF did
# not fit an H100's 80 GB), and the partitioned search over {0,1}.
set -uo pipefail
[ -d build/gpu-bundle ] || tar xJf build/calls4/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
OUT=$W/scale REPS=2 WARMUP=1 ALGORITHMS=adds,hbf PARTITIONED=0,1 timeout 570 bash scripts/bench_scale.sh 28
echo "total $(( $(date +%s) - start )) s"
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
