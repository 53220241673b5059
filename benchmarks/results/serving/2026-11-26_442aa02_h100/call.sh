#!/usr/bin/env bash
# call D (442aa02): native tests; A/B of ADDS counting the vertices it reaches (442aa02, "new") against e323266
# ("old"): the resident one-target read on R-MAT 22 (JMH ServingBenchmark.residentOneTarget and the native probe),
# and the harness's ADDS times on R-MAT 22, the 2048^2 grid, random 4M x 7 and road NY, alternating old/new twice
set -uo pipefail
mkdir -p build && tar xJf build/carryD/bench.tar.xz -C build && tar xJf build/carryD/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native /tmp/old /tmp/new; start=$(date +%s)
xz -dc build/carryD/old-libgsssp.so.xz > /tmp/old/libgsssp.so
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" /tmp/x && cp /tmp/x/native/linux-x86_64/libgsssp.so /tmp/new/
OUT=$W/native LIB=/tmp/new RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
echo "native $(( $(date +%s) - start )) s"
for v in old new; do
  LD_LIBRARY_PATH=/tmp/$v timeout 100 build/native-tests/gsssp_time --probe --gen rmat:22 --only resident --repeat 30 > $W/probe-$v.txt 2>&1
  echo "probe $v: $(grep -E 'resident' $W/probe-$v.txt | tail -1)"
done
B=build/gpu-bundle/gsssp-bench
for round in 1 2; do
  for v in old new; do
    JAVA_TOOL_OPTIONS="-Dgsssp.library.path=/tmp/$v/libgsssp.so" timeout 60 $B jmh 'ServingBenchmark.residentOneTarget' -f 1 -wi 2 -i 4 -w 1s -r 1s -p 'oneTargetGraph=rmat:scale=22;ef=16;seed=1;w=1..1000' -rf json -rff $W/one-$v-$round.json > $W/one-$v-$round.log 2>&1
    echo "one-target $v round $round: $(grep -E '^ServingBenchmark.residentOneTarget|^KERNEL' $W/one-$v-$round.log | tr -s ' ' | tail -2 | tr '\n' ' ')"
  done
done
echo "jmh $(( $(date +%s) - start )) s"
for round in 1 2; do
  for v in old new; do
    JAVA_TOOL_OPTIONS="-Dgsssp.library.path=/tmp/$v/libgsssp.so" timeout 100 $B run --suite build/calls2/ab.txt -a adds -r 5 -w 1 -o $W/harness-$v-$round > $W/harness-$v-$round.log 2>&1
    echo "harness $v round $round exit $?: $(grep -iE 'mismatch|wrong' $W/harness-$v-$round.log | head -2)"
  done
  echo "harness round $round $(( $(date +%s) - start )) s"
done
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
