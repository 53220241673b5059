#!/usr/bin/env bash
# call V4, a fresh H100: callV3.sh's comparison again in the other order (8fb29d6's library first, then 82a6961's),
# twice, to separate the libraries from the order they ran in.
set -uo pipefail
mkdir -p build && tar xJf build/calls6/gpu-host-nographs.tar.xz -C build && tar xf build/calls6/graphs-suite.tar -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
xz -dc build/calls6/old82.so.xz > /tmp/old82-libgsssp.so
B=build/gpu-bundle/gsssp-bench
sed 's#--enable-native-access#-Dgsssp.library.path=/tmp/old82-libgsssp.so --enable-native-access#' $B > build/gpu-bundle/gsssp-bench-old82
chmod +x build/gpu-bundle/gsssp-bench-old82
W=$OUT/w; mkdir -p $W; start=$(date +%s)
ONLY='^(rmat|grid|random|\.\./\.\./\.\./shared/graphs/(rome99|USA-road-d|delaunay|wiki|soc))'
for v in new old82 new2 old82b; do
  b=$B; case $v in old*) b=build/gpu-bundle/gsssp-bench-old82 ;; esac
  mkdir -p $W/$v
  GSSSP_COMMIT=$v OUT=$W/$v BENCH=$b GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds,near-far,hbf COMPARE=adds:near-far \
    REPS=3 WARMUP=1 ONLY="$ONLY" timeout 140 bash scripts/bench_adds.sh > $W/$v/console.txt 2>&1
  echo "$v exit $? at $(( $(date +%s) - start )) s"; grep -E "wiki|soc-Slash|delaunay" $W/$v/console.txt | sed -E 's/ \([0-9,]+ vertices.*source [0-9]+\)//'
done
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
