#!/usr/bin/env bash
# call P2 (nf-persistent, on P1's warm machine): the persistent grid's blocks per SM (1, 2, 4) for modes 1 and 2 on
# road NY and the grid; then the wider suite in the harness with LonestarGPU Near-Far beside gsssp Near-Far
# (GSSSP_NF_PERSISTENT=2) and ADDS, -r 3 -w 1, every distance checked against CPU Dijkstra.
set -uo pipefail
C=build/callsP; lib=$(cat build/libpath.txt)
W=$OUT/w; mkdir -p $W/sweep; start=$(date +%s)
for m in 2 1; do for k in 1 4; do
  OUT=$W/sweep MODES=$m LIB=$lib GRAPHS=$C/graphs REPEAT=5 RUN_TIMEOUT=120 GSSSP_NF_PERSISTENT_BLOCKS_PER_SM=$k \
    GRAPH_SPECS="--gr $C/graphs/USA-road-d.NY.gr.gz;--gen grid:2048" bash scripts/bench_nf_persistent.sh build/ntP | sed "s/^/bps $k: /"
  for f in $W/sweep/*.log; do mv $f ${f%.log}.bps$k.log; done
done; done
echo "sweep t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
GSSSP_NF_PERSISTENT=2 GSSSP_COMMIT=$(git rev-parse --short HEAD 2>/dev/null || echo nf-persistent) build/bench-bundle/gsssp-bench run \
  --suite benchmarks/suites/wider-all.txt -a near-far,adds -r 3 -w 1 -o $W/wider --peer nf=$C/peers/nf_fix2 --peer-timeout 25 > $W/wider.log 2>&1
echo "runner exit $?"
grep -E '^\[' $W/wider.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)/ (\1 edges)/'
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/sweep/*.log; tar cf $OUT/w2.tar -C $OUT w && rm -rf $W
