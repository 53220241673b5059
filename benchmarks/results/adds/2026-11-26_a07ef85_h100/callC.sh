#!/usr/bin/env bash
# call C: before/after on one card. The harness at 4688489 (old-slim.jar) and at HEAD, alternately twice, ADDS, Near-Far,
# H-BF and Bellman-Ford over the adds suite minus USA-road-t (every distance checked against CPU Dijkstra)
set -uo pipefail
[ -d build/gpu-bundle ] || tar xJf build/carry16b/bench.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
start=$(date +%s)
for round in 1 2; do
  for side in old new; do
    if [ $side = old ]; then bench=build/old4688489/gsssp-bench-old; c=4688489; else bench=build/gpu-bundle/gsssp-bench; c=a07ef85; fi
    mkdir -p $OUT/$side$round
    GSSSP_COMMIT=$c OUT=$OUT/$side$round BENCH=$bench GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds,near-far,hbf,bellman-ford COMPARE=adds:near-far REPS=5 WARMUP=1 \
      ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))' bash scripts/bench_adds.sh > $OUT/$side$round/console.txt 2>&1
    echo "== $side$round $(( $(date +%s) - start )) s"; grep -E "^\[[0-9]/8\]|runner exit" $OUT/$side$round/console.txt | sed -E 's/ \([0-9,]+ vertices.*\)//' 
  done
done
