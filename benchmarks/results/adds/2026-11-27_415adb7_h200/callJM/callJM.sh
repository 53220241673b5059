#!/usr/bin/env bash
# call JM: main at 415adb7 plus the raise rule's starvation test (uncommitted; GSSSP_ADDS_STARVE_RAISE, default 2) with a
# found share of its own (GSSSP_ADDS_STARVE_FOUND, default 1/8). The native ADDS and generated-graph tests with it; then
# an A/B over the wider suite and rome99 / wiki-Vote, ADDS only, 2 rounds of 5 after 1 warm-up: off
# (GSSSP_ADDS_STARVE_RAISE=0, main's behaviour), f32 (found share 1/32, call JL's 'new'), f8 (the default), f4 (1/4).
set -uo pipefail
C=build/callsJM
rm -rf build/gpu-bundle build/nt
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build && tar xJf $C/native.tar.xz -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); open('build/libgsssp.so','wb').write(d); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
for t in adds generated_graphs; do
  LD_LIBRARY_PATH=build timeout 150 build/nt/gsssp_${t}_test > $OUT/$t.txt 2>&1
  echo "$t: rc=$? $(grep -E 'checks:|^\[  (PASSED|FAILED)' $OUT/$t.txt | tr '\n' ' ') t=$(( $(date +%s) - start )) s"
done
grep -v '^#' benchmarks/suites/wider.txt | grep . > benchmarks/suites/.ab_JM.txt
printf '%s\n' ../../../shared/graphs/rome99.gr.gz ../../../shared/graphs/wiki-Vote.txt.gz\ weights=1:1000 >> benchmarks/suites/.ab_JM.txt
cat benchmarks/suites/.ab_JM.txt
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 480 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JM.txt \
  off=-,GSSSP_ADDS_STARVE_RAISE=0 f32=-,GSSSP_ADDS_STARVE_FOUND=0.03125 f8=- f4=-,GSSSP_ADDS_STARVE_FOUND=0.25 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/*.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
exit 0
