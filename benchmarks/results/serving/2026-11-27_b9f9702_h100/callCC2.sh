#!/usr/bin/env bash
# call CC-2 (H100): main's HEAD: issue 13's serving benchmarks (scripts/bench_serving.sh latency, ffm, concurrency), the
# ADDS no-regression run (scripts/bench_adds.sh over the adds suite less USA-road-t.NY, as in
# adds/2026-11-27_c81f2b8_h100 call Y (a)), and AUTO beside ADDS, Near-Far and H-BF on R-MAT 22, the grid and road NY.
set -uo pipefail
C=build/callsCC
rm -rf build/gpu-bundle && tar xJf $C/bench-slim.tar.xz -C build && tar xf $C/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E 'Model name|^CPU\(s\)' | tee $OUT/cpu.txt
python3 -c "import zipfile,hashlib; print(hashlib.md5(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
start=$(date +%s)
for part in latency ffm; do
  OUT=$OUT/serving bash scripts/bench_serving.sh $part > $OUT/serving-$part.txt 2>&1
  echo "$part exit $? t=$(( $(date +%s) - start )) s"
done
OUT=$OUT/noreg ALGORITHMS=adds COMPARE=adds:adds REPS=5 WARMUP=1 \
  ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))' bash scripts/bench_adds.sh > $OUT/noreg.txt 2>&1
echo "noreg exit $? t=$(( $(date +%s) - start )) s"
mkdir -p ../shared && ln -sfn "$(cd $GRAPHS && pwd)" ../shared/graphs
timeout 200 $BENCH run --suite $C/auto3.txt -a auto,adds,near-far,hbf -r 5 -w 1 -o $OUT/auto3 > $OUT/auto3.txt 2>&1
echo "auto3 exit $? t=$(( $(date +%s) - start )) s"
OUT=$OUT/serving bash scripts/bench_serving.sh concurrency > $OUT/serving-concurrency.txt 2>&1
echo "concurrency exit $? t=$(( $(date +%s) - start )) s"
OUT=$OUT/serving bash scripts/bench_serving.sh summary > /dev/null 2>&1; cat $OUT/serving/summary.md 2>/dev/null | head -80
grep -E "^\|" $OUT/auto3/summary.md 2>/dev/null | head -20
gzip -9 $OUT/*.txt; gunzip $OUT/gpu.txt.gz $OUT/cpu.txt.gz $OUT/lib.txt.gz
for d in serving noreg auto3; do [ -d $OUT/$d ] && tar czf $OUT/$d.tgz -C $OUT $d && rm -rf $OUT/$d; done
exit 0
