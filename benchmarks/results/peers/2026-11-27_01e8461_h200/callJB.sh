#!/usr/bin/env bash
# call JB: main at 01e8461 (ADDS carry mode where the raise rule is off or degrees are skewed). The new native test;
# an A/B, adds only, old (GSSSP_ADDS_CARRY=0) against new (the rule), 2 rounds of 5 after 1 warm-up, over the wider
# suite and five more graphs (narrow-weight 18-neighbour mesh and 3-D rgg, wide-weight random 4M x 7, rome99,
# wiki-Vote); then gsssp beside the peers over the wider suite (scripts/bench_peers.sh), as call IF.
set -uo pipefail
C=build/callsJB
rm -rf build/gpu-bundle build/nt22 build/peers
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/native.tar.xz -C build \
  && tar xJf $C/peers.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
LD_LIBRARY_PATH=build timeout 60 build/nt22/gsssp_adds_test --gtest_filter='Adds.Carry*' > $OUT/adds-carry.txt 2>&1
echo "adds carry test: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/adds-carry.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/.ab_JB.txt
cat >> benchmarks/suites/.ab_JB.txt <<'SUITE'
mesh:100x100x100,nb=18,seed=1,w=1..10
rgg:n=1048576,d=12,dim=3,seed=1,w=1..10
random:n=4194304,d=7,seed=1,w=1..1000
../../../shared/graphs/rome99.gr
../../../shared/graphs/wiki-Vote.txt.gz weights=1:1000
SUITE
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 250 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JB.txt \
  old=-,GSSSP_ADDS_CARRY=0 new=- > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
W=$OUT/w; mkdir -p $W
GSSSP_COMMIT=01e8461 OUT=$W/peers BENCH=build/gpu-bundle/gsssp-bench timeout $(( 590 - ($(date +%s) - start) )) bash scripts/bench_peers.sh benchmarks/suites/wider.txt > $W/bench_peers.txt 2>&1
echo "bench_peers exit $? t=$(( $(date +%s) - start )) s"
grep "^|" $W/bench_peers.txt | tail -20
find $W -name traces.csv -delete
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
