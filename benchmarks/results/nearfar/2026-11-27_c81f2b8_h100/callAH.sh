#!/usr/bin/env bash
# call AH (H100; main at c81f2b8, the bundle's own library): Near-Far's Delta constant C (Delta = C * W / D; default
# 32) swept on the wider suite's narrow-weight random graphs, where gsssp NF is 0.91x LonestarGPU NF, and on two
# wide-weight graphs as controls; then the persistent loop against the stepped one (GSSSP_NF_PERSISTENT=0) there.
set -uo pipefail
Y=build/callsY
if [ ! -x build/gpu-bundle/gsssp-bench ]; then
  rm -rf build/gpu-bundle && tar xJf $Y/bench-slim2.tar.xz -C build
fi
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
grep -v '^#' benchmarks/suites/wider.txt | grep -E '^random' > $W/narrow.txt
printf '%s\n' 'grid:2048x2048,seed=1,w=1..1000' 'rmat:scale=22,ef=16,seed=1,w=1..1000' > $W/wide.txt
timeout 200 $B run --suite $W/narrow.txt -a near-far:c=4,near-far:c=8,near-far:c=16,near-far,near-far:c=64,near-far:c=8,near-far -r 5 -w 1 -o $W/narrow > $W/narrow.log 2>&1
echo "narrow exit $? t=$(( $(date +%s) - start )) s"; grep -E '^\[' $W/narrow.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
timeout 120 $B run --suite $W/wide.txt -a near-far:c=8,near-far:c=16,near-far -r 3 -w 1 -o $W/wide > $W/wide.log 2>&1
echo "wide exit $? t=$(( $(date +%s) - start )) s"; grep -E '^\[' $W/wide.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
GSSSP_NF_PERSISTENT=0 timeout 120 $B run --suite $W/narrow.txt -a near-far:c=8,near-far -r 5 -w 1 -o $W/stepped > $W/stepped.log 2>&1
echo "stepped exit $? t=$(( $(date +%s) - start )) s"; grep -E '^\[' $W/stepped.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
gzip -9 $W/*.log; tar cf $OUT/w.tar -C $OUT w && rm -rf $W
