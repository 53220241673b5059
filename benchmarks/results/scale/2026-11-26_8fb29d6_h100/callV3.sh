#!/usr/bin/env bash
# call V3, the same warm H100: the cost of the 64-bit edge indices on the suite. The harness (this code's jars) over
# benchmarks/suites/adds.txt minus USA-road-t, ADDS, Near-Far and H-BF, with the library of 82a6961 (before the
# eleventh session's 64-bit audit, built for sm_90 alone) and with 8fb29d6's, one after the other, every distance
# checked against CPU Dijkstra.
set -uo pipefail
[ -d build/gpu-bundle/runtime ] || { echo "no bundle on this machine"; exit 3; }
xz -dc build/calls6/old82.so.xz > /tmp/old82-libgsssp.so
B=build/gpu-bundle/gsssp-bench
sed 's#--enable-native-access#-Dgsssp.library.path=/tmp/old82-libgsssp.so --enable-native-access#' $B > build/gpu-bundle/gsssp-bench-old82
chmod +x build/gpu-bundle/gsssp-bench-old82
W=$OUT/w; mkdir -p $W; start=$(date +%s)
ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))'
for v in old82 new; do
  b=$B; [ $v = old82 ] && b=build/gpu-bundle/gsssp-bench-old82
  mkdir -p $W/$v
  GSSSP_COMMIT=$v OUT=$W/$v BENCH=$b GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds,near-far,hbf COMPARE=adds:near-far \
    REPS=3 WARMUP=1 ONLY="$ONLY" timeout 140 bash scripts/bench_adds.sh > $W/$v/console.txt 2>&1
  echo "$v exit $? at $(( $(date +%s) - start )) s"; grep -E "runner exit|Exception" $W/$v/console.txt | head -3
done
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
