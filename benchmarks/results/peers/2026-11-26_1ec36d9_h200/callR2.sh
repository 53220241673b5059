#!/usr/bin/env bash
# call R2 (on R1's warm machine, same bundle): 100 runs each of ADDS and Near-Far on every graph of the wider suite
# (AddsRepeatedRunsTest, GSSSP_ADDS_REPEAT_SUITE=wider), then the wider suite in the harness with both peers beside
# gsssp ADDS and Near-Far, -r 3 -w 1, every distance checked against CPU Dijkstra.
set -uo pipefail
C=build/callsR
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
for f in build/gpu-bundle/graphs/delaunay_n15.graph.gz; do [ -f ${f%.gz} ] || gunzip -kf $f; done
GSSSP_ADDS_REPEAT_SUITE=wider timeout 300 build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors --select-class org.gsssp.AddsRepeatedRunsTest > $W/repeat.log 2>&1
echo "repeat exit $? after $(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|✘" $W/repeat.log | head -20
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
build/gpu-bundle/gsssp-bench run --suite benchmarks/suites/wider-all.txt -a near-far,adds -r 3 -w 1 -o $W/wider \
  --peer nf=build/peers/nf_fix2 --peer adds-artifact=build/peers/ads_host --peer-timeout 25 > $W/wider.log 2>&1
echo "runner exit $?"
grep -E '^\[' $W/wider.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/repeat.log; cp $W/wider.log $W/wider/run.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
