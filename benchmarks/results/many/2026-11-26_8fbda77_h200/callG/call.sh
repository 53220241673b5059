#!/usr/bin/env bash
# call G (on call F's warm machine, whose build/ it reuses): the library before (b0cb7b5: sink sources) and after
# (8fbda77: the watch on large vertices), in turn: gsssp_time's ADDS (7 runs each, vertex of largest out-degree) on
# road NY (twice each), R-MAT 22 and the grid 2048^2; BatchBenchmark.batch on R-MAT 20 by AUTO, 3 in flight, twice each.
set -uo pipefail
tar xJf build/callsG/oldlib.tar.xz -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
newlib=/tmp/newlibG; mkdir -p $newlib /tmp/oldlibG; cp build/ab14/sink.so /tmp/oldlibG/libgsssp.so
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" "$jar" $newlib
NEWD=$newlib/native/linux-x86_64; OLDD=/tmp/oldlibG
t() {  # label graph-args lib-dir
  LD_LIBRARY_PATH=$3 timeout 120 build/ntF/gsssp_time $2 --only adds --repeat 7 > $W/time-$1.txt 2>&1
  echo "$1 exit $?: $(grep -E '^adds +mean' $W/time-$1.txt) | $(grep -E '^adds +time' $W/time-$1.txt | tail -1 | grep -o 'visits.*delta [0-9.e+]*') | $(grep -E 'passed' $W/time-$1.txt | tail -1)"
}
NY="--gr build/gpu-bundle/graphs/USA-road-d.NY.gr.gz"
t ny-old-1 "$NY" $OLDD; t ny-new-1 "$NY" $NEWD; t ny-old-2 "$NY" $OLDD; t ny-new-2 "$NY" $NEWD
t rmat22-old "--gen rmat:22" $OLDD; t rmat22-new "--gen rmat:22" $NEWD
t grid-old "--gen grid:2048" $OLDD; t grid-new "--gen grid:2048" $NEWD
echo "t=$(( $(date +%s) - start )) s"
B=build/gpu-bundle/gsssp-bench
G='rmat:scale=20;ef=16;seed=1;w=1..1000'
batch() {  # label lib
  timeout 100 $B jmh 'BatchBenchmark.batch$' -jvmArgsAppend "--enable-native-access=ALL-UNNAMED -Dgsssp.library.path=$2" \
    -p "graph=$G" -p algorithm=auto -rf json -rff $W/batch-$1.json > $W/batch-$1.log 2>&1
  echo "$1 exit $?: $(grep -E '^BatchBenchmark.batch ' $W/batch-$1.log | tr -s ' ' | cut -d' ' -f6-) | $(grep -o 'kernelMs=.*' $W/batch-$1.log | head -1)"
}
batch old-a $OLDD/libgsssp.so; batch new-a $NEWD/libgsssp.so; batch old-b $OLDD/libgsssp.so; batch new-b $NEWD/libgsssp.so
echo "t=$(( $(date +%s) - start )) s"
gzip -9 $W/*.log 2>/dev/null
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
