#!/usr/bin/env bash
# call AB (H100): ADDS's raise rule with its utilization gate (GSSSP_ADDS_RAISE_GATE 1: items busy below target_low,
# 2: below target_high) and counts sampled by warp 0. Native ADDS and generated-graph tests at 2.6/gate 1 and forced
# (1000, no gate); the harness over the wider suite + rome99: off, 2.6/1, 2.6/2, 3/1, off, 2.6/1.
set -uo pipefail
A=build/callsAB; Y=build/callsY
if [ ! -x build/gpu-bundle/gsssp-bench ]; then
  rm -rf build/gpu-bundle && tar xJf $Y/bench-slim2.tar.xz -C build
fi
[ -f build/gpu-bundle/graphs/rome99.gr.gz ] || tar xf build/callsAA/graphs-small.tar -C build
[ -x build/ntV/gsssp_adds_test ] || { rm -rf build/ntV && tar xJf build/callsAA/nt.tar.xz -C build; }
mkdir -p build/libraise && xz -dc $A/libgsssp-raise2.so.xz > build/libraise/libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
for r in 2.6:1 1000:0; do
  for t in adds generated_graphs; do
    GSSSP_ADDS_RAISE=${r%:*} GSSSP_ADDS_RAISE_GATE=${r#*:} LD_LIBRARY_PATH=build/libraise timeout 120 build/ntV/gsssp_${t}_test > $W/native-$t-raise${r/:/g}.log 2>&1
    echo "raise=$r $t exit $?: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|^checks:' $W/native-$t-raise${r/:/g}.log | tr '\n' ' ')"
  done
done
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
gunzip -kf build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz 2>/dev/null
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/.raise.txt
echo '../../../shared/graphs/rome99.gr' >> benchmarks/suites/.raise.txt
B=build/gpu-bundle/gsssp-bench
i=0
for r in 0:1 2.6:1 2.6:2 3:1 0:1 2.6:1; do
  i=$((i+1))
  GSSSP_ADDS_RAISE=${r%:*} GSSSP_ADDS_RAISE_GATE=${r#*:} JAVA_TOOL_OPTIONS=-Dgsssp.library.path=$PWD/build/libraise/libgsssp.so timeout 150 $B run --suite benchmarks/suites/.raise.txt -a adds -r 5 -w 1 -o $W/raise$i-${r/:/g} > $W/raise$i-${r/:/g}.log 2>&1
  echo "raise=$r exit $? t=$(( $(date +%s) - start )) s"
  grep -E '^\[' $W/raise$i-${r/:/g}.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
  [ $(( $(date +%s) - start )) -gt 480 ] && break
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/*.log; tar cf $OUT/w.tar -C $OUT w && rm -rf $W
