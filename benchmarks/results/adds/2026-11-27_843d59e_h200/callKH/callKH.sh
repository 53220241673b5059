#!/usr/bin/env bash
# call KH: the manager's translation cache with 16 entries a bucket instead of kManagerCacheWays = 4
# (GSSSP_ADDS_EXPERIMENT=8, in a library of 843d59e plus call KE's profile laps and call KG's experiment bits,
# build/exp/libgsssp-exp.so, sm_90): call KG found warp 0's plan_work and manage_blocks as slow with the other warps held
# back, so their own code is the cost; a miss of this cache is a global load of the block table. GSSSP_ADDS_PROFILE=1 on
# four graphs with 0 and 8; then an A/B of 0 against 8 over the wider suite's ten generated graphs, two rounds.
set -uo pipefail
bash scripts/unpack_call.sh build/callsKH || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/exp/libgsssp-exp.so
mkdir -p $OUT/p
cat > $OUT/p/s.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
random:n=4194304,d=7,seed=1,w=1..10
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
SUITE
for e in 0 8; do
  JAVA_TOOL_OPTIONS="-Dgsssp.library.path=$L" GSSSP_ADDS_EXPERIMENT=$e GSSSP_ADDS_PROFILE=1 timeout 120 $BENCH run --suite $OUT/p/s.txt -a adds -r 2 -w 1 -o $OUT/p/e$e > $OUT/p/e$e.log 2>&1
  echo "profile e=$e rc=$? t=$(( $(date +%s) - start ))"; grep -E "adds profile" $OUT/p/e$e.log | sed 's/, per sweep.*//'
done
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_KH.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 330 bash scripts/bench_libraries.sh benchmarks/suites/.ab_KH.txt \
  e0=$L,GSSSP_ADDS_EXPERIMENT=0 e8=$L,GSSSP_ADDS_EXPERIMENT=8 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
