#!/usr/bin/env bash
# call Y (H100; main at c81f2b8): issue 13's ADDS no-regression check over benchmarks/suites/adds.txt (minus
# USA-road-t.NY) against adds/2026-11-26_c7f9472_h100 (h100-run-4), then ADDS's starting-Delta constant C swept over
# the wider suite's wide-weight graphs and the shared ones.
set -uo pipefail
Y=build/callsY
if [ ! -x build/gpu-bundle/gsssp-bench ] || [ ! -d build/gpu-bundle/graphs ]; then
  rm -rf build/gpu-bundle && tar xJf $Y/bench-slim2.tar.xz -C build && tar xf $Y/graphs.tar -C build
fi
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
OUT=$W/noreg BENCH=$B GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds COMPARE=adds:adds REPS=5 WARMUP=1 \
  ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))' timeout 200 bash scripts/bench_adds.sh > $W/noreg.log 2>&1
echo "noreg exit $? t=$(( $(date +%s) - start )) s"; grep -E '^\[' $W/noreg.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
grep -v '^#' benchmarks/suites/wider.txt | grep -E '^(rgg|mesh|rmat|grid|road)' > benchmarks/suites/.sweep.txt
printf '%s\n' '../../../shared/graphs/USA-road-d.NY.gr.gz' '../../../shared/graphs/delaunay_n15.graph weights=1:1000' '../../../shared/graphs/rome99.gr' >> benchmarks/suites/.sweep.txt
timeout $(( 575 - ($(date +%s) - start) )) $B run --suite benchmarks/suites/.sweep.txt -a adds:c=64,adds:c=128,adds:c=256,adds:c=512,adds:c=64 -r 5 -w 1 -o $W/sweep > $W/sweep.log 2>&1
echo "sweep exit $?"; grep -E '^\[' $W/sweep.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
echo "total $(( $(date +%s) - start )) s"
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
