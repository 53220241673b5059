#!/usr/bin/env bash
# call P: the sweep of ADDS's starting Delta (C of C*W/D) on the suite's file graphs
set -uo pipefail
rm -rf build/gpu-bundle; tar xJf build/carry19/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
for f in build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz; do gunzip -kf $f; done
grep -E 'shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc)' benchmarks/suites/adds.txt > benchmarks/suites/p.txt
mkdir -p /tmp/P; start=$(date +%s)
build/gpu-bundle/gsssp-bench run --suite benchmarks/suites/p.txt -a adds,adds:c=8,adds:c=16,adds:c=64,adds:c=128 -r 3 -w 1 -o /tmp/P/results > /tmp/P/run.log 2>&1 || true
grep -E '^\[' /tmp/P/run.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)/ (\1 edges)/'
echo "total $(( $(date +%s) - start )) s"
tar czf $OUT/callP.tgz -C /tmp P
