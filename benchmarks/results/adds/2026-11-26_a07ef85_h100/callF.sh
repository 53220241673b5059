#!/usr/bin/env bash
# call F: which part of b1a551b^..HEAD slows ADDS on the grid: libraries pre (b1a551b^), nocub (HEAD with b1a551b reverted),
# nofin (HEAD with finalize.cu as before a07ef85), head; HHEAD harness, grid and road NY, ADDS, three rounds, REPS=7
set -uo pipefail
[ -d build/gpu-bundle ] || tar xJf build/carryD/bench-nographs.tar.xz -C build
mkdir -p build/gpu-bundle/graphs; cp build/carryE/USA-road-d.NY.gr.gz build/gpu-bundle/graphs/
for l in pre nocub nofin head; do xz -dkf build/carryE/libgsssp-$l.so.xz; done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
printf 'grid:2048x2048,seed=1,w=1..1000\n%s\n' "$(pwd)/build/gpu-bundle/graphs/USA-road-d.NY.gr.gz" > /tmp/e.txt
mkdir -p /tmp/F; start=$(date +%s)
for round in 1 2 3; do
  for l in pre nocub nofin head; do
    JAVA_TOOL_OPTIONS="-Dgsssp.library.path=$(pwd)/build/carryE/libgsssp-$l.so" build/gpu-bundle/gsssp-bench run --suite /tmp/e.txt -a adds -r 7 -w 1 -o /tmp/F/$l-$round > /tmp/F/$l-$round.log 2>&1
    echo "$round $l $(grep -E '^\[[12]/2\]' /tmp/F/$l-$round.log | sed -E 's/ \(.*source [0-9]+\)://' | tr '\n' ' ')"
  done
done
echo "total $(( $(date +%s) - start )) s"
tar czf $OUT/callF.tgz -C /tmp F
