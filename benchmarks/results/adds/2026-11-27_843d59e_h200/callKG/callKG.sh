#!/usr/bin/env bash
# call KG: where warp 0's manage_blocks (about 1 us a sweep) and plan_work (0.8-2.3 us) lose their time. A library of
# 843d59e plus the profile laps of call KE and GSSSP_ADDS_EXPERIMENT bits (build/exp/libgsssp-exp.so, sm_90): 1 = warp 0
# plans alone (the other warps wait at a barrier before their release fence), 2 = warp 0's manage_blocks alone (the
# others wait before the prefix scan), 4 = only warp 1 fences and hands out (not warps 1-15). GSSSP_ADDS_PROFILE=1 on
# four graphs with 0, 1, 2, 4; then an A/B of 0 against 4 over the wider suite's ten generated graphs, two rounds.
set -uo pipefail
bash scripts/unpack_call.sh build/callsKG || exit 3
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
for e in 0 1 2 4; do
  JAVA_TOOL_OPTIONS="-Dgsssp.library.path=$L" GSSSP_ADDS_EXPERIMENT=$e GSSSP_ADDS_PROFILE=1 timeout 120 $BENCH run --suite $OUT/p/s.txt -a adds -r 2 -w 1 -o $OUT/p/e$e > $OUT/p/e$e.log 2>&1
  echo "profile e=$e rc=$? t=$(( $(date +%s) - start ))"; grep -E "adds profile" $OUT/p/e$e.log | sed 's/, per sweep.*//'
done
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_KG.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 330 bash scripts/bench_libraries.sh benchmarks/suites/.ab_KG.txt \
  e0=$L,GSSSP_ADDS_EXPERIMENT=0 e4=$L,GSSSP_ADDS_EXPERIMENT=4 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p && rm -rf $OUT/ab $OUT/p
exit 0
