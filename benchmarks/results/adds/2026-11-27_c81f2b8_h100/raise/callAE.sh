#!/usr/bin/env bash
# call AE (H100): as AD, with the first look after the start and after each raise only setting the baseline; raise rule counted per item in expand_items (expansions and first expansions, every warp;
# no per-edge count), wide weights only, threshold 2.6: native ADDS, generated-graph and concurrency tests with its
# default; the harness over the wider suite + rome99: new, c81f2b8's, new, c81f2b8's, new with GSSSP_ADDS_RAISE=3.
set -uo pipefail
C=build/callsAE; Y=build/callsY
if [ ! -x build/gpu-bundle/gsssp-bench ]; then
  rm -rf build/gpu-bundle && tar xJf $Y/bench-slim2.tar.xz -C build
fi
[ -f build/gpu-bundle/graphs/rome99.gr.gz ] || tar xf build/callsAA/graphs-small.tar -C build
[ -x build/ntV/gsssp_adds_test ] || { rm -rf build/ntV && tar xJf build/callsAA/nt.tar.xz -C build; }
mkdir -p build/libraise && xz -dc $C/libgsssp-raise5.so.xz > build/libraise/libgsssp.so
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
for t in adds generated_graphs concurrency; do
  LD_LIBRARY_PATH=build/libraise timeout 120 build/ntV/gsssp_${t}_test > $W/native-$t.log 2>&1
  echo "$t exit $?: $(grep -E '^\[  PASSED  \]|^\[  FAILED  \] [0-9]+ test|^checks:' $W/native-$t.log | tr '\n' ' ')"
done
echo "t=$(( $(date +%s) - start )) s"
mkdir -p ../shared; ln -sfn "$(cd build/gpu-bundle/graphs && pwd)" ../shared/graphs
gunzip -kf build/gpu-bundle/graphs/rome99.gr.gz build/gpu-bundle/graphs/delaunay_n15.graph.gz 2>/dev/null
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/.raise.txt
echo '../../../shared/graphs/rome99.gr' >> benchmarks/suites/.raise.txt
B=build/gpu-bundle/gsssp-bench
i=0
for v in new main new main new3; do
  i=$((i+1))
  case $v in
    new) opts="-Dgsssp.library.path=$PWD/build/libraise/libgsssp.so"; raise= ;;
    new3) opts="-Dgsssp.library.path=$PWD/build/libraise/libgsssp.so"; raise=3 ;;
    new-off) opts="-Dgsssp.library.path=$PWD/build/libraise/libgsssp.so"; raise=0 ;;
    main) opts=""; raise= ;;
  esac
  GSSSP_ADDS_RAISE=$raise JAVA_TOOL_OPTIONS="$opts" timeout 150 $B run --suite benchmarks/suites/.raise.txt -a adds -r 5 -w 1 -o $W/run$i-$v > $W/run$i-$v.log 2>&1
  echo "$v exit $? t=$(( $(date +%s) - start )) s"
  grep -E '^\[' $W/run$i-$v.log | sed -E 's/ \([0-9,]+ vertices, ([0-9,]+) edges, source [0-9]+\)//; s/,seed=1,w=/ w=/'
  [ $(( $(date +%s) - start )) -gt 480 ] && break
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/*.log; tar cf $OUT/w.tar -C $OUT w && rm -rf $W
