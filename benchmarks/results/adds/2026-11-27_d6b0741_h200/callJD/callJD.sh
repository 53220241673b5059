#!/usr/bin/env bash
# call JD: main at d6b0741 plus GSSSP_ADDS_LOCAL_AHEAD (local rounds also keep vertices of the next K buckets; A/B
# only, default 0). An A/B, adds only, 2 rounds of 5 after 1 warm-up: base (the defaults), old (GSSSP_ADDS_CARRY=0),
# ahead1, ahead2, over the geometric and road graphs of the wider suite, random 4M x 4, an 18-neighbour mesh with
# w 1..10 and wiki-Vote. Then the 100-run repeat over the wider suite at the defaults (AddsRepeatedRunsTest).
set -uo pipefail
C=build/callsJD
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
cat > benchmarks/suites/.ab_JD.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
random:n=4194304,d=4,seed=1,w=1..10
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
../../../shared/graphs/USA-road-d.NY.gr.gz
../../../shared/graphs/delaunay_n15.graph weights=1:1000
mesh:100x100x100,nb=18,seed=1,w=1..10
../../../shared/graphs/wiki-Vote.txt.gz weights=1:1000
SUITE
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 330 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JD.txt \
  base=- old=-,GSSSP_ADDS_CARRY=0 ahead1=-,GSSSP_ADDS_LOCAL_AHEAD=1 ahead2=-,GSSSP_ADDS_LOCAL_AHEAD=2 > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
GSSSP_ADDS_REPEAT_SUITE=wider timeout $(( 590 - ($(date +%s) - start) )) build/gpu-bundle/run-tests.sh --details=tree --disable-ansi-colors \
  --select-class org.gsssp.AddsRepeatedRunsTest > $OUT/repeat.txt 2>&1
echo "repeat exit $? t=$(( $(date +%s) - start )) s"
grep -E "tests (found|successful|failed|aborted)|runs|wrong|hang|✔|✘" $OUT/repeat.txt | head -30
gzip -9 $OUT/repeat.txt
exit 0
