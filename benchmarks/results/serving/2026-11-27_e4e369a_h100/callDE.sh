#!/usr/bin/env bash
# call DE (H100): main's HEAD 1fcd435: scripts/bench_serving.sh latency and ffm; then ServingBenchmark.resident* in three
# more forks (AverageTime), for the spread of the resident one-target overhead between JVMs.
set -uo pipefail
D=build/callsDE
rm -rf build/gpu-bundle && tar xJf $D/bench-slim.tar.xz -C build && tar xf build/callsCC/graphs.tar -C build || exit 3
nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader | tee $OUT/gpu.txt
python3 -c "import zipfile,hashlib,glob; j=[x for x in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in x][0]; print(j, hashlib.md5(zipfile.ZipFile(j).read('native/linux-x86_64/libgsssp.so')).hexdigest())" | tee $OUT/lib.txt
export BENCH=build/gpu-bundle/gsssp-bench GRAPHS=build/gpu-bundle/graphs GSSSP_COMMIT=1fcd435
W=$OUT/w; mkdir -p $W
start=$(date +%s)
for part in latency ffm; do
  OUT=$W/serving bash scripts/bench_serving.sh $part > $W/serving-$part.txt 2>&1
  echo "$part exit $? t=$(( $(date +%s) - start )) s"
  grep -E "^ServingBenchmark|^FfmCallBenchmark|^KERNEL" $W/serving-$part.txt | grep -vE ":(p0\.(0|9|999)|p1)" | sed 's/oneTargetGraph=[^ ]* //' | head -40
done
R22='rmat:scale=22;ef=16;seed=1;w=1..1000'
timeout 200 $BENCH jmh 'ServingBenchmark.resident' -bm avgt -f 3 -wi 2 -i 4 -w 1s -r 1s -p "oneTargetGraph=$R22" -rf json -rff $W/resident-f3.json > $W/resident-f3.txt 2>&1
echo "resident f3 exit $? t=$(( $(date +%s) - start )) s"
grep -E "^ServingBenchmark|^KERNEL" $W/resident-f3.txt | sed 's/oneTargetGraph=[^ ]* //'
tar czf $OUT/w.tgz -C $OUT w && rm -rf $W
exit 0
