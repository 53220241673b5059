#!/usr/bin/env bash
# call LF: local rounds keep a vertex only if it was lowered into the bucket of the vertex that lowered it
# (build/exp3/lib/libgsssp.so: 5453c58 plus build/exp3/same-bucket.patch, sm_90), against the bundle's library
# (5453c58). Call LE found the 2-D rgg's slow runs (10.4 ms against 7.6) to be runs whose Delta doubled late: the items
# queued before the raise then sit in buckets twice as wide as those they were pushed for, and an assignment from the
# k-th such bucket chases chains through about k+1 more old-width buckets before it completes (call LA: keeping one
# bucket ahead took the 2-D rgg to 10.2 ms). A/B over the wider suite's ten generated graphs, two rounds; 30 profiled
# queries of the 2-D rgg with each; then the native ADDS and generated-graph tests with the new library.
set -uo pipefail
bash scripts/unpack_call.sh build/callsLF || exit 3
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench
L=$PWD/build/exp3/lib/libgsssp.so
grep -v '^#' benchmarks/suites/wider.txt | grep . | grep -v shared/graphs > benchmarks/suites/.ab_LF.txt
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 120 bash scripts/bench_libraries.sh benchmarks/suites/.ab_LF.txt \
  main=- same=$L > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
mkdir -p $OUT/p
echo 'rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000' > $OUT/p/s.txt
OUT=$OUT/p REPS=30 timeout 40 bash scripts/profile_adds.sh $OUT/p/s.txt main=- same=$L > $OUT/profile.txt 2>&1
echo "profile rc=$? t=$(( $(date +%s) - start ))"
for v in main same; do echo "$v: $(grep -h 'adds profile' $OUT/p/$v.log | awk '{print $3}' | sort -n | tr '\n' ' ')"; done
for v in main same; do echo "$v switches: $(grep -h 'adds profile' $OUT/p/$v.log | grep -oE '[0-9]+ switches' | awk '{print $1}' | sort -n | uniq -c | tr '\n' ' ')"; done
mkdir -p $OUT/nt
for t in adds generated_graphs; do
  left=$(( 200 - ($(date +%s) - start) )); [ $left -lt 10 ] && break
  LD_LIBRARY_PATH=build/exp3/lib timeout $left build/nt/gsssp_${t}_test > $OUT/nt/$t.txt 2>&1
  echo "$t: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED|SKIPPED)' $OUT/nt/$t.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
find $OUT -name traces.csv -delete; find $OUT -name results.json -delete
gzip -9 $OUT/*.txt $OUT/nt/*.txt; tar czf $OUT/ab.tgz -C $OUT ab p nt && rm -rf $OUT/ab $OUT/p $OUT/nt
exit 0
