#!/usr/bin/env bash
# call Q3 (persistent Near-Far as the default: grid.sync(), variant 7, solo pile 32): the wider suite in the harness,
# -a near-far -r 2 -w 1: the defaults with LonestarGPU Near-Far beside them; then blocks per SM 1 and 4, solo piles
# 16 and 64 (one change each); then the defaults again.
set -uo pipefail
C=build/callsQ
mkdir -p build && rm -rf build/bench-bundle && tar xJf $C/bench.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
mkdir -p ../shared; ln -sfn "$(cd $C/graphs && pwd)" ../shared/graphs
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/wider-all.txt
for run in default GSSSP_NF_PERSISTENT_BLOCKS_PER_SM=1 GSSSP_NF_PERSISTENT_BLOCKS_PER_SM=4 GSSSP_NF_SOLO_ITEMS=16 GSSSP_NF_SOLO_ITEMS=64 default2; do
  peer=(); [ $run = default ] && peer=(--peer nf=$C/peers/nf_fix2 --peer-timeout 25)
  ( [[ $run == *=* ]] && export "$run"
    build/bench-bundle/gsssp-bench run --suite benchmarks/suites/wider-all.txt -a near-far -r 2 -w 1 -o $W/$run "${peer[@]}" > $W/$run.log 2>&1 )
  echo "$run runner exit $?"
  grep -E '^\[' $W/$run.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//'
  echo "t=$(( $(date +%s) - start )) s"
done
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
