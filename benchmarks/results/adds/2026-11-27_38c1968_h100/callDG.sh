#!/usr/bin/env bash
# call DG (H100): the ADDS no-regression run at 38c1968 (scripts/bench_adds.sh over the adds suite less USA-road-t.NY, as
# in adds/2026-11-27_ad3042e_h100 call CC-2), with call DF's bundle.
set -uo pipefail
D=build/callsDF
rm -rf build/gpu-bundle && tar xJf $D/gpu-all.tar.xz -C build && tar xf build/callsCC/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,hashlib; print(hashlib.md5(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
start=$(date +%s)
OUT=$OUT/noreg ALGORITHMS=adds COMPARE=adds:adds REPS=5 WARMUP=1 \
  ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))' timeout 420 bash scripts/bench_adds.sh > $OUT/noreg.txt 2>&1
echo "noreg exit $? t=$(( $(date +%s) - start )) s"
grep -E "^\[|median|adds " $OUT/noreg.txt | tail -30
exit 0
