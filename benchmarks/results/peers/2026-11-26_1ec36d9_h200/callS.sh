#!/usr/bin/env bash
# call S (1ec36d9's library, the Near-Far default change): the wider suite in the harness with both peers beside gsssp
# ADDS and Near-Far, -r 3 -w 1, every distance checked against CPU Dijkstra.
set -uo pipefail
C=build/callsS
mkdir -p build && rm -rf build/bench-bundle build/peers && tar xJf $C/bench.tar.xz -C build && tar xJf $C/peers.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
build/bench-bundle/gsssp-bench run --suite benchmarks/suites/wider-all.txt -a near-far,adds -r 3 -w 1 -o $W/wider \
  --peer nf=build/peers/nf_fix2 --peer adds-artifact=build/peers/ads_host --peer-timeout 25 > $W/wider.log 2>&1
echo "runner exit $?"
grep -E '^\[' $W/wider.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
echo "total $(( $(date +%s) - start )) s"
cp $W/wider.log $W/wider/run.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
