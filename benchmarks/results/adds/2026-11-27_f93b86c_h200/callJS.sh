#!/usr/bin/env bash
# call JS: main at f93b86c plus a floor for the starvation test (uncommitted; GSSSP_ADDS_STARVE_FLOOR, default 1 readable
# item per worker): JMH (call JR) found road NY 8.7% slower from Java with the test. The native ADDS and generated-graph
# tests; then an A/B, ADDS only, 2 rounds of 5 after 1 warm-up: off (GSSSP_ADDS_STARVE_RAISE=0, 415adb7's rule), fl0
# (floor 0: f93b86c), fl1 (the default), fl2 (floor 2), over the graphs where the test fired or might.
set -uo pipefail
C=build/callsJS
rm -rf build/gpu-bundle build/nt
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
for t in adds generated_graphs; do
  LD_LIBRARY_PATH=build timeout 150 build/nt/gsssp_${t}_test > $OUT/$t.txt 2>&1
  echo "$t: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$t.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
cat > benchmarks/suites/.ab_JS.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000
mesh:100x100x100,nb=18,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
../../../shared/graphs/USA-road-d.NY.gr.gz
../../../shared/graphs/rome99.gr.gz
SUITE
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 450 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JS.txt \
  off=-,GSSSP_ADDS_STARVE_RAISE=0 fl0=-,GSSSP_ADDS_STARVE_FLOOR=0 fl1=- fl2=-,GSSSP_ADDS_STARVE_FLOOR=2 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
exit 0
