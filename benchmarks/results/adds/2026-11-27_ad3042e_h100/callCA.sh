#!/usr/bin/env bash
# call CA (H100): A/B of three experiment branches against main (ad3042e), in one harness session each on one card:
# part 1 (suite ab1.txt = benchmarks/suites/adds.txt less the graphs not carried): main (the jar's library), fvc
# (first-visit-count on main), stream (adds-stream-edges on main); part 2 (ab2.txt, low-degree/road/rgg graphs):
# main, packed (adds-packed-edges on main: packed edges + 32-bit offsets), packed-edges only (GSSSP_ADDS_OFFSETS32=0).
# Then: gsssp_time --probe --only resident on R-MAT 22 with main's and fvc's library; ADDS's profile on a
# 1,000-vertex graph (GSSSP_ADDS_PROFILE=1) at block 512/256/128 beside block-bf.
set -uo pipefail
C=build/callsCA
PART=${PART:-all}
rm -rf build/gpu-bundle && tar xJf $C/bench-slim.tar.xz -C build || exit 3
[ -f $C/graphs-small.tar ] && { tar xf $C/graphs-small.tar -C build || exit 3; }
mkdir -p build/libs/main
for v in fvc stream packed; do [ -f $C/$v.so.xz ] && mkdir -p build/libs/$v && xz -dc $C/$v.so.xz > build/libs/$v/libgsssp.so; done
python3 -c "import zipfile; open('build/libs/main/libgsssp.so','wb').write(zipfile.ZipFile('build/gpu-bundle/lib/gsssp-0.1.0-SNAPSHOT.jar').read('native/linux-x86_64/libgsssp.so'))"
md5sum build/libs/*/libgsssp.so | tee $OUT/libs.txt
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
start=$(date +%s)
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs
if [ $PART = all -o $PART = 1 ]; then
  OUT=$OUT/ab1 ROUNDS=2 REPS=5 bash scripts/bench_libraries.sh $C/ab1.txt main=- fvc=build/libs/fvc/libgsssp.so stream=build/libs/stream/libgsssp.so > $OUT/ab1.txt 2>&1
  echo "ab1 exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab1/table.md
  for v in main fvc; do
    echo "== resident probe $v"; LD_LIBRARY_PATH=build/libs/$v timeout 120 $C/gsssp_time --probe --gen rmat:22 --only resident --repeat 30 2>&1 | tail -25
  done
  for b in 512 256 128; do
    echo "== 1k profile block $b"; GSSSP_ADDS_PROFILE=1 LD_LIBRARY_PATH=build/libs/main timeout 60 $C/gsssp_time --gen random:1000:7 --only adds,block-bf --repeat 5 --block $b 2>&1 | grep -E "adds|block-bf|passed" | head -30
  done
  echo "t=$(( $(date +%s) - start )) s"
fi
if [ $PART = all -o $PART = 2 ]; then
  OUT=$OUT/ab2 ROUNDS=2 REPS=5 bash scripts/bench_libraries.sh $C/ab2.txt main=- packed=build/libs/packed/libgsssp.so edges=build/libs/packed/libgsssp.so,GSSSP_ADDS_OFFSETS32=0 > $OUT/ab2.txt 2>&1
  echo "ab2 exit $? t=$(( $(date +%s) - start )) s"; cat $OUT/ab2/table.md
fi
gzip -9 $OUT/*.txt 2>/dev/null; gunzip $OUT/gpu.txt.gz $OUT/libs.txt.gz 2>/dev/null
for d in $OUT/ab1 $OUT/ab2; do [ -d $d ] && tar czf $d.tgz -C $OUT $(basename $d) && rm -rf $d; done
exit 0
