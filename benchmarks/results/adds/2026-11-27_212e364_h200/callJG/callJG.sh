#!/usr/bin/env bash
# call JG: main at 212e364 plus three A/B-only switches (utilization-limits.patch): GSSSP_ADDS_UTIL_HIGH / _LOW (the
# bucket window's utilization limits, kUtilizationHigh 0.03 / kUtilizationLow 0.008) and GSSSP_ADDS_LOCAL_ITEMS (the
# largest assignment whose round keeps vertices, kLocalRoundItems 64). An A/B, adds only, 2 rounds of 5 after 1 warm-up:
# base, li128, li256, util2x (0.06 / 0.016), utilhalf (0.015 / 0.004), over eight graphs of the wider suite.
set -uo pipefail
C=build/callsJG
rm -rf build/gpu-bundle
tar xJf $C/bundle.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,glob,hashlib; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; d=zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so'); print(hashlib.md5(d).hexdigest())" | tee $OUT/lib.txt
start=$(date +%s)
cat > benchmarks/suites/.ab_JG.txt <<'SUITE'
rgg:n=1048576,d=10,dim=2,seed=1,w=1..1000
rgg:n=1048576,d=12,dim=3,seed=1,w=1..1000
mesh:64x64x64,nb=26,seed=1,w=1..1000
random:n=4194304,d=7,seed=1,w=1..10
grid:2048x2048,seed=1,w=1..1000
road:2048x2048,hw=16,seed=1,w=1..1000
../../../shared/graphs/USA-road-d.NY.gr.gz
../../../shared/graphs/delaunay_n15.graph weights=1:1000
SUITE
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
OUT=$OUT/ab ROUNDS=2 REPS=5 ALGORITHMS=adds timeout 540 bash scripts/bench_libraries.sh benchmarks/suites/.ab_JG.txt \
  base=- li128=-,GSSSP_ADDS_LOCAL_ITEMS=128 li256=-,GSSSP_ADDS_LOCAL_ITEMS=256 \
  util2x=-,GSSSP_ADDS_UTIL_HIGH=0.06,GSSSP_ADDS_UTIL_LOW=0.016 utilhalf=-,GSSSP_ADDS_UTIL_HIGH=0.015,GSSSP_ADDS_UTIL_LOW=0.004 \
  > $OUT/ab.txt 2>&1
echo "ab exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab/table.md
find $OUT/ab -name traces.csv -delete
gzip -9 $OUT/ab.txt; tar czf $OUT/ab.tgz -C $OUT ab && rm -rf $OUT/ab
exit 0
