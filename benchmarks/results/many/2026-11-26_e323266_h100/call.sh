#!/usr/bin/env bash
# call C (e323266): native tests; ADDS's checked early exit at targets against full queries (gsssp_time --pairs) on
# road NY, rome99, a grid and R-MAT; ManyBenchmark's pair distances on road NY from Java
set -uo pipefail
mkdir -p build && tar xJf build/carryC/gpu-host.tar.xz -C build && tar xJf build/carryC/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
OUT=$W/native RUN_TIMEOUT=240 bash scripts/test_native_gpu.sh build/native-tests
grep -h "target queries" $W/native/gsssp_concurrency_test.log
echo "native $(( $(date +%s) - start )) s"
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
export LD_LIBRARY_PATH=$lib/native/linux-x86_64
G=build/gpu-bundle/graphs; T=build/native-tests/gsssp_time
for spec in "--gr $G/USA-road-d.NY.gr.gz --pairs 300" "--gr $G/USA-road-d.NY.gr.gz --pairs 300 --static" "--gr $G/rome99.gr.gz --pairs 300" "--gen grid:1024 --pairs 100" "--gen rmat:20 --pairs 30"; do
  timeout 120 $T $spec > $W/pairs.tmp 2>&1; echo "== gsssp_time $spec (exit $?)" | tee -a $W/pairs.txt; grep -E "pairs,|told|ratio|passed|FAIL" $W/pairs.tmp | head -8 | tee -a $W/pairs.txt
done
echo "pairs $(( $(date +%s) - start )) s"
unset LD_LIBRARY_PATH
B=build/gpu-bundle/gsssp-bench
timeout 240 $B jmh 'ManyBenchmark.(distanceGpu|distanceCpu|fullQuery)' -f 1 -p "graph=$G/USA-road-d.NY.gr.gz" -rf json -rff $W/distance.json > $W/distance.log 2>&1
echo "jmh exit $?"; grep -E "^ManyBenchmark|p0.50|p0.99" $W/distance.log | head -20
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/native/*.log $W/distance.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
