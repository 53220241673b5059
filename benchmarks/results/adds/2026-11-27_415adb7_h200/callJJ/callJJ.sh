#!/usr/bin/env bash
# call JJ: main's library (1a81cc6's; 415adb7's cubins are identical). The starting Delta's C (64 default, 96, 128) on the
# wide-weight graphs of the wider suite, with local rounds from assignments of up to 128 (default) and 256 items:
# bench_libraries, ADDS variants adds, adds:c=96, adds:c=128, 2 rounds of 5 after 1 warm-up.
set -uo pipefail
C=build/callsJJ
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
start=$(date +%s)
cat > benchmarks/suites/.ab_JJ.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000
mesh:100x100x100,nb=18,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
../../../shared/graphs/USA-road-d.NY.gr.gz
../../../shared/graphs/delaunay_n15.graph weights=1:1000
SUITE
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds,adds:c=96,adds:c=128 timeout 500 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JJ.txt \
  base=- li256=-,GSSSP_ADDS_LOCAL_ITEMS=256 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
exit 0
