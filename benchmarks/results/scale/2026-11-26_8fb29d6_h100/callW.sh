#!/usr/bin/env bash
# call W (8fb29d6 bundle), one H100:
#  1. a control for the 64-bit comparison: the small suite graphs with three libraries in turn, three rounds -
#     82a6961 (built for sm_90 alone), 8fb29d6 built the same way, and 8fb29d6 as Maven builds it (four archs);
#  2. gsssp_time on R-MAT 22 (ADDS and Near-Far with predecessors: the query's total against its kernel);
#  3. R-MAT 27 written as Galois .gr, mapped back, compared, and ADDS run on the mapped graph (GR_ROUNDTRIP).
set -uo pipefail
mkdir -p build && tar xJf build/calls7/gpu-host-nographs.tar.xz -C build && tar xf build/calls7/graphs-small.tar -C build
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
df -h . /tmp | tee -a $OUT/gpu.txt
W=$OUT/w; mkdir -p $W; start=$(date +%s)
B=build/gpu-bundle/gsssp-bench
for v in old82 head90; do
  xz -dc build/calls7/$v.so.xz > /tmp/$v-libgsssp.so
  sed "s#--enable-native-access#-Dgsssp.library.path=/tmp/$v-libgsssp.so --enable-native-access#" $B > build/gpu-bundle/gsssp-bench-$v
  chmod +x build/gpu-bundle/gsssp-bench-$v
done
ONLY='^\.\./\.\./\.\./shared/graphs/(rome99|delaunay|wiki|soc)'
for round in 1 2 3; do
  for v in old82 head90 maven; do
    b=$B; [ $v != maven ] && b=build/gpu-bundle/gsssp-bench-$v
    mkdir -p $W/ab/$v-$round
    GSSSP_COMMIT=$v OUT=$W/ab/$v-$round BENCH=$b GRAPHS=build/gpu-bundle/graphs ALGORITHMS=adds,near-far,hbf COMPARE=adds:near-far \
      REPS=5 WARMUP=1 ONLY="$ONLY" timeout 60 bash scripts/bench_adds.sh > $W/ab/$v-$round/console.txt 2>&1
    echo "$v round $round: $(grep -E '^\[[0-9]/[0-9]\]' $W/ab/$v-$round/console.txt | sed -E 's/ \([0-9,]+ vertices[^)]*\)//; s/ ok;?//g' | tr '\n' ' ')"
  done
done
echo "t=$(( $(date +%s) - start )) s"
lib=/tmp/newlib; mkdir -p $lib
jar=$(ls build/gpu-bundle/lib/gsssp-*.jar | grep -v tests | head -1)
python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extract('native/linux-x86_64/libgsssp.so', sys.argv[2])" "$jar" $lib
LD_LIBRARY_PATH=$lib/native/linux-x86_64 timeout 120 build/calls7/gsssp_time --gen rmat:22 \
  --only adds,near-far --repeat 3 > $W/time-rmat22.txt 2>&1
echo "gsssp_time exit $?"; cat $W/time-rmat22.txt | tail -12
echo "t=$(( $(date +%s) - start )) s"
mkdir -p grdir
OUT=$W/scale REPS=1 WARMUP=1 ALGORITHMS=adds GR_ROUNDTRIP=$PWD/grdir timeout 330 bash scripts/bench_scale.sh 27 | grep -v "upload .*%"
echo "t=$(( $(date +%s) - start )) s"
rm -rf grdir
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
