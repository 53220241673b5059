#!/usr/bin/env bash
# call CD (H100): main's HEAD (b9f9702): scripts/bench_serving.sh latency (its output did not come back from call CC-2:
# too many files), an A/B of HEAD against HEAD without the streaming edge loads on the two SNAP graphs and R-MAT 22, and
# the harness's ADDS / Near-Far / H-BF on R-MAT 22, the grid and road NY (AUTO resolves to ADDS there).
set -uo pipefail
C=build/callsCC D=build/callsCD
rm -rf build/gpu-bundle && tar xJf $C/bench-slim.tar.xz -C build && tar xf $D/graphs.tar -C build || exit 3
mkdir -p build/libs/nostream && xz -dc $D/nostream.so.xz > build/libs/nostream/libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
W=$OUT/w; mkdir -p $W
start=$(date +%s)
OUT=$W/serving bash scripts/bench_serving.sh latency > $W/serving-latency.txt 2>&1
echo "latency exit $? t=$(( $(date +%s) - start )) s"
grep -E "^ServingBenchmark|^KERNEL" $W/serving-latency.txt | grep -vE ":(p0\.(0|9|999)|p1)" | head -60
OUT=$W/ab4 ROUNDS=2 REPS=5 bash scripts/bench_libraries.sh $D/ab4.txt head=- nostream=build/libs/nostream/libgsssp.so > $W/ab4.txt 2>&1
echo "ab4 exit $? t=$(( $(date +%s) - start )) s"; cat $W/ab4/table.md
mkdir -p ../shared && ln -sfn "$(cd $GRAPHS && pwd)" ../shared/graphs
timeout 240 $BENCH run --suite $C/auto3.txt -a adds,near-far,hbf -r 5 -w 1 -o $W/auto3 > $W/auto3.txt 2>&1
echo "auto3 exit $? t=$(( $(date +%s) - start )) s"; grep -E "^\[" $W/auto3.txt
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
