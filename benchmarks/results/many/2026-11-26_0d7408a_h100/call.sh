#!/usr/bin/env bash
# call B: the fixed device_api test; then ManyBenchmark's 1,000 x 1,000 matrix on road NY by the GPU (AUTO),
# gsssp's CPU Dijkstra on all cores and JGraphT's DijkstraManyToManyShortestPaths, in one run
set -uo pipefail
mkdir -p build && tar xJf build/carryA/gpu-host.tar.xz -C build && tar xJf build/carryB/native-tests.tar.xz -C build
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
lscpu | grep -E "Model name|^CPU\(s\)" | tee -a $OUT/gpu.txt
W=$OUT/w; mkdir -p $W/native; start=$(date +%s)
lib=$(mktemp -d)
python3 -c "import zipfile,sys,glob; zipfile.ZipFile([j for j in glob.glob('build/gpu-bundle/lib/gsssp-0*.jar') if 'tests' not in j][0]).extract('native/linux-x86_64/libgsssp.so', sys.argv[1])" $lib
LD_LIBRARY_PATH=$lib/native/linux-x86_64 build/native-tests/gsssp_device_api_test --gtest_output=xml:$W/native/gsssp_device_api_test.xml > $W/native/gsssp_device_api_test.log 2>&1
echo "device_api exit $?: $(grep -E '^\[  PASSED|^\[  FAILED  \] [0-9]|^checks' $W/native/gsssp_device_api_test.log | tr '\n' ' ')"
G=build/gpu-bundle/graphs; B=build/gpu-bundle/gsssp-bench
timeout 540 $B jmh 'ManyBenchmark.matrix' -f 1 -p matrixSize=1000 -p "graph=$G/USA-road-d.NY.gr.gz" -rf json -rff $W/matrix1000.json > $W/matrix1000.log 2>&1
echo "jmh exit $?"
grep -E "^ManyBenchmark|agree|Exception|Error" $W/matrix1000.log | head
echo "total $(( $(date +%s) - start )) s"
gzip -9 $W/matrix1000.log $W/native/*.log
tar cf $OUT/w.tar -C $OUT w && rm -rf $W
