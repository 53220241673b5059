#!/usr/bin/env bash
# call MG: compute-sanitizer over ADDS at c5b7429 (no push before the held bucket: a shared-memory word written by thread
# 0 and read by the block after a barrier). memcheck, racecheck and synccheck; ADDS, its no-local and 2-bucket
# ablations and ADDS given targets, on rome99, R-MAT 10 and 13 and the 32x32 grids (scripts/sanitize_native.sh).
set -uo pipefail
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
md5sum build/san-carry/libgsssp.so | tee $OUT/lib.txt
start=$(date +%s)
CARRY=build/san-carry OUT=$OUT/logs ONLY=adds,adds:no-local,adds:2-buckets,targets JOBS=12 RUN_TIMEOUT=200 \
  timeout 250 bash scripts/sanitize_native.sh memcheck racecheck synccheck > $OUT/summary.txt 2>&1
echo "sanitize exit $? t=$(( $(date +%s) - start )) s"
sort $OUT/summary.txt | cut -c1-200
tar czf $OUT/logs.tgz -C $OUT logs && rm -rf $OUT/logs
exit 0
