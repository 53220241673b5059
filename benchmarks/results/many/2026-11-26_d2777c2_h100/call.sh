#!/usr/bin/env bash
# call I (the session's last code): ManyBenchmark's pair distances on road NY from Java, every one of the 1,000
# pairs' GPU answers checked against CPU Dijkstra in the set-up
set -uo pipefail
mkdir -p build && tar xJf build/carryI/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
timeout 300 $B jmh 'ManyBenchmark.(distanceGpu|fullQuery)' -f 1 -p "graph=$G/USA-road-d.NY.gr.gz" -p matrixSize=10 -rf json -rff $W/distance.json > $W/distance.log 2>&1
echo "jmh exit $?"; grep -E "agree|^ManyBenchmark.(distanceGpu|fullQuery) |Exception" $W/distance.log
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/distance.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
