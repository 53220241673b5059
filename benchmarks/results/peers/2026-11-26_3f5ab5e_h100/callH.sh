#!/usr/bin/env bash
# call H PART (1 or 2): the wider suite (benchmarks/suites/wider.txt, half PART) with the peers beside gsssp: ADDS and
# Near-Far against LonestarGPU Near-Far (nf_fix2) and the ADDS artifact (ads_host), built here by ../shared/peers/build.sh;
# every distance checked against CPU Dijkstra; -r 2 -w 1 (each peer run is itself the mean of 8)
set -uo pipefail
part=$1
[ -d build/gpu-bundle ] || tar xJf build/carry17/gpu-host.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
for f in build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz; do gunzip -kf $f; done
grep -v '^#' benchmarks/suites/wider.txt | grep . > /tmp/all.txt
if [ $part = 1 ]; then head -6 /tmp/all.txt; else tail -n +7 /tmp/all.txt; fi > benchmarks/suites/wider-part.txt
cat benchmarks/suites/wider-part.txt
start=$(date +%s)
GSSSP_COMMIT=$(cat build/calls/commit.txt) build/gpu-bundle/gsssp-bench run --suite benchmarks/suites/wider-part.txt -a near-far,adds \
  -r 2 -w 1 -o /tmp/H$part/results --peer nf=build/peers/bin/nf_fix2 --peer adds-artifact=build/peers/bin/ads_host \
  --peer-timeout 25 > /tmp/H$part.log 2>&1
echo "runner exit $?"
grep -E '^\[' /tmp/H$part.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)/ (\1 edges)/'
echo "total $(( $(date +%s) - start )) s"
cp /tmp/H$part.log /tmp/H$part/run.log; tar czf $OUT/callH$part.tgz -C /tmp H$part
