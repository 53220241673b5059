#!/usr/bin/env bash
# call AA (H100): ADDS's raise rule (uncommitted on c81f2b8: Delta doubles every 2 head switches while visits per vertex
# found stay below GSSSP_ADDS_RAISE, up to 8x the start). Native ADDS and generated-graph tests with the rule at 3 and
# forced (1000); then the harness over the wider suite + NY, delaunay, rome99 with the rule off / 3 / 2.6 / off / 3.
set -uo pipefail
A=build/callsAA; Y=build/callsY
if [ ! -x build/gpu-bundle/gsssp-bench ]; then
  rm -rf build/gpu-bundle && tar xJf $Y/bench-slim2.tar.xz -C build
fi
tar xf $A/graphs-small.tar -C build && rm -rf build/ntV && tar xJf $A/nt.tar.xz -C build
mkdir -p build/libraise && xz -dc $A/libgsssp-raise.so.xz > build/libraise/libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
for r in 3 1000; do
  for t in adds generated_graphs; do
    GSSSP_ADDS_RAISE=$r LD_LIBRARY_PATH=build/libraise timeout 120 build/ntV/gsssp_${t}_test > $W/native-$t-raise$r.log 2>&1
    echo "raise=$r $t exit $?: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|^checks:' $W/native-$t-raise$r.log | tr '\n' ' ')"
  done
done
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
gunzip -kf build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz 2>/dev/null
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/.raise.txt
echo '../../../shared/graphs/rome99.gr' >> benchmarks/suites/.raise.txt
B=build/gpu-bundle/gsssp-bench
i=0
for r in 0 3 2.6 0 3; do
  i=$((i+1))
  GSSSP_ADDS_RAISE=$r JAVA_TOOL_OPTIONS=-Dgsssp.library.path=$PWD/build/libraise/libgsssp.so timeout 150 $B run --suite benchmarks/suites/.raise.txt -a adds -r 5 -w 1 -o $W/raise$i-$r > $W/raise$i-$r.log 2>&1
  echo "raise=$r exit $? t=$(( $(date +%s) - start )) s"
  grep -E '^\[' $W/raise$i-$r.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
  [ $(( $(date +%s) - start )) -gt 480 ] && break
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/*.log; tar cf $OUT/w.tar -C $OUT w && rm -rf $W
